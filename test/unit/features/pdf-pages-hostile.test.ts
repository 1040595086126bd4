/**
 * The local page count of Visual Extract against crafted PDFs: bounded work on objects that never
 * end, capped inflation of object streams (per stream, in all, how many), an unknown count with
 * its reason, and the decision that an unknown count is asked about, never taken as within the limit.
 */
import assert from 'node:assert/strict';
import { checkPageLimit, countPdfPages, PAGE_COUNT_LIMITS, readPdfPageCount, type PageCount } from '../../../src/features/documentTools/pdfPages.ts';
import { deflateBomb, deflateBombPdf, objectStream, unterminatedObjects } from './hostile-pdfs.ts';

function unknown(r: PageCount): Extract<PageCount, { pages: undefined }> {
  assert.equal(r.pages, undefined, `expected an unknown count, got ${String(r.pages)}`);
  return r as Extract<PageCount, { pages: undefined }>;
}

describe('document tools: page count of crafted PDFs', () => {
  it('objects that never end (~550 KB of `1 0 obj << /Type /Page`) are scanned once: work linear in the size', () => {
    const raw = unterminatedObjects(550_000);
    const r = readPdfPageCount(raw);
    const u = unknown(r);
    assert.equal(u.problem, 'noPageTree');
    assert.match(u.reason, /no page tree/);
    assert.ok(r.work.scanned <= 4 * raw.length, `scanned ${r.work.scanned} bytes of ${raw.length}`);
  });

  it('a real page tree among objects that never end is still counted, with the same bounded work', () => {
    const raw = unterminatedObjects(550_000, 4);
    const r = readPdfPageCount(raw);
    assert.equal(r.pages, 4);
    assert.ok(r.work.scanned <= 4 * raw.length, `scanned ${r.work.scanned} bytes of ${raw.length}`);
  });

  it('a deflate bomb in an object stream (~260 KB → 256 MB) stops at the per-stream cap: unknown, reason names the limit', () => {
    const raw = deflateBombPdf(256, 3);
    assert.ok(raw.length < 300 * 1024, `${raw.length} bytes`);
    const r = readPdfPageCount(raw);
    const u = unknown(r);
    assert.equal(u.problem, 'streamTooLarge');
    assert.match(u.reason, /expands past 8 MB, the limit per stream/);
    assert.equal(r.work.inflated, 0, 'nothing past the cap was kept');
    assert.equal(countPdfPages(raw), undefined, 'not the /Count 3 of the page tree next to it');
  });

  it('object streams under the per-stream cap stop at the budget for all of them', () => {
    const limits = { streamBytes: 2 << 20, totalBytes: 5 << 20, streams: 100 };
    const parts = [1, 2, 3].map((i) => objectStream(i, [[10 + i, '<< >>']], { data: deflateBomb(2) }));
    // /First 0 and no header: each stream inflates (2 MB of zeros) and holds nothing.
    const raw = Buffer.concat([Buffer.from('%PDF-1.7\n'), ...parts, Buffer.from('9 0 obj << /Type /Pages /Count 2 >> endobj\n')]);
    const r = readPdfPageCount(raw, { ...limits, streamBytes: (2 << 20) + 1 });
    const u = unknown(r);
    assert.equal(u.problem, 'streamsTooLarge');
    assert.match(u.reason, /expand past 5 MB in all/);
    assert.equal(readPdfPageCount(raw, { ...limits, totalBytes: 6 << 20, streamBytes: (2 << 20) + 1 }).pages, 2, 'within the budget it counts');
  });

  it('stops at the number of object streams it reads', () => {
    const parts = [1, 2, 3].map((i) => objectStream(i, [[10 + i, '<< /Type /Page >>']]));
    const raw = Buffer.concat([Buffer.from('%PDF-1.7\n'), ...parts]);
    assert.equal(readPdfPageCount(raw).pages, 3);
    const u = unknown(readPdfPageCount(raw, { ...PAGE_COUNT_LIMITS, streams: 2 }));
    assert.equal(u.problem, 'tooManyStreams');
    assert.match(u.reason, /more than 2 compressed object streams/);
  });

  it('reads an object stream whose /Length is an indirect reference of two digits', () => {
    const stream = objectStream(5, [[6, '<< /Type /Pages /Kids [] /Count 9 >>']], { length: '12 0 R' });
    const raw = Buffer.concat([Buffer.from('%PDF-1.7\n'), stream, Buffer.from('12 0 obj 99 endobj\n')]);
    assert.equal(readPdfPageCount(raw).pages, 9);
  });

  it('says why a file that is not a PDF has no count', () => {
    const u = unknown(readPdfPageCount(Buffer.from('hello')));
    assert.equal(u.problem, 'notPdf');
    assert.match(u.reason, /does not start like a PDF/);
  });
});

describe('document tools: Visual Extract against the page limit', () => {
  it('an unknown count is asked about with its reason, never taken as within the limit', () => {
    const bomb = readPdfPageCount(deflateBombPdf(64, 3));
    const check = checkPageLimit(bomb, 20);
    assert.equal(check.action, 'askUnknown');
    assert.match(check.action === 'askUnknown' ? check.reason : '', /8 MB/);
  });

  it('a known count over the limit is refused, within it goes to the cost question', () => {
    const page = (n: number): Buffer => Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Pages /Count ${n} >> endobj\n`);
    assert.deepEqual(checkPageLimit(readPdfPageCount(page(21)), 20), { action: 'refuse', pages: 21, limit: 20 });
    assert.deepEqual(checkPageLimit(readPdfPageCount(page(20)), 20), { action: 'confirm', pages: 20 });
  });
});
