import { reassemble, segmentMarkdown, segmentPlainText, sourceOf, toFragments } from '../../../src/translate/index.ts';
import type { Segmented } from '../../../src/translate/index.ts';
import { pseudoTranslate } from '../pseudo.ts';
import { interleaveBlocks } from './bilingual.ts';

export type OutputMode = 'single' | 'bilingual';

function translations(doc: Segmented, target: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of [...doc.parts, ...toFragments(doc).parts]) if (part.kind === 'translate') map.set(part.id, pseudoTranslate(part.text, target));
  return map;
}

/** Every translate part with its source text, mapped to its output as reassembled (checked, prefixes restored). */
function rendered(doc: Segmented, map: ReadonlyMap<string, string>): { flat: Segmented; out: Map<string, string> } {
  const out = new Map<string, string>();
  const parts = doc.parts.map((p) => {
    if (p.kind === 'keep') return p;
    out.set(p.id, reassemble({ parts: [p] }, map));
    return { kind: 'translate' as const, id: p.id, text: sourceOf(p) };
  });
  return { flat: { parts }, out };
}

/** Markdown through the client's own segmenter (whole blocks): code, front matter, URLs and markup stay byte for byte. */
export function translateMarkdown(text: string, target: string, mode: OutputMode): string {
  const doc = segmentMarkdown(text);
  const map = translations(doc, target);
  if (mode === 'single') return reassemble(doc, map);
  const { flat, out } = rendered(doc, map);
  return interleaveBlocks(text, flat, out, { fences: true });
}

/** Plain text by paragraphs (blank-line separated). */
export function translatePlainText(text: string, target: string, mode: OutputMode): string {
  const doc = segmentPlainText(text);
  const map = translations(doc, target);
  return mode === 'single' ? reassemble(doc, map) : interleaveBlocks(text, doc, map, { fences: false });
}

const TIMING = /-->/;
/** WebVTT blocks that are not cues: header, comments, styles, regions. */
const VTT_NON_CUE = /^(WEBVTT|NOTE|STYLE|REGION)(\s|$)/;

/**
 * SRT and WebVTT: only cue text lines are translated; numbers, identifiers, timings, settings and
 * non-cue blocks are kept. Bilingual output keeps each cue's source lines and adds the translated
 * lines below them in the same cue (a common two-line subtitle layout).
 */
export function translateSubtitles(text: string, target: string, mode: OutputMode): string {
  const blocks = text.split(/(\r?\n(?:[^\S\r\n]*\r?\n)+)/);
  return blocks
    .map((block, i) => {
      if (i % 2 === 1) return block;
      const lines = block.split(/(\r?\n)/);
      const contentLines: string[] = [];
      for (let j = 0; j < lines.length; j += 2) contentLines.push(lines[j]!);
      if (contentLines.length > 0 && VTT_NON_CUE.test(contentLines[0]!.replace(/^\uFEFF/, ''))) return block;
      const timingAt = contentLines.findIndex((l) => TIMING.test(l));
      if (timingAt < 0) return block;
      const eol = lines[1] ?? '\n';
      const head = contentLines.slice(0, timingAt + 1);
      let cueEnd = contentLines.length;
      while (cueEnd > timingAt + 1 && contentLines[cueEnd - 1]!.trim().length === 0) cueEnd -= 1;
      const cue = contentLines.slice(timingAt + 1, cueEnd);
      const trailing = contentLines.slice(cueEnd);
      const translated = cue.map((l) => pseudoTranslate(l, target));
      const body = mode === 'single' ? translated : [...cue, ...translated.filter((l) => l.trim().length > 0)];
      return [...head, ...body, ...trailing].join(eol);
    })
    .join('');
}
