import type { EmulatorApp } from '../app.ts';
import { notFound, notOwned } from '../errors.ts';
import { jobEvents } from '../job-events.ts';
import type { ArtifactRecord, EmulatorState, JobRecord, JobStage, JobStatus } from '../state.ts';

/** Per-job scheduling state that is not part of the wire object. */
export interface JobRuntime {
  /** Bumped whenever a pending step must be ignored (cancel, forced stage, reset). */
  generation: number;
  timer: NodeJS.Timeout | undefined;
  /** Automatic progress paused by `POST /_emulator/jobs/{id}/stage` with `hold: true`. */
  held: boolean;
  /** Produced during writing_artifacts, registered (listable) only when the job completes. */
  artifacts: ArtifactRecord[] | undefined;
}

interface JobsExt {
  runtimes: Map<string, JobRuntime>;
  /** Last created_at handed out: timestamps are strictly increasing so `before` paging never skips ties. */
  lastCreatedMs: number;
  /** Per-account queue pump timers. */
  pumps: Map<string, NodeJS.Timeout>;
}

export function jobsExt(state: EmulatorState): JobsExt {
  return state.ext('jobs', () => ({ runtimes: new Map(), lastCreatedMs: 0, pumps: new Map() }));
}

export function runtimeOf(state: EmulatorState, jobId: string): JobRuntime {
  const ext = jobsExt(state);
  let rt = ext.runtimes.get(jobId);
  if (!rt) {
    rt = { generation: 0, timer: undefined, held: false, artifacts: undefined };
    ext.runtimes.set(jobId, rt);
  }
  return rt;
}

export function nextCreatedAt(app: EmulatorApp): number {
  const ext = jobsExt(app.state);
  const at = Math.max(app.clock.now(), ext.lastCreatedMs + 1);
  ext.lastCreatedMs = at;
  return at;
}

export function isEnded(job: JobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed';
}

/** The account's job: unknown or deleted 404, another account's 403 `job_not_owned` (errors.ts `notOwned`). */
export function ownedJob(app: EmulatorApp, accountId: string, jobId: string): JobRecord {
  const job = app.state.jobs.get(jobId);
  if (!job || job.deleted) throw notFound('Job');
  if (job.accountId !== accountId) throw notOwned('job', 'job');
  return job;
}

/** Seconds of processing (virtual clock), three decimals; 0 until the job leaves the queue. */
export function timeCost(app: EmulatorApp, job: JobRecord): number {
  if (job.startedAt === null) return 0;
  const end = job.endedAt ?? app.clock.now();
  return Math.round(Math.max(0, end - job.startedAt)) / 1000;
}

/** Spec 2.3 wire object, plus the request options echoed back. */
export function jobView(app: EmulatorApp, job: JobRecord): Record<string, unknown> {
  return {
    id: job.id,
    document_id: job.document_id,
    source_lang: job.source_lang,
    target_lang: job.target_lang,
    engine: job.engine,
    output_mode: job.output_mode,
    glossary_id: job.glossary_id,
    include_images: job.include_images,
    context_translation: job.context_translation,
    style_preset: job.style_preset,
    max_credit_millicredits: job.max_credit_millicredits,
    status: job.status,
    stage: job.stage,
    stage_progress: job.stage_progress,
    stage_message: job.stage_message,
    time_cost: timeCost(app, job),
    error_msg: job.error_msg,
    quota_exceeded: job.quota_exceeded,
    queue_position: job.queue_position,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

export function queuedMessage(ahead: number): string {
  return `${ahead} ${ahead === 1 ? 'job' : 'jobs'} ahead of this one`;
}

export const STAGE_MESSAGES: Readonly<Record<JobStage, string>> = {
  queued: queuedMessage(0),
  accepted: 'Accepted',
  preflight: 'Checking the document',
  translating: 'Translating',
  writing_artifacts: 'Writing the translated files',
  finalizing: 'Registering the results',
  completed: 'Completed',
  failed: 'Failed',
};

export function progressMessage(progress: number): string {
  return `Translating: ${progress}%`;
}

export interface JobChange {
  status?: JobStatus;
  stage?: JobStage;
  stage_progress?: number;
  stage_message?: string;
  queue_position?: number | null;
}

/**
 * Applies a change and emits `update` when anything visible changed (or always, for forced
 * changes: every control call then gives exactly one event, which latency benchmarks count on).
 */
export function applyChange(app: EmulatorApp, job: JobRecord, change: JobChange, always = false): boolean {
  let changed = false;
  for (const [k, v] of Object.entries(change) as [keyof JobChange, unknown][]) {
    if (v !== undefined && job[k] !== v) {
      (job as unknown as Record<string, unknown>)[k] = v;
      changed = true;
    }
  }
  if (!changed && !always) return false;
  job.updated_at = app.clock.nowIso();
  job.time_cost = timeCost(app, job);
  jobEvents(app).emit('update', job);
  return true;
}

/** Ends a job once: final `update`, then `ended`. The caller stops its runtime first. */
export function endJob(
  app: EmulatorApp,
  job: JobRecord,
  outcome: { status: 'completed' } | { status: 'failed'; error: string; quotaExceeded?: boolean },
): void {
  if (isEnded(job)) return;
  job.endedAt = app.clock.now();
  if (outcome.status === 'failed') {
    job.error_msg = outcome.error;
    job.quota_exceeded = outcome.quotaExceeded === true;
  }
  applyChange(app, job, {
    status: outcome.status,
    stage: outcome.status,
    stage_progress: outcome.status === 'completed' ? 100 : job.stage_progress,
    stage_message: outcome.status === 'completed' ? STAGE_MESSAGES.completed : outcome.error,
    queue_position: null,
  });
  jobEvents(app).emit('ended', job);
}
