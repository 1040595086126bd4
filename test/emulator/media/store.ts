import type { EmulatorApp } from '../app.ts';
import { notFound, notOwned } from '../errors.ts';
import type { MediaProductId } from './catalog.ts';

export type MediaJobStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled';

/** One delivered file: an artifact (downloadable through /artifacts/{id}/download). */
export interface DeliveredFile {
  artifact_id: string;
  role: 'transcript' | 'audio' | 'subtitles';
  filename: string;
  mime_type: string;
  size: number;
}

/** A media job (spec 4.9); its id is the operation id of the path `/media-jobs/{operation_id}`. */
export interface MediaJobRecord {
  id: string;
  accountId: string;
  keyId: string;
  product: MediaProductId;
  document_id: string;
  source_language: string;
  target_language: string | null;
  voice_id: string | null;
  max_duration_ms: number | null;
  status: MediaJobStatus;
  progress: number;
  error_code: string | null;
  error_msg: string | null;
  /** Duration of the input as measured by the server (tts: of the speech it produces). */
  measuredMs: number;
  /** What is processed and billed: the measured duration, cut at max_duration_ms. */
  billedMs: number;
  /** Available balance when the job started: the most it can be charged (part 8 rule 2). */
  capMillicredits: number;
  chargedMillicredits: number;
  files: DeliveredFile[];
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  idempotencyKey: string | null;
  timer: NodeJS.Timeout | null;
}

export interface MediaSettings {
  /** Keeps new jobs `processing` until released (cancel tests); false resumes them. */
  hold: boolean;
  /** Time a job spends queued and processing, before job_speed (ms). */
  step_ms: number;
}

interface MediaExt {
  jobs: Map<string, MediaJobRecord>;
  settings: MediaSettings;
}

export const DEFAULT_STEP_MS = 300;

export function mediaExt(app: EmulatorApp): MediaExt {
  return app.state.ext('media.jobs', () => ({ jobs: new Map<string, MediaJobRecord>(), settings: { hold: false, step_ms: DEFAULT_STEP_MS } }));
}

/** Credit operation id of a job's settlement (same suffix as the job id). */
export function settlementId(jobId: string): string {
  return `cop_${jobId.slice(jobId.indexOf('_') + 1)}`;
}

export function isEnded(job: MediaJobRecord): boolean {
  return job.status === 'completed' || job.status === 'failed' || job.status === 'cancelled';
}

/** Unknown 404, another account's 403 `media_job_not_owned` (the one ownership rule). */
export function ownedMediaJob(app: EmulatorApp, accountId: string, id: string): MediaJobRecord {
  const job = mediaExt(app).jobs.get(id);
  if (!job) throw notFound('Media job');
  if (job.accountId !== accountId) throw notOwned('media_job', 'media job');
  return job;
}

/** Wire view: status, delivered files, settlement reference (field names are the emulator's choice). */
export function mediaJobView(job: MediaJobRecord): Record<string, unknown> {
  const settled = job.chargedMillicredits > 0;
  return {
    operation_id: job.id,
    product: job.product,
    status: job.status,
    progress: job.progress,
    document_id: job.document_id,
    source_language: job.source_language,
    target_language: job.target_language,
    voice_id: job.voice_id,
    max_duration_ms: job.max_duration_ms,
    measured_duration_ms: job.measuredMs,
    billed_duration_ms: job.billedMs,
    error_code: job.error_code,
    error_msg: job.error_msg,
    files: job.status === 'completed' ? job.files : [],
    settlement: {
      credit_operation_id: settlementId(job.id),
      status: settled ? 'settled' : isEnded(job) ? 'not_charged' : 'pending',
      charged_millicredits: job.chargedMillicredits,
      cap_millicredits: job.capMillicredits,
    },
    created_at: job.created_at,
    updated_at: job.updated_at,
    ended_at: job.ended_at,
  };
}
