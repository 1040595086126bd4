/** File tools over real HTTP against the emulator (spec 4.6, part 7): results streamed to disk, named from Content-Disposition. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as jpeg from 'jpeg-js';
import {
  AbortError,
  DocTranslateClient,
  NotFoundError,
  PermissionError,
  ServiceUnavailableError,
  UnsupportedFormatError,
  ValidationError,
  isPageRange,
} from '../../../src/api/index.ts';
import { readZip } from '../../emulator/zip.ts';
import { makeJpeg, makePdf, makePng, pdfPageCount } from '../emulator/doctools-fixture.ts';
import { TestEmulator } from './support/emulator.ts';
import { PDFDocument, PDFName } from 'pdf-lib';
import { randomBytes } from 'node:crypto';
import { startRawServer } from './support/raw-server.ts';

/** A one-page PDF carrying `bytes` of incompressible image data. */
async function bulkyPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const image = doc.context.stream(randomBytes(bytes), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 1,
    Height: 1,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  page.node.setXObject(PDFName.of('Im0'), doc.context.register(image));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

describe('api/fileTools against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;

  before(async () => {
    emu = await TestEmulator.start();
  });
  beforeEach(async () => {
    await emu.reset();
    client = emu.client();
    dir = mkdtempSync(join(tmpdir(), 'dt-tools-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  const upload = async (name: string, bytes: Buffer, c = client) => (await c.uploadFile(emu.file(name, bytes))).id;
  const charges = async () => (await emu.ledger()).filter((e) => e.type === 'charge' || e.type === 'settlement');
  const toolPosts = async () => (await emu.requests('/api/v1/file-tools/')).length;
  const noTemp = (): void =>
    assert.deepEqual(
      readdirSync(dir).filter((f) => /\.(part|tmp)$/.test(f)),
      [],
      'temp files left behind',
    );

  it('merges two PDFs into one file named by the service, the pages adding up, charged per input page', async () => {
    const a = await upload('Part A.pdf', await makePdf(2));
    const b = await upload('b.pdf', await makePdf(3));
    let progress = 0;
    const saved = await client.fileTools.mergePdfs([a, b], { targetDir: dir, onProgress: (n) => (progress = n) });
    assert.equal(saved.filename, 'Part A-merged.pdf');
    assert.equal(saved.path, join(dir, 'Part A-merged.pdf'));
    assert.equal(saved.contentType, 'application/pdf');
    assert.equal(saved.bytes, progress);
    assert.equal(await pdfPageCount(readFileSync(saved.path)), 5);
    const again = await client.fileTools.mergePdfs([a, b], { targetDir: dir });
    assert.equal(again.filename, 'Part A-merged (1).pdf', 'an existing file is never replaced');
    noTemp();
    // Part 8 rule 5: document tools are charged by usage (the emulator: 100 millicredits per input page).
    assert.deepEqual(
      (await charges()).map((e) => [e.endpoint, e.amount_millicredits]),
      [
        ['/file-tools/pdf/merge', 500],
        ['/file-tools/pdf/merge', 500],
      ],
    );
  });

  it('splits by ranges: one range gives a PDF, several a ZIP of PDFs; bad ranges are refused before sending', async () => {
    const doc = await upload('book.pdf', await makePdf(5));
    const one = await client.fileTools.splitPdf(doc, ['2-4'], { targetDir: dir });
    assert.equal(one.filename, 'book-p2-4.pdf');
    assert.equal(await pdfPageCount(readFileSync(one.path)), 3);
    const many = await client.fileTools.splitPdf(doc, ['1', '3-5'], { targetDir: dir });
    assert.equal(many.filename, 'book-split.zip');
    assert.equal(many.contentType, 'application/zip');
    assert.deepEqual(
      readZip(readFileSync(many.path)).map((e) => e.name),
      ['book-p1.pdf', 'book-p3-5.pdf'],
    );

    const sent = await toolPosts();
    for (const ranges of [[], ['0'], ['3-2'], ['1,2'], [' 1'], ['1-'], [2 as unknown as string]]) {
      await assert.rejects(client.fileTools.splitPdf(doc, ranges, { targetDir: dir }), ValidationError, JSON.stringify(ranges));
    }
    assert.equal(await toolPosts(), sent, 'nothing was sent for invalid ranges');
    assert.deepEqual([isPageRange('7'), isPageRange('2-3'), isPageRange('3-3'), isPageRange('4-2'), isPageRange('a')], [true, true, true, false, false]);

    const beyond = await client.fileTools.splitPdf(doc, ['4-6'], { targetDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(beyond instanceof ValidationError);
    assert.equal(beyond.serviceCode, 'page_out_of_range');
    assert.deepEqual(
      beyond.fieldErrors.map((f) => f.field),
      ['ranges[0]'],
    );
    noTemp();
  });

  it("compresses a PDF and images, and converts PNG to JPEG, with the service's options passed through", async () => {
    const pdf = await upload('scan.pdf', await makePdf(2));
    const c = await client.fileTools.compressPdf(pdf, { level: 'high' }, { targetDir: dir });
    assert.equal(c.filename, 'scan-compressed.pdf');
    assert.equal(await pdfPageCount(readFileSync(c.path)), 2);
    await assert.rejects(client.fileTools.compressPdf(pdf, { level: 'max' }, { targetDir: dir }), ValidationError);
    await assert.rejects(client.fileTools.compressPdf(pdf, { document_id: 'x' }, { targetDir: dir }), ValidationError);

    const photo = makeJpeg(120, 80, 100);
    const jpg = await upload('photo.jpg', photo);
    const small = await client.fileTools.compressImage(jpg, { quality: 30 }, { targetDir: dir });
    assert.equal(small.filename, 'photo-compressed.jpg');
    assert.ok(small.bytes < photo.length);

    const png = await upload('shot.png', makePng(30, 20));
    const converted = await client.fileTools.convertImage(png, { target_format: 'jpg', quality: 80 }, { targetDir: dir });
    assert.equal(converted.filename, 'shot.jpg');
    assert.equal(converted.contentType, 'image/jpeg');
    assert.equal(jpeg.decode(readFileSync(converted.path)).width, 30);
    await assert.rejects(client.fileTools.convertImage(png, { target_format: 'jpg', quality: 7.5 }, { targetDir: dir }), ValidationError);
    noTemp();
  });

  it('maps refusals to typed errors (415 wrong type, 403 not yours, 404, 422 closed) and charges nothing', async () => {
    const a = await upload('a.pdf', await makePdf(1));
    const png = await upload('p.png', makePng());
    const wrong = await client.fileTools.mergePdfs([a, png], { targetDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(wrong instanceof UnsupportedFormatError);
    assert.equal(wrong.status, 415);
    assert.match(wrong.message, /document_ids\[1\]/);
    await assert.rejects(client.fileTools.compressImage(a, {}, { targetDir: dir }), UnsupportedFormatError);

    const other = await emu.createAccount(0);
    const theirs = await upload('t.pdf', await makePdf(1), emu.client({ apiKey: other.api_key }));
    await assert.rejects(client.fileTools.mergePdfs([a, theirs], { targetDir: dir }), PermissionError);
    await assert.rejects(client.fileTools.compressPdf('doc_missing', {}, { targetDir: dir }), NotFoundError);
    await assert.rejects(client.fileTools.mergePdfs([a], { targetDir: dir }), ValidationError);

    await emu.control('POST', '/document-tools/capabilities', { kind: 'pdf_compress', open: false, reason: 'Off for today' });
    const closed = await client.fileTools.compressPdf(a, {}, { targetDir: dir }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(closed instanceof ValidationError);
    assert.equal(closed.serviceCode, 'operation_unavailable');
    assert.deepEqual(readdirSync(dir), [], 'no file for a refused tool');
    assert.deepEqual(await charges(), []);
  });

  it('a tool call is sent once: a 503 is not retried (no Idempotency-Key), and an abort leaves no partial file', async () => {
    const a = await upload('a.pdf', await makePdf(1));
    const b = await upload('b.pdf', await makePdf(1));
    await emu.addFault({ kind: 'status', status: 503, path_prefix: '/api/v1/file-tools/', count: 1 });
    await assert.rejects(client.fileTools.mergePdfs([a, b], { targetDir: dir }), ServiceUnavailableError);
    assert.equal(await toolPosts(), 1);

    // Aborted while the answer streams in (the first chunk has arrived): the temp file is removed.
    const big = await upload('big.pdf', await bulkyPdf(8 * 1024 * 1024));
    const controller = new AbortController();
    const running = client.fileTools.mergePdfs([big, b], { targetDir: dir, signal: controller.signal, onProgress: () => controller.abort() });
    await assert.rejects(running, AbortError);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('a hostile file name from the service is reduced to a safe basename inside the chosen folder', async () => {
    const server = await startRawServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="../../etc/passwd"; filename*=UTF-8\'\'..%2F..%2Fevil%0A.pdf',
      });
      res.end('%PDF-1.7\n');
    });
    try {
      const raw = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_raw' });
      const saved = await raw.fileTools.mergePdfs(['doc_a', 'doc_b'], { targetDir: dir });
      assert.equal(saved.path, join(dir, saved.filename));
      assert.equal(saved.filename, 'evil_.pdf');
      assert.equal(server.requests[0]!.method, 'POST');
      assert.deepEqual(JSON.parse(server.requests[0]!.body), { document_ids: ['doc_a', 'doc_b'] });
      assert.equal(server.requests[0]!.headers['content-type'], 'application/json');
      await raw.close();
    } finally {
      await server.close();
    }
  });
});
