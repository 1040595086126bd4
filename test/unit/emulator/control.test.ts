import assert from 'node:assert/strict';
import { call, errorCode, obj, useEmulator } from './helpers.ts';

describe('emulator: control API', () => {
  const fx = useEmulator();

  it('reset restores the seeded default account and key and clears everything else', async () => {
    await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'abc', target_lang: 'de' } });
    await fx.fault({ kind: 'latency', latency_ms: 1 });
    const other = await fx.newAccount(10);
    const r = await fx.control('/reset', { method: 'POST' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { api_key: fx.emu.apiKey, account_id: fx.emu.accountId });
    assert.equal((await fx.ledger()).length, 0);
    assert.deepEqual(obj(await fx.control('/faults')).faults, []);
    assert.equal((obj(await fx.control('/requests')).requests as unknown[]).length, 0);
    assert.equal((await fx.api('/billing/credits/balance', { key: other.apiKey })).status, 401);
    assert.equal((await fx.balance()).available, 1_000_000_000);
  });

  it('creates accounts with credits and extra keys on them', async () => {
    const acct = await fx.newAccount(1234);
    assert.match(acct.apiKey, /^sk_/);
    assert.match(acct.accountId, /^acct_/);
    const key = await fx.newKey(acct.accountId, { budget_millicredits: 50 });
    assert.equal((await fx.balance(key)).available, 1234);
    const view = obj(await fx.control(`/accounts/${acct.accountId}`));
    const keys = view.keys as { budget_millicredits: number | null }[];
    assert.deepEqual(
      keys.map((k) => k.budget_millicredits),
      [null, 50],
    );
    assert.ok(!JSON.stringify(view).includes(acct.apiKey));
  });

  it('rejects unknown accounts and engines', async () => {
    const missing = await fx.control('/accounts/acct_nope/keys', { method: 'POST', body: {} });
    assert.equal(missing.status, 404);
    const badEngine = await fx.control(`/accounts/${fx.emu.accountId}/keys`, { method: 'POST', body: { allowed_engines: ['gpt'] } });
    assert.equal(badEngine.status, 422);
    assert.equal((await fx.control('/accounts', { method: 'POST', body: { credits_millicredits: -1 } })).status, 422);
  });

  it('PATCH /keys/{key_id} raises a key budget', async () => {
    const created = await fx.control(`/accounts/${fx.emu.accountId}/keys`, { method: 'POST', body: { budget_millicredits: 0 } });
    const { api_key: key, key_id: keyId } = obj(created) as { api_key: string; key_id: string };
    const snippet = () => fx.api('/ai/translate-snippet', { method: 'POST', key, body: { text: 'abc', target_lang: 'de' } });
    assert.equal((await snippet()).status, 429, 'a used-up budget: key_budget_exhausted');
    const patched = await fx.control(`/keys/${keyId}`, { method: 'PATCH', body: { budget_millicredits: 100 } });
    assert.equal(patched.status, 200);
    assert.equal((await snippet()).status, 200);
    assert.equal(obj(await fx.control(`/keys/${keyId}`, { method: 'PATCH', body: {} })).used_millicredits, 3);
  });

  it('top-up adds a lot and appears in the ledger', async () => {
    const acct = await fx.newAccount(0);
    const r = await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 700 } });
    assert.equal(r.status, 200);
    assert.equal(obj(r).available, 700);
    const topups = await fx.ledger('topup');
    assert.equal(topups.length, 1);
    assert.equal(topups[0]!.amount_millicredits, 700);
    assert.equal(topups[0]!.account_id, acct.accountId);
    assert.equal((await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 0 } })).status, 422);
  });

  it('lists and clears the request log, filtered by path prefix, in order', async () => {
    await fx.api('/billing/credits/balance');
    await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'a', target_lang: 'de' }, headers: { 'Idempotency-Key': 'idem-1' } });
    const all = obj(await fx.control('/requests')).requests as { path: string; idempotency_key: string | null; method: string }[];
    assert.deepEqual(
      all.map((r) => [r.method, r.path, r.idempotency_key]),
      [
        ['GET', '/api/v1/billing/credits/balance', null],
        ['POST', '/api/v1/ai/translate-snippet', 'idem-1'],
      ],
    );
    const ai = obj(await fx.control('/requests?path_prefix=/api/v1/ai/')).requests as unknown[];
    assert.equal(ai.length, 1);
    assert.equal((await fx.control('/requests', { method: 'DELETE' })).status, 204);
    assert.equal((obj(await fx.control('/requests')).requests as unknown[]).length, 0);
  });

  it('filters the ledger by account', async () => {
    const acct = await fx.newAccount(100);
    await fx.api('/ai/translate-snippet', { method: 'POST', key: acct.apiKey, body: { text: 'ab', target_lang: 'de' } });
    await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'abc', target_lang: 'de' } });
    const r = obj(await fx.control(`/ledger?account_id=${acct.accountId}`)).entries as { amount_millicredits: number }[];
    assert.deepEqual(
      r.map((e) => e.amount_millicredits),
      [2],
    );
  });

  it('advances the virtual clock; lots expire with it', async () => {
    const before = Date.parse(obj(await fx.control('/clock', { method: 'POST', body: { advance_seconds: 0 } })).now as string);
    const r = await fx.control('/clock', { method: 'POST', body: { advance_seconds: 400 * 24 * 3600 } });
    assert.ok(Date.parse(obj(r).now as string) - before >= 400 * 24 * 3600 * 1000);
    const balance = await fx.balance();
    assert.equal(balance.available, 0);
    assert.equal(balance.expired, 1_000_000_000);
    assert.deepEqual(balance.lots, []);
  });

  it('stores settings', async () => {
    const r = await fx.control('/settings', { method: 'POST', body: { sse_enabled: false, job_speed: 20 } });
    assert.equal(r.status, 200);
    assert.equal(obj(r).sse_enabled, false);
    assert.equal(obj(await fx.control('/settings')).job_speed, 20);
    assert.equal((await fx.control('/settings', { method: 'POST', body: { job_speed: 0 } })).status, 422);
  });

  it('records storage-origin requests that carry credentials, by header name only', async () => {
    await call(`${fx.emu.storageUrl}/upload/abc`, { method: 'PUT', body: 'x', headers: { 'X-API-Key': fx.emu.apiKey } });
    await call(`${fx.emu.storageUrl}/download/abc`, { headers: { Authorization: 'Bearer sk_x' } });
    await call(`${fx.emu.storageUrl}/download/clean`);
    const log = obj(await fx.control('/storage/credential-log')).requests as { method: string; path: string; headers: string[] }[];
    assert.deepEqual(
      log.map((e) => [e.method, e.path, e.headers]),
      [
        ['PUT', '/upload/abc', ['x-api-key']],
        ['GET', '/download/abc', ['authorization']],
      ],
    );
  });

  it('answers unknown control routes with 404 and bad JSON with 400', async () => {
    const r = await fx.control('/nope');
    assert.equal(r.status, 404);
    assert.equal(errorCode(r), 'not_found');
    assert.equal((await fx.control('/faults', { method: 'POST', body: '{' })).status, 400);
  });
});
