/**
 * segment-throughput: the segmenter's MB/s (`segmentMarkdown`, Markdown, default options) over the
 * READMEs of node_modules and the Node.js API docs (test/sites/nodejs-api), against markdown-it's
 * `parse` of the same texts in the same process (a CommonMark parser that only tokenizes: the
 * lower bound of what reading Markdown costs in JavaScript). The segmenter is the shipped code
 * (bundled as dist/ is, `shippedSegmenter`). After one untimed warm-up pass each, the two are
 * timed back to back 5 times; the figure is the pair whose ratio is the median (a pair shares the
 * machine's load of its moment, which on a busy machine moves single passes by 2x). What the parser still reads (the blocks the fast reader,
 * src/translate/fast*.ts, leaves to it: list items, quotes and tables it does not know, setext
 * headings) is still the largest share of the segmenter's time: about 2.5% of these bytes, read at
 * about 0.3 MB/s, plus about 70 µs per chunk; then building the parts (whole blocks with their
 * fragments), the fast reader itself and the dialect masks.
 */
import MarkdownIt from 'markdown-it';
import { createRequire } from 'node:module';
import { segmentMarkdown as segmentUnderTsx } from '../../src/translate/index.ts';
import { sitePages } from '../unit/translate/corpus.ts';
import { atLeast, median, note, type Figure } from './lib/figures.ts';
import { readmes } from './lib/readmes.ts';
import { withShipped } from './lib/shipped.ts';

const ROUNDS = 5;

/** The segmenter as the extension and the CLI run it (`buildShipped`); its figure under tsx is noted. */
function shippedSegmenter(): typeof segmentUnderTsx {
  return withShipped('src/translate/index.ts', (file) => (createRequire(file)(file) as { segmentMarkdown: typeof segmentUnderTsx }).segmentMarkdown);
}

function timed(run: () => void): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

export function benchSegmentThroughput(): Figure[] {
  const corpus = [...readmes().map((r) => r.text), ...sitePages('nodejs-api').map((p) => p.text)];
  const bytes = corpus.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const md = new MarkdownIt();
  const parse = (): void => {
    for (const text of corpus) md.parse(text, {});
  };
  const segmentMarkdown = shippedSegmenter();
  const segment = (): void => {
    for (const text of corpus) segmentMarkdown(text, { mdx: false });
  };
  const underTsx = (): void => {
    for (const text of corpus) segmentUnderTsx(text, { mdx: false });
  };
  const [first, warm] = [timed(segment), timed(parse)];
  const ours: number[] = [];
  const ref: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    ours.push(timed(segment));
    ref.push(timed(parse));
  }
  const mbps = (ms: number): number => bytes / 1e6 / (ms / 1000);
  timed(underTsx);
  const tsx = [timed(underTsx), timed(underTsx), timed(underTsx)];
  note(
    `segment-throughput: the same code under tsx: ${tsx.map((ms) => ms.toFixed(0)).join('/')} ms, ${mbps(median(tsx)).toFixed(2)} MB/s, ` +
      `ratio ${(mbps(median(tsx)) / mbps(median(ref))).toFixed(3)} (information)`,
  );
  note(
    `segment-throughput: ${corpus.length} documents, ${(bytes / 1e6).toFixed(2)} MB; segmenter ${ours.map((ms) => ms.toFixed(0)).join('/')} ms ` +
      `(first pass ${first.toFixed(0)} ms), markdown-it ${ref.map((ms) => ms.toFixed(0)).join('/')} ms (first ${warm.toFixed(0)} ms)`,
  );
  const pairs = ours.map((ms, r) => ({ ours: ms, ref: ref[r]!, ratio: ref[r]! / ms })).sort((a, b) => a.ratio - b.ratio);
  const mid = pairs[Math.floor(pairs.length / 2)]!;
  note(`segment-throughput: ratio per pair ${pairs.map((p) => p.ratio.toFixed(3)).join(' ')}`);
  return [{ name: 'segment-throughput', value: mbps(mid.ours), unit: 'MB/s', ref: mbps(mid.ref), goal: 'ratio>=0.5', met: atLeast(0.5) }];
}
