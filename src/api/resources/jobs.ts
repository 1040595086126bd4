/**
 * Translation jobs (spec 4.3, part 3). A create carries one Idempotency-Key, generated once per
 * logical create (or supplied by the caller) and sent unchanged on every retry, so a timeout or a
 * 5xx never creates a second job; 410 idempotency_job_gone and 409 conflicts surface as typed
 * errors. Cancel of an ended job is AlreadyEndedError (409).
 */
import * as z from 'zod/mini';
import { invalidRequest } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import type { Logger } from '../logger.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { JobSchema, looseListSchema, type Job, type LooseList } from '../schemas.ts';
import { watchJob, type WatchOptions } from '../watch.ts';

export interface CreateJobRequest {
  document_id: string;
  target_lang: string;
  source_lang?: string;
  engine?: string;
  output_mode?: 'single' | 'bilingual';
  glossary_id?: string;
  include_images?: boolean;
  context_translation?: boolean;
  style_preset?: string;
  /** Spec 4.3/8: its effect on settlement is ambiguous; sent only when given. */
  max_credit_millicredits?: number;
}

export interface ListJobsOptions extends RequestOptions {
  limit?: number;
  /** Jobs created before this instant (ISO 8601 string or Date). */
  before?: string | Date;
}

export type CreateJobOptions = RequestOptions & { idempotencyKey?: string };

const STRING_FIELDS = ['document_id', 'target_lang', 'source_lang', 'engine', 'glossary_id', 'style_preset'] as const;
const BOOLEAN_FIELDS = ['include_images', 'context_translation'] as const;

/** Client-side checks of spec 4.3; the body holds only the fields given. */
export function buildCreateJobBody(req: CreateJobRequest): Record<string, unknown> {
  const problems: { field: string; message: string }[] = [];
  const body: Record<string, unknown> = {};
  for (const field of STRING_FIELDS) {
    const value = req[field];
    if (value === undefined) {
      if (field === 'document_id' || field === 'target_lang') problems.push({ field, message: 'is required' });
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') problems.push({ field, message: 'must be a non-empty string' });
    else body[field] = value;
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = req[field];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') problems.push({ field, message: 'must be true or false' });
    else body[field] = value;
  }
  if (req.output_mode !== undefined) {
    if (req.output_mode !== 'single' && req.output_mode !== 'bilingual') problems.push({ field: 'output_mode', message: 'must be single or bilingual' });
    else body['output_mode'] = req.output_mode;
  }
  if (req.max_credit_millicredits !== undefined) {
    if (!Number.isSafeInteger(req.max_credit_millicredits) || req.max_credit_millicredits < 0) {
      problems.push({ field: 'max_credit_millicredits', message: 'must be a non-negative integer' });
    } else body['max_credit_millicredits'] = req.max_credit_millicredits;
  }
  const first = problems[0];
  if (first !== undefined) throw invalidRequest(`${first.field} ${first.message}.`, problems);
  return body;
}

const JobListSchema = looseListSchema(JobSchema, ['jobs']);

export class Jobs {
  readonly #requester: Requester;
  readonly #logger: Logger | undefined;

  constructor(requester: Requester, logger?: Logger) {
    this.#requester = requester;
    this.#logger = logger;
  }

  /** POST /jobs (201). Retries reuse the same Idempotency-Key. */
  async create(req: CreateJobRequest, opts: CreateJobOptions = {}): Promise<Job> {
    const json = buildCreateJobBody(req);
    const idempotencyKey = resolveIdempotencyKey(opts.idempotencyKey);
    return this.#requester.requestJson({ method: 'POST', path: '/jobs', json, idempotencyKey }, JobSchema, opts);
  }

  /** GET /jobs/{job_id} (free). */
  async get(jobId: string, opts: RequestOptions = {}): Promise<Job> {
    return this.#requester.requestJson({ method: 'GET', path: `/jobs/${pathSegment(jobId)}` }, JobSchema, opts);
  }

  /** GET /jobs?limit&before: the account's jobs (account-wide even with a key); envelope read loosely. */
  async list(opts: ListJobsOptions = {}): Promise<LooseList<Job>> {
    if (opts.limit !== undefined && (!Number.isSafeInteger(opts.limit) || opts.limit < 1)) {
      throw invalidRequest('limit must be a positive integer.', [{ field: 'limit', message: 'must be a positive integer' }]);
    }
    const before = opts.before instanceof Date ? opts.before.toISOString() : opts.before;
    return this.#requester.requestJson({ method: 'GET', path: '/jobs', query: { limit: opts.limit, before } }, JobListSchema, opts);
  }

  /** POST /jobs/{job_id}/cancel: best effort; AlreadyEndedError when the job had ended. Returns the job afterwards. */
  async cancel(jobId: string, opts: RequestOptions = {}): Promise<Job> {
    const body = await this.#requester.requestJson({ method: 'POST', path: `/jobs/${pathSegment(jobId)}/cancel` }, z.unknown(), opts);
    const parsed = JobSchema.safeParse(body);
    return parsed.success ? parsed.data : this.get(jobId, opts);
  }

  /** Follows the job (SSE, falling back to polling) until it ends; resolves with the final job. */
  async watch(jobId: string, opts: WatchOptions = {}): Promise<Job> {
    return watchJob({ requester: this.#requester, logger: this.#logger }, jobId, opts);
  }
}
