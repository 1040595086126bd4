import type { EmulatorApp } from '../../emulator/app.ts';
import { charge } from '../../emulator/billing.ts';
import { jobEvents } from '../../emulator/job-events.ts';
import type { DocumentRecord, JobRecord, JobStatus } from '../../emulator/state.ts';

/**
 * Puts a document and a job straight into the emulator state, so webhook and receipt rules can be
 * exercised without running the scheduler (real jobs are covered end to end separately).
 */
export function fakeJob(
  app: EmulatorApp,
  accountId: string,
  opts: { status?: JobStatus; error?: string; basename?: string; chars?: number; format?: string; pages?: number; keyId?: string } = {},
): JobRecord {
  const state = app.state;
  const now = app.clock.now();
  const iso = app.clock.iso(now);
  const keyId = opts.keyId ?? [...state.keys.values()].find((k) => k.accountId === accountId)!.id;
  const doc: DocumentRecord = {
    id: state.newId('doc'),
    accountId,
    keyId,
    basename: opts.basename ?? 'guide.md',
    format: opts.format ?? 'md',
    file_size: 100,
    mime_type: 'text/markdown',
    created_at: iso,
    updated_at: iso,
    storagePath: '/nonexistent',
    charCount: opts.chars ?? 42,
    pageCount: opts.pages ?? null,
    deleted: false,
  };
  state.documents.set(doc.id, doc);
  const status = opts.status ?? 'processing';
  const ended = status === 'completed' || status === 'failed';
  const job: JobRecord = {
    id: state.newId('job'),
    accountId,
    keyId,
    document_id: doc.id,
    source_lang: null,
    target_lang: 'de',
    engine: 'xr-397b',
    output_mode: 'bilingual',
    glossary_id: null,
    include_images: false,
    context_translation: false,
    style_preset: null,
    max_credit_millicredits: null,
    status,
    stage: ended ? (status as 'completed' | 'failed') : status === 'pending' ? 'queued' : 'translating',
    stage_progress: status === 'completed' ? 100 : 0,
    stage_message: '',
    time_cost: 0,
    error_msg: status === 'failed' ? (opts.error ?? 'Translation failed') : null,
    quota_exceeded: false,
    queue_position: null,
    created_at: iso,
    updated_at: iso,
    idempotencyKey: null,
    startedAt: status === 'pending' ? null : now - 1500,
    endedAt: ended ? now : null,
    thresholdMillicredits: Math.max(2000, doc.charCount * 1000),
    chargedMillicredits: 0,
    deleted: false,
  };
  state.jobs.set(job.id, job);
  return job;
}

/** Settles a fake job the way the scheduler does (ledger `settlement` with job_id), then ends it. */
export function completeJob(app: EmulatorApp, job: JobRecord): void {
  const state = app.state;
  const doc = state.documents.get(job.document_id)!;
  const amount = doc.format === 'pdf' ? (doc.pageCount ?? 1) * 2000 : Math.max(2000, doc.charCount * 1000);
  charge(state, app.clock.now(), {
    type: 'settlement',
    account: state.accounts.get(job.accountId)!,
    key: state.keys.get(job.keyId) ?? null,
    amount,
    characters: doc.charCount,
    endpoint: '/jobs',
    idempotencyKey: null,
    requestId: null,
    jobId: job.id,
  });
  job.chargedMillicredits = amount;
  endJob(app, job, 'completed');
}

export function endJob(app: EmulatorApp, job: JobRecord, status: 'completed' | 'failed', error = 'Translation failed'): void {
  job.status = status;
  job.stage = status;
  // Fake jobs take exactly 1.5 s (see fakeJob), so durations are deterministic.
  job.endedAt = job.startedAt !== null ? job.startedAt + 1500 : app.clock.now();
  if (status === 'failed') job.error_msg = error;
  jobEvents(app).emit('ended', job);
}
