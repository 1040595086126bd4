import assert from 'node:assert/strict';
import * as jpeg from 'jpeg-js';
import { PDFDocument, PDFName } from 'pdf-lib';
import { PNG } from 'pngjs';
import { readZip } from '../../emulator/zip.ts';
import { useEmulator } from './helpers.ts';
import { uploadDocument } from './jobs-fixture.ts';
import { makeJpeg, makePdf, makePng, pdfPageCount, postBinary, type Json } from './doctools-fixture.ts';

function codeOf(json: Json | undefined): string | undefined {
  return (json?.error as { code?: string } | undefined)?.code;
}

function fieldsOf(json: Json | undefined): string[] {
  return ((json?.error as { field_errors?: { field: string }[] } | undefined)?.field_errors ?? []).map((f) => f.field);
}

/** A PDF holding one large unfiltered stream (as many scanners and old tools write), 2 pages. */
async function bulkyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 2; i++) {
    const page = doc.addPage([300, 300]);
    const stream = doc.context.stream('0 0 m 10 10 l S\n'.repeat(20_000));
    page.node.set(PDFName.of('Contents'), doc.context.register(stream));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('emulator: file tools (spec 4.6)', () => {
  const fx = useEmulator();

  async function charged(): Promise<number> {
    return (await fx.ledger()).filter((e) => e.type === 'charge' || e.type === 'settlement').length;
  }

  describe('POST /file-tools/pdf/merge', () => {
    it("streams one PDF whose pages are the inputs' pages in order, named and typed in the headers, charged per input page", async () => {
      const a = await uploadDocument(fx, 'Part A.pdf', await makePdf(2, 'Alpha'));
      const b = await uploadDocument(fx, 'b.pdf', await makePdf(3, 'Beta'));
      const r = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, b] });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/pdf');
      assert.equal(r.headers.get('content-disposition'), 'attachment; filename="Part A-merged.pdf"; filename*=UTF-8\'\'Part%20A-merged.pdf');
      assert.equal(r.headers.get('content-length'), String(r.bytes.length));
      assert.equal(r.headers.get('x-page-count'), '5');
      assert.equal(await pdfPageCount(r.bytes), 5);
      assert.equal(await charged(), 1, 'one charge (part 8 rule 5: document tools are charged by usage)');
      assert.equal(r.headers.get('x-charged-millicredits'), '500', '5 pages at 100 millicredits');
      assert.match(r.headers.get('x-credit-operation-id') ?? '', /^cop_/);
    });

    it("refuses fewer than 2 ids (422), an unknown id (404), another account's document (403), a non-PDF (415 with the field)", async () => {
      const a = await uploadDocument(fx, 'a.pdf', await makePdf(1));
      const one = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a] });
      assert.equal(one.status, 422);
      assert.deepEqual(fieldsOf(one.json), ['document_ids']);
      const notArray = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: 'a', extra: 1 });
      assert.deepEqual(fieldsOf(notArray.json).sort(), ['document_ids', 'extra']);
      assert.equal((await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, 'doc_nope'] })).status, 404);
      const other = await fx.newAccount(0);
      const theirs = await uploadDocument(fx, 't.pdf', await makePdf(1), other.apiKey);
      const foreign = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, theirs] });
      assert.equal(foreign.status, 403);
      assert.equal(codeOf(foreign.json), 'document_not_owned');
      const png = await uploadDocument(fx, 'p.png', makePng());
      const wrong = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, png] });
      assert.equal(wrong.status, 415);
      assert.equal(codeOf(wrong.json), 'unsupported_format');
      assert.deepEqual(fieldsOf(wrong.json), ['document_ids[1]']);
      assert.equal(await charged(), 0);
    });

    it('a PDF that cannot be read is 422 unreadable_document', async () => {
      const a = await uploadDocument(fx, 'a.pdf', await makePdf(1));
      const bad = await uploadDocument(fx, 'bad.pdf', Buffer.from('%PDF-1.4\nnot a pdf\n'));
      const r = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, bad] });
      assert.equal(r.status, 422);
      assert.equal(codeOf(r.json), 'unreadable_document');
    });
  });

  describe('POST /file-tools/pdf/split', () => {
    it('one range gives one PDF of those pages; several give a ZIP with a PDF per range, in order', async () => {
      const doc = await uploadDocument(fx, 'book.pdf', await makePdf(5));
      const single = await postBinary(fx, '/file-tools/pdf/split', { document_id: doc, ranges: ['2-4'] });
      assert.equal(single.status, 200);
      assert.equal(single.headers.get('content-type'), 'application/pdf');
      assert.match(single.headers.get('content-disposition')!, /filename="book-p2-4\.pdf"/);
      assert.equal(await pdfPageCount(single.bytes), 3);

      const many = await postBinary(fx, '/file-tools/pdf/split', { document_id: doc, ranges: ['1', '2-3', '5'] });
      assert.equal(many.status, 200);
      assert.equal(many.headers.get('content-type'), 'application/zip');
      assert.match(many.headers.get('content-disposition')!, /filename="book-split\.zip"/);
      const entries = readZip(many.bytes);
      assert.deepEqual(
        entries.map((e) => e.name),
        ['book-p1.pdf', 'book-p2-3.pdf', 'book-p5.pdf'],
      );
      assert.deepEqual(await Promise.all(entries.map((e) => pdfPageCount(e.data))), [1, 2, 1]);
    });

    it('validates the ranges as written (422 with a field error per bad range) and against the page count', async () => {
      const doc = await uploadDocument(fx, 'book.pdf', await makePdf(3));
      const bad = await postBinary(fx, '/file-tools/pdf/split', { document_id: doc, ranges: ['1', '3-2', 'x', '0', 4] });
      assert.equal(bad.status, 422);
      assert.deepEqual(fieldsOf(bad.json), ['ranges[1]', 'ranges[2]', 'ranges[3]', 'ranges[4]']);
      assert.deepEqual(fieldsOf((await postBinary(fx, '/file-tools/pdf/split', { document_id: doc, ranges: [] })).json), ['ranges']);
      const beyond = await postBinary(fx, '/file-tools/pdf/split', { document_id: doc, ranges: ['2-3', '3-4'] });
      assert.equal(beyond.status, 422);
      assert.equal(codeOf(beyond.json), 'page_out_of_range');
      assert.deepEqual(fieldsOf(beyond.json), ['ranges[1]']);
    });
  });

  describe('POST /file-tools/pdf/compress', () => {
    it('deflates unfiltered streams: a smaller PDF with the same pages; never larger than the input', async () => {
      const bulky = await bulkyPdf();
      const doc = await uploadDocument(fx, 'scan.pdf', bulky);
      const r = await postBinary(fx, '/file-tools/pdf/compress', { document_id: doc });
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-disposition')!, /filename="scan-compressed\.pdf"/);
      assert.equal(r.headers.get('x-original-size'), String(bulky.length));
      assert.ok(r.bytes.length < bulky.length / 10, `${r.bytes.length} < ${bulky.length} / 10`);
      assert.equal(await pdfPageCount(r.bytes), 2);
      const high = await postBinary(fx, '/file-tools/pdf/compress', { document_id: doc, level: 'high' });
      assert.ok(high.bytes.length <= r.bytes.length);
      const small = await uploadDocument(fx, 'small.pdf', await makePdf(1));
      const same = await postBinary(fx, '/file-tools/pdf/compress', { document_id: small, level: 'low' });
      assert.ok(same.bytes.length <= (await makePdf(1)).length + 100);
      const wrongLevel = await postBinary(fx, '/file-tools/pdf/compress', { document_id: doc, level: 'max' });
      assert.equal(wrongLevel.status, 422);
      assert.deepEqual(fieldsOf(wrongLevel.json), ['level']);
    });
  });

  describe('POST /file-tools/image/convert and /compress', () => {
    it('converts PNG to JPEG and back, keeping the size in pixels', async () => {
      const png = await uploadDocument(fx, 'shot.png', makePng(40, 30, 128));
      const r = await postBinary(fx, '/file-tools/image/convert', { document_id: png, target_format: 'jpeg', quality: 70 });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'image/jpeg');
      assert.match(r.headers.get('content-disposition')!, /filename="shot\.jpg"/);
      const decoded = jpeg.decode(r.bytes);
      assert.deepEqual([decoded.width, decoded.height], [40, 30]);

      const jpg = await uploadDocument(fx, 'photo.jpg', makeJpeg(20, 10));
      const back = await postBinary(fx, '/file-tools/image/convert', { document_id: jpg, target_format: 'png', quality: 90 });
      assert.equal(back.headers.get('content-type'), 'image/png');
      const img = PNG.sync.read(back.bytes);
      assert.deepEqual([img.width, img.height], [20, 10]);
    });

    it('validates target_format and quality (422) and the input type (415)', async () => {
      const png = await uploadDocument(fx, 'shot.png', makePng());
      const bad = await postBinary(fx, '/file-tools/image/convert', { document_id: png, target_format: 'gif', quality: 0 });
      assert.equal(bad.status, 422);
      assert.deepEqual(fieldsOf(bad.json).sort(), ['quality', 'target_format']);
      assert.deepEqual(fieldsOf((await postBinary(fx, '/file-tools/image/convert', { document_id: png, target_format: 'png', quality: 101 })).json), [
        'quality',
      ]);
      const pdf = await uploadDocument(fx, 'a.pdf', await makePdf(1));
      const wrong = await postBinary(fx, '/file-tools/image/convert', { document_id: pdf, target_format: 'png' });
      assert.equal(wrong.status, 415);
      assert.deepEqual(fieldsOf(wrong.json), ['document_id']);
      const wrongCompress = await postBinary(fx, '/file-tools/image/compress', { document_id: pdf });
      assert.equal(wrongCompress.status, 415);
      const wrongPdf = await postBinary(fx, '/file-tools/pdf/compress', { document_id: png });
      assert.equal(wrongPdf.status, 415);
    });

    it('compresses a JPEG at a lower quality and an opaque PNG without its alpha channel, same format and size', async () => {
      const photo = makeJpeg(200, 150, 100);
      const jpg = await uploadDocument(fx, 'photo.jpg', photo);
      const r = await postBinary(fx, '/file-tools/image/compress', { document_id: jpg, quality: 30 });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'image/jpeg');
      assert.match(r.headers.get('content-disposition')!, /filename="photo-compressed\.jpg"/);
      assert.ok(r.bytes.length < photo.length, `${r.bytes.length} < ${photo.length}`);
      assert.deepEqual([jpeg.decode(r.bytes).width, jpeg.decode(r.bytes).height], [200, 150]);

      const shot = makePng(200, 150);
      const png = await uploadDocument(fx, 'shot.png', shot);
      const p = await postBinary(fx, '/file-tools/image/compress', { document_id: png });
      assert.equal(p.headers.get('content-type'), 'image/png');
      assert.ok(p.bytes.length < shot.length, `${p.bytes.length} < ${shot.length}`);
      const img = PNG.sync.read(p.bytes);
      assert.deepEqual([img.width, img.height], [200, 150]);
    });

    it('an image that cannot be decoded is 422 unreadable_document', async () => {
      const png = await uploadDocument(
        fx,
        'broken.png',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]),
      );
      const r = await postBinary(fx, '/file-tools/image/compress', { document_id: png });
      assert.equal(r.status, 422);
      assert.equal(codeOf(r.json), 'unreadable_document');
    });
  });

  it('a closed tool is 422 operation_unavailable with its reason, and works again once reopened', async () => {
    await fx.control('/document-tools/capabilities', { method: 'POST', body: { kind: 'pdf_merge', open: false, reason: 'Disabled for this plan' } });
    const a = await uploadDocument(fx, 'a.pdf', await makePdf(1));
    const b = await uploadDocument(fx, 'b.pdf', await makePdf(1));
    const r = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, b] });
    assert.equal(r.status, 422);
    assert.equal(codeOf(r.json), 'operation_unavailable');
    assert.match((r.json!.error as { message: string }).message, /Disabled for this plan/);
    await fx.control('/document-tools/capabilities', { method: 'POST', body: { kind: 'pdf_merge', open: true } });
    assert.equal((await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, b] })).status, 200);
  });
});
