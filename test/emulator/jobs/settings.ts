import type { EmulatorApp } from '../app.ts';
import { validationError } from '../errors.ts';
import { Fields } from '../validation.ts';

/** Emulator's cap on waiting jobs per account (spec: not shown); POST /jobs answers 429 past it. */
export const MAX_QUEUED_PER_ACCOUNT = 100;

/** Control knobs for jobs and artifact downloads (reset with the state). */
export interface JobSettings {
  /** Waiting jobs per account before POST /jobs answers 429 queue_full. */
  queue_cap: number;
  /** true: no job leaves the queue (UI tests that need queued jobs); false starts the queues again. */
  queue_paused: boolean;
  /** 0: GET /artifacts/{id}/download streams the bytes; 301/302/303/307/308: redirects to the storage origin. */
  download_redirect_status: number;
  /** false: download-link answers `url: null`, so clients must use the direct download endpoint. */
  download_link_url: boolean;
  /** Result files per completed job (1-5, default 1): 2 and more make jobs with several artifacts (spec 2.4). */
  artifacts_per_job: number;
}

export const MAX_ARTIFACTS_PER_JOB = 5;

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308];

export function jobSettings(app: EmulatorApp): JobSettings {
  return app.state.ext('jobs.settings', () => ({
    queue_cap: MAX_QUEUED_PER_ACCOUNT,
    queue_paused: false,
    download_redirect_status: 0,
    download_link_url: true,
    artifacts_per_job: 1,
  }));
}

export function updateJobSettings(app: EmulatorApp, body: Record<string, unknown>): JobSettings {
  const f = new Fields(body);
  const cap = f.integer('queue_cap', { optional: true, min: 0 });
  const redirect = f.integer('download_redirect_status', { optional: true });
  if (redirect !== undefined && redirect !== 0 && !REDIRECT_STATUSES.includes(redirect)) {
    f.add('download_redirect_status', `must be 0 or one of ${REDIRECT_STATUSES.join(', ')}`);
  }
  const linkUrl = f.boolean('download_link_url');
  const paused = f.boolean('queue_paused');
  const perJob = f.integer('artifacts_per_job', { optional: true, min: 1, max: MAX_ARTIFACTS_PER_JOB });
  if (f.errors.length > 0) throw validationError(f.errors);
  const s = jobSettings(app);
  if (cap !== undefined) s.queue_cap = cap;
  if (redirect !== undefined) s.download_redirect_status = redirect;
  if (linkUrl !== undefined) s.download_link_url = linkUrl;
  if (paused !== undefined) s.queue_paused = paused;
  if (perJob !== undefined) s.artifacts_per_job = perJob;
  return s;
}
