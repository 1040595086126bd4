import type { EmulatorApp } from '../app.ts';
import { notFound, notOwned } from '../errors.ts';
import { page } from '../paging.ts';
import { findOperation, jobReceipt, keyOperations, usageRecords, usageSummary } from '../usage.ts';

/** The spec shows no default or maximum for `limit`; these are the emulator's. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
const LIST_PAGING = { defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT, overMax: 'clamp' } as const;

/** Spec 4.7: credit operations, receipts and usage; all free (no ledger lines). The media catalog: routes/media.ts. */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/billing/credits/operations', (ctx) => {
    const { account, key } = ctx.requireAuth();
    return { status: 200, body: page(ctx, keyOperations(app.state, account.id, key.id), LIST_PAGING) };
  });

  api.get('/billing/credits/operations/:operation_id', (ctx) => {
    const { account, key } = ctx.requireAuth();
    const id = ctx.params.operation_id!;
    const op = keyOperations(app.state, account.id, key.id).find((o) => o.operation_id === id);
    if (op) return { status: 200, body: op };
    // Started by another key of the account or by another account: the ownership rule (errors.ts notOwned).
    if ([...app.state.accounts.keys()].some((accountId) => findOperation(app.state, accountId, id) !== undefined)) {
      throw notOwned('operation', 'credit operation');
    }
    throw notFound('Credit operation');
  });

  api.get('/billing/credits/jobs/:job_id', (ctx) => {
    const { account } = ctx.requireAuth();
    const job = app.state.jobs.get(ctx.params.job_id!);
    if (job && !job.deleted && job.accountId !== account.id) throw notOwned('job', 'job');
    const receipt = jobReceipt(app.state, account.id, ctx.params.job_id!);
    if (!receipt) throw notFound('Job');
    return { status: 200, body: receipt };
  });

  api.get('/usage', (ctx) => {
    const { account } = ctx.requireAuth();
    return { status: 200, body: page(ctx, usageRecords(app.state, account.id), LIST_PAGING) };
  });

  api.get('/usage/summary', (ctx) => {
    const { account } = ctx.requireAuth();
    return { status: 200, body: usageSummary(usageRecords(app.state, account.id)) };
  });
}
