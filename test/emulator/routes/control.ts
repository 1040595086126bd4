import type { EmulatorApp } from '../app.ts';
import { API_PREFIX } from '../app.ts';
import { balanceView, credit } from '../billing.ts';
import { notFound, validationError } from '../errors.ts';
import { parseFault } from '../faults.ts';
import { ENGINES } from '../languages.ts';
import type { RequestContext } from '../router.ts';
import type { Account } from '../state.ts';
import { Fields } from '../validation.ts';

function accountOf(app: EmulatorApp, ctx: RequestContext): Account {
  const account = app.state.accounts.get(ctx.params.account_id!);
  if (!account) throw notFound('Account');
  return account;
}

function engines(fields: Fields, body: Record<string, unknown>): string[] | null | undefined {
  const value = body.allowed_engines;
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!Array.isArray(value) || !value.every((e) => typeof e === 'string' && e in ENGINES)) {
    fields.add('allowed_engines', `must be an array of engine ids (${Object.keys(ENGINES).join(', ')})`);
    return undefined;
  }
  return value as string[];
}

function keyView(app: EmulatorApp, keyId: string): Record<string, unknown> {
  const key = app.state.keys.get(keyId)!;
  return {
    key_id: key.id,
    budget_millicredits: key.budgetMillicredits,
    used_millicredits: key.usedMillicredits,
    allowed_engines: key.allowedEngines,
  };
}

/** Loopback-only test control API (documented in test/emulator/README.md). */
export function register(app: EmulatorApp): void {
  const c = app.control;

  c.post('/reset', () => {
    app.reset();
    return { status: 200, body: { api_key: app.state.defaultApiKey, account_id: app.state.defaultAccountId } };
  });

  c.post('/accounts', async (ctx) => {
    const body = await ctx.object();
    const fields = new Fields(body);
    const credits = fields.integer('credits_millicredits', { optional: true, min: 0 }) ?? 0;
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const now = app.clock.now();
    const account = app.state.createAccount(credits, now);
    const key = app.state.createKey(account.id, now);
    return { status: 201, body: { account_id: account.id, api_key: key.secret, key_id: key.id } };
  });

  c.get('/accounts/:account_id', (ctx) => {
    const account = accountOf(app, ctx);
    const keys = [...app.state.keys.values()].filter((k) => k.accountId === account.id).map((k) => keyView(app, k.id));
    return { status: 200, body: { account_id: account.id, balance: balanceView(app.state, account, app.clock.now()), keys } };
  });

  c.post('/accounts/:account_id/keys', async (ctx) => {
    const account = accountOf(app, ctx);
    const body = await ctx.object();
    const fields = new Fields(body);
    const budget = fields.integer('budget_millicredits', { optional: true, min: 0 });
    const allowedEngines = engines(fields, body);
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const key = app.state.createKey(account.id, app.clock.now(), { budget: budget ?? null, allowedEngines: allowedEngines ?? null });
    return { status: 201, body: { api_key: key.secret, key_id: key.id } };
  });

  c.patch('/keys/:key_id', async (ctx) => {
    const key = app.state.keys.get(ctx.params.key_id!);
    if (!key) throw notFound('Key');
    const body = await ctx.object();
    const fields = new Fields(body);
    const budget = fields.integer('budget_millicredits', { optional: true, min: 0 });
    const allowedEngines = engines(fields, body);
    if (fields.errors.length > 0) throw validationError(fields.errors);
    if (body.budget_millicredits === null) key.budgetMillicredits = null;
    else if (budget !== undefined) key.budgetMillicredits = budget;
    if (allowedEngines !== undefined) key.allowedEngines = allowedEngines;
    return { status: 200, body: keyView(app, key.id) };
  });

  c.post('/accounts/:account_id/credits', async (ctx) => {
    const account = accountOf(app, ctx);
    const body = await ctx.object();
    const fields = new Fields(body);
    const amount = fields.integer('millicredits', { min: 1 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const now = app.clock.now();
    credit(app.state, now, { type: 'topup', account, key: null, amount: amount!, endpoint: null, idempotencyKey: null, requestId: ctx.requestId });
    return { status: 200, body: balanceView(app.state, account, now) };
  });

  c.post('/faults', async (ctx) => {
    const fault = parseFault(app.state, await ctx.object());
    app.state.faults.push(fault);
    return { status: 201, body: { id: fault.id } };
  });
  c.get('/faults', () => ({ status: 200, body: { faults: app.state.faults } }));
  c.delete('/faults', () => {
    app.state.faults.length = 0;
    return { status: 204 };
  });

  c.get('/ledger', (ctx) => {
    const accountId = ctx.query.get('account_id');
    const entries = app.state.ledger.filter((e) => accountId === null || e.account_id === accountId);
    return { status: 200, body: { entries } };
  });

  c.get('/requests', (ctx) => {
    const prefix = ctx.query.get('path_prefix') ?? '';
    return { status: 200, body: { requests: app.state.requests.filter((r) => r.path.startsWith(prefix)) } };
  });
  c.delete('/requests', () => {
    app.state.requests.length = 0;
    return { status: 204 };
  });

  c.get('/busy', () => ({ status: 200, body: { busy_ms: app.state.busyMs } }));

  c.post('/clock', async (ctx) => {
    const fields = new Fields(await ctx.object());
    const seconds = fields.integer('advance_seconds', { min: 0 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    app.clock.advance(seconds!);
    return { status: 200, body: { now: app.clock.nowIso() } };
  });

  c.get('/settings', () => ({ status: 200, body: app.state.settings }));
  c.post('/settings', async (ctx) => {
    const body = await ctx.object();
    const fields = new Fields(body);
    const sse = fields.boolean('sse_enabled');
    const maxDuration = fields.integer('sse_max_duration_ms', { optional: true, min: 1 });
    const heartbeat = fields.integer('sse_heartbeat_ms', { optional: true, min: 1 });
    const idle = fields.integer('sse_idle_timeout_ms', { optional: true, min: 1 });
    const speed = body.job_speed;
    if (speed !== undefined && (typeof speed !== 'number' || !(speed > 0))) fields.add('job_speed', 'must be a positive number');
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const s = app.state.settings;
    if (sse !== undefined) s.sse_enabled = sse;
    if (typeof speed === 'number') s.job_speed = speed;
    if (maxDuration !== undefined) s.sse_max_duration_ms = maxDuration;
    if (heartbeat !== undefined) s.sse_heartbeat_ms = heartbeat;
    if (idle !== undefined) s.sse_idle_timeout_ms = idle;
    return { status: 200, body: s };
  });

  c.get('/storage/credential-log', () => ({ status: 200, body: { requests: app.state.storageCredentialLog } }));

  c.get('/', () => ({ status: 200, body: { api_prefix: API_PREFIX, base_url: app.baseUrl, storage_url: app.storageUrl } }));
}
