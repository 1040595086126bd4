import assert from 'node:assert/strict';
import { completeJob, endJob, fakeJob } from './billing-jobs.ts';
import { errorCode, useEmulator } from './helpers.ts';

type Op = Record<string, unknown> & { operation_id: string; billing_basis: Record<string, unknown> };

describe('emulator: credit operations and receipts (spec 2.6, 4.7)', () => {
  const fx = useEmulator();
  const app = () => fx.emu.app;

  const snippet = (text: string, key?: string) =>
    fx.api('/ai/translate-snippet', { method: 'POST', body: { text, target_lang: 'de' }, ...(key ? { key } : {}) });
  async function ops(query = '', key?: string): Promise<{ items: Op[]; has_more: boolean; next_offset: number }> {
    const r = await fx.api(`/billing/credits/operations${query}`, key ? { key } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as { items: Op[]; has_more: boolean; next_offset: number };
  }
  async function jobReceipt(jobId: string, key?: string): Promise<Op> {
    const r = await fx.api(`/billing/credits/jobs/${jobId}`, key ? { key } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body as Op;
  }

  it('lists instant translation charges newest first as settled operations with their billing basis', async () => {
    await snippet('abc');
    await fx.api('/ai/translate-batch', {
      method: 'POST',
      body: {
        segments: [
          { id: 'a', text: 'hello' },
          { id: 'b', text: '  ' },
        ],
        target_lang: 'fr',
      },
    });
    const { items, has_more } = await ops();
    assert.equal(has_more, false);
    assert.equal(items.length, 2);
    const [batch, snip] = items;
    assert.equal(batch!.endpoint, '/ai/translate-batch');
    assert.equal(batch!.charged_millicredits, 5);
    assert.deepEqual(snip, {
      operation_id: snip!.operation_id,
      kind: 'instant_translation',
      status: 'settled',
      billing_basis: { unit: 'characters', quantity: 3, rate_millicredits: 1, minimum_millicredits: null },
      charged_millicredits: 3,
      refunded_millicredits: 0,
      created_at: snip!.created_at,
      settled_at: snip!.created_at,
      endpoint: '/ai/translate-snippet',
    });
    assert.match(snip!.operation_id, /^cop_/);
    const one = await fx.api(`/billing/credits/operations/${snip!.operation_id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, snip);
  });

  it("shows a key only the operations it started; another key's are 403 not_owned, unknown ids 404", async () => {
    const second = await fx.newKey(fx.emu.accountId, {});
    await snippet('default key');
    await snippet('second key', second);
    const mine = (await ops('', second)).items;
    assert.equal(mine.length, 1);
    assert.equal(mine[0]!.charged_millicredits, 'second key'.length);
    const theirs = (await ops()).items[0]!;
    assert.equal(theirs.charged_millicredits, 'default key'.length);
    const hidden = await fx.api(`/billing/credits/operations/${theirs.operation_id}`, { key: second });
    assert.equal(hidden.status, 403);
    assert.equal(errorCode(hidden), 'operation_not_owned');
    assert.equal((await fx.api('/billing/credits/operations/cop_nope')).status, 404);
  });

  it('pages with limit and offset (items, has_more, next_offset); bad limits are 422, big ones clamped', async () => {
    for (const t of ['a', 'bb', 'ccc']) await snippet(t);
    const first = await ops('?limit=2');
    assert.deepEqual(
      first.items.map((o) => o.charged_millicredits),
      [3, 2],
    );
    assert.equal(first.has_more, true);
    assert.equal(first.next_offset, 2);
    const rest = await ops(`?limit=2&offset=${first.next_offset}`);
    assert.deepEqual(
      rest.items.map((o) => o.charged_millicredits),
      [1],
    );
    assert.equal(rest.has_more, false);
    assert.equal((await ops('?limit=100000')).items.length, 3);
    for (const q of ['?limit=0', '?limit=-1', '?limit=abc', '?limit=1.5', '?offset=-2']) {
      assert.equal((await fx.api(`/billing/credits/operations${q}`)).status, 422, q);
    }
  });

  it('gives job receipts: pending while running, settled when completed, not_charged when failed', async () => {
    const running = fakeJob(app(), fx.emu.accountId, { chars: 7 });
    let r = await jobReceipt(running.id);
    assert.equal(r.status, 'pending');
    assert.equal(r.charged_millicredits, 0);
    assert.equal(r.settled_at, null);
    assert.equal(r.job_id, running.id);
    assert.equal(r.kind, 'translation_job');

    completeJob(app(), running);
    r = await jobReceipt(running.id);
    assert.equal(r.status, 'settled');
    assert.equal(r.charged_millicredits, 7000);
    assert.equal(r.refunded_millicredits, 0);
    assert.deepEqual(r.billing_basis, { unit: 'characters', quantity: 7, rate_millicredits: 1000, minimum_millicredits: 2000 });
    assert.equal(typeof r.settled_at, 'string');
    const same = await fx.api(`/billing/credits/operations/${r.operation_id}`);
    assert.deepEqual(same.body, r);

    const failed = fakeJob(app(), fx.emu.accountId);
    endJob(app(), failed, 'failed', 'cancelled');
    r = await jobReceipt(failed.id);
    assert.equal(r.status, 'not_charged');
    assert.equal(r.charged_millicredits, 0);
    assert.equal((await fx.balance()).spent, 7000);
  });

  it('bills PDF jobs by pages and applies the 2-credit minimum to short files', async () => {
    const pdf = fakeJob(app(), fx.emu.accountId, { format: 'pdf', pages: 3, basename: 'a.pdf' });
    completeJob(app(), pdf);
    const p = await jobReceipt(pdf.id);
    assert.equal(p.charged_millicredits, 6000);
    assert.deepEqual(p.billing_basis, { unit: 'pages', quantity: 3, rate_millicredits: 2000, minimum_millicredits: null });
    const tiny = fakeJob(app(), fx.emu.accountId, { chars: 1 });
    completeJob(app(), tiny);
    assert.equal((await jobReceipt(tiny.id)).charged_millicredits, 2000);
  });

  it('gives job receipts to every key of the account; another account gets 403 job_not_owned', async () => {
    const job = fakeJob(app(), fx.emu.accountId);
    const second = await fx.newKey(fx.emu.accountId, {});
    assert.equal((await jobReceipt(job.id, second)).job_id, job.id);
    assert.ok(!(await ops('', second)).items.some((o) => o.job_id === job.id));
    assert.ok((await ops()).items.some((o) => o.job_id === job.id));
    const other = await fx.newAccount(10);
    const foreign = await fx.api(`/billing/credits/jobs/${job.id}`, { key: other.apiKey });
    assert.equal(foreign.status, 403);
    assert.equal(errorCode(foreign), 'job_not_owned');
    assert.equal((await fx.api('/billing/credits/jobs/job_missing')).status, 404);
  });

  it('shows refunds (control API) on the receipt, in the balance and the ledger', async () => {
    const job = fakeJob(app(), fx.emu.accountId, { chars: 5 });
    completeJob(app(), job);
    const partial = await fx.control(`/accounts/${fx.emu.accountId}/refunds`, { method: 'POST', body: { job_id: job.id, millicredits: 2000 } });
    assert.equal(partial.status, 201);
    let r = await jobReceipt(job.id);
    assert.equal(r.status, 'settled');
    assert.equal(r.refunded_millicredits, 2000);
    const full = await fx.control(`/accounts/${fx.emu.accountId}/refunds`, { method: 'POST', body: { job_id: job.id } });
    assert.equal(full.status, 201);
    r = await jobReceipt(job.id);
    assert.equal(r.status, 'refunded');
    assert.equal(r.refunded_millicredits, 5000);
    const b = await fx.balance();
    assert.equal(b.available, 1_000_000_000);
    assert.equal(b.spent, 0);
    assert.deepEqual(
      (await fx.ledger('refund')).map((e) => [e.job_id, e.amount_millicredits]),
      [
        [job.id, 2000],
        [job.id, 3000],
      ],
    );
    const again = await fx.control(`/accounts/${fx.emu.accountId}/refunds`, { method: 'POST', body: { job_id: job.id } });
    assert.equal(again.status, 409);
    const bad = await fx.control(`/accounts/${fx.emu.accountId}/refunds`, { method: 'POST', body: {} });
    assert.equal(bad.status, 422);
  });

  it('is free: reading operations and receipts writes no ledger line', async () => {
    await snippet('abc');
    const job = fakeJob(app(), fx.emu.accountId);
    const before = (await fx.ledger()).length;
    await ops();
    await fx.api(`/billing/credits/jobs/${job.id}`);
    await fx.api('/usage');
    await fx.api('/usage/summary');
    await fx.api('/billing/media/credit-catalog');
    await fx.api('/billing/media/credit-estimates', { method: 'POST', body: { product: 'asr', duration_ms: 60_000 } });
    assert.equal((await fx.ledger()).length, before);
    assert.equal((await fx.balance()).spent, 3);
  });
});
