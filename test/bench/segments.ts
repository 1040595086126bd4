/**
 * segments-per-block: translate segments per prose block (paragraph, heading, table cell, list
 * item or blockquote paragraph, front matter value) in the default `wholeBlocks` mode, on the
 * READMEs of node_modules (real documentation) and on the generated benchmark document. One
 * segment per block is the reference; only blocks over 4000 characters add more. The fragment
 * mode's figure on the same corpus is printed for comparison.
 */
import { segmentWithStats, type SegmentationMode } from '../../src/translate/index.ts';
import { atMost, note, type Figure } from './lib/figures.ts';
import { generateMarkdown } from './lib/markdown-gen.ts';
import { readmes } from './lib/readmes.ts';

function ratio(texts: readonly string[], mode: SegmentationMode): { blocks: number; segments: number; ms: number } {
  const t0 = performance.now();
  let blocks = 0;
  let segments = 0;
  for (const text of texts) {
    const { stats } = segmentWithStats(text, { mode, mdx: false });
    blocks += stats.blocks;
    segments += stats.segments;
  }
  return { blocks, segments, ms: performance.now() - t0 };
}

export function benchSegments(): Figure[] {
  const corpus = readmes().map((r) => r.text);
  const chars = corpus.reduce((n, t) => n + t.length, 0);
  const whole = ratio(corpus, 'wholeBlocks');
  const fragments = ratio(corpus, 'fragments');
  const generated = ratio([generateMarkdown(512 * 1024, 3)], 'wholeBlocks');
  note(`segments: ${corpus.length} READMEs, ${chars} characters, ${whole.blocks} prose blocks -> ${whole.segments} segments ` +
    `(${(chars / 1000 / (whole.ms / 1000)).toFixed(0)} KB/s); fragments mode ${fragments.segments}; generated ${generated.blocks} blocks -> ${generated.segments}`);
  return [
    { name: 'segments-per-block', value: whole.segments / whole.blocks, unit: 'segments', ref: 1, goal: 'ratio<=1.05', met: atMost(1.05) },
    { name: 'segments-per-block-generated', value: generated.segments / generated.blocks, unit: 'segments', ref: 1, goal: 'ratio<=1.05', met: atMost(1.05) },
    { name: 'segments-per-block-fragments', value: fragments.segments / fragments.blocks, unit: 'segments', ref: 1, goal: 'info' },
  ];
}
