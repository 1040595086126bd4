import type { EmulatorApp } from '../app.ts';
import { balanceView, credit } from '../billing.ts';
import { HttpError, notFound, validationError } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import type { Account } from '../state.ts';
import { findOperation, jobOperationId } from '../usage.ts';
import { Fields } from '../validation.ts';

function accountOf(app: EmulatorApp, ctx: RequestContext): Account {
  const account = app.state.accounts.get(ctx.params.account_id!);
  if (!account) throw notFound('Account');
  return account;
}

/**
 * Loopback control routes for billing states that only the service's back office can cause:
 * credit lots with a chosen expiry (daily grants, redeem codes) and refunds.
 * Top-ups live in routes/control.ts (POST /accounts/{account_id}/credits).
 */
export function register(app: EmulatorApp): void {
  const c = app.control;

  c.post('/accounts/:account_id/lots', async (ctx) => {
    const account = accountOf(app, ctx);
    const fields = new Fields(await ctx.object());
    const amount = fields.integer('millicredits', { min: 1 });
    const expiresIn = fields.integer('expires_in_seconds', { optional: true, min: 1 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const now = app.clock.now();
    const lotsBefore = account.lots.length;
    credit(app.state, now, { type: 'grant', account, key: null, amount: amount!, endpoint: null, idempotencyKey: null, requestId: ctx.requestId });
    // credit() adds a lot only for what is left after repaying debt.
    if (expiresIn !== undefined && account.lots.length > lotsBefore) account.lots.at(-1)!.expiresAt = now + expiresIn * 1000;
    return { status: 201, body: balanceView(app.state, account, now) };
  });

  c.post('/accounts/:account_id/refunds', async (ctx) => {
    const account = accountOf(app, ctx);
    const body = await ctx.object();
    const fields = new Fields(body);
    const jobId = fields.string('job_id', { optional: true, minChars: 1 });
    const operationId = fields.string('operation_id', { optional: true, minChars: 1 });
    const requested = fields.integer('millicredits', { optional: true, min: 1 });
    if ((jobId === undefined) === (operationId === undefined)) fields.add('job_id', 'give exactly one of job_id and operation_id');
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const state = app.state;
    const found = findOperation(state, account.id, operationId ?? jobOperationId(jobId!));
    if (!found || (jobId !== undefined && found.item.job_id !== jobId)) throw notFound('Credit operation');
    const refundable = found.item.charged_millicredits - found.item.refunded_millicredits;
    const amount = requested ?? refundable;
    if (amount <= 0 || amount > refundable) {
      throw new HttpError(409, 'not_refundable', `Refundable: ${refundable} millicredits, requested: ${amount}`);
    }
    const key = found.keyId === null ? null : (state.keys.get(found.keyId) ?? null);
    const now = app.clock.now();
    const entry = credit(state, now, {
      type: 'refund',
      account,
      key,
      amount,
      endpoint: found.item.endpoint,
      idempotencyKey: null,
      requestId: ctx.requestId,
      ...(found.item.job_id !== undefined ? { jobId: found.item.job_id } : { operationId: found.item.operation_id }),
    });
    const receipt = findOperation(state, account.id, found.item.operation_id)!.item;
    return { status: 201, body: { refund: entry, receipt, balance: balanceView(state, account, now) } };
  });
}
