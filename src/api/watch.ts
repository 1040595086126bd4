/**
 * Watching a translation job until it ends (spec 4.8, 6.1): SSE first, a new ticket for every
 * connection, reconnects with capped exponential backoff after a drop, a `timeout` or an `error`
 * event; polling `GET /jobs/{id}` with backoff when SSE answers 404 or fails `maxSseFailures`
 * times in a row. After a drop the job is read once (spec: "if the connection drops, poll"), so an
 * end that happened while disconnected is never missed. The promise always settles with the full
 * final job object (read with GET after `job_done`), or rejects with AbortError or a non-transient
 * error (e.g. the job does not exist, the key was revoked).
 *
 * Reconnecting is always paced: every reconnect waits, and the wait grows with each reconnect until
 * a connection has stayed open for `HEALTHY_CONNECTION_MS`, so a server that ends every stream at
 * once (instant `timeout` events, `job_done` while GET still shows the job running, instant errors)
 * gets at most one connection per few seconds. A Retry-After on a refused ticket or stream is
 * honoured. The queue position is `queue_position` only, never read from `stage_message` text.
 */
import { throwIfAborted } from './abort.ts';
import { AbortError, DocTranslateError } from './error-classes.ts';
import { silentLogger, type Logger } from './logger.ts';
import { pathSegment, type Requester } from './requester.ts';
import { backoffDelay, isRetryableFailure, parseRetryAfter } from './retry.ts';
import { isJobEnded, JobSchema, SseTicketSchema, type Job, type JobEventData } from './schemas.ts';
import { DEFAULT_SSE_IDLE_TIMEOUT_MS, DEFAULT_SSE_MAX_BUFFER, readJobStream, type SseOutcome } from './sse.ts';

/** Starting interval of the polling fallback; the reference of the SSE latency benchmark. */
export const DEFAULT_POLL_INTERVAL_MS = 1_000;
export const MAX_POLL_INTERVAL_MS = 10_000;
export const DEFAULT_MAX_SSE_FAILURES = 3;
/** A connection open at least this long resets the reconnect backoff. */
const HEALTHY_CONNECTION_MS = 10_000;

/** What `onUpdate` receives: the job's displayable state at one moment. */
export interface JobProgress {
  job_id: string;
  status: Job['status'];
  stage: string;
  stage_progress: number;
  /** Shown as the service wrote it; never parsed for a number. */
  stage_message: string;
  /** Jobs ahead while queued (spec 2.3), only from the `queue_position` field. */
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
  const position = extra['queue_position'];
  if (position === null || (Number.isSafeInteger(position) && (position as number) >= 0)) p.queue_position = position as number | null;
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
    const key = [progress.status, progress.stage, progress.stage_progress, progress.stage_message, progress.queue_position, progress.error_msg]
      .map((v) => (v === undefined || v === null ? '' : String(v)))
      .join('\u0000');
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
    return this.#deps.requester.requestJson({ method: 'GET', path: `/jobs/${pathSegment(this.#jobId)}` }, JobSchema, { signal });
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
      const res = await this.#deps.requester.requestJson({ method: 'POST', path: `/sse/ticket/${pathSegment(this.#jobId)}` }, SseTicketSchema, { signal });
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
      signal,
      // The end is reported from GET /jobs/{id} (the full job), never from the stream alone.
      onSnapshot: (data) => {
        if (!isJobEnded(data.status)) this.#emit(fromEvent(this.#jobId, data));
      },
      maxBufferSize: this.#opts.sseMaxBufferSize ?? DEFAULT_SSE_MAX_BUFFER,
      idleTimeoutMs: this.#opts.sseIdleTimeoutMs ?? DEFAULT_SSE_IDLE_TIMEOUT_MS,
      logger: this.#logger,
    });
  }

  /** SSE until the job ends (returns it) or SSE is judged unusable (returns undefined). */
  async #viaSse(): Promise<Job | undefined> {
    const maxFailures = this.#opts.maxSseFailures ?? DEFAULT_MAX_SSE_FAILURES;
    let failures = 0;
    // Reconnects since the last connection that stayed open HEALTHY_CONNECTION_MS: the backoff level.
    let reconnects = 0;
    for (;;) {
      throwIfAborted(this.#opts.signal);
      const opened = this.#deps.requester.now();
      const outcome = await this.#connect();
      if (outcome === 'no_ticket_endpoint' || outcome.kind === 'not_open') {
        this.#logger.info(`live progress is not available for job ${this.#jobId}; polling instead`);
        return undefined;
      }
      reconnects = this.#deps.requester.now() - opened >= HEALTHY_CONNECTION_MS ? 1 : reconnects + 1;
      if (outcome.kind === 'done') {
        const job = await this.#tryGetJob();
        if (job !== undefined && isJobEnded(job.status)) return job;
        // The stream said the job ended but the job says otherwise (e.g. a lagging replica), or it could not be read.
        if (job !== undefined) this.#emit(fromJob(job));
        this.#logger.debug(`live progress for job ${this.#jobId} reported its end, but the job is ${job?.status ?? 'unreadable'}; reconnecting later`);
        failures = 0;
        await this.#deps.requester.sleep(this.#delay(reconnects), this.#opts.signal);
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
      const told =
        outcome.kind === 'dropped' || outcome.kind === 'rejected' ? parseRetryAfter(outcome.error.retryAfter, this.#deps.requester.now()) : undefined;
      await this.#deps.requester.sleep(Math.max(this.#delay(reconnects), told ?? 0), this.#opts.signal);
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
      await this.#deps.requester.sleep(interval, this.#opts.signal);
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
