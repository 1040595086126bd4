/**
 * Watching a translation job until it ends (spec 4.8, 6.1): SSE first, a new ticket for every
 * connection, reconnects with capped exponential backoff after a drop, a `timeout` or an `error`
 * event; polling `GET /jobs/{id}` with backoff when SSE answers 404 or fails `maxSseFailures`
 * times in a row. After a drop the job is read once (spec: "if the connection drops, poll"), so an
 * end that happened while disconnected is never missed. The promise always settles with the full
 * final job object (read with GET after `job_done`), or rejects with AbortError or a non-transient
 * error (e.g. the job does not exist, the key was revoked).
 */
import { sleep, throwIfAborted } from './abort.ts';
import { AbortError, DocTranslateError } from './error-classes.ts';
import { silentLogger, type Logger } from './logger.ts';
import { pathSegment, type Requester } from './requester.ts';
import { backoffDelay, isRetryableFailure } from './retry.ts';
import { isJobEnded, JobSchema, SseTicketSchema, type Job, type JobEventData } from './schemas.ts';
import { DEFAULT_SSE_IDLE_TIMEOUT_MS, DEFAULT_SSE_MAX_BUFFER, readJobStream, type SseOutcome } from './sse.ts';

/** Starting interval of the polling fallback; the reference of the SSE latency benchmark. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;
export const MAX_POLL_INTERVAL_MS = 10_000;
export const DEFAULT_MAX_SSE_FAILURES = 3;

/** What `onUpdate` receives: the job's displayable state at one moment. */
export interface JobProgress {
  job_id: string;
  status: Job['status'];
  stage: string;
  stage_progress: number;
  stage_message: string;
  queue_position?: number | null;
  error_msg?: string | null;
  /** Where the snapshot came from. */
  source: 'sse' | 'poll';
}

export interface WatchOptions {
  signal?: AbortSignal;
  /** Called on every change (identical consecutive snapshots are not repeated). */
  onUpdate?: (progress: JobProgress) => void;
  /** Called whenever the watcher switches transport; for status displays and diagnostics. */
  onMode?: (mode: 'sse' | 'poll') => void;
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Consecutive SSE failures (no event received) before polling takes over. Default 3. */
  maxSseFailures?: number;
  reconnectBaseDelayMs?: number;
  reconnectMaxDelayMs?: number;
  sseIdleTimeoutMs?: number;
  sseMaxBufferSize?: number;
  random?: () => number;
}

export interface WatchDeps {
  requester: Requester;
  logger?: Logger;
}

function fromEvent(jobId: string, data: JobEventData): JobProgress {
  const p: JobProgress = {
    job_id: jobId,
    status: data.status,
    stage: data.stage,
    stage_progress: data.stage_progress,
    stage_message: data.stage_message,
    source: 'sse',
  };
  const extra = data as Record<string, unknown>;
  if (typeof extra['queue_position'] === 'number' || extra['queue_position'] === null) p.queue_position = extra['queue_position'] as number | null;
  if (typeof extra['error_msg'] === 'string' || extra['error_msg'] === null) p.error_msg = extra['error_msg'] as string | null;
  return p;
}

function fromJob(job: Job): JobProgress {
  return {
    job_id: job.id,
    status: job.status,
    stage: job.stage,
    stage_progress: job.stage_progress,
    stage_message: job.stage_message,
    queue_position: job.queue_position,
    error_msg: job.error_msg,
    source: 'poll',
  };
}

class Watcher {
  readonly #deps: WatchDeps;
  readonly #jobId: string;
  readonly #opts: WatchOptions;
  readonly #logger: Logger;
  #lastKey = '';

  constructor(deps: WatchDeps, jobId: string, opts: WatchOptions) {
    this.#deps = deps;
    this.#jobId = jobId;
    this.#opts = opts;
    this.#logger = deps.logger ?? silentLogger;
  }

  #emit(progress: JobProgress): void {
    const key = `${progress.status}\u0000${progress.stage}\u0000${progress.stage_progress}\u0000${progress.stage_message}`;
    if (key === this.#lastKey) return;
    this.#lastKey = key;
    this.#opts.onUpdate?.(progress);
  }

  #delay(failures: number): number {
    const base = this.#opts.reconnectBaseDelayMs ?? 250;
    const max = this.#opts.reconnectMaxDelayMs ?? 8_000;
    // At least a quarter of the ceiling so that reconnect storms stay spread out.
    const ceiling = Math.min(max, base * 2 ** Math.max(0, failures - 1));
    return Math.floor(ceiling / 4 + backoffDelay(failures - 1, this.#opts.random ?? Math.random, base, max) * 0.75);
  }

  async #getJob(): Promise<Job> {
    const { signal } = this.#opts;
    return this.#deps.requester.requestJson(
      { method: 'GET', path: `/jobs/${pathSegment(this.#jobId)}`, ...(signal !== undefined ? { signal } : {}) },
      JobSchema,
    );
  }

  /** Reads the job; transient failures give undefined (the caller keeps watching). */
  async #tryGetJob(): Promise<Job | undefined> {
    try {
      return await this.#getJob();
    } catch (err) {
      if (this.#opts.signal?.aborted) throw new AbortError();
      if (isRetryableFailure(err)) return undefined;
      throw err;
    }
  }

  async #connect(): Promise<SseOutcome | 'no_ticket_endpoint'> {
    const { signal } = this.#opts;
    let ticket: string;
    try {
      const res = await this.#deps.requester.requestJson(
        { method: 'POST', path: `/sse/ticket/${pathSegment(this.#jobId)}`, ...(signal !== undefined ? { signal } : {}) },
        SseTicketSchema,
      );
      ticket = res.ticket;
    } catch (err) {
      if (signal?.aborted) throw new AbortError();
      if (err instanceof DocTranslateError && err.status === 404) return 'no_ticket_endpoint';
      if (isRetryableFailure(err)) return { kind: 'dropped', events: 0, error: err as DocTranslateError };
      throw err;
    }
    return readJobStream(this.#deps.requester.transport, {
      jobId: this.#jobId,
      ticket,
      ...(signal !== undefined ? { signal } : {}),
      onSnapshot: (data) => this.#emit(fromEvent(this.#jobId, data)),
      maxBufferSize: this.#opts.sseMaxBufferSize ?? DEFAULT_SSE_MAX_BUFFER,
      idleTimeoutMs: this.#opts.sseIdleTimeoutMs ?? DEFAULT_SSE_IDLE_TIMEOUT_MS,
      logger: this.#logger,
    });
  }

  /** SSE until the job ends (returns it) or SSE is judged unusable (returns undefined). */
  async #viaSse(): Promise<Job | undefined> {
    const maxFailures = this.#opts.maxSseFailures ?? DEFAULT_MAX_SSE_FAILURES;
    let failures = 0;
    for (;;) {
      throwIfAborted(this.#opts.signal);
      const outcome = await this.#connect();
      if (outcome === 'no_ticket_endpoint' || outcome.kind === 'not_open') {
        this.#logger.info(`live progress is not available for job ${this.#jobId}; polling instead`);
        return undefined;
      }
      if (outcome.kind === 'done') {
        const job = await this.#getJob();
        if (isJobEnded(job.status)) return job;
        failures = 0;
        continue;
      }
      const productive = (outcome.kind === 'dropped' || outcome.kind === 'ended') && outcome.events > 0;
      if (outcome.kind === 'timeout' || productive) failures = 0;
      failures += outcome.kind === 'timeout' ? 0 : 1;
      const why = outcome.kind === 'dropped' || outcome.kind === 'rejected' ? `${outcome.kind} (${outcome.error.code})` : outcome.kind;
      this.#logger.debug(`live progress for job ${this.#jobId} ended: ${why}; consecutive failures ${failures}`);
      if (outcome.kind === 'rejected' && !isRetryableFailure(outcome.error) && outcome.error.status !== 401 && outcome.error.status !== 403) {
        return undefined;
      }
      const job = await this.#tryGetJob();
      if (job !== undefined) {
        this.#emit(fromJob(job));
        if (isJobEnded(job.status)) return job;
      }
      if (failures >= maxFailures) {
        this.#logger.info(`live progress for job ${this.#jobId} keeps failing; polling instead`);
        return undefined;
      }
      await sleep(this.#delay(Math.max(failures, 1)), this.#opts.signal);
    }
  }

  async #viaPolling(): Promise<Job> {
    const base = this.#opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    const cap = Math.max(base, this.#opts.maxPollIntervalMs ?? MAX_POLL_INTERVAL_MS);
    let interval = base;
    for (;;) {
      throwIfAborted(this.#opts.signal);
      const before = this.#lastKey;
      const job = await this.#tryGetJob();
      if (job !== undefined) {
        this.#emit(fromJob(job));
        if (isJobEnded(job.status)) return job;
      }
      interval = job !== undefined && this.#lastKey !== before ? base : Math.min(cap, Math.round(interval * 1.5));
      await sleep(interval, this.#opts.signal);
    }
  }

  async run(): Promise<Job> {
    this.#opts.onMode?.('sse');
    const job = await this.#viaSse();
    if (job !== undefined) {
      this.#emit(fromJob(job));
      return job;
    }
    this.#opts.onMode?.('poll');
    return this.#viaPolling();
  }
}

/** Resolves with the job's final state (completed or failed). */
export async function watchJob(deps: WatchDeps, jobId: string, opts: WatchOptions = {}): Promise<Job> {
  pathSegment(jobId);
  return new Watcher(deps, jobId, opts).run();
}
