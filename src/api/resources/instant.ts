/**
 * Instant translation (spec 4.10 and part 8): every limit is checked before anything is sent, and
 * both calls carry an Idempotency-Key so a timeout or 5xx can be retried without a second charge.
 */
import { invalidRequest, UnexpectedResponseError, type FieldError } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { LIMITS } from '../limits.ts';
import type { RequestOptions, Requester } from '../requester.ts';
import { BatchResponseSchema, SnippetResponseSchema, type BatchResponse, type SnippetResponse } from '../schemas.ts';

export interface SnippetRequest {
  text: string;
  target_lang: string;
  source_lang?: string;
  engine?: string;
}

export interface BatchSegment {
  id: string;
  text: string;
}

export interface BatchRequest {
  segments: BatchSegment[];
  target_lang: string;
  source_lang?: string;
  engine?: string;
}

export type IdempotentRequestOptions = RequestOptions & { idempotencyKey?: string };

function fail(field: string, message: string): never {
  throw invalidRequest(`${field} ${message}.`, [{ field, message }]);
}

function checkLanguageAndEngine(req: { target_lang: unknown; source_lang?: unknown; engine?: unknown }): void {
  if (typeof req.target_lang !== 'string' || req.target_lang.trim() === '') fail('target_lang', 'is required');
  if (req.source_lang !== undefined && (typeof req.source_lang !== 'string' || req.source_lang.trim() === '')) {
    fail('source_lang', 'must be a non-empty language code or "auto"');
  }
  if (req.engine !== undefined && (typeof req.engine !== 'string' || req.engine.trim() === '')) {
    fail('engine', 'must be a non-empty engine id');
  }
}

/** The language fields of a request body; undefined ones are left out by JSON.stringify (and the size check). */
function commonBody(req: { target_lang: string; source_lang?: string; engine?: string }): { target_lang: string; source_lang?: string; engine?: string } {
  return { target_lang: req.target_lang, source_lang: req.source_lang, engine: req.engine };
}

export function validateSnippet(req: SnippetRequest): void {
  if (typeof req.text !== 'string') fail('text', 'must be a string');
  if (req.text.length < LIMITS.snippetMinChars) fail('text', 'must not be empty');
  if (req.text.length > LIMITS.snippetMaxChars) fail('text', `must be at most ${LIMITS.snippetMaxChars} characters`);
  checkLanguageAndEngine(req);
}

/** Checks everything but the body size (which needs the serialised body). */
export function validateBatch(req: BatchRequest): void {
  if (!Array.isArray(req.segments)) fail('segments', 'must be an array');
  const n = req.segments.length;
  if (n < LIMITS.batchMinSegments || n > LIMITS.batchMaxSegments) {
    fail('segments', `must hold ${LIMITS.batchMinSegments}-${LIMITS.batchMaxSegments} segments (got ${n})`);
  }
  const seen = new Set<string>();
  const problems: FieldError[] = [];
  req.segments.forEach((segment, i) => {
    if (typeof segment?.id !== 'string') problems.push({ field: `segments.${i}.id`, message: 'must be a string' });
    else if (seen.has(segment.id)) problems.push({ field: `segments.${i}.id`, message: 'is not unique in the request' });
    else seen.add(segment.id);
    if (typeof segment?.text !== 'string') problems.push({ field: `segments.${i}.text`, message: 'must be a string' });
    else if (segment.text.length > LIMITS.batchMaxSegmentChars) {
      problems.push({ field: `segments.${i}.text`, message: `must be at most ${LIMITS.batchMaxSegmentChars} characters` });
    }
  });
  const first = problems[0];
  if (first !== undefined) throw invalidRequest(`${first.field} ${first.message}.`, problems);
  checkLanguageAndEngine(req);
}

/** Returns the service's segments in request order, after checking they answer exactly the request's ids. */
export function orderBatchSegments(request: readonly BatchSegment[], response: BatchResponse, requestId?: string): BatchResponse['segments'] {
  const mismatch = (why: string): never => {
    throw new UnexpectedResponseError(`The batch translation response ${why}.`, {
      code: 'unexpected_response',
      method: 'POST',
      path: '/ai/translate-batch',
      requestId,
    });
  };
  if (response.segments.length !== request.length) mismatch(`has ${response.segments.length} segments for ${request.length} sent`);
  const byId = new Map<string, BatchResponse['segments'][number]>();
  for (const segment of response.segments) {
    if (byId.has(segment.id)) mismatch('repeats a segment id');
    byId.set(segment.id, segment);
  }
  return request.map((segment) => byId.get(segment.id) ?? mismatch('lacks a segment that was sent'));
}

export class InstantTranslation {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  async snippet(req: SnippetRequest, opts: IdempotentRequestOptions = {}): Promise<SnippetResponse> {
    validateSnippet(req);
    const idempotencyKey = resolveIdempotencyKey(opts.idempotencyKey);
    return this.#requester.requestJson(
      { method: 'POST', path: '/ai/translate-snippet', json: { text: req.text, ...commonBody(req) }, idempotencyKey },
      SnippetResponseSchema,
      opts,
    );
  }

  async batch(req: BatchRequest, opts: IdempotentRequestOptions = {}): Promise<BatchResponse> {
    validateBatch(req);
    const body = { segments: req.segments.map((s) => ({ id: s.id, text: s.text })), ...commonBody(req) };
    const bytes = Buffer.byteLength(JSON.stringify(body), 'utf8');
    if (bytes > LIMITS.batchMaxBodyBytes) fail('segments', `serialise to ${bytes} bytes, over the ${LIMITS.batchMaxBodyBytes}-byte limit`);
    const idempotencyKey = resolveIdempotencyKey(opts.idempotencyKey);
    const timeoutMs = Math.max(opts.timeoutMs ?? this.#requester.transport.defaultTimeoutMs, LIMITS.batchTimeoutMs);
    const { data, requestId } = await this.#requester.requestJsonResponse(
      { method: 'POST', path: '/ai/translate-batch', json: body, idempotencyKey },
      BatchResponseSchema,
      { ...opts, timeoutMs },
    );
    return { ...data, segments: orderBatchSegments(req.segments, data, requestId) };
  }
}
