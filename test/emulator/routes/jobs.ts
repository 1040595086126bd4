import type { EmulatorApp } from '../app.ts';
import { HttpError, validationError } from '../errors.ts';
import { withIdempotency } from '../idempotency.ts';
import { jobEvents } from '../job-events.ts';
import { errorReply } from '../router.ts';
import type { Reply, RequestContext } from '../router.ts';
import { Fields, queryInteger } from '../validation.ts';
import { createJobRecord } from '../jobs/create.ts';
import { finishFailed, schedulePump, stopAll } from '../jobs/scheduler.ts';
import { isEnded, jobView, ownedJob } from '../jobs/store.ts';

export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;

async function create(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const auth = ctx.requireAuth();
  const body = await ctx.object();
  const onReplay = (record: { resourceId?: string }): Reply | undefined => {
    const job = record.resourceId === undefined ? undefined : app.state.jobs.get(record.resourceId);
    if (job && !job.deleted) return undefined;
    return errorReply(new HttpError(410, 'idempotency_job_gone', 'The job created with this Idempotency-Key has been deleted'));
  };
  return withIdempotency(app, ctx, { endpoint: '/jobs', body, onReplay }, async () => {
    const job = await createJobRecord(app, auth, body, ctx.header('idempotency-key') ?? null);
    const view = jobView(app, job);
    jobEvents(app).emit('update', job);
    schedulePump(app, job.accountId);
    return { status: 201, body: view, headers: { Location: `/api/v1/jobs/${job.id}` }, resourceId: job.id };
  });
}

function list(app: EmulatorApp, ctx: RequestContext): Reply {
  const { account } = ctx.requireAuth();
  const fields = new Fields({});
  const limit = queryInteger(ctx.query, fields, 'limit', LIST_DEFAULT_LIMIT, 1, LIST_MAX_LIMIT);
  const rawBefore = ctx.query.get('before');
  const before = rawBefore === null ? Infinity : Date.parse(rawBefore);
  if (rawBefore !== null && (Number.isNaN(before) || !/^\d{4}-\d{2}-\d{2}T/.test(rawBefore))) {
    fields.add('before', 'must be an ISO 8601 timestamp');
  }
  if (fields.errors.length > 0) throw validationError(fields.errors);
  // Account-wide whichever key asks (spec part 5); created_at is unique per state, so it orders.
  const jobs = [...app.state.jobs.values()]
    .filter((j) => j.accountId === account.id && !j.deleted && Date.parse(j.created_at) < before)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  const page = jobs.slice(0, limit);
  const hasMore = jobs.length > limit;
  return {
    status: 200,
    body: { items: page.map((j) => jobView(app, j)), has_more: hasMore, next_before: hasMore ? page[page.length - 1]!.created_at : null },
  };
}

async function cancel(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const { account } = ctx.requireAuth();
  const job = ownedJob(app, account.id, ctx.params.job_id!);
  if (isEnded(job)) throw new HttpError(409, 'job_already_ended', `The job has already ended (${job.status})`);
  await finishFailed(app, job, 'cancelled');
  return { status: 200, body: jobView(app, job) };
}

/** Translation jobs (spec 4.3); the lifecycle lives in jobs/scheduler.ts. */
export function register(app: EmulatorApp): void {
  app.onReset(() => stopAll(app));
  app.api.post('/jobs', (ctx) => create(app, ctx));
  app.api.get('/jobs', (ctx) => list(app, ctx));
  app.api.get('/jobs/:job_id', (ctx) => {
    const { account } = ctx.requireAuth();
    return { status: 200, body: jobView(app, ownedJob(app, account.id, ctx.params.job_id!)) };
  });
  app.api.post('/jobs/:job_id/cancel', (ctx) => cancel(app, ctx));
}
