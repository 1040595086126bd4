/** Media catalog, estimates and media jobs over real HTTP against the emulator (spec 4.7, 4.9, part 8 rule 2). */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  AbortError,
  AlreadyEndedError,
  InsufficientCreditsError,
  isMediaJobEnded,
  sleep,
  ValidationError,
  type DocTranslateClient,
} from '../../../src/api/index.ts';
import { mp3File, wavFile } from '../emulator/media-files.ts';
import { TestEmulator } from './support/emulator.ts';
import { deferred } from '../support/until.mjs';

describe('api/media: catalog, estimates and media jobs against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;

  before(async () => {
    emu = await TestEmulator.start();
  });
  beforeEach(async () => {
    await emu.reset();
    client = emu.client();
    await emu.control('POST', '/media/settings', { step_ms: 10, hold: false });
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  const uploadBytes = (c: DocTranslateClient, name: string, bytes: Buffer) => c.uploadFile(emu.file(name, bytes));

  it('reads the catalog: products with open flags, a closed one with its reason', async () => {
    const catalog = await client.media.catalog();
    const byName = new Map(catalog.products.map((p) => [p.product, p]));
    assert.deepEqual([...byName.keys()], ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video']);
    assert.equal(byName.get('asr')!.open, true);
    assert.equal(byName.get('full_video')!.open, false);
    assert.match(String(byName.get('full_video')!.reason), /not open/);
    assert.equal(byName.get('asr')!['millicredits_per_unit'], 1000, 'unknown fields are kept');
  });

  it('the estimate is for display only and deducts nothing', async () => {
    const before = await client.billing.balance();
    const ledger = (await emu.ledger()).length;
    const estimate = await client.media.estimate({ product: 'asr', duration_ms: 61_000 });
    assert.equal(estimate.estimated_millicredits, 2000);
    assert.equal(estimate['display_only'], true);
    const after = await client.billing.balance();
    assert.equal(after.available, before.available);
    assert.equal(after.spent, before.spent);
    assert.equal((await emu.ledger()).length, ledger);
    await assert.rejects(client.media.estimate({ product: 'asr', duration_ms: 0 }), ValidationError);
  });

  it('transcribes a WAV: one Idempotency-Key, polling until completed, a transcript to download, the settlement reference', async () => {
    const doc = await uploadBytes(client, 'talk.wav', wavFile(65_000));
    const created = await client.media.jobs.create({ product: 'asr', document_id: doc.id, source_language: 'auto', max_duration_ms: 600_000 });
    const seen: string[] = [];
    const done = await client.media.jobs.waitFor(created.operation_id, { intervalMs: 5, maxIntervalMs: 20, onUpdate: (j) => seen.push(j.status) });
    assert.equal(done.status, 'completed');
    assert.ok(isMediaJobEnded(done));
    assert.equal(seen.at(-1), 'completed');
    assert.equal(done['measured_duration_ms'], 65_000);
    const file = done.files[0]!;
    assert.equal(file.role, 'transcript');
    const saved = await client.artifacts.download(file.artifact_id!, { targetPath: emu.file('transcript.txt', ''), overwrite: true });
    assert.equal(saved.notModified, false);
    assert.match(await readFile(saved.path!, 'utf8'), /Recognised speech, segment 7\./);
    const settlement = done['settlement'] as { credit_operation_id: string; charged_millicredits: number };
    assert.equal(settlement.charged_millicredits, 2000);
    const receipt = await client.receipts.operation(settlement.credit_operation_id);
    assert.equal(receipt['kind'], 'media_job');
    const posts = (await emu.requests('/api/v1/media-jobs')).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1);
    assert.ok(posts[0]!.idempotency_key, 'the create carried an Idempotency-Key');
    const list = await client.media.jobs.list({ limit: 5 });
    assert.deepEqual(
      list.items.map((j) => j.operation_id),
      [created.operation_id],
    );
  });

  it('a create whose answer was lost is retried with the same key: one job, one charge', async () => {
    const doc = await uploadBytes(client, 'a.mp3', mp3File(30_000));
    await emu.addFault({ kind: 'status', status: 503, path_prefix: '/api/v1/media-jobs', method: 'POST', count: 1, phase: 'after' });
    const job = await client.media.jobs.create({ product: 'asr', document_id: doc.id });
    await client.media.jobs.waitFor(job.operation_id, { intervalMs: 5 });
    const posts = (await emu.requests('/api/v1/media-jobs')).filter((r) => r.method === 'POST');
    assert.equal(posts.length, 2);
    assert.equal(posts[0]!.idempotency_key, posts[1]!.idempotency_key);
    assert.equal((await client.media.jobs.list()).items.length, 1);
    assert.equal((await emu.ledger()).filter((e) => e.type === 'settlement').length, 1);
  });

  it('a duration charge is capped at the balance available at start; 402 when it cannot start', async () => {
    const account = await emu.createAccount(1500);
    const poor = emu.client({ apiKey: account.api_key });
    const doc = await uploadBytes(poor, 'long.wav', wavFile(185_000));
    const job = await poor.media.jobs.waitFor((await poor.media.jobs.create({ product: 'asr', document_id: doc.id })).operation_id, { intervalMs: 5 });
    assert.equal((job['settlement'] as { charged_millicredits: number }).charged_millicredits, 1500);
    assert.equal((await poor.billing.balance()).available, 0);
    await assert.rejects(poor.media.jobs.create({ product: 'asr', document_id: doc.id }), InsufficientCreditsError);
    assert.equal((await poor.media.jobs.list()).items.length, 1, 'the refused create made nothing');
  });

  it('cancel: the job ends cancelled and uncharged; cancelling again is AlreadyEndedError; waitFor stops on abort', async () => {
    await emu.control('POST', '/media/settings', { hold: true });
    const doc = await uploadBytes(client, 'talk.wav', wavFile(10_000));
    const job = await client.media.jobs.create({ product: 'asr', document_id: doc.id });
    // The poller's wait is an hour: the test ends only if the abort ends it, whatever the load.
    const inWait = deferred<number>();
    const parked = emu.client({ sleep: (ms, signal) => (inWait.resolve(ms), sleep(ms, signal)) });
    const controller = new AbortController();
    const waiting = parked.media.jobs.waitFor(job.operation_id, { intervalMs: 3_600_000, maxIntervalMs: 3_600_000, signal: controller.signal });
    assert.equal(await inWait.promise, 3_600_000, 'the poller read the held job and is waiting');
    controller.abort();
    await assert.rejects(waiting, AbortError);
    const cancelled = await client.media.jobs.cancel(job.operation_id);
    assert.equal(cancelled.status, 'cancelled');
    await assert.rejects(client.media.jobs.cancel(job.operation_id), AlreadyEndedError);
    assert.equal((await emu.ledger()).filter((e) => e.type === 'settlement').length, 0);
  });

  it('a closed product cannot run (ValidationError product_not_open); a failed job is not charged', async () => {
    const doc = await uploadBytes(client, 'talk.wav', wavFile(5000));
    await emu.control('POST', '/media/catalog', { product: 'asr', open: false, reason: 'Paused' });
    await assert.rejects(client.media.jobs.create({ product: 'asr', document_id: doc.id }), (err: unknown) => {
      assert.ok(err instanceof ValidationError);
      assert.equal(err.serviceCode, 'product_not_open');
      return true;
    });
    assert.equal((await client.media.jobs.list()).items.length, 0);
    await emu.control('POST', '/media/catalog', { product: 'asr', open: true });
    await emu.control('POST', '/media/settings', { hold: true });
    const job = await client.media.jobs.create({ product: 'asr', document_id: doc.id });
    await emu.control('POST', `/media-jobs/${job.operation_id}/fail`, { error_msg: 'decoder crashed' });
    const failed = await client.media.jobs.waitFor(job.operation_id, { intervalMs: 5 });
    assert.deepEqual([failed.status, failed.error_msg, failed.files], ['failed', 'decoder crashed', []]);
    assert.equal((failed['settlement'] as { status: string }).status, 'not_charged');
    assert.equal((await emu.ledger()).filter((e) => e.type === 'settlement').length, 0);
  });

  it('checks a create before sending it', async () => {
    await assert.rejects(client.media.jobs.create({ product: 'asr', document_id: '' }), ValidationError);
    await assert.rejects(client.media.jobs.create({ product: 'asr', document_id: 'doc_1', max_duration_ms: 1.5 }), ValidationError);
    assert.equal((await emu.requests('/api/v1/media-jobs')).length, 0);
  });
});

describe('api/media schemas (response field names not shown: read loosely)', () => {
  it('takes id/task_status for operation_id/status, keeps unknown fields, defaults files to none', async () => {
    const { MediaJobSchema, VoiceSchema, MediaCatalogSchema } = await import('../../../src/api/index.ts');
    const job = MediaJobSchema.parse({ id: 'mop_1', task_status: 'running', extra: { a: 1 } });
    assert.deepEqual([job.operation_id, job.status, job.files, job['extra']], ['mop_1', 'running', [], { a: 1 }]);
    assert.equal(isMediaJobEnded({ status: 'Succeeded' }), true);
    assert.equal(isMediaJobEnded({ status: 'processing' }), false);
    assert.equal(VoiceSchema.parse({ id: 'voice_1', state: 'x' }).asset_id, 'voice_1');
    assert.deepEqual(MediaCatalogSchema.parse([{ product: 'asr' }]).products[0], { product: 'asr' });
    assert.equal(MediaJobSchema.safeParse({ status: 'completed' }).success, false, 'an id is required');
  });
});
