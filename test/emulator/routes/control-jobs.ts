import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, validationError } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import type { JobRecord, JobStage } from '../state.ts';
import { Fields } from '../validation.ts';
import { finishFailed, forceStage, pumpAll } from '../jobs/scheduler.ts';
import { jobSettings, updateJobSettings } from '../jobs/settings.ts';
import { streamsOf } from '../jobs/sse-streams.ts';
import { isEnded, jobView } from '../jobs/store.ts';

const FORCEABLE: readonly JobStage[] = ['queued', 'accepted', 'preflight', 'translating', 'writing_artifacts', 'finalizing'];

function jobOf(app: EmulatorApp, ctx: RequestContext): JobRecord {
  const job = app.state.jobs.get(ctx.params.job_id!);
  if (!job || job.deleted) throw notFound('Job');
  return job;
}

function activeJob(app: EmulatorApp, ctx: RequestContext): JobRecord {
  const job = jobOf(app, ctx);
  if (isEnded(job)) throw new HttpError(409, 'job_already_ended', `The job has already ended (${job.status})`);
  return job;
}

async function stage(app: EmulatorApp, ctx: RequestContext): Promise<{ status: number; body: unknown }> {
  const body = await ctx.object();
  const f = new Fields(body);
  const name = f.string('stage');
  if (name !== undefined && !FORCEABLE.includes(name as JobStage))
    f.add('stage', `must be one of ${FORCEABLE.join(', ')} (end a job with /fail or let it complete)`);
  const progress = f.integer('stage_progress', { optional: true, min: 0, max: 100 });
  const message = f.string('stage_message', { optional: true });
  const hold = f.boolean('hold');
  if (f.errors.length > 0) throw validationError(f.errors);
  const job = activeJob(app, ctx);
  if (name === 'queued' && job.status !== 'pending') throw new HttpError(409, 'job_started', 'Only a pending job can be set to queued');
  forceStage(app, job, { stage: name as JobStage, stage_progress: progress, stage_message: message, hold });
  return { status: 200, body: jobView(app, job) };
}

/** Loopback control routes for jobs, artifact downloads and SSE streams (see README). */
export function register(app: EmulatorApp): void {
  const c = app.control;

  c.post('/jobs/:job_id/stage', (ctx) => stage(app, ctx));

  c.post('/jobs/:job_id/fail', async (ctx) => {
    const f = new Fields(await ctx.object());
    const error = f.string('error_msg', { optional: true, minChars: 1 }) ?? 'Processing failed';
    if (f.errors.length > 0) throw validationError(f.errors);
    const job = activeJob(app, ctx);
    await finishFailed(app, job, error);
    return { status: 200, body: jobView(app, job) };
  });

  // Deleting a job (a console action outside the API) makes replays of its Idempotency-Key 410.
  c.delete('/jobs/:job_id', async (ctx) => {
    const job = jobOf(app, ctx);
    if (!isEnded(job)) await finishFailed(app, job, 'deleted');
    job.deleted = true;
    const artifacts = [...app.state.artifacts.values()].filter((a) => a.job_id === job.id);
    for (const a of artifacts) app.state.artifacts.delete(a.id);
    await Promise.all(artifacts.map((a) => rm(dirname(a.storagePath), { recursive: true, force: true })));
    return { status: 204 };
  });

  c.get('/jobs-settings', () => ({ status: 200, body: jobSettings(app) }));
  c.post('/jobs-settings', async (ctx) => {
    const settings = updateJobSettings(app, await ctx.object());
    if (!settings.queue_paused) pumpAll(app);
    return { status: 200, body: settings };
  });

  c.get('/sse/streams', () => ({
    status: 200,
    body: { open: streamsOf(app).size, streams: [...streamsOf(app)].map((s) => ({ job_id: s.job.id, idle_starts: s.idleStarts })) },
  }));

  c.post('/sse/drop', () => {
    const streams = [...streamsOf(app)];
    for (const s of streams) s.drop();
    return { status: 200, body: { dropped: streams.length } };
  });

  c.post('/sse/emit', async (ctx) => {
    const f = new Fields(await ctx.object());
    const event = f.string('event');
    if (event !== undefined && event !== 'timeout' && event !== 'error') f.add('event', 'must be "timeout" or "error"');
    if (f.errors.length > 0) throw validationError(f.errors);
    const streams = [...streamsOf(app)];
    const data = event === 'timeout' ? { reason: 'forced' } : { message: 'Injected server fault; request a new ticket and reconnect' };
    for (const s of streams) s.finish(event as 'timeout' | 'error', data);
    return { status: 200, body: { closed: streams.length } };
  });
}
