import type { EmulatorApp } from '../app.ts';
import { CREDIT_PRECISION } from '../billing.ts';
import { HttpError } from '../errors.ts';
import { withIdempotency } from '../idempotency.ts';
import type { Reply, RequestContext } from '../router.ts';
import { estimate, mediaCatalog } from '../media/catalog.ts';
import { createMediaJob } from '../media/create.ts';
import { mediaPage, requireIdempotencyKey } from '../media/paging.ts';
import { endMediaJob, startMediaJob } from '../media/run.ts';
import { isEnded, mediaExt, mediaJobView, ownedMediaJob } from '../media/store.ts';

async function create(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const auth = ctx.requireAuth();
  requireIdempotencyKey(ctx);
  const body = await ctx.object();
  return withIdempotency(app, ctx, { endpoint: '/media-jobs', body }, async () => {
    const job = await createMediaJob(app, auth, body, ctx.header('idempotency-key') ?? null);
    startMediaJob(app, job);
    return { status: 201, body: mediaJobView(job), headers: { Location: `/api/v1/media-jobs/${job.id}` }, resourceId: job.id };
  });
}

function list(app: EmulatorApp, ctx: RequestContext): Reply {
  const { account } = ctx.requireAuth();
  // Account-wide like the job list (spec part 5 scopes only operations and voices to the key); newest first.
  const jobs = [...mediaExt(app).jobs.values()].filter((j) => j.accountId === account.id).reverse();
  const page = mediaPage(ctx, jobs);
  return { status: 200, body: { ...page, items: page.items.map(mediaJobView) } };
}

function cancel(app: EmulatorApp, ctx: RequestContext): Reply {
  const { account } = ctx.requireAuth();
  const job = ownedMediaJob(app, account.id, ctx.params.operation_id!);
  if (isEnded(job)) throw new HttpError(409, 'media_job_already_ended', `The media job has already ended (${job.status})`);
  endMediaJob(app, job, 'cancelled', 'cancelled', 'Cancelled by the caller');
  return { status: 200, body: mediaJobView(job) };
}

/** Media catalog and estimates (spec 4.7, display only) and media jobs (spec 4.9; polled, no events). */
export function register(app: EmulatorApp): void {
  app.api.get('/billing/media/credit-catalog', () => ({ status: 200, body: { products: mediaCatalog(app), credit_precision: CREDIT_PRECISION } }));
  app.api.post('/billing/media/credit-estimates', async (ctx) => {
    ctx.requireAuth();
    return { status: 200, body: estimate(app, await ctx.object(), CREDIT_PRECISION) };
  });
  app.api.post('/media-jobs', (ctx) => create(app, ctx));
  app.api.get('/media-jobs', (ctx) => list(app, ctx));
  app.api.get('/media-jobs/:operation_id', (ctx) => {
    const { account } = ctx.requireAuth();
    return { status: 200, body: mediaJobView(ownedMediaJob(app, account.id, ctx.params.operation_id!)) };
  });
  app.api.post('/media-jobs/:operation_id/cancel', (ctx) => cancel(app, ctx));
}
