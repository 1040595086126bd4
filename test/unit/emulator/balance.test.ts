import assert from 'node:assert/strict';
import { charge } from '../../emulator/billing.ts';
import { obj, useEmulator } from './helpers.ts';

describe('emulator: GET /billing/credits/balance', () => {
  const fx = useEmulator();

  it('returns every field of spec 2.6', async () => {
    const r = await fx.api('/billing/credits/balance');
    assert.equal(r.status, 200);
    const b = obj(r);
    assert.deepEqual(Object.keys(b).sort(), ['available', 'credit_precision', 'debt', 'expired', 'lots', 'spent', 'today_charged']);
    assert.equal(b.available, 1_000_000_000);
    assert.equal(b.debt, 0);
    assert.equal(b.credit_precision, 1);
    const lots = b.lots as { id: string; amount: number; remaining: number; expires_at: string }[];
    assert.equal(lots.length, 1);
    assert.equal(lots[0]!.amount, 1_000_000_000);
    assert.equal(lots[0]!.remaining, 1_000_000_000);
    assert.ok(Date.parse(lots[0]!.expires_at) > Date.now());
  });

  it('is free: reading it writes no ledger entry', async () => {
    await fx.api('/billing/credits/balance');
    assert.equal((await fx.ledger()).length, 0);
  });

  it('reflects charges in available, spent, today_charged and the lot', async () => {
    await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'a'.repeat(40), target_lang: 'de' } });
    const b = await fx.balance();
    assert.equal(b.available, 1_000_000_000 - 40);
    assert.equal(b.spent, 40);
    assert.equal(b.today_charged, 40);
    assert.equal((b.lots as { remaining: number }[])[0]!.remaining, 1_000_000_000 - 40);
  });

  it('shows debt as a negative balance, blocks paid calls, and a top-up repays debt first', async () => {
    const acct = await fx.newAccount(100);
    const state = fx.emu.app.state;
    const account = state.accounts.get(acct.accountId)!;
    charge(state, fx.emu.app.clock.now(), {
      account,
      key: null,
      amount: 250,
      characters: 250,
      endpoint: '/jobs',
      idempotencyKey: null,
      requestId: null,
      type: 'settlement',
    });
    let b = await fx.balance(acct.apiKey);
    assert.equal(b.available, -150);
    assert.equal(b.debt, 150);
    const blocked = await fx.api('/ai/translate-snippet', { method: 'POST', key: acct.apiKey, body: { text: 'a', target_lang: 'de' } });
    assert.equal(blocked.status, 402);
    const free = await fx.api('/ai/translate-snippet', { method: 'POST', key: acct.apiKey, body: { text: ' ', target_lang: 'de' } });
    assert.equal(free.status, 200);
    const topup = await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 200 } });
    b = obj(topup);
    assert.equal(b.debt, 0);
    assert.equal(b.available, 50);
  });
});
