// The extension's own view of a translation job, converted from the client's shapes in one place.
// Pure (no vscode import).
import type { Artifact, Job, JobProgress } from '../../api/index.ts';

export type JobStatus = Job['status'];

export interface TrackedJob {
  id: string;
  documentId: string;
  targetLang: string;
  sourceLang: string | null;
  engine: string;
  status: JobStatus;
  stage: string;
  progress: number;
  stageMessage: string;
  queuePosition: number | null;
  errorMsg: string | null;
  quotaExceeded: boolean;
  timeCost: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a job came from on this machine: remembered when the job is created here. */
export interface JobOrigin {
  /** The source file (string form of its Uri). */
  source: string;
  fileName: string;
  /** The source as it was uploaded (hash, mtime), when known. */
  sent?: { sha256: string; mtimeMs: number };
  /** The Translate Files… run that started it: one run's jobs are one node of the Jobs view. */
  run?: string;
}

/** An artifact with the fields the views use; `format` is the authoritative type (spec 2.4). */
export interface ArtifactInfo {
  id: string;
  jobId: string;
  format: string;
  /** File name the service suggests, when it sends one (field not shown in the spec). */
  filename: string | undefined;
}

export function fromApiJob(job: Job): TrackedJob {
  return {
    id: job.id,
    documentId: job.document_id,
    targetLang: job.target_lang,
    sourceLang: job.source_lang,
    engine: job.engine,
    status: job.status,
    stage: job.stage,
    progress: job.stage_progress,
    stageMessage: job.stage_message,
    queuePosition: job.queue_position,
    errorMsg: job.error_msg,
    quotaExceeded: job.quota_exceeded,
    timeCost: job.time_cost,
    createdAt: job.created_at,
    updatedAt: job.updated_at,
  };
}

/** Applies a live snapshot (SSE or poll) to a known job. */
export function withProgress(job: TrackedJob, p: JobProgress, now = new Date()): TrackedJob {
  const next: TrackedJob = {
    ...job,
    status: p.status,
    stage: p.stage,
    progress: p.stage_progress,
    stageMessage: p.stage_message,
    updatedAt: now.toISOString(),
  };
  // The position comes from `queue_position` only; `stage_message` is shown as the service wrote it.
  if (p.queue_position !== undefined) next.queuePosition = p.queue_position;
  else if (p.status !== 'pending') next.queuePosition = null;
  if (p.error_msg !== undefined) next.errorMsg = p.error_msg;
  return next;
}

export function fromApiArtifact(jobId: string, a: Artifact): ArtifactInfo {
  const filename = (a as Record<string, unknown>)['filename'];
  return { id: a.id, jobId, format: a.format, filename: typeof filename === 'string' && filename !== '' ? filename : undefined };
}

export function isActive(job: Pick<TrackedJob, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'processing';
}

/** Formats shown as text in an editor tab; everything else is downloaded and opened as a file. */
export { isTextFormat } from '../../shared/formats.ts';

/**
 * Overall progress of a job as a fraction: the stage progress only means something inside a
 * stage, so the stages split the way (queued 0, translating most of it, completed 1).
 */
export function overallProgress(job: Pick<TrackedJob, 'status' | 'stage' | 'progress'>): number {
  if (job.status === 'completed' || job.status === 'failed') return 1;
  const within = Math.min(100, Math.max(0, job.progress)) / 100;
  switch (job.stage) {
    case 'queued':
      return 0;
    case 'accepted':
      return 0.02 + within * 0.03;
    case 'preflight':
      return 0.05 + within * 0.05;
    case 'translating':
      return 0.1 + within * 0.8;
    case 'writing_artifacts':
      return 0.9 + within * 0.05;
    case 'finalizing':
      return 0.95 + within * 0.05;
    default:
      return within;
  }
}
