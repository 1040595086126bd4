/**
 * Translation jobs over HTTP against the emulator: create with one Idempotency-Key reused on
 * retries (one job, however many attempts), caller-supplied keys, conflicts and gone jobs as typed
 * errors, list with limit/before, cancel and AlreadyEndedError.
 */
import assert from 'node:assert/strict';
import {
  AlreadyEndedError,
  buildCreateJobBody,
  DocTranslateClient,
  GoneError,
  IdempotencyConflictError,
  ValidationError,
  type Document,
} from '../../../src/api/index.ts';
import { TestEmulator } from './support/emulator.ts';

describe('api/jobs against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let doc: Document;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 50 });
    client = emu.client();
    doc = await emu.upload(client, 'jobs.md', '# Jobs\n\nTranslate this, please.\n');
  });
  afterEach(() => emu.control('DELETE', '/faults'));
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  it('creates a job (201) with only the fields given, and reads it back', async () => {
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'fr', output_mode: 'single', include_images: false });
    assert.equal(job.document_id, doc.id);
    assert.equal(job.target_lang, 'fr');
    assert.ok(['pending', 'processing'].includes(job.status));
    const again = await client.jobs.get(job.id);
    assert.equal(again.id, job.id);
    await client.jobs.watch(job.id, { pollIntervalMs: 50 });
  });

  it('retries a create that failed after the server acted, with the same key: one job', async () => {
    await emu.control('DELETE', '/requests');
    await emu.control('POST', '/faults', { path_prefix: '/api/v1/jobs', method: 'POST', kind: 'status', status: 503, count: 2, phase: 'after' });
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'es' });
    const creates = (await emu.requests('/api/v1/jobs')).filter((r) => r.method === 'POST' && r.path === '/api/v1/jobs');
    assert.equal(creates.length, 3);
    assert.equal(new Set(creates.map((r) => r.idempotency_key)).size, 1, 'one key on every attempt');
    assert.ok(creates[0]!.idempotency_key);
    const spanish = (await client.jobs.list({ limit: 100 })).items.filter((j) => j.target_lang === 'es');
    assert.deepEqual(
      spanish.map((j) => j.id),
      [job.id],
      'exactly one job was created',
    );
  });

  it('uses a caller-supplied key: same body replays, another body conflicts', async () => {
    const key = `test-${Date.now()}`;
    const a = await client.jobs.create({ document_id: doc.id, target_lang: 'it' }, { idempotencyKey: key });
    const b = await client.jobs.create({ document_id: doc.id, target_lang: 'it' }, { idempotencyKey: key });
    assert.equal(a.id, b.id);
    await assert.rejects(client.jobs.create({ document_id: doc.id, target_lang: 'nl' }, { idempotencyKey: key }), IdempotencyConflictError);
    await emu.control('DELETE', `/jobs/${a.id}`);
    await assert.rejects(
      client.jobs.create({ document_id: doc.id, target_lang: 'it' }, { idempotencyKey: key }),
      (e: unknown) => e instanceof GoneError && e.code === 'idempotency_job_gone',
    );
  });

  it('validates the create body before sending anything', async () => {
    await emu.control('DELETE', '/requests');
    await assert.rejects(client.jobs.create({ document_id: '', target_lang: 'de' }), ValidationError);
    await assert.rejects(client.jobs.create({ document_id: doc.id, target_lang: 'de', output_mode: 'both' as 'single' }), ValidationError);
    await assert.rejects(client.jobs.create({ document_id: doc.id, target_lang: 'de' }, { idempotencyKey: 'bad key with spaces' }), ValidationError);
    assert.equal((await emu.requests('/api/v1/jobs')).length, 0);
    assert.deepEqual(buildCreateJobBody({ document_id: 'd', target_lang: 'de', context_translation: true, max_credit_millicredits: 5 }), {
      document_id: 'd',
      target_lang: 'de',
      context_translation: true,
      max_credit_millicredits: 5,
    });
  });

  it('lists jobs newest first with limit and before, reading the envelope loosely', async () => {
    for (const lang of ['pl', 'sv']) await client.jobs.cancel((await client.jobs.create({ document_id: doc.id, target_lang: lang })).id);
    const all = await client.jobs.list({ limit: 100 });
    assert.ok(all.items.length >= 3);
    const times = all.items.map((j) => Date.parse(j.created_at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );
    const page = await client.jobs.list({ limit: 2 });
    assert.equal(page.items.length, 2);
    assert.equal(page['has_more'], true);
    const next = await client.jobs.list({ limit: 100, before: page.items[1]!.created_at });
    assert.ok(next.items.length >= 1 && next.items.every((j) => Date.parse(j.created_at) < Date.parse(page.items[1]!.created_at)));
    const byDate = await client.jobs.list({ limit: 100, before: new Date(Date.parse(page.items[1]!.created_at)) });
    assert.deepEqual(
      byDate.items.map((j) => j.id),
      next.items.map((j) => j.id),
    );
    await assert.rejects(client.jobs.list({ limit: 0 }), ValidationError);
  });

  it('cancels a running job (failed, free) and answers AlreadyEndedError for an ended one', async () => {
    const held = await emu.heldJob(client, 'cancel-me.md');
    const cancelled = await client.jobs.cancel(held.id);
    assert.equal(cancelled.status, 'failed');
    const err = await client.jobs.cancel(held.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof AlreadyEndedError, String(err));
    assert.equal(err.status, 409);
    assert.equal(err.code, 'already_ended');
    const receipt = await client.receipts.forJob(held.id);
    assert.equal(receipt['job_id'], held.id);
    assert.equal(receipt['status'], 'not_charged');
  });

  it('reports a missing job as a typed 404', async () => {
    await assert.rejects(client.jobs.get('job_nope'), (e: unknown) => (e as { name?: string }).name === 'NotFoundError');
  });
});
