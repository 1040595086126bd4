import assert from 'node:assert/strict';
import { completeJob, fakeJob } from './billing-jobs.ts';
import { obj, useEmulator } from './helpers.ts';

interface Lot {
  id: string;
  amount: number;
  remaining: number;
  expires_at: string;
}

describe('emulator: balance lots, debt and media estimates (spec 2.6, 4.7, 8)', () => {
  const fx = useEmulator();
  const app = () => fx.emu.app;

  it('settlement beyond the balance becomes debt; top-ups repay it first, then form a new lot', async () => {
    const acct = await fx.newAccount(3000);
    const job = fakeJob(app(), acct.accountId, { chars: 5 });
    completeJob(app(), job);
    let b = await fx.balance(acct.apiKey);
    assert.equal(b.available, -2000);
    assert.equal(b.debt, 2000);
    assert.equal(b.spent, 5000);
    assert.equal(b.today_charged, 5000);
    assert.deepEqual(
      (b.lots as Lot[]).map((l) => l.remaining),
      [0],
    );

    const topup = await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 1500 } });
    assert.equal(topup.status, 200);
    assert.equal(obj(topup).debt, 500);
    assert.equal(obj(topup).available, -500);
    assert.equal((obj(topup).lots as Lot[]).length, 1);

    b = obj(await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 1500 } }));
    assert.equal(b.debt, 0);
    assert.equal(b.available, 1000);
    assert.deepEqual(
      (b.lots as Lot[]).map((l) => [l.amount, l.remaining]),
      [
        [3000, 0],
        [1000, 1000],
      ],
    );
    assert.equal(b.credit_precision, 1);
  });

  it('lots carry their expiry; expired lots move to expired and drop from the list', async () => {
    const acct = await fx.newAccount(0);
    const r = await fx.control(`/accounts/${acct.accountId}/lots`, { method: 'POST', body: { millicredits: 4000, expires_in_seconds: 3600 } });
    assert.equal(r.status, 201);
    const lots = obj(r).lots as Lot[];
    assert.equal(lots.length, 1);
    const expiresIn = Date.parse(lots[0]!.expires_at) - Date.now();
    assert.ok(expiresIn > 3500_000 && expiresIn <= 3600_000, String(expiresIn));
    await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 1000 } });

    await fx.control('/clock', { method: 'POST', body: { advance_seconds: 3601 } });
    const b = await fx.balance(acct.apiKey);
    assert.equal(b.expired, 4000);
    assert.equal(b.available, 1000);
    assert.deepEqual(
      (b.lots as Lot[]).map((l) => l.amount),
      [1000],
    );
    assert.equal((await fx.ledger('grant')).length, 1);
  });

  it('today_charged counts only the current (virtual) UTC day', async () => {
    const job = fakeJob(app(), fx.emu.accountId, { chars: 3 });
    completeJob(app(), job);
    assert.equal((await fx.balance()).today_charged, 3000);
    await fx.control('/clock', { method: 'POST', body: { advance_seconds: 2 * 86_400 } });
    const b = await fx.balance();
    assert.equal(b.today_charged, 0);
    assert.equal(b.spent, 3000);
  });

  it('serves a media credit catalog and display-only estimates that charge nothing', async () => {
    const cat = await fx.api('/billing/media/credit-catalog');
    assert.equal(cat.status, 200);
    const products = obj(cat).products as { product: string; open: boolean; millicredits_per_unit: number }[];
    assert.deepEqual(
      products.map((p) => p.product),
      ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video'],
    );
    assert.ok(products.every((p) => typeof p.open === 'boolean'));

    const est = await fx.api('/billing/media/credit-estimates', { method: 'POST', body: { product: 'asr', duration_ms: 150_000 } });
    assert.equal(est.status, 200);
    assert.equal(obj(est).units, 3);
    assert.equal(obj(est).estimated_millicredits, 3000);
    assert.equal(obj(est).display_only, true);
    const alias = await fx.api('/billing/media/credit-estimates', { method: 'POST', body: { product: 'full_video', max_duration_ms: 1000 } });
    assert.equal(obj(alias).estimated_millicredits, 8000);

    for (const body of [{ product: 'karaoke', duration_ms: 1000 }, { product: 'asr' }, { product: 'asr', duration_ms: 0 }, {}]) {
      assert.equal((await fx.api('/billing/media/credit-estimates', { method: 'POST', body })).status, 422, JSON.stringify(body));
    }
    assert.equal((await fx.balance()).spent, 0);
    assert.equal((await fx.ledger()).length, 0);
  });
});
