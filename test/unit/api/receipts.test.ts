/** Credit operations, receipts and usage against the emulator (all free; loose shapes). */
import assert from 'node:assert/strict';
import type { DocTranslateClient, Job } from '../../../src/api/index.ts';
import { TestEmulator } from './support/emulator.ts';

describe('api/receipts and usage against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let job: Job;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 50 });
    client = emu.client();
    const doc = await emu.upload(client, 'billed.md', '# Billed\n\nSome characters to pay for.\n');
    job = await client.jobs.watch((await client.jobs.create({ document_id: doc.id, target_lang: 'de' })).id, { pollIntervalMs: 50 });
    assert.equal(job.status, 'completed');
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  it('reads the receipt of a completed job and finds it among the credit operations', async () => {
    const receipt = await client.receipts.forJob(job.id);
    assert.equal(receipt['job_id'], job.id);
    assert.equal(receipt['status'], 'settled');
    assert.ok((receipt['charged_millicredits'] as number) >= 2000, 'charged at least the 2-credit minimum');
    assert.equal(receipt['refunded_millicredits'], 0);
    const operationId = receipt['operation_id'];
    assert.equal(typeof operationId, 'string');
    const ops = await client.receipts.operations({ limit: 10 });
    assert.ok(ops.items.some((o) => o['operation_id'] === operationId));
    const one = await client.receipts.operation(operationId as string);
    assert.equal(one['operation_id'], operationId);
  });

  it('reads usage records and the summary', async () => {
    const usage = await client.usage.list({ limit: 10 });
    assert.ok(usage.items.some((u) => u['job_id'] === job.id));
    const summary = await client.usage.summary();
    assert.ok(Object.keys(summary).length > 0);
  });

  it('reads the balance through the existing billing resource', async () => {
    const balance = await client.billing.balance();
    assert.ok(balance.spent > 0);
  });
});
