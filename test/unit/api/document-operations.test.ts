/** Document operations over real HTTP against the emulator (spec 4.5, 4.1, 2.10, parts 7 and 8). */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod/mini';
import {
  AbortError,
  AlreadyEndedError,
  IdempotencyConflictError,
  InsufficientCreditsError,
  NotFoundError,
  PermissionError,
  UnsupportedFormatError,
  ValidationError,
  operationOutcome,
  readCapabilities,
  sleep,
  type DocTranslateClient,
} from '../../../src/api/index.ts';
import { makePdf, makePng } from '../emulator/doctools-fixture.ts';
import { TestEmulator, eventually } from './support/emulator.ts';
import { deferred } from '../support/until.mjs';

describe('api/documentOperations against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 40 });
  });
  beforeEach(async () => {
    await emu.reset();
    await emu.settings({ job_speed: 40 });
    client = emu.client();
    dir = mkdtempSync(join(tmpdir(), 'dt-ops-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  const pdf = async (c: DocTranslateClient, pages: number, name = 'report.pdf') => c.uploadFile(emu.file(name, await makePdf(pages)));
  const charges = async () => (await emu.ledger()).filter((e) => e.type === 'charge' || e.type === 'settlement');
  const operationPosts = async () => (await emu.requests('/api/v1/document-operations')).filter((r) => r.method === 'POST');

  describe('capabilities', () => {
    it('reads both listings: open kinds with input formats, billing and limits; a closed one under unavailable with its reason', async () => {
      const ops = await client.documentOperations.capabilities();
      assert.deepEqual(
        ops.operations.map((o) => o.kind),
        ['extract', 'pdf_to_html', 'visual_extract'],
      );
      const visual = ops.operations.find((o) => o.kind === 'visual_extract')!;
      assert.deepEqual(visual.input_formats, ['pdf']);
      assert.deepEqual(visual['limits'], { max_pages: 20 }, 'fields the spec does not show are kept');
      assert.deepEqual(ops.unavailable, []);
      const tools = await client.fileTools.capabilities();
      assert.deepEqual(
        tools.operations.map((o) => o.kind),
        ['pdf_merge', 'pdf_split', 'pdf_compress', 'image_convert', 'image_compress'],
      );
      assert.deepEqual(tools.operations.find((o) => o.kind === 'image_convert')!.input_formats, ['png', 'jpg']);

      await emu.control('POST', '/document-tools/capabilities', { kind: 'visual_extract', open: false, reason: 'Maintenance' });
      const closed = await client.documentOperations.capabilities();
      assert.deepEqual(
        closed.operations.map((o) => o.kind),
        ['extract', 'pdf_to_html'],
      );
      assert.deepEqual(
        closed.unavailable.map((u) => [u.kind, u.reason]),
        [['visual_extract', 'Maintenance']],
      );
    });

    it('readCapabilities is loose about shapes the spec does not show', () => {
      assert.deepEqual(readCapabilities(['extract', { name: 'pdf_to_html', formats: ['.PDF'] }, 42, {}]), {
        operations: [
          { kind: 'extract', input_formats: [] },
          { name: 'pdf_to_html', formats: ['.PDF'], kind: 'pdf_to_html', input_formats: ['pdf'] },
        ],
        unavailable: [],
      });
      const mapped = readCapabilities({
        items: [{ kind: 'extract' }, { kind: 'visual_extract', open: false, message: 'off' }],
        unavailable: { pdf_to_html: 'down', extract: { reason: 'later' } },
      });
      assert.deepEqual(mapped.operations, []);
      assert.deepEqual(
        mapped.unavailable.map((u) => [u.kind, u.reason]),
        [
          ['visual_extract', 'off'],
          ['pdf_to_html', 'down'],
          ['extract', 'later'],
        ],
      );
      assert.deepEqual(readCapabilities({ operations: [{ kind: 'a' }], unavailable: ['a', { tool: 'b' }] }).operations, []);
      assert.deepEqual(readCapabilities(null), { operations: [], unavailable: [] });
    });
  });

  describe('create, wait, download', () => {
    it('extract: one create with an Idempotency-Key, polled to completion, the output streamed to disk, a free receipt', async () => {
      const doc = await pdf(client, 2, 'Annual Report.pdf');
      const before = await client.billing.balance();
      const created = await client.documentOperations.create({ document_id: doc.id, kind: 'extract' });
      assert.equal(operationOutcome(created), 'running');
      const seen: string[] = [];
      const done = await client.documentOperations.waitFor(created.id, { intervalMs: 10, maxIntervalMs: 40, onUpdate: (op) => seen.push(op.status) });
      assert.equal(done.status, 'completed');
      assert.equal(seen.at(-1), 'completed');
      assert.equal(operationOutcome(done), 'completed');
      assert.match(done.output_document_id!, /^doc_/);

      const saved = await client.documentOperations.downloadOutput(done, { targetDir: dir });
      assert.equal(saved.notModified, false);
      if (saved.notModified) return;
      assert.equal(saved.filename, 'Annual Report.extract.json');
      assert.match(saved.contentType ?? '', /^application\/json/);
      const json = JSON.parse(readFileSync(saved.path, 'utf8')) as { pages: { text: string }[] };
      assert.equal(json.pages.length, 2);
      assert.match(json.pages[1]!.text, /^Report page 2\n/);
      assert.deepEqual(readdirSync(dir), ['Annual Report.extract.json'], 'no temp file left');

      const receipt = await client.receipts.operation(done.credit_operation_id!);
      assert.equal(receipt['charged_millicredits'], 0);
      assert.equal((await client.billing.balance()).available, before.available);
      const posts = await operationPosts();
      assert.equal(posts.length, 1);
      assert.match(posts[0]!.idempotency_key ?? '', /^dt-/);
    });

    it('visual_extract of 3 pages charges 3 credits on completion; the receipt says so', async () => {
      const doc = await pdf(client, 3);
      const before = await client.billing.balance();
      const done = await client.documentOperations.waitFor((await client.documentOperations.create({ document_id: doc.id, kind: 'visual_extract' })).id, {
        intervalMs: 10,
      });
      assert.equal(done.status, 'completed');
      assert.equal((await client.billing.balance()).available, before.available - 3000);
      const receipt = await client.receipts.operation(done.credit_operation_id!);
      assert.equal(receipt['charged_millicredits'], 3000);
      assert.deepEqual(receipt['billing_basis'], { unit: 'pages', quantity: 3, rate_millicredits: 1000, minimum_millicredits: null });
    });

    it('a create that timed out after the service acted is retried with the same key: one operation, one charge', async () => {
      const doc = await pdf(client, 2);
      await emu.addFault({ kind: 'status', status: 503, path_prefix: '/api/v1/document-operations', method: 'POST', count: 1, phase: 'after' });
      const op = await client.documentOperations.create({ document_id: doc.id, kind: 'visual_extract' });
      const posts = await operationPosts();
      assert.equal(posts.length, 2, 'the 503 was retried');
      assert.equal(posts[0]!.idempotency_key, posts[1]!.idempotency_key);
      assert.deepEqual(
        (await client.documentOperations.list()).items.map((o) => o.id),
        [op.id],
      );
      await client.documentOperations.waitFor(op.id, { intervalMs: 10 });
      assert.deepEqual(
        (await charges()).map((c) => c.amount_millicredits),
        [2000],
      );
    });

    it("a caller's key reused with another body is IdempotencyConflictError; an invalid key is refused before sending", async () => {
      const doc = await pdf(client, 1);
      await client.documentOperations.create({ document_id: doc.id, kind: 'extract' }, { idempotencyKey: 'mine-1' });
      await assert.rejects(
        client.documentOperations.create({ document_id: doc.id, kind: 'pdf_to_html' }, { idempotencyKey: 'mine-1' }),
        IdempotencyConflictError,
      );
      const same = await client.documentOperations.create({ document_id: doc.id, kind: 'extract' }, { idempotencyKey: 'mine-1' });
      assert.equal((await client.documentOperations.list()).items.length, 1);
      assert.equal(same.id, (await client.documentOperations.list()).items[0]!.id);
      const count = (await operationPosts()).length;
      await assert.rejects(client.documentOperations.create({ document_id: doc.id, kind: 'extract' }, { idempotencyKey: 'has space' }), ValidationError);
      await assert.rejects(client.documentOperations.create({ document_id: doc.id, kind: '' }), ValidationError);
      assert.equal((await operationPosts()).length, count, 'nothing was sent');
    });

    it('without an Idempotency-Key the service answers a clear 400 (the client always sends one)', async () => {
      const doc = await pdf(client, 1);
      const err = await client.requester
        .requestJson({ method: 'POST', path: '/document-operations', json: { document_id: doc.id, kind: 'extract' } }, z.unknown())
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      assert.ok(err instanceof ValidationError);
      assert.equal(err.status, 400);
      assert.equal(err.serviceCode, 'idempotency_key_required');
      assert.deepEqual(
        err.fieldErrors.map((f) => f.field),
        ['Idempotency-Key'],
      );
    });
  });

  describe('refused creates charge nothing (part 7)', () => {
    it("21 pages, a closed kind, too little balance, a wrong type, another account's or a missing document: typed errors, no charge", async () => {
      const big = await pdf(client, 21, 'big.pdf');
      const tooMany = await client.documentOperations.create({ document_id: big.id, kind: 'visual_extract' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(tooMany instanceof ValidationError);
      assert.equal(tooMany.serviceCode, 'page_limit_exceeded');

      await emu.control('POST', '/document-tools/capabilities', { kind: 'pdf_to_html', open: false, reason: 'Upgrading' });
      const closed = await client.documentOperations.create({ document_id: big.id, kind: 'pdf_to_html' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(closed instanceof ValidationError);
      assert.equal(closed.serviceCode, 'operation_unavailable');
      assert.match(closed.message, /Upgrading/);

      const poor = await emu.createAccount(500);
      const poorClient = emu.client({ apiKey: poor.api_key });
      const small = await pdf(poorClient, 1, 'small.pdf');
      await assert.rejects(poorClient.documentOperations.create({ document_id: small.id, kind: 'visual_extract' }), InsufficientCreditsError);

      const png = await client.uploadFile(emu.file('shot.png', makePng()));
      const wrongType = await client.documentOperations.create({ document_id: png.id, kind: 'visual_extract' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(wrongType instanceof UnsupportedFormatError);
      assert.equal(wrongType.status, 415);
      await assert.rejects(client.documentOperations.create({ document_id: small.id, kind: 'extract' }), PermissionError);
      await assert.rejects(client.documentOperations.create({ document_id: 'doc_missing', kind: 'extract' }), NotFoundError);

      assert.deepEqual(await charges(), []);
      assert.deepEqual((await client.documentOperations.list()).items, []);
      assert.equal((await poorClient.billing.balance()).available, 500);
    });
  });

  describe('list, cancel, abort', () => {
    it("lists only the calling key's operations; another key's operation is PermissionError", async () => {
      const doc = await pdf(client, 1);
      const mine = await client.documentOperations.create({ document_id: doc.id, kind: 'extract' });
      const key = await emu.createKey(emu.emu.accountId, {});
      const other = emu.client({ apiKey: key.api_key });
      const theirs = await other.documentOperations.create({ document_id: doc.id, kind: 'extract' });
      assert.deepEqual(
        (await client.documentOperations.list({ limit: 10 })).items.map((o) => o.id),
        [mine.id],
      );
      assert.deepEqual(
        (await other.documentOperations.list()).items.map((o) => o.id),
        [theirs.id],
      );
      await assert.rejects(client.documentOperations.get(theirs.id), PermissionError);
      await assert.rejects(client.documentOperations.list({ limit: 0 }), ValidationError);
    });

    it('waitFor stops at once on abort (the operation keeps running); cancel ends it without charge; a second cancel is AlreadyEndedError', async () => {
      await emu.control('POST', '/document-operations/settings', { hold_new: true });
      const doc = await pdf(client, 2);
      const op = await client.documentOperations.create({ document_id: doc.id, kind: 'visual_extract' });
      await eventually(async () => (await client.documentOperations.get(op.id)).status === 'processing', 'processing');
      // The poller's wait is an hour: the test ends only if the abort ends it, whatever the load.
      const inWait = deferred<number>();
      const parked = emu.client({ sleep: (ms, signal) => (inWait.resolve(ms), sleep(ms, signal)) });
      const controller = new AbortController();
      const waiting = parked.documentOperations.waitFor(op.id, { signal: controller.signal, intervalMs: 3_600_000, maxIntervalMs: 3_600_000 });
      assert.equal(await inWait.promise, 3_600_000, 'the poller read the running operation and is waiting');
      controller.abort();
      await assert.rejects(waiting, AbortError);
      assert.equal((await client.documentOperations.get(op.id)).status, 'processing');

      const cancelled = await client.documentOperations.cancel(op.id);
      assert.equal(cancelled.status, 'cancelled');
      assert.equal(operationOutcome(cancelled), 'failed');
      await assert.rejects(client.documentOperations.cancel(op.id), AlreadyEndedError);
      await assert.rejects(client.documentOperations.downloadOutput(cancelled, { targetDir: dir }), ValidationError);
      assert.deepEqual(await charges(), []);
    });

    it('a failed operation ends the wait with outcome failed and its message, without output or charge', async () => {
      await emu.control('POST', '/document-operations/settings', { hold_new: true });
      const doc = await pdf(client, 2);
      const op = await client.documentOperations.create({ document_id: doc.id, kind: 'visual_extract' });
      const waiting = client.documentOperations.waitFor(op.id, { intervalMs: 10 });
      await emu.control('POST', `/document-operations/${op.id}/fail`, { error_msg: 'Engine crashed' });
      const ended = await waiting;
      assert.equal(operationOutcome(ended), 'failed');
      assert.equal(ended.error_msg, 'Engine crashed');
      assert.equal(ended.output_document_id, null);
      assert.deepEqual(await charges(), []);
    });
  });

  it('operationOutcome reads statuses loosely', () => {
    const o = (status: string, output: string | null = null) => operationOutcome({ status, output_document_id: output });
    assert.deepEqual(
      [o('queued'), o('processing'), o('succeeded'), o('DONE'), o('unknown', 'doc_1'), o('canceled'), o('error'), o('failed', 'doc_1')],
      ['running', 'running', 'completed', 'completed', 'completed', 'failed', 'failed', 'failed'],
    );
  });
});
