import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { FAST, setSettings, uploadDocument, waitEnded } from './jobs-fixture.ts';
import { chargesOf, createOperation, downloadDocument, makePng, uploadPdf, waitOperation, type Json } from './doctools-fixture.ts';

describe('emulator: document operations (spec 4.5, 2.10, part 8)', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  const pdf = (pages: number, name = 'report.pdf', key?: string): Promise<string> => uploadPdf(fx, pages, name, key);
  const charges = (): Promise<Json[]> => chargesOf(fx);
  const download = (id: string, key?: string): ReturnType<typeof downloadDocument> => downloadDocument(fx, id, key);

  describe('capabilities', () => {
    it('lists the open operations with input formats, billing mode and limits, and nothing unavailable', async () => {
      const r = await fx.api('/document-operations/capabilities');
      assert.equal(r.status, 200);
      const ops = obj(r).operations as Json[];
      assert.deepEqual(
        ops.map((o) => o.kind),
        ['extract', 'pdf_to_html', 'visual_extract'],
      );
      const visual = ops.find((o) => o.kind === 'visual_extract')!;
      assert.deepEqual(visual.input_formats, ['pdf']);
      assert.deepEqual(visual.billing, { mode: 'per_page', unit: 'page', millicredits_per_unit: 1000, minimum_balance_millicredits: 1000 });
      assert.deepEqual(visual.limits, { max_pages: 20 });
      assert.deepEqual(ops.find((o) => o.kind === 'extract')!.billing, { mode: 'free' });
      assert.deepEqual(obj(r).unavailable, []);
    });

    it('lists the file tools under /artifacts/convert/capabilities', async () => {
      const r = await fx.api('/artifacts/convert/capabilities');
      assert.equal(r.status, 200);
      const tools = obj(r).operations as Json[];
      assert.deepEqual(
        tools.map((o) => o.kind),
        ['pdf_merge', 'pdf_split', 'pdf_compress', 'image_convert', 'image_compress'],
      );
      assert.equal(tools[0]!.path, '/file-tools/pdf/merge');
      assert.deepEqual(tools.find((o) => o.kind === 'image_convert')!.target_formats, ['png', 'jpg']);
      assert.deepEqual(tools.find((o) => o.kind === 'image_convert')!.quality, { min: 1, max: 100, default: 85 });
      assert.deepEqual(obj(r).unavailable, []);
    });

    it('a closed operation moves under unavailable with its reason, cannot be created (nothing charged), and reopens', async () => {
      const closed = await fx.control('/document-tools/capabilities', {
        method: 'POST',
        body: { kind: 'visual_extract', open: false, reason: 'Maintenance until noon' },
      });
      assert.equal(closed.status, 200);
      const caps = obj(await fx.api('/document-operations/capabilities'));
      assert.deepEqual(
        (caps.operations as Json[]).map((o) => o.kind),
        ['extract', 'pdf_to_html'],
      );
      assert.deepEqual(caps.unavailable, [{ kind: 'visual_extract', display_name: 'Visual structured extraction', reason: 'Maintenance until noon' }]);

      const doc = await pdf(2);
      const refused = await createOperation(fx, { document_id: doc, kind: 'visual_extract' });
      assert.equal(refused.status, 422);
      assert.equal(errorCode(refused), 'operation_unavailable');
      assert.match(JSON.stringify(refused.body), /Maintenance until noon/);
      assert.deepEqual(fieldNames(refused), ['kind']);
      assert.deepEqual(obj(await fx.api('/document-operations')).items as Json[], []);
      assert.deepEqual(await charges(), []);

      await fx.control('/document-tools/capabilities', { method: 'POST', body: { kind: 'visual_extract', open: true } });
      assert.equal((await createOperation(fx, { document_id: doc, kind: 'visual_extract' })).status, 201);
    });

    it('a closed file tool is listed as unavailable under /artifacts/convert/capabilities', async () => {
      await fx.control('/document-tools/capabilities', { method: 'POST', body: { kind: 'pdf_split', open: false } });
      const caps = obj(await fx.api('/artifacts/convert/capabilities'));
      assert.ok(!(caps.operations as Json[]).some((o) => o.kind === 'pdf_split'));
      assert.deepEqual(
        (caps.unavailable as Json[]).map((u) => [u.kind, u.reason]),
        [['pdf_split', 'Temporarily unavailable']],
      );
    });
  });

  describe('POST /document-operations and idempotency (spec 4.1)', () => {
    it('without an Idempotency-Key answers 400 idempotency_key_required and creates nothing', async () => {
      const doc = await pdf(1);
      const r = await createOperation(fx, { document_id: doc, kind: 'extract' }, { idempotencyKey: null });
      assert.equal(r.status, 400);
      assert.equal(errorCode(r), 'idempotency_key_required');
      assert.deepEqual(fieldNames(r), ['Idempotency-Key']);
      assert.deepEqual(obj(await fx.api('/document-operations')).items, []);
    });

    it('an invalid Idempotency-Key is 422', async () => {
      const doc = await pdf(1);
      const r = await createOperation(fx, { document_id: doc, kind: 'extract' }, { idempotencyKey: 'has space' });
      assert.equal(r.status, 422);
      assert.equal(errorCode(r), 'invalid_idempotency_key');
    });

    it('creates an operation (201, Location) that runs to completion by polling', async () => {
      const doc = await pdf(2);
      const r = await createOperation(fx, { document_id: doc, kind: 'extract' }, { idempotencyKey: 'op-1' });
      assert.equal(r.status, 201);
      const op = obj(r);
      assert.match(op.id as string, /^dop_/);
      assert.equal(op.kind, 'extract');
      assert.equal(op.document_id, doc);
      assert.equal(op.status, 'pending');
      assert.equal(op.output_document_id, null);
      assert.equal(op.credit_operation_id, null);
      assert.equal(r.headers.get('location'), `/api/v1/document-operations/${op.id as string}`);
      const done = await waitOperation(fx, op.id as string);
      assert.equal(done.status, 'completed');
      assert.equal(done.progress, 100);
      assert.match(done.output_document_id as string, /^doc_/);
      assert.match(done.credit_operation_id as string, /^cop_/);
    });

    it('a replay with the same key and body returns the same operation in its current state, creating and charging nothing more', async () => {
      const doc = await pdf(3);
      const first = await createOperation(fx, { document_id: doc, kind: 'visual_extract' }, { idempotencyKey: 'same' });
      const id = obj(first).id as string;
      await waitOperation(fx, id);
      const replay = await createOperation(fx, { kind: 'visual_extract', document_id: doc }, { idempotencyKey: 'same' });
      assert.equal(replay.status, 201);
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(obj(replay).id, id);
      assert.equal(obj(replay).status, 'completed');
      assert.equal((obj(await fx.api('/document-operations')).items as Json[]).length, 1);
      assert.deepEqual(
        (await charges()).map((c) => c.amount_millicredits),
        [3000],
      );
    });

    it('the same key with another body is 409 idempotency_request_conflict', async () => {
      const doc = await pdf(1);
      assert.equal((await createOperation(fx, { document_id: doc, kind: 'extract' }, { idempotencyKey: 'k' })).status, 201);
      const conflict = await createOperation(fx, { document_id: doc, kind: 'pdf_to_html' }, { idempotencyKey: 'k' });
      assert.equal(conflict.status, 409);
      assert.equal(errorCode(conflict), 'idempotency_request_conflict');
      assert.equal((obj(await fx.api('/document-operations')).items as Json[]).length, 1);
    });

    it('validates the body: kind, document_id and unknown fields (422, all at once)', async () => {
      const r = await createOperation(fx, { kind: 'ocr', extra: true });
      assert.equal(r.status, 422);
      assert.deepEqual(fieldNames(r).sort(), ['document_id', 'extra', 'kind']);
    });

    it("an unknown document is 404, another account's 403 document_not_owned, a wrong type 415 with a field error", async () => {
      assert.equal((await createOperation(fx, { document_id: 'doc_missing', kind: 'extract' })).status, 404);
      const other = await fx.newAccount(1_000_000);
      const foreign = await pdf(1, 'theirs.pdf', other.apiKey);
      const notMine = await createOperation(fx, { document_id: foreign, kind: 'extract' });
      assert.equal(notMine.status, 403);
      assert.equal(errorCode(notMine), 'document_not_owned');
      const png = await uploadDocument(fx, 'shot.png', makePng());
      const wrong = await createOperation(fx, { document_id: png, kind: 'visual_extract' });
      assert.equal(wrong.status, 415);
      assert.equal(errorCode(wrong), 'unsupported_format');
      assert.deepEqual(fieldNames(wrong), ['document_id']);
      const html = await createOperation(fx, { document_id: png, kind: 'pdf_to_html' });
      assert.equal(html.status, 415);
      assert.deepEqual(await charges(), []);
    });
  });

  describe('outputs', () => {
    it('extract (free) produces a new JSON document with the text of every page and a receipt of 0', async () => {
      const before = (await fx.balance()).available;
      const doc = await pdf(2, 'Quarterly Report.pdf');
      const op = await waitOperation(fx, obj(await createOperation(fx, { document_id: doc, kind: 'extract' })).id as string);
      const out = obj(await fx.api(`/documents/${op.output_document_id as string}`));
      assert.equal(out.format, 'json');
      assert.equal(out.basename, 'Quarterly Report.extract.json');
      assert.equal(out.mime_type, 'application/json');
      assert.ok((out.char_count as number) > 0);
      const listed = obj(await fx.api('/documents')).items as Json[];
      assert.ok(
        listed.some((d) => d.id === out.id),
        'the output is a document of the account',
      );

      const file = await download(out.id as string);
      assert.equal(file.status, 200);
      assert.match(file.headers.get('content-disposition') ?? '', /^attachment; .*filename\*=UTF-8''Quarterly%20Report\.extract\.json/);
      const json = JSON.parse(file.text) as { page_count: number; pages: { page: number; text: string; paragraphs: string[] }[] };
      assert.equal(json.page_count, 2);
      assert.deepEqual(
        json.pages.map((p) => p.page),
        [1, 2],
      );
      assert.equal(json.pages[1]!.text, 'Report page 2\nThe first line of text on page 2.\nA second line, with (parentheses) & symbols.');
      assert.deepEqual(json.pages[0]!.paragraphs, ['Report page 1', 'The first line of text on page 1. A second line, with (parentheses) & symbols.']);

      const receipt = obj(await fx.api(`/billing/credits/operations/${op.credit_operation_id as string}`));
      assert.equal(receipt.kind, 'document_operation');
      assert.equal(receipt.charged_millicredits, 0);
      assert.equal((await fx.balance()).available, before);
    });

    it("pdf_to_html (free) produces an HTML document from the PDF's text, headings and paragraphs per page", async () => {
      const doc = await pdf(2, 'guide.pdf');
      const op = await waitOperation(fx, obj(await createOperation(fx, { document_id: doc, kind: 'pdf_to_html' })).id as string);
      const out = obj(await fx.api(`/documents/${op.output_document_id as string}`));
      assert.equal(out.format, 'html');
      assert.equal(out.basename, 'guide.html');
      const html = (await download(out.id as string)).text;
      assert.match(
        html,
        /<section class="page" id="page-2" data-page="2">\n {4}<h2>Report page 2<\/h2>\n {4}<p>The first line of text on page 2\. A second line, with \(parentheses\) &amp; symbols\.<\/p>/,
      );
      assert.equal((await fx.balance()).available, 1_000_000_000);
    });

    it('visual_extract of 3 pages charges 3 credits on completion, with a per-page receipt and blocks with boxes', async () => {
      const doc = await pdf(3);
      const created = obj(await createOperation(fx, { document_id: doc, kind: 'visual_extract' }));
      assert.equal(created.page_count, 3);
      const op = await waitOperation(fx, created.id as string);
      assert.equal(op.status, 'completed');
      assert.equal(op.charged_millicredits, 3000);
      assert.equal((await fx.balance()).available, 1_000_000_000 - 3000);
      const ledger = await charges();
      assert.deepEqual(
        ledger.map((e) => [e.type, e.endpoint, e.amount_millicredits, e.pages, e.operation_id]),
        [['settlement', '/document-operations', 3000, 3, op.credit_operation_id]],
      );
      const receipt = obj(await fx.api(`/billing/credits/operations/${op.credit_operation_id as string}`));
      assert.equal(receipt.status, 'settled');
      assert.equal(receipt.charged_millicredits, 3000);
      assert.deepEqual(receipt.billing_basis, { unit: 'pages', quantity: 3, rate_millicredits: 1000, minimum_millicredits: null });
      const json = JSON.parse((await download(op.output_document_id as string)).text) as {
        pages: { width: number; blocks: { type: string; text: string; bbox: number[] }[] }[];
      };
      assert.equal(json.pages.length, 3);
      assert.equal(json.pages[0]!.width, 595);
      assert.deepEqual(
        json.pages[2]!.blocks.map((b) => b.type),
        ['heading', 'paragraph'],
      );
      assert.equal(json.pages[2]!.blocks[0]!.text, 'Report page 3');
      const [x0, y0, x1, y1] = json.pages[2]!.blocks[0]!.bbox as [number, number, number, number];
      assert.ok(x0 === 56 && x1 > x0 && y1 > y0 && y0 > 700, `bbox ${JSON.stringify(json.pages[2]!.blocks[0]!.bbox)}`);
    });

    it('visual_extract over 20 pages is refused (422 page_limit_exceeded): nothing created, nothing charged', async () => {
      const doc = await pdf(21);
      const r = await createOperation(fx, { document_id: doc, kind: 'visual_extract' });
      assert.equal(r.status, 422);
      assert.equal(errorCode(r), 'page_limit_exceeded');
      assert.deepEqual(fieldNames(r), ['document_id']);
      assert.deepEqual(obj(await fx.api('/document-operations')).items, []);
      assert.deepEqual(await charges(), []);
      // Exactly 20 pages is accepted.
      assert.equal((await createOperation(fx, { document_id: await pdf(20), kind: 'visual_extract' })).status, 201);
    });

    it('visual_extract with less than one page of balance is 402 and charges nothing; one page of balance starts it, settling into debt', async () => {
      const poor = await fx.newAccount(999);
      const doc = await pdf(3, 'a.pdf', poor.apiKey);
      const r = await createOperation(fx, { document_id: doc, kind: 'visual_extract' }, { key: poor.apiKey });
      assert.equal(r.status, 402);
      assert.equal(errorCode(r), 'insufficient_credits');
      assert.equal((await fx.balance(poor.apiKey)).available, 999);
      // Free kinds still run with any balance.
      assert.equal((await createOperation(fx, { document_id: doc, kind: 'extract' }, { key: poor.apiKey })).status, 201);

      const enough = await fx.newAccount(1000);
      const doc2 = await pdf(3, 'b.pdf', enough.apiKey);
      const created = await createOperation(fx, { document_id: doc2, kind: 'visual_extract' }, { key: enough.apiKey });
      assert.equal(created.status, 201);
      const op = await waitOperation(fx, obj(created).id as string, enough.apiKey);
      assert.equal(op.status, 'completed');
      const balance = await fx.balance(enough.apiKey);
      assert.equal(balance.available, -2000);
      assert.equal(balance.debt, 2000);
    });

    it('a key whose budget is used up gets 429 key_budget_exhausted for visual_extract', async () => {
      const key = await fx.newKey(fx.emu.accountId, { budget_millicredits: 0 });
      const doc = await pdf(1, 'k.pdf', key);
      const r = await createOperation(fx, { document_id: doc, kind: 'visual_extract' }, { key });
      assert.equal(r.status, 429);
      assert.equal(errorCode(r), 'key_budget_exhausted');
      assert.deepEqual(await charges(), []);
    });

    it('a PDF that cannot be read ends the operation as failed, without output, receipt or charge', async () => {
      const doc = await uploadDocument(fx, 'broken.pdf', Buffer.from('%PDF-1.7\nthis is not really a PDF\n'));
      const op = await waitOperation(fx, obj(await createOperation(fx, { document_id: doc, kind: 'visual_extract' })).id as string);
      assert.equal(op.status, 'failed');
      assert.match(op.error_msg as string, /could not be read/);
      assert.equal(op.output_document_id, null);
      assert.equal(op.credit_operation_id, null);
      assert.deepEqual(await charges(), []);
    });

    it('an output document can be translated like any other (POST /jobs)', async () => {
      const doc = await pdf(1);
      const op = await waitOperation(fx, obj(await createOperation(fx, { document_id: doc, kind: 'extract' })).id as string);
      const job = await fx.api('/jobs', { method: 'POST', body: { document_id: op.output_document_id, target_lang: 'de', output_mode: 'single' } });
      assert.equal(job.status, 201);
      const ended = await waitEnded(fx, obj(job).id as string);
      assert.equal(ended.status, 'completed');
    });
  });
});
