/** One prose block as parts: a whole-block segment with its fragments as fallback, or fragments. */
import { HAS_LETTER, PartsBuilder } from './builder.ts';
import type { ProseBlock } from './blocks.ts';
import { clip, flatten, sendText, type Item } from './inline.ts';
import { splitLongText } from './split.ts';
import { MAX_SEGMENT_CHARS, type SegmentationMode, type TranslatePart } from './types.ts';
import { ATTRIBUTE_LIST, skeleton } from './verify.ts';

/**
 * A paragraph with lazy continuation lines (`> a\nb\n===`) may read differently once every
 * line gets the container prefix back; such a paragraph goes as fragments.
 */
function standsAlone(send: string, refs: string[], mdx: boolean): boolean {
  const flow = skeleton(send, refs, mdx);
  return flow !== null && flow[0] === 'paragraph' && flow[1] === '|';
}

// Inline math (`$x^2$`, `$$E$$`; `$5 or $10` is not math), Hugo shortcodes (`{{< x >}}`, `{{% x %}}`),
// attribute lists (`{ #id .class }`, `{: .note }`) and bare URLs, kept inside prose runs.
const KEPT_IN_PROSE = new RegExp([
  '\\$\\$[^$]+\\$\\$', '(?<![\\\\$])\\$[^\\s$](?:[^$\\n]*[^\\s$\\\\])?\\$(?!\\d)',
  '\\{\\{([<%])(?:(?!\\1\\}\\})[^\\n])*\\1\\}\\}', ATTRIBUTE_LIST.source,
  '(?<![\\p{L}\\p{N}_])(?:https?:\\/\\/|ftp:\\/\\/|www\\.)[^\\s<>\\u3000-\\u9fff\\uac00-\\ud7af\\uff00-\\uffef]*',
].join('|'), 'giu');

/** A bare URL without the punctuation that ends the sentence around it. */
function urlEnd(url: string): string {
  for (;;) {
    const last = url[url.length - 1];
    if (last !== undefined && `?!.,:;*_~'"`.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && url.split('(').length < url.split(')').length) url = url.slice(0, -1);
    else return url;
  }
}

/**
 * Fragment mode: prose runs between kept spans. Soft line breaks stay inside the prose unless a
 * blockquote marker follows them; a collapsed or shortcut reference with plain text is translated
 * and written back as a full reference, any other is kept whole (its text is its label).
 */
export function emitFragments(text: string, items: readonly Item[], out: PartsBuilder, mdx: boolean): void {
  let prose = '';
  const flush = (): void => {
    let at = 0;
    for (const m of prose.matchAll(KEPT_IN_PROSE)) {
      const kept = /^[$\{]/.test(m[0]) ? m[0] : urlEnd(m[0]);
      if (!kept || m.index < at) continue;
      out.prose(prose.slice(at, m.index));
      out.keep(kept);
      at = m.index + kept.length;
    }
    out.prose(prose.slice(at));
    prose = '';
  };
  const keep = (s: string): void => {
    flush();
    out.keep(s);
  };
  for (const item of items) {
    const raw = text.slice(item.start, item.end);
    if (item.cls === 'text') prose += raw;
    else if (item.cls === 'break') {
      if (text.slice(item.eolEnd, item.end).includes('>')) keep(raw);
      else prose += raw;
    } else if (item.cls === 'ref') {
      const inner = text.slice(item.innerStart, item.innerEnd);
      const plain = item.inner.every((i) => i.cls === 'text') && inner === inner.trim() && HAS_LETTER.test(inner);
      if (!plain) {
        keep(raw);
        continue;
      }
      flush();
      const before = item.image ? '![' : '[';
      out.add({ text: inner, source: raw, wrap: [before, `][${inner}]`], check: 'label', ...(mdx ? { mdx } : {}) });
    } else keep(raw);
  }
  flush();
}

let lastText: string | undefined;
let lastEol = '\n';

/** The document's line ending (`\r\n` when it has any), looked up once per document. */
function documentEol(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastEol = text.includes('\r\n') ? '\r\n' : '\n';
  }
  return lastEol;
}

/** Line break inside a translated paragraph: the line ending and the first line's container prefix as blanks. */
function lineBreakOf(text: string, block: ProseBlock, items: readonly Item[]): string | undefined {
  const firstBreak = items.find((i) => i.cls === 'break');
  const eol = firstBreak ? text.slice(firstBreak.start, firstBreak.eolEnd) : documentEol(text);
  let lineStart = block.start;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  const prefix = text.slice(lineStart, block.start).replace(/[^>\t]/g, ' ');
  const lineBreak = eol + prefix;
  return lineBreak === '\n' ? undefined : lineBreak;
}

/** Ranges of at most 4000 characters, cut at sentence ends but never inside a kept span or a line prefix. */
function pieces(text: string, items: readonly Item[], start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  let at = start;
  while (end - at > MAX_SEGMENT_CHARS) {
    let cut = at + splitLongText(text.slice(at, end), MAX_SEGMENT_CHARS)[0]!.length;
    const inside = items.find((i) => i.cls !== 'text' && i.start < cut && cut < i.end);
    if (inside) cut = inside.start > at ? inside.start : inside.end;
    out.push([at, cut]);
    at = cut;
  }
  if (at < end) out.push([at, end]);
  return out;
}

/** The core of a block (no outer whitespace): one whole part with its fragments, or the fragments alone. */
function emitCore(text: string, block: ProseBlock, items: Item[], range: [number, number], out: PartsBuilder, mdx: boolean): void {
  const [coreStart, coreEnd] = range;
  const sub = new PartsBuilder('f', { check: 'fragment', ...(mdx ? { mdx } : {}) });
  emitFragments(text, items, sub, mdx);
  const fallback = sub.build().parts;
  const source = text.slice(coreStart, coreEnd);
  const send = sendText(text, items);
  const lineBreak = block.kind === 'paragraph' ? lineBreakOf(text, block, items) : undefined;
  if (!fallback.some((p) => p.kind === 'translate')) {
    out.keep(source);
    return;
  }
  if (send.text.length > MAX_SEGMENT_CHARS || (lineBreak && /[\r\n]/.test(send.text) && !standsAlone(send.text, send.refs, mdx))) {
    out.addParts(fallback);
    return;
  }
  const same = fallback.length === 1 && fallback[0]!.kind === 'translate' && fallback[0]!.text === send.text && !fallback[0]!.source;
  const fields: Omit<TranslatePart, 'kind' | 'id'> = { text: send.text, check: block.kind === 'attribute' ? 'heading' : block.kind };
  if (block.quote) {
    // A JSX attribute value: one part, no fragments (they would not know the quote).
    out.add({ ...fields, quote: block.quote, ...(mdx ? { mdx } : {}) });
    return;
  }
  if (send.text !== source) fields.source = source;
  if (lineBreak) fields.lineBreak = lineBreak;
  if (send.refs.length > 0) fields.refs = [...new Set(send.refs)];
  if (mdx) fields.mdx = true;
  if (!same) fields.fallback = fallback;
  out.add(fields);
}

/** Emits the block's core; over 4000 characters it goes as sentence-cut pieces, each one whole part. */
function emitTrimmed(text: string, block: ProseBlock, items: Item[], start: number, end: number, out: PartsBuilder, mdx: boolean, split: boolean): void {
  const raw = text.slice(start, end);
  if (!raw.trim()) {
    out.keep(raw);
    return;
  }
  const coreStart = start + (raw.length - raw.trimStart().length);
  const coreEnd = end - (raw.length - raw.trimEnd().length);
  out.keep(text.slice(start, coreStart));
  const core = clip(items, coreStart, coreEnd);
  if (split && sendText(text, core).text.length > MAX_SEGMENT_CHARS) {
    for (const [a, b] of pieces(text, core, coreStart, coreEnd)) emitTrimmed(text, block, clip(core, a, b), a, b, out, mdx, false);
  } else {
    emitCore(text, block, core, [coreStart, coreEnd], out, mdx);
  }
  out.keep(text.slice(coreEnd, end));
}

export function emitBlock(text: string, block: ProseBlock, out: PartsBuilder, mode: SegmentationMode, mdx: boolean): void {
  const items = block.node ? flatten(text, block.node) : (block.items?.slice() ?? [{ cls: 'text', start: block.start, end: block.end } as Item]);
  if (mode === 'fragments' && !block.quote) {
    const sub = new PartsBuilder('s', { check: 'fragment', ...(mdx ? { mdx } : {}) });
    emitFragments(text, items, sub, mdx);
    out.addParts(sub.build().parts);
    return;
  }
  let start = block.start;
  while (items[0]?.cls === 'task') {
    const task = items.shift()!;
    out.keep(text.slice(start, task.end));
    start = task.end;
  }
  emitTrimmed(text, block, items, start, block.end, out, mdx, true);
}
