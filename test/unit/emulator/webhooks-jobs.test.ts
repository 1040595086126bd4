import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { obj, useEmulator } from './helpers.ts';
import { FAST, setSettings, startJob, uploadDocument, waitEnded } from './jobs-fixture.ts';
import { Receiver } from './webhooks-receiver.ts';

/** Real jobs through the scheduler: webhook, receipt and usage agree with the job and the balance. */
describe('emulator: webhooks, receipts and usage of real translation jobs', () => {
  const fx = useEmulator();
  let rx: Receiver;
  beforeEach(async () => {
    await setSettings(fx, { job_speed: FAST });
    rx = await Receiver.start();
  });
  afterEach(() => rx.close());

  async function deliveries(): Promise<Record<string, unknown>[]> {
    return obj(await fx.control('/webhooks/deliveries?wait=1')).deliveries as Record<string, unknown>[];
  }

  it('a completed job is delivered signed, settles, and shows in its receipt and in usage', async () => {
    await fx.api('/webhooks', { method: 'POST', body: { url: rx.url, secret: 'e2e', events: ['job.completed'] } });
    const text = '# Guide\n\nHello world.\n';
    const doc = await uploadDocument(fx, 'guide.md', text);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const job = await waitEnded(fx, id);
    assert.equal(job.status, 'completed');
    await deliveries();

    assert.equal(rx.received.length, 1);
    const got = rx.received[0]!;
    const expected = `sha256=${createHmac('sha256', 'e2e').update(got.raw).digest('hex')}`;
    assert.equal(got.headers['x-webhook-signature'], expected);
    const data = rx.json(0).data as Record<string, unknown>;
    const chars = data.char_count as number;
    assert.deepEqual(data, { job_id: id, status: 'completed', file_name: 'guide.md', char_count: chars });
    assert.ok(chars > 0);

    const receipt = obj(await fx.api(`/billing/credits/jobs/${id}`));
    assert.equal(receipt.status, 'settled');
    assert.equal(receipt.charged_millicredits, Math.max(2000, chars * 1000));
    assert.equal((await fx.balance()).spent, receipt.charged_millicredits);
    const ops = obj(await fx.api('/billing/credits/operations')).items as Record<string, unknown>[];
    assert.deepEqual(
      ops.map((o) => o.job_id),
      [id],
    );

    const usage = obj(await fx.api('/usage')).items as Record<string, unknown>[];
    assert.equal(usage.length, 1);
    assert.equal(usage[0]!.job_id, id);
    assert.equal(usage[0]!.character_count, chars);
    assert.equal(obj(await fx.api('/usage/summary')).file_count, 1);
  });

  it('a job failing the start check is delivered with error, and its receipt charges nothing', async () => {
    const acct = await fx.newAccount(1000);
    await fx.api('/webhooks', { method: 'POST', key: acct.apiKey, body: { url: rx.url, events: ['*'] } });
    const doc = await uploadDocument(fx, 'notes.txt', 'Some text that costs more than one credit.\n', acct.apiKey);
    const id = await startJob(fx, { document_id: doc, target_lang: 'fr' }, { key: acct.apiKey });
    const job = await waitEnded(fx, id, acct.apiKey);
    assert.equal(job.status, 'failed');
    assert.equal(job.quota_exceeded, true);
    const [d] = await deliveries();

    assert.equal(d!.ok, true);
    assert.equal(rx.received[0]!.headers['x-webhook-signature'], undefined);
    const data = rx.json(0).data as Record<string, unknown>;
    assert.equal(data.status, 'failed');
    assert.equal(data.error, job.error_msg);
    const receipt = obj(await fx.api(`/billing/credits/jobs/${id}`, { key: acct.apiKey }));
    assert.equal(receipt.status, 'not_charged');
    assert.equal(receipt.charged_millicredits, 0);
    assert.equal(obj(await fx.api('/usage/summary', { key: acct.apiKey })).file_count, 0);
  });
});
