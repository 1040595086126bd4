/**
 * pdf-pagecount-hostile-ms: the local page count of Visual Extract on two crafted PDFs, the
 * slower one (median of 3): ~550 KB of objects that never end (`1 0 obj << /Type /Page`, no
 * `endobj`) and an object stream of ~260 KB that inflates to 256 MB. Both end with an unknown
 * count; the budget is what a command may spend before its first question.
 */
import { readPdfPageCount } from '../../src/features/documentTools/pdfPages.ts';
import { deflateBombPdf, unterminatedObjects } from '../unit/features/hostile-pdfs.ts';
import { atMost, median, note, type Figure } from './lib/figures.ts';

export const PDF_PAGECOUNT_BUDGET_MS = 100;

function timed(raw: Buffer): number {
  return median(
    [0, 1, 2].map(() => {
      const t0 = performance.now();
      readPdfPageCount(raw);
      return performance.now() - t0;
    }),
  );
}

export function benchPdfPages(): Figure[] {
  const files = { unterminated: unterminatedObjects(550_000), bomb: deflateBombPdf(256, 3) };
  const ms = Object.entries(files).map(([name, raw]) => {
    const t = timed(raw);
    const r = readPdfPageCount(raw);
    note(
      `pdf page count: ${name} ${(raw.length / 1024).toFixed(0)} KB in ${t.toFixed(1)} ms -> ${r.pages ?? `unknown (${r.reason})`}, scanned ${r.work.scanned} bytes`,
    );
    return t;
  });
  return [{ name: 'pdf-pagecount-hostile-ms', value: Math.max(...ms), unit: 'ms', ref: PDF_PAGECOUNT_BUDGET_MS, goal: 'ratio<=1', met: atMost(1) }];
}
