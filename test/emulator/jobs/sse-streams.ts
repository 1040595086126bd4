import type { ServerResponse } from 'node:http';
import type { EmulatorApp } from '../app.ts';
import { jobEvents } from '../job-events.ts';
import type { JobRecord } from '../state.ts';
import { isEnded } from './store.ts';

/** `data` of job_update and job_done. */
export function sseSnapshot(job: JobRecord): Record<string, unknown> {
  return {
    job_id: job.id,
    status: job.status,
    stage: job.stage,
    stage_progress: job.stage_progress,
    stage_message: job.stage_message,
    queue_position: job.queue_position,
    error_msg: job.error_msg,
    quota_exceeded: job.quota_exceeded,
    updated_at: job.updated_at,
  };
}

/** One open `GET /sse/jobs/{id}` response. */
export class SseStream {
  private closed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;
  /** How often the idle time was started: once on open, again at every job event (the control API shows it). */
  idleStarts = 0;
  private readonly onUpdate = (job: JobRecord): void => {
    if (job.id === this.job.id && !isEnded(job)) {
      this.send('job_update', sseSnapshot(job));
      this.armIdle();
    }
  };
  private readonly onEnded = (job: JobRecord): void => {
    if (job.id !== this.job.id) return;
    this.send('job_done', sseSnapshot(job));
    this.end();
  };

  constructor(
    private readonly app: EmulatorApp,
    private readonly res: ServerResponse,
    readonly job: JobRecord,
  ) {}

  /** Headers, the snapshot, then events until the job ends, the maximum duration passes or the peer leaves. */
  open(): void {
    const { app, res } = this;
    const settings = app.state.settings;
    res.socket?.setNoDelay(true);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    streamsOf(app).add(this);
    res.on('close', () => this.cleanup());
    if (isEnded(this.job)) {
      this.send('job_update', sseSnapshot(this.job));
      this.send('job_done', sseSnapshot(this.job));
      this.end();
      return;
    }
    this.send('job_update', sseSnapshot(this.job));
    const events = jobEvents(app);
    events.on('update', this.onUpdate);
    events.on('ended', this.onEnded);
    const beat = (): void => {
      this.write(': ping\n\n');
      this.heartbeat = app.setTimer(beat, app.state.settings.sse_heartbeat_ms);
    };
    this.heartbeat = app.setTimer(beat, settings.sse_heartbeat_ms);
    this.deadline = app.setTimer(() => this.finish('timeout', { reason: 'max_duration' }), settings.sse_max_duration_ms);
    this.armIdle();
  }

  /** Spec 6.1: "no job event occurred for a long time" ends the stream with `timeout`; heartbeats do not count. */
  private armIdle(): void {
    if (this.closed) return;
    if (this.idle) this.app.clearTimer(this.idle);
    this.idleStarts++;
    this.idle = this.app.setTimer(() => this.finish('timeout', { reason: 'idle' }), this.app.state.settings.sse_idle_timeout_ms);
  }

  /** Sends a last event (timeout, error) and closes the stream. */
  finish(event: 'timeout' | 'error', data: Record<string, unknown>): void {
    this.send(event, { job_id: this.job.id, ...data });
    this.end();
  }

  /** Drops the connection without a proper end of stream (a network failure, as far as the client can tell). */
  drop(): void {
    this.cleanup();
    this.res.socket?.destroy();
    this.res.destroy();
  }

  private send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(chunk: string): void {
    if (!this.closed && !this.res.writableEnded && !this.res.destroyed) this.res.write(chunk);
  }

  private end(): void {
    this.cleanup();
    if (!this.res.writableEnded) this.res.end();
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    const events = jobEvents(this.app);
    events.off('update', this.onUpdate);
    events.off('ended', this.onEnded);
    if (this.heartbeat) this.app.clearTimer(this.heartbeat);
    if (this.deadline) this.app.clearTimer(this.deadline);
    if (this.idle) this.app.clearTimer(this.idle);
    streamsOf(this.app).delete(this);
  }
}

const registries = new WeakMap<EmulatorApp, Set<SseStream>>();

/** Open streams of an app (kept outside the state: a reset drops them explicitly). */
export function streamsOf(app: EmulatorApp): Set<SseStream> {
  let set = registries.get(app);
  if (!set) {
    set = new Set();
    registries.set(app, set);
  }
  return set;
}
