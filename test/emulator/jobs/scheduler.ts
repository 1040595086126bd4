import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import type { JobRecord, JobStage } from '../state.ts';
import { extraArtifact, produceArtifact } from './produce.ts';
import { jobSettings } from './settings.ts';
import { settle, startCheck } from './settlement.ts';
import { STAGE_MESSAGES, applyChange, endJob, isEnded, jobsExt, progressMessage, queuedMessage, runtimeOf } from './store.ts';

/** Spec part 8: files processed at once per account; the rest wait in the queue. */
export const MAX_PROCESSING_PER_ACCOUNT = 5;
const TRANSLATING_STEPS = 10;

/** Stage durations at job_speed 1 (milliseconds): a small job takes about 1.4 s from creation. */
const STAGE_MS = { queued: 100, accepted: 150, preflight: 200, writing_artifacts: 150, finalizing: 150 } as const;

function scaled(app: EmulatorApp, ms: number): number {
  const speed = app.state.settings.job_speed;
  return Math.max(0, Math.round(ms / (speed > 0 ? speed : 1)));
}

function translatingStepMs(app: EmulatorApp, job: JobRecord): number {
  const chars = app.state.documents.get(job.document_id)?.charCount ?? 0;
  return Math.min(30_000, 600 + chars * 0.01) / TRANSLATING_STEPS;
}

function stageDelay(app: EmulatorApp, job: JobRecord): number {
  const stage = job.stage;
  if (stage === 'translating') return scaled(app, translatingStepMs(app, job));
  if (stage in STAGE_MS) return scaled(app, STAGE_MS[stage as keyof typeof STAGE_MS]);
  return 0;
}

function accountJobs(app: EmulatorApp, accountId: string): JobRecord[] {
  return [...app.state.jobs.values()].filter((j) => j.accountId === accountId && !isEnded(j));
}

export function queuedCount(app: EmulatorApp, accountId: string): number {
  return accountJobs(app, accountId).filter((j) => j.status === 'pending').length;
}

/**
 * Runs the account's queue soon (after the "queued" stage time). Requests coalesce: a pending run
 * is only ever brought forward, never pushed back, so a steady stream of creates cannot starve it.
 */
export function schedulePump(app: EmulatorApp, accountId: string, ms = scaled(app, STAGE_MS.queued)): void {
  const pumps = jobsExt(app.state).pumps;
  const existing = pumps.get(accountId);
  if (existing && ms > 0) return;
  if (existing) app.clearTimer(existing);
  const state = app.state;
  pumps.set(
    accountId,
    app.setTimer(() => {
      if (app.state !== state) return;
      pumps.delete(accountId);
      pump(app, accountId);
    }, ms),
  );
}

/** Starts waiting jobs (oldest first) while the account has free slots, then renumbers the queue. */
export function pump(app: EmulatorApp, accountId: string): void {
  const jobs = accountJobs(app, accountId);
  let processing = jobs.filter((j) => j.status === 'processing').length;
  const waiting = jobs.filter((j) => j.status === 'pending');
  const stillWaiting: JobRecord[] = [];
  const paused = jobSettings(app).queue_paused;
  for (const job of waiting) {
    // A held pending job (forced "queued" with hold) keeps its place but does not start.
    if (paused || processing >= MAX_PROCESSING_PER_ACCOUNT || runtimeOf(app.state, job.id).held) {
      stillWaiting.push(job);
      continue;
    }
    const check = startCheck(app, job);
    if (!check.ok) {
      endJob(app, job, { status: 'failed', error: check.reason, quotaExceeded: true });
      continue;
    }
    processing += 1;
    job.startedAt = app.clock.now();
    applyChange(app, job, { status: 'processing', stage: 'accepted', stage_progress: 0, stage_message: STAGE_MESSAGES.accepted, queue_position: null });
    scheduleStep(app, job);
  }
  stillWaiting.forEach((job, ahead) => {
    applyChange(app, job, { queue_position: ahead, stage_message: queuedMessage(ahead) });
  });
}

/** Queue position for a new job: the account's jobs already waiting. */
export function initialQueuePosition(app: EmulatorApp, accountId: string): number {
  return queuedCount(app, accountId);
}

function scheduleStep(app: EmulatorApp, job: JobRecord): void {
  const rt = runtimeOf(app.state, job.id);
  if (rt.timer) app.clearTimer(rt.timer);
  rt.timer = undefined;
  if (rt.held || isEnded(job) || job.status !== 'processing') return;
  const generation = ++rt.generation;
  const state = app.state;
  rt.timer = app.setTimer(
    () => {
      rt.timer = undefined;
      if (app.state !== state || rt.generation !== generation) return;
      return step(app, job, generation);
    },
    stageDelay(app, job),
  );
}

const NEXT: Partial<Record<JobStage, JobStage>> = { accepted: 'preflight', preflight: 'translating', writing_artifacts: 'finalizing' };

async function step(app: EmulatorApp, job: JobRecord, generation: number): Promise<void> {
  const rt = runtimeOf(app.state, job.id);
  const current = (): boolean => rt.generation === generation && !rt.held && !isEnded(job);
  try {
    if (job.stage === 'translating') {
      const progress = Math.min(100, job.stage_progress + 100 / TRANSLATING_STEPS);
      if (job.stage_progress >= 100) applyChange(app, job, { stage: 'writing_artifacts', stage_progress: 0, stage_message: STAGE_MESSAGES.writing_artifacts });
      else applyChange(app, job, { stage_progress: Math.round(progress), stage_message: progressMessage(Math.round(progress)) });
    } else if (job.stage === 'writing_artifacts') {
      await ensureArtifact(app, job);
      if (!current()) return;
      applyChange(app, job, { stage: 'finalizing', stage_progress: 0, stage_message: STAGE_MESSAGES.finalizing });
    } else if (job.stage === 'finalizing') {
      await complete(app, job, current);
      return;
    } else {
      const next = NEXT[job.stage];
      if (!next) return;
      const message = next === 'translating' ? progressMessage(0) : STAGE_MESSAGES[next];
      applyChange(app, job, { stage: next, stage_progress: 0, stage_message: message });
    }
  } catch (err) {
    if (!current()) return;
    const reason = err instanceof Error ? err.message : String(err);
    await finishFailed(app, job, `Could not produce the translated file: ${reason}`);
    return;
  }
  if (current()) scheduleStep(app, job);
}

async function ensureArtifact(app: EmulatorApp, job: JobRecord): Promise<void> {
  const rt = runtimeOf(app.state, job.id);
  if (rt.artifacts) return;
  const doc = app.state.documents.get(job.document_id);
  if (!doc || doc.deleted) throw new Error('the source document was deleted');
  const artifact = await produceArtifact(app, job, doc);
  const made = [artifact];
  for (let n = 2; n <= jobSettings(app).artifacts_per_job; n++) made.push(await extraArtifact(app, artifact, n));
  if (rt.artifacts) await discard(made.map((a) => a.storagePath));
  else rt.artifacts = made;
}

async function complete(app: EmulatorApp, job: JobRecord, current: () => boolean): Promise<void> {
  await ensureArtifact(app, job);
  if (!current()) return;
  const rt = runtimeOf(app.state, job.id);
  settle(app, job, app.state.documents.get(job.document_id));
  const now = app.clock.nowIso();
  for (const artifact of rt.artifacts ?? []) {
    artifact.created_at = now;
    app.state.artifacts.set(artifact.id, artifact);
  }
  rt.artifacts = undefined;
  endJob(app, job, { status: 'completed' });
  schedulePump(app, job.accountId, 0);
}

async function discard(paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => rm(dirname(p), { recursive: true, force: true })));
}

/** Stops a job's automatic progress for good (cancel, failure, deletion). */
function stop(app: EmulatorApp, job: JobRecord): string[] {
  const rt = runtimeOf(app.state, job.id);
  rt.generation += 1;
  if (rt.timer) app.clearTimer(rt.timer);
  rt.timer = undefined;
  const paths = (rt.artifacts ?? []).map((a) => a.storagePath);
  rt.artifacts = undefined;
  return paths;
}

/** Cancel, forced failure or a production error: failed, nothing charged, the slot goes to the next job. */
export async function finishFailed(app: EmulatorApp, job: JobRecord, error: string): Promise<void> {
  if (isEnded(job)) return;
  const paths = stop(app, job);
  endJob(app, job, { status: 'failed', error });
  schedulePump(app, job.accountId, 0);
  await discard(paths);
}

export interface ForcedStage {
  stage: JobStage;
  stage_progress?: number;
  stage_message?: string;
  /** true pauses automatic progress, false resumes it, absent keeps the current choice. */
  hold?: boolean;
}

/** Control hook: sets a job's stage at once (one `update` event) for latency benchmarks and UI tests. */
export function forceStage(app: EmulatorApp, job: JobRecord, forced: ForcedStage): void {
  const rt = runtimeOf(app.state, job.id);
  if (forced.hold !== undefined) rt.held = forced.hold;
  rt.generation += 1;
  if (rt.timer) app.clearTimer(rt.timer);
  rt.timer = undefined;
  const processing = forced.stage !== 'queued';
  if (processing && job.startedAt === null) job.startedAt = app.clock.now();
  const progress = forced.stage_progress ?? (forced.stage === job.stage ? job.stage_progress : 0);
  const message = forced.stage_message ?? (forced.stage === 'translating' ? progressMessage(progress) : STAGE_MESSAGES[forced.stage]);
  applyChange(
    app,
    job,
    {
      status: processing ? 'processing' : 'pending',
      stage: forced.stage,
      stage_progress: progress,
      stage_message: message,
      queue_position: processing ? null : job.queue_position,
    },
    true,
  );
  if (processing) scheduleStep(app, job);
  schedulePump(app, job.accountId, 0);
}

/** Runs every account's queue now (after the queue was paused). */
export function pumpAll(app: EmulatorApp): void {
  const accounts = new Set([...app.state.jobs.values()].filter((j) => j.status === 'pending').map((j) => j.accountId));
  for (const accountId of accounts) schedulePump(app, accountId, 0);
}

/** Reset: no timer of the old state may fire into the new one. */
export function stopAll(app: EmulatorApp): void {
  const ext = jobsExt(app.state);
  for (const rt of ext.runtimes.values()) {
    rt.generation += 1;
    if (rt.timer) app.clearTimer(rt.timer);
  }
  for (const timer of ext.pumps.values()) app.clearTimer(timer);
  ext.pumps.clear();
}
