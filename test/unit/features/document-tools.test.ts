/** The pure parts of the document tools: local page counts, typed ranges, offers from capabilities, wording. */
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { readCapabilities, type ToolCapabilities } from '../../../src/api/index.ts';
import { describeToolError } from '../../../src/features/documentTools/errorText.ts';
import { contextValueOf, describeOperation, fromApiOperation, operationLabel, operationTooltip } from '../../../src/features/documentTools/model.ts';
import { countPdfPages } from '../../../src/features/documentTools/pdfPages.ts';
import { parseRanges, qualityProblem } from '../../../src/features/documentTools/input.ts';
import { maxPages, menuExtensions, offerOf, offerRefusal, pricing, qualityRange, takes, targetFormats } from '../../../src/features/documentTools/tools.ts';
import { makePdf } from '../emulator/doctools-fixture.ts';

async function pdfWith(pages: number, objectStreams: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage().drawText(`Page ${i + 1}`, { font, x: 10, y: 10 });
  return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

describe('document tools: countPdfPages', () => {
  it('reads the page tree root, with and without compressed object streams', async () => {
    for (const pages of [1, 3, 21, 120]) {
      assert.equal(countPdfPages(await pdfWith(pages, false)), pages, `${pages} pages, plain objects`);
      assert.equal(countPdfPages(await pdfWith(pages, true)), pages, `${pages} pages, object streams`);
    }
    assert.equal(countPdfPages(await makePdf(3)), 3);
  });

  it('takes the latest definition after an incremental update', async () => {
    const base = await pdfWith(2, false);
    const doc = await PDFDocument.load(base);
    doc.addPage();
    doc.addPage();
    const saved = Buffer.from(await doc.save({ useObjectStreams: false }));
    // Simulate an update appended to the original: a newer Pages object with the same number.
    const rootNum = /(\d+) 0 obj\s*<<\s*\/Type \/Pages/.exec(base.toString('latin1'))?.[1];
    assert.ok(rootNum !== undefined);
    const update = Buffer.from(`\n${rootNum} 0 obj\n<< /Type /Pages /Kids [] /Count 7 >>\nendobj\n`, 'latin1');
    assert.equal(countPdfPages(Buffer.concat([base, update])), 7);
    assert.equal(countPdfPages(saved), 4);
  });

  it('is undefined for what is not a PDF, and counts page objects when no page tree is found', () => {
    assert.equal(countPdfPages(Buffer.from('hello')), undefined);
    assert.equal(countPdfPages(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n2 0 obj << /Type /Page >> endobj\n')), 2);
    assert.equal(countPdfPages(Buffer.from('%PDF-1.4\n')), undefined);
  });
});

describe('document tools: parseRanges (Split PDF…, validated as typed)', () => {
  it('accepts pages and from-to ranges separated by commas or spaces', () => {
    assert.deepEqual(parseRanges('1, 2-3 5;7–9'), { ok: true, ranges: ['1', '2-3', '5', '7-9'] });
    assert.deepEqual(parseRanges(' 4 ', 4), { ok: true, ranges: ['4'] });
  });

  it('says what is wrong with the first bad part', () => {
    const bad = (text: string, pages?: number): string => {
      const r = parseRanges(text, pages);
      assert.equal(r.ok, false, text);
      return r.ok ? '' : r.message;
    };
    assert.match(bad(''), /Type pages or ranges/);
    assert.match(bad('1, x'), /"x" is not a page/);
    assert.match(bad('0'), /counted from 1/);
    assert.match(bad('3-2'), /ends before it starts/);
    assert.match(bad('2-6', 5), /past the last page \(5\)/);
    assert.match(bad('1-'), /not a page/);
  });
});

const caps = (value: unknown): ToolCapabilities => readCapabilities(value);

describe('document tools: offers from the capabilities (spec part 9)', () => {
  it("before the capabilities are read, the spec's formats stand in and everything is offered", () => {
    const o = offerOf('visualExtract', undefined);
    assert.deepEqual([o.open, o.known, o.formats], [true, false, ['pdf']]);
    assert.deepEqual(menuExtensions(offerOf('compressImage', undefined)), ['.png', '.PNG', '.jpg', '.JPG', '.jpeg', '.JPEG']);
    assert.equal(maxPages(o), 20);
    assert.deepEqual(pricing(o), { mode: 'per_page', free: false, perPageMillicredits: 1000 });
    assert.deepEqual(pricing(offerOf('extractText', undefined)), { mode: 'free', free: true });
  });

  it('a tool refuses before sending: closed with the reason, or naming the files of a type it does not take', () => {
    const image = offerOf('compressImage', undefined);
    assert.equal(offerRefusal(image, ['a.png', 'b.JPG']), undefined);
    assert.deepEqual(offerRefusal(image, ['a.png', 'notes.txt', 'c.pdf']), {
      reason: 'wrongType',
      message: 'Compress Image takes PNG and JPG files, not notes.txt, c.pdf.',
    });
    const closed = { ...offerOf('splitPdf', undefined), open: false, reason: 'paused for maintenance' };
    assert.deepEqual(offerRefusal(closed, ['a.pdf']), {
      reason: 'unavailable',
      message: 'Split PDF is not available: paused for maintenance. Nothing was sent.',
    });
  });

  it('an unavailable item is not offered and carries the reason; a missing one is not offered either', () => {
    const c = caps({ operations: [{ kind: 'extract', input_formats: ['pdf', 'docx'] }], unavailable: [{ kind: 'visual_extract', reason: 'Maintenance' }] });
    const visual = offerOf('visualExtract', c);
    assert.deepEqual([visual.open, visual.reason, menuExtensions(visual)], [false, 'Maintenance', []]);
    const html = offerOf('pdfToHtml', c);
    assert.deepEqual([html.open, html.reason], [false, 'the service does not offer it']);
    const extract = offerOf('extractText', c);
    assert.deepEqual(extract.formats, ['pdf', 'docx']);
    assert.ok(takes(extract, 'Report.DOCX') && !takes(extract, 'a.png'));
  });

  it('file tools are matched by kind, alias or path; limits, prices, quality and targets are read loosely', () => {
    const c = caps({
      tools: [
        { name: 'merge', formats: ['PDF'] },
        {
          id: 'x',
          path: '/file-tools/image/convert/',
          quality: { min: 10, max: 90, default: 70 },
          target_formats: ['webp', 'png'],
          billing: { mode: 'per_page', millicredits_per_page: 500 },
        },
      ],
    });
    assert.equal(offerOf('mergePdfs', c).open, true);
    const convert = offerOf('convertImage', c);
    assert.equal(convert.open, true);
    assert.deepEqual(qualityRange(convert), { min: 10, max: 90, default: 70 });
    assert.deepEqual(targetFormats(convert), ['webp', 'png']);
    assert.deepEqual(pricing(convert), { mode: 'per_page', free: false, perPageMillicredits: 500 });
    assert.deepEqual(pricing(offerOf('mergePdfs', c)), { mode: 'unknown', free: false });
    assert.deepEqual(targetFormats(offerOf('mergePdfs', c)), ['png', 'jpg']);
    assert.equal(qualityRange(offerOf('mergePdfs', c)), undefined);
    const limited = offerOf('visualExtract', caps({ operations: [{ kind: 'visual_extract', limits: { max_pages: 5 } }] }));
    assert.equal(maxPages(limited), 5);
  });

  it('qualityProblem checks what is typed against the listed range', () => {
    assert.equal(qualityProblem('80', { min: 1, max: 100 }), undefined);
    assert.match(qualityProblem('0', { min: 1, max: 100 })!, /from 1 to 100/);
    assert.match(qualityProblem('8.5', undefined)!, /whole number/);
    assert.equal(qualityProblem('500', undefined), undefined);
  });
});

describe('document tools: rows of the Operations view', () => {
  const op = fromApiOperation(
    {
      id: 'dop_1',
      status: 'completed',
      kind: 'visual_extract',
      document_id: 'doc_1',
      output_document_id: 'doc_2',
      credit_operation_id: 'cop_1',
      charged_millicredits: 3000,
      page_count: 3,
    },
    'completed',
  );

  it('say kind, status, cost, source and receipt', () => {
    assert.equal(describeOperation(op), 'Visual Extract · completed · 3 credits');
    assert.equal(operationLabel(op, { uri: 'file:///w/a.pdf', fileName: 'a.pdf' }), 'a.pdf');
    assert.equal(operationLabel(op, undefined), 'Document doc_1');
    assert.equal(operationLabel(op, { uri: 'file:///w/a.pdf', fileName: 'a.pdf', names: ['a.pdf', 'b.pdf', 'c.pdf'] }), 'a.pdf + 2 more');
    const tip = operationTooltip(op, { uri: 'file:///w/a.pdf', fileName: 'a.pdf' });
    assert.match(tip, /Source: a\.pdf/);
    assert.match(tip, /Receipt: cop_1 \(charged 3 credits\)/);
    assert.match(tip, /Output document: doc_2/);
    assert.equal(contextValueOf(op), 'operation.completed.output');
    const running = fromApiOperation({ id: 'dop_2', status: 'processing', kind: 'extract', progress: 50 }, 'running');
    assert.equal(describeOperation(running), 'Extract Text · processing 50%');
    assert.equal(contextValueOf(running), 'operation.running');
    assert.equal(
      describeOperation(fromApiOperation({ id: 'dop_3', status: 'completed', kind: 'extract', charged_millicredits: 0, output_document_id: 'd' }, 'completed')),
      'Extract Text · completed · free',
    );
  });
});

describe('document tools: errors with their fix (spec part 7)', () => {
  const err = (name: string, fields: Record<string, unknown>): Error =>
    Object.assign(Object.defineProperty(new Error(String(fields['message'] ?? 'x')), 'name', { value: name }), { code: 'c', ...fields });
  const ctx = { tool: 'Visual Extract', files: 'a.pdf', formats: ['pdf'] };

  it('402 top up, 403 not yours, 415 wrong type, 422 closed or too many pages', () => {
    const topUp = describeToolError(err('InsufficientCreditsError', { status: 402 }), { ...ctx, availableMillicredits: 500 })!;
    assert.match(topUp.message, /Not enough credits .* \(402\): nothing was charged\. You have 0\.5 credits available\. Top up/);
    assert.deepEqual(topUp.actions, ['showBalance']);
    assert.match(
      describeToolError(err('PermissionError', { status: 403, serviceCode: 'document_not_owned' }), ctx)!.message,
      /belongs to another account \(403\)/,
    );
    assert.match(describeToolError(err('PermissionError', { status: 403, serviceCode: 'operation_not_owned' }), ctx)!.message, /another API key/);
    assert.match(
      describeToolError(err('UnsupportedFormatError', { status: 415, message: 'visual_extract takes pdf documents, not png' }), ctx)!.message,
      /\(415: wrong file type\).*It takes PDF files\./,
    );
    assert.match(
      describeToolError(err('ValidationError', { status: 422, serviceCode: 'operation_unavailable', message: 'Closed for maintenance' }), ctx)!.message,
      /not available right now: Closed for maintenance/,
    );
    assert.match(
      describeToolError(err('ValidationError', { status: 422, serviceCode: 'page_limit_exceeded', message: 'at most 20 pages' }), ctx)!.message,
      /more pages .* Split it first/,
    );
    assert.match(
      describeToolError(err('ValidationError', { status: 422, fieldErrors: [{ field: 'ranges[0]', message: 'goes past the end' }] }), ctx)!.message,
      /refused a\.pdf \(422\): ranges\[0\] goes past the end/,
    );
    assert.equal(describeToolError(err('ServerError', { status: 500 }), ctx), undefined);
    assert.equal(describeToolError(new Error('plain'), ctx), undefined);
  });
});
