import type { EmulatorApp } from '../app.ts';
import { charge } from '../billing.ts';
import { findProduct, priceOf } from './catalog.ts';
import { produceFiles } from './produce.ts';
import { isEnded, mediaExt, settlementId, type MediaJobRecord } from './store.ts';

function stepMs(app: EmulatorApp): number {
  const speed = app.state.settings.job_speed;
  return Math.max(0, Math.round(mediaExt(app).settings.step_ms / (speed > 0 ? speed : 1)));
}

function touch(app: EmulatorApp, job: MediaJobRecord): void {
  job.updated_at = new Date(app.clock.now()).toISOString();
}

function later(app: EmulatorApp, job: MediaJobRecord, fn: () => unknown): void {
  if (job.timer) app.clearTimer(job.timer);
  // A job of a state that a reset replaced never acts on the new one (its ids repeat there).
  const state = app.state;
  job.timer = app.setTimer(() => {
    job.timer = null;
    if (app.state !== state) return;
    return fn();
  }, stepMs(app));
}

/** Queued, then processing, then completed (unless held, failed or cancelled meanwhile). No events: clients poll. */
export function startMediaJob(app: EmulatorApp, job: MediaJobRecord): void {
  later(app, job, () => {
    if (isEnded(job)) return;
    job.status = 'processing';
    job.progress = 50;
    touch(app, job);
    if (!mediaExt(app).settings.hold) later(app, job, () => complete(app, job));
  });
}

/** Releases held jobs (the control API turned `hold` off). */
export function releaseHeld(app: EmulatorApp): void {
  for (const job of mediaExt(app).jobs.values()) {
    if (job.status === 'processing' && job.timer === null) later(app, job, () => complete(app, job));
  }
}

/** Charged by the billed duration at the product's rate, never above the balance available at start. */
function settle(app: EmulatorApp, job: MediaJobRecord): void {
  const product = findProduct(app, job.product)!;
  const amount = Math.min(priceOf(product, job.billedMs).millicredits, Math.max(0, job.capMillicredits));
  const account = app.state.accounts.get(job.accountId);
  if (!account || amount <= 0) return;
  charge(app.state, app.clock.now(), {
    account,
    key: app.state.keys.get(job.keyId) ?? null,
    amount,
    characters: 0,
    endpoint: '/media-jobs',
    idempotencyKey: job.idempotencyKey,
    requestId: null,
    operationId: settlementId(job.id),
    type: 'settlement',
  });
  job.chargedMillicredits = amount;
}

async function complete(app: EmulatorApp, job: MediaJobRecord): Promise<void> {
  if (isEnded(job)) return;
  const state = app.state;
  try {
    const files = await produceFiles(app, job);
    if (isEnded(job) || app.state !== state) return;
    job.files = files;
  } catch (err) {
    if (!isEnded(job) && app.state === state) endMediaJob(app, job, 'failed', 'processing_failed', `Processing failed: ${(err as Error).message}`);
    return;
  }
  job.status = 'completed';
  job.progress = 100;
  job.ended_at = new Date(app.clock.now()).toISOString();
  touch(app, job);
  settle(app, job);
}

/** Failed or cancelled: nothing is charged. */
export function endMediaJob(app: EmulatorApp, job: MediaJobRecord, status: 'failed' | 'cancelled', code: string, message: string): void {
  if (job.timer) app.clearTimer(job.timer);
  job.timer = null;
  job.status = status;
  job.error_code = code;
  job.error_msg = message;
  job.ended_at = new Date(app.clock.now()).toISOString();
  touch(app, job);
}
