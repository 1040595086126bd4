/**
 * Audio and video (spec 4.7, 4.9): the media credit catalog, display-only estimates and media jobs.
 * Creates always carry an Idempotency-Key (required by the service), resolved once per logical
 * create and resent unchanged on retries. Media jobs send no events: `waitFor` polls with growing
 * intervals until the job ends or the signal aborts. Voices: `media-voices.ts`.
 */
import { invalidRequest } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { pollUntil, type PollOptions } from '../poll.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { looseListSchema, type LooseList } from '../schemas.ts';
import {
  isMediaJobEnded,
  MediaCatalogSchema,
  MediaEstimateSchema,
  MediaJobSchema,
  type MediaCatalog,
  type MediaEstimate,
  type MediaJob,
} from '../schemas-media.ts';
import { MediaVoices } from './media-voices.ts';

export interface CreateMediaJobRequest {
  product: string;
  document_id: string;
  /** Sample `auto`. */
  source_language?: string;
  /** Other products' fields are not shown; sent when given. */
  target_language?: string;
  max_duration_ms?: number;
  voice_id?: string;
}

export type CreateMediaOptions = RequestOptions & { idempotencyKey?: string };

/** Interval, growth, abort and updates of `waitFor` (poll.ts). */
export type WaitForMediaOptions = PollOptions<MediaJob>;

const MediaJobListSchema = looseListSchema(MediaJobSchema, ['media_jobs', 'jobs']);

function checkCreate(req: CreateMediaJobRequest): Record<string, unknown> {
  const problems: { field: string; message: string }[] = [];
  const body: Record<string, unknown> = {};
  for (const field of ['product', 'document_id', 'source_language', 'target_language', 'voice_id'] as const) {
    const value = req[field];
    if (value === undefined) {
      if (field === 'product' || field === 'document_id') problems.push({ field, message: 'is required' });
    } else if (typeof value !== 'string' || value.trim() === '') problems.push({ field, message: 'must be a non-empty string' });
    else body[field] = value;
  }
  if (req.max_duration_ms !== undefined) {
    if (!Number.isSafeInteger(req.max_duration_ms) || req.max_duration_ms < 1)
      problems.push({ field: 'max_duration_ms', message: 'must be a positive integer' });
    else body['max_duration_ms'] = req.max_duration_ms;
  }
  const first = problems[0];
  if (first !== undefined) throw invalidRequest(`${first.field} ${first.message}.`, problems);
  return body;
}

export class MediaJobs {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** POST /media-jobs (Idempotency-Key required; the same one on every retry). */
  async create(req: CreateMediaJobRequest, opts: CreateMediaOptions = {}): Promise<MediaJob> {
    const json = checkCreate(req);
    const idempotencyKey = resolveIdempotencyKey(opts.idempotencyKey);
    return this.#requester.requestJson({ method: 'POST', path: '/media-jobs', json, idempotencyKey }, MediaJobSchema, opts);
  }

  /** GET /media-jobs/{operation_id}: status, delivered files, settlement reference. */
  async get(operationId: string, opts: RequestOptions = {}): Promise<MediaJob> {
    return this.#requester.requestJson({ method: 'GET', path: `/media-jobs/${pathSegment(operationId)}` }, MediaJobSchema, opts);
  }

  /** GET /media-jobs?limit= (envelope read loosely). */
  async list(opts: RequestOptions & { limit?: number } = {}): Promise<LooseList<MediaJob>> {
    if (opts.limit !== undefined && (!Number.isSafeInteger(opts.limit) || opts.limit < 1)) {
      throw invalidRequest('limit must be a positive integer.', [{ field: 'limit', message: 'must be a positive integer' }]);
    }
    return this.#requester.requestJson({ method: 'GET', path: '/media-jobs', query: { limit: opts.limit } }, MediaJobListSchema, opts);
  }

  /** POST /media-jobs/{operation_id}/cancel; an ended job is AlreadyEndedError (409). */
  async cancel(operationId: string, opts: RequestOptions = {}): Promise<MediaJob> {
    return this.#requester.requestJson({ method: 'POST', path: `/media-jobs/${pathSegment(operationId)}/cancel` }, MediaJobSchema, opts);
  }

  /** Polls until the job ends (no events exist for media jobs); rejects with AbortError on abort. */
  async waitFor(operationId: string, opts: WaitForMediaOptions = {}): Promise<MediaJob> {
    return pollUntil((read) => this.get(operationId, read), isMediaJobEnded, this.#requester.sleep, opts);
  }
}

export class Media {
  readonly #requester: Requester;
  readonly jobs: MediaJobs;
  readonly voices: MediaVoices;

  constructor(requester: Requester) {
    this.#requester = requester;
    this.jobs = new MediaJobs(requester);
    this.voices = new MediaVoices(requester);
  }

  /** GET /billing/media/credit-catalog (free): products and whether each is open. */
  async catalog(opts: RequestOptions = {}): Promise<MediaCatalog> {
    return this.#requester.requestJson({ method: 'GET', path: '/billing/media/credit-catalog' }, MediaCatalogSchema, opts);
  }

  /** POST /billing/media/credit-estimates: for display only; creates no order, deducts nothing, never a charging basis. */
  async estimate(req: { product: string; duration_ms: number }, opts: RequestOptions = {}): Promise<MediaEstimate> {
    if (!Number.isSafeInteger(req.duration_ms) || req.duration_ms < 1) {
      throw invalidRequest('duration_ms must be a positive integer.', [{ field: 'duration_ms', message: 'must be a positive integer' }]);
    }
    return this.#requester.requestJson(
      { method: 'POST', path: '/billing/media/credit-estimates', json: { product: req.product, duration_ms: req.duration_ms } },
      MediaEstimateSchema,
      opts,
    );
  }
}
