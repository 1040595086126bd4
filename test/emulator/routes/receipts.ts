import type { EmulatorApp } from '../app.ts';
import { notFound, notOwned, validationError } from '../errors.ts';
import type { FieldError } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import { findOperation, jobReceipt, keyOperations, usageRecords, usageSummary } from '../usage.ts';

/** The spec shows no default or maximum for `limit`; these are the emulator's. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

function intParam(ctx: RequestContext, name: string, min: number, errors: FieldError[]): number | undefined {
  const raw = ctx.query.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    errors.push({ field: name, message: `must be an integer >= ${min}` });
    return undefined;
  }
  return Number(raw);
}

/** Envelope of spec 2.8 (items, has_more, next_offset); `limit` over the maximum is clamped. */
function page<T>(ctx: RequestContext, all: T[]): { items: T[]; has_more: boolean; next_offset: number } {
  const errors: FieldError[] = [];
  const limit = Math.min(intParam(ctx, 'limit', 1, errors) ?? DEFAULT_LIMIT, MAX_LIMIT);
  const offset = intParam(ctx, 'offset', 0, errors) ?? 0;
  if (errors.length > 0) throw validationError(errors);
  const items = all.slice(offset, offset + limit);
  return { items, has_more: offset + items.length < all.length, next_offset: offset + items.length };
}

/** Spec 4.7: credit operations, receipts and usage; all free (no ledger lines). The media catalog: routes/media.ts. */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/billing/credits/operations', (ctx) => {
    const { account, key } = ctx.requireAuth();
    return { status: 200, body: page(ctx, keyOperations(app.state, account.id, key.id)) };
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
    return { status: 200, body: page(ctx, usageRecords(app.state, account.id)) };
  });

  api.get('/usage/summary', (ctx) => {
    const { account } = ctx.requireAuth();
    return { status: 200, body: usageSummary(usageRecords(app.state, account.id)) };
  });
}
