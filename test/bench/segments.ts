/**
 * segments-per-block: translate segments per prose block (paragraph, heading, table cell, list
 * item or blockquote paragraph, front matter value) in the default `wholeBlocks` mode, on the
 * READMEs of node_modules (real documentation) and on the generated benchmark document. One
 * segment per block is the reference; only blocks over 4000 characters add more. The fragment
 * mode's figure on the same corpus is printed for comparison.
 *
 * fallback-rate and kept-source-parts: the READMEs and every page of the real sites in test/sites
 * (Starlight, VitePress, Docusaurus, MkDocs, Hugo; `.mdx` as MDX), translated by the emulator's
 * pseudo-translation (mangling off: an honest engine that keeps Markdown) and put back through the
 * structure check: blocks re-sent as fragments per block sent, and parts left in the source
 * language. Both goals are 0: the check accepts every honest answer.
 */
import { segmentWithStats, type SegmentationMode } from '../../src/translate/index.ts';
import { atMost, note, type Figure } from './lib/figures.ts';
import { generateMarkdown } from './lib/markdown-gen.ts';
import { readmes } from './lib/readmes.ts';
import { sitePages } from '../unit/translate/corpus.ts';
import { pseudo, translateLocally } from '../unit/translate/structure.ts';

/** Whole blocks that fell back to fragments, and parts that kept their source, with an honest engine. */
function honest(docs: readonly { text: string; mdx: boolean }[]): { sent: number; fellBack: number; kept: number } {
  let sent = 0;
  let fellBack = 0;
  let kept = 0;
  for (const d of docs) {
    const { report } = translateLocally(segmentWithStats(d.text, { mdx: d.mdx }).doc, pseudo);
    sent += report.segments;
    fellBack += report.fellBack;
    kept += report.untranslated;
  }
  return { sent, fellBack, kept };
}

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
  const sites = sitePages();
  const check = honest([...corpus.map((text) => ({ text, mdx: false })), ...sites]);
  note(
    `honest engine: ${corpus.length} READMEs and ${sites.length} site pages, ${check.sent} blocks sent, ${check.fellBack} fell back, ${check.kept} parts kept their source`,
  );
  note(
    `segments: ${corpus.length} READMEs, ${chars} characters, ${whole.blocks} prose blocks -> ${whole.segments} segments ` +
      `(${(chars / 1000 / (whole.ms / 1000)).toFixed(0)} KB/s); fragments mode ${fragments.segments}; generated ${generated.blocks} blocks -> ${generated.segments}`,
  );
  return [
    { name: 'segments-per-block', value: whole.segments / whole.blocks, unit: 'segments', ref: 1, goal: 'ratio<=1.05', met: atMost(1.05) },
    { name: 'segments-per-block-generated', value: generated.segments / generated.blocks, unit: 'segments', ref: 1, goal: 'ratio<=1.05', met: atMost(1.05) },
    { name: 'segments-per-block-fragments', value: fragments.segments / fragments.blocks, unit: 'segments', ref: 1, goal: 'info' },
    { name: 'fallback-rate', value: check.fellBack / check.sent, unit: 'blocks', ref: 1, goal: 'value=0', met: (r) => r === 0 },
    { name: 'kept-source-parts', value: check.kept, unit: 'parts', ref: 1, goal: 'value=0', met: (r) => r === 0 },
  ];
}
