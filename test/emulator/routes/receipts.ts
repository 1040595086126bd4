import type { EmulatorApp } from '../app.ts';
import { CREDIT_PRECISION } from '../billing.ts';
import { notFound, notOwned, validationError } from '../errors.ts';
import type { FieldError } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import { Fields } from '../validation.ts';
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

interface MediaProduct {
  product: string;
  display_name: string;
  open: boolean;
  billing_unit: 'minute';
  millicredits_per_unit: number;
  minimum_millicredits: number;
}

/** Display-only rates; no product is open because the emulator does not run media jobs. */
export const MEDIA_CATALOG: readonly MediaProduct[] = [
  { product: 'asr', display_name: 'Speech recognition', open: false, billing_unit: 'minute', millicredits_per_unit: 1000, minimum_millicredits: 1000 },
  { product: 'tts', display_name: 'Speech synthesis', open: false, billing_unit: 'minute', millicredits_per_unit: 2000, minimum_millicredits: 1000 },
  { product: 'subtitle_translation', display_name: 'Subtitle translation', open: false, billing_unit: 'minute', millicredits_per_unit: 1500, minimum_millicredits: 1000 },
  { product: 'basic_video', display_name: 'Basic video processing', open: false, billing_unit: 'minute', millicredits_per_unit: 3000, minimum_millicredits: 2000 },
  { product: 'full_video', display_name: 'Full video processing', open: false, billing_unit: 'minute', millicredits_per_unit: 8000, minimum_millicredits: 5000 },
];

async function estimate(ctx: RequestContext): Promise<Record<string, unknown>> {
  const body = await ctx.object();
  const fields = new Fields(body);
  const name = fields.string('product', { minChars: 1 });
  const durationField = body.duration_ms === undefined && body.max_duration_ms !== undefined ? 'max_duration_ms' : 'duration_ms';
  const durationMs = fields.integer(durationField, { min: 1, max: 24 * 3600 * 1000 });
  const product = MEDIA_CATALOG.find((p) => p.product === name);
  if (name !== undefined && !product) fields.add('product', `unknown product "${name}"`);
  if (fields.errors.length > 0) throw validationError(fields.errors);
  const units = Math.ceil(durationMs! / 60_000);
  return {
    product: product!.product,
    duration_ms: durationMs,
    billing_unit: product!.billing_unit,
    units,
    estimated_millicredits: Math.max(product!.minimum_millicredits, units * product!.millicredits_per_unit),
    open: product!.open,
    display_only: true,
    credit_precision: CREDIT_PRECISION,
  };
}

/** Spec 4.7: credit operations, receipts, usage and the media catalog; all free (no ledger lines). */
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

  api.get('/billing/media/credit-catalog', () => ({
    status: 200,
    body: { products: MEDIA_CATALOG, credit_precision: CREDIT_PRECISION },
  }));

  api.post('/billing/media/credit-estimates', async (ctx) => {
    ctx.requireAuth();
    return { status: 200, body: await estimate(ctx) };
  });
}
