import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, createJob, markdownOf, setSettings, startJob, uploadDocument, waitEnded } from './jobs-fixture.ts';

async function pdfOf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

describe('emulator: job start check, settlement and debt', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  it('fails a job at start with quota_exceeded and no charge when the balance is not above the threshold; other jobs run', async () => {
    const acct = await fx.newAccount(5000);
    const big = await uploadDocument(fx, 'big.md', markdownOf(10), acct.apiKey);
    const small = await uploadDocument(fx, 'small.md', markdownOf(3), acct.apiKey);
    const bigJob = await startJob(fx, { document_id: big, target_lang: 'de' }, { key: acct.apiKey });
    const smallJob = await startJob(fx, { document_id: small, target_lang: 'de' }, { key: acct.apiKey });
    const failed = await waitEnded(fx, bigJob, acct.apiKey);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.stage, 'failed');
    assert.equal(failed.quota_exceeded, true);
    assert.match(failed.error_msg as string, /10000 millicredits/);
    assert.equal(failed.time_cost, 0);
    const done = await waitEnded(fx, smallJob, acct.apiKey);
    assert.equal(done.status, 'completed');
    assert.equal(done.quota_exceeded, false);
    const settlements = (await fx.ledger('settlement')).filter((e) => e.account_id === acct.accountId);
    assert.deepEqual(
      settlements.map((e) => [e.job_id, e.amount_millicredits]),
      [[smallJob, 3000]],
    );
    assert.equal((await fx.balance(acct.apiKey)).available, 2000);
  });

  it('a balance exactly at the threshold is not above it; the minimum threshold is 2 credits', async () => {
    const acct = await fx.newAccount(2000);
    const doc = await uploadDocument(fx, 'one.md', markdownOf(1), acct.apiKey);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' }, { key: acct.apiKey });
    const job = await waitEnded(fx, id, acct.apiKey);
    assert.equal(job.quota_exceeded, true);
    assert.equal((await fx.balance(acct.apiKey)).available, 2000);
  });

  it('PDF jobs are measured in pages x 2 credits', async () => {
    const acct = await fx.newAccount(6500);
    const doc = await uploadDocument(fx, 'report.pdf', await pdfOf(3), acct.apiKey);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' }, { key: acct.apiKey });
    assert.equal((await waitEnded(fx, id, acct.apiKey)).status, 'completed');
    const entry = (await fx.ledger('settlement')).find((e) => e.job_id === id)!;
    assert.equal(entry.amount_millicredits, 6000);
    assert.equal((await fx.balance(acct.apiKey)).available, 500);
  });

  it('settles on completion by usage: a settlement ledger line with the job id, key budget used, balance reduced', async () => {
    const created = await fx.control(`/accounts/${fx.emu.accountId}/keys`, { method: 'POST', body: { budget_millicredits: 50_000 } });
    const { api_key: key, key_id: keyId } = obj(created) as { api_key: string; key_id: string };
    const doc = await uploadDocument(fx, 'a.md', markdownOf(12), key);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' }, { key, idempotencyKey: 'settle-1' });
    assert.equal((await waitEnded(fx, id, key)).status, 'completed');
    const [entry] = (await fx.ledger('settlement')).filter((e) => e.job_id === id);
    assert.equal(entry!.amount_millicredits, 12_000);
    assert.equal(entry!.characters, 12);
    assert.equal(entry!.key_id, keyId);
    assert.equal(entry!.idempotency_key, 'settle-1');
    assert.equal((await fx.balance()).available, 1_000_000_000 - 12_000);
    const keyView = obj(await fx.control(`/keys/${keyId}`, { method: 'PATCH', body: {} }));
    assert.equal(keyView.used_millicredits, 12_000);
  });

  it('a key whose remaining budget is not above the threshold fails the start check; a used-up key gets 429', async () => {
    const created = await fx.control(`/accounts/${fx.emu.accountId}/keys`, { method: 'POST', body: { budget_millicredits: 5000 } });
    const { api_key: key, key_id: keyId } = obj(created) as { api_key: string; key_id: string };
    const doc = await uploadDocument(fx, 'a.md', markdownOf(10), key);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' }, { key });
    const job = await waitEnded(fx, id, key);
    assert.equal(job.quota_exceeded, true);
    assert.match(job.error_msg as string, /budget/i);
    await fx.control(`/keys/${keyId}`, { method: 'PATCH', body: { budget_millicredits: 0 } });
    const r = await createJob(fx, { document_id: doc, target_lang: 'de' }, { key });
    assert.equal(r.status, 429);
    assert.equal(errorCode(r), 'key_budget_exhausted');
    assert.equal((await fx.ledger('settlement')).length, 0);
  });

  it('settlement beyond the balance becomes debt; while in debt new jobs fail the start check; a top-up repays it', async () => {
    const acct = await fx.newAccount(15_000);
    const doc = await uploadDocument(fx, 'ten.md', markdownOf(10), acct.apiKey);
    // Both pass the start check against 15,000 (starting deducts nothing), then both settle 10,000.
    const a = await startJob(fx, { document_id: doc, target_lang: 'de' }, { key: acct.apiKey });
    const b = await startJob(fx, { document_id: doc, target_lang: 'fr' }, { key: acct.apiKey });
    assert.equal((await waitEnded(fx, a, acct.apiKey)).status, 'completed');
    assert.equal((await waitEnded(fx, b, acct.apiKey)).status, 'completed');
    const balance = await fx.balance(acct.apiKey);
    assert.equal(balance.available, -5000);
    assert.equal(balance.debt, 5000);
    assert.equal(balance.spent, 20_000);

    const small = await uploadDocument(fx, 'small.md', markdownOf(2), acct.apiKey);
    const c = await startJob(fx, { document_id: small, target_lang: 'de' }, { key: acct.apiKey });
    assert.equal((await waitEnded(fx, c, acct.apiKey)).quota_exceeded, true);

    await fx.control(`/accounts/${acct.accountId}/credits`, { method: 'POST', body: { millicredits: 10_000 } });
    assert.equal((await fx.balance(acct.apiKey)).debt, 0);
    const d = await startJob(fx, { document_id: small, target_lang: 'de' }, { key: acct.apiKey });
    assert.equal((await waitEnded(fx, d, acct.apiKey)).status, 'completed');
    assert.equal((await fx.balance(acct.apiKey)).available, 3000);
  });
});
