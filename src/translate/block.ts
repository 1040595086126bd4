/** One prose block as parts: a whole-block segment with its fragments as fallback, or fragments. */
import { HAS_LETTER, PartsBuilder } from './builder.ts';
import { readableValues, type ProseBlock } from './blocks.ts';
import { clip, flatten, sendText, type Item, type SendText } from './inline.ts';
import { SHORTCODE } from './mask.ts';
import { splitLongText } from './split.ts';
import { plainLines } from './standalone.ts';
import { MAX_SEGMENT_CHARS, type Part, type SegmentationMode, type TranslatePart } from './types.ts';
import { ATTRIBUTE_LIST, skeleton } from './verify.ts';

/**
 * A paragraph with lazy continuation lines (`> a\nb\n===`) may read differently once every
 * line gets the container prefix back; such a paragraph goes as fragments.
 */
function standsAlone(send: string, refs: string[], mdx: boolean): boolean {
  if (!mdx && plainLines(send)) return true;
  const flow = skeleton(send, refs, mdx);
  return flow !== null && flow[0] === 'paragraph' && flow[1] === '|';
}

// Inline math (`$x^2$`, `$$E$$`; `$5 or $10` is not math), Hugo shortcodes (`{{< x >}}`, `{{% x %}}`),
// attribute lists (`{ #id .class }`, `{: .note }`) and bare URLs, kept inside prose runs.
const KEPT_IN_PROSE = new RegExp(
  [
    '\\$\\$[^$]+\\$\\$',
    '(?<![\\\\$])\\$[^\\s$](?:[^$\\n]*[^\\s$\\\\])?\\$(?!\\d)',
    SHORTCODE.source,
    ATTRIBUTE_LIST.source,
    '(?<![\\p{L}\\p{N}_])(?:https?:\\/\\/|ftp:\\/\\/|www\\.)[^\\s<>\\u3000-\\u9fff\\uac00-\\ud7af\\uff00-\\uffef]*',
  ].join('|'),
  'giu',
);

// The same case folding as KEPT_IN_PROSE (`u`: `ſ` is an `s`).
const MAY_KEEP = /[${]|https?:\/\/|ftp:\/\/|www\./iu;

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
    // Every kept span starts with `$`, `{`, a URL scheme or `www.`: most prose has none of them.
    for (const m of MAY_KEEP.test(prose) ? prose.matchAll(KEPT_IN_PROSE) : []) {
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
      // Spread: only an MDX part carries `mdx`; `mdx: false` would change the part's key (segmentKey) and so its hash.
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

/**
 * Ranges of at most 4000 characters, cut at sentence ends but never inside a kept span or a line
 * prefix. A cut at a line break (its line ending and the container prefix after it, `\n> `) leaves
 * the break between two ranges, kept as it is: a range that began or ended with it would send its
 * line ending as white space and its prefix as text.
 */
function pieces(text: string, items: readonly Item[], start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  let at = start;
  while (end - at > MAX_SEGMENT_CHARS) {
    let cut = at + splitLongText(text.slice(at, end), MAX_SEGMENT_CHARS)[0]!.length;
    const atBreak = items.find((i) => i.cls === 'break' && i.start > at && i.start <= cut && cut <= i.end);
    if (atBreak) {
      out.push([at, atBreak.start]);
      at = atBreak.end;
      continue;
    }
    const inside = items.find((i) => i.cls !== 'text' && i.start < cut && cut < i.end);
    if (inside) cut = inside.start > at ? inside.start : inside.end;
    out.push([at, cut]);
    at = cut;
  }
  if (at < end) out.push([at, end]);
  return out;
}

/**
 * Brackets whose roles the text alone does not tell: a literal `]`, or a full reference's
 * `[label]`, directly followed by another bracket pair (`[foo][bar][baz]`, `[foo [bar](/uri)][ref]`;
 * CommonMark #532, #533, #569 to #571). Which pair is link text and which a label depends on the
 * definitions, which no engine sees, so such a block goes as fragments (labels out of the text).
 */
function chainedBrackets(text: string, items: readonly Item[]): boolean {
  for (let i = 0; i + 1 < items.length; i++) {
    const [a, b] = [items[i]!, items[i + 1]!];
    if (a.end !== b.start || text[a.end - 1] !== ']' || !(text[b.start] === '[' || text.startsWith('![', b.start))) continue;
    if (a.cls === 'text' || (a.cls === 'kept' && a.label !== undefined)) return true;
  }
  return false;
}

/**
 * The block's fragments (emitFragments). A block of prose and line breaks without container
 * prefixes, holding no kept span and no outer white space, is its one fragment: built directly.
 */
function fragmentsOf(text: string, items: readonly Item[], send: SendText, mdx: boolean): Part[] {
  const plain =
    send.text.length <= MAX_SEGMENT_CHARS &&
    items.every((i) => i.cls === 'text' || (i.cls === 'break' && i.cutEnd === i.eolEnd && i.end === i.eolEnd)) &&
    !MAY_KEEP.test(send.text) &&
    !/^\s|\s$/.test(send.text);
  if (plain) return HAS_LETTER.test(send.text) ? [{ text: send.text, check: 'fragment', ...(mdx ? { mdx } : {}), kind: 'translate', id: 'f0' }] : [];
  // Spread: only an MDX part carries `mdx`; `mdx: false` would change the part's key (segmentKey) and so its hash.
  const sub = new PartsBuilder('f', { check: 'fragment', ...(mdx ? { mdx } : {}) });
  emitFragments(text, items, sub, mdx);
  return sub.build().parts;
}

/** The core of a block (no outer whitespace): one whole part with its fragments, or the fragments alone. */
function emitCore(text: string, block: ProseBlock, items: Item[], range: [number, number], out: PartsBuilder, mdx: boolean, send: SendText): void {
  const [coreStart, coreEnd] = range;
  const fallback = fragmentsOf(text, items, send, mdx);
  const source = text.slice(coreStart, coreEnd);
  const lineBreak = block.kind === 'paragraph' ? lineBreakOf(text, block, items) : undefined;
  if (!fallback.some((p) => p.kind === 'translate')) {
    out.keep(source);
    return;
  }
  if (
    send.text.length > MAX_SEGMENT_CHARS ||
    chainedBrackets(text, items) ||
    (lineBreak && /[\r\n]/.test(send.text) && !standsAlone(send.text, send.refs, mdx))
  ) {
    out.addParts(fallback);
    return;
  }
  const same = fallback.length === 1 && fallback[0]!.kind === 'translate' && fallback[0]!.text === send.text && !fallback[0]!.source;
  const fields: Omit<TranslatePart, 'kind' | 'id'> = { text: send.text, check: block.kind === 'attribute' ? 'heading' : block.kind };
  if (block.quote) {
    // A JSX attribute value: one part, no fragments (they would not know the quote).
    // Spread: only an MDX part carries `mdx`; `mdx: false` would change the part's key (segmentKey) and so its hash.
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
  const send = sendText(text, core);
  if (split && send.text.length > MAX_SEGMENT_CHARS) {
    let after = coreStart;
    for (const [a, b] of pieces(text, core, coreStart, coreEnd)) {
      out.keep(text.slice(after, a));
      emitTrimmed(text, block, clip(core, a, b), a, b, out, mdx, false);
      after = b;
    }
  } else {
    emitCore(text, block, core, [coreStart, coreEnd], out, mdx, send);
  }
  out.keep(text.slice(coreEnd, end));
}

/** An inline tag (MDX JSX text tag, Hugo shortcode) split out of its block, with its readable attribute values. */
interface SplitTag {
  start: number;
  end: number;
  values: { start: number; end: number; quote: string }[];
}

const CLOSING_TAG = /^(?:<\/|\{\{[<%][ \t]*\/)/;

/** Items with each Hugo shortcode in a text run as a kept item (the parser saw letters there). */
function withShortcodes(text: string, items: Item[]): Item[] {
  if (!items.some((i) => i.cls === 'text' && text.slice(i.start, i.end).includes('{{'))) return items;
  return items.flatMap((item): Item[] => {
    if (item.cls !== 'text') return [item];
    const out: Item[] = [];
    let at = item.start;
    for (const m of text.slice(item.start, item.end).matchAll(SHORTCODE)) {
      const start = item.start + m.index;
      if (start > at) out.push({ cls: 'text', start: at, end: start });
      out.push({ cls: 'kept', start, end: start + m[0].length, cuts: [] });
      at = start + m[0].length;
    }
    if (at < item.end) out.push({ cls: 'text', start: at, end: item.end });
    return out;
  });
}

const isTag = (raw: string, mdx: boolean): boolean => /^\{\{[<%]/.test(raw) || (mdx && /^<[A-Za-z]/.test(raw));
const blankRun = (text: string, item: Item | undefined): boolean => item !== undefined && item.cls === 'text' && text.slice(item.start, item.end).trim() === '';

/**
 * Inline tags that open or close a line of the block (`<TabItem label="Stars">Sirius</TabItem>`,
 * `{{% alert title="Note" %}} Text {{% /alert %}}`) and have a readable attribute (readableValues): the block is cut around them so the values can be translated. A
 * tag in the middle of a line stays in its sentence (the sentence matters more than a tooltip).
 */
function splitTags(text: string, items: readonly Item[], mdx: boolean): SplitTag[] {
  const out: SplitTag[] = [];
  for (const [i, item] of items.entries()) {
    if (item.cls !== 'kept') continue;
    const raw = text.slice(item.start, item.end);
    if (!isTag(raw, mdx) || CLOSING_TAG.test(raw)) continue;
    let before = i - 1;
    while (blankRun(text, items[before])) before--;
    let after = i + 1;
    while (blankRun(text, items[after])) after++;
    if (!(before < 0 || items[before]!.cls === 'break' || after >= items.length || items[after]!.cls === 'break')) continue;
    const values = readableValues(raw, item.start, raw.startsWith('<'));
    if (values.length > 0) out.push({ start: item.start, end: item.end, values });
  }
  return out;
}

/**
 * A piece of a block cut around split tags: line breaks, blanks and closing tags at its edges are
 * kept, the rest goes as the block would (one whole part with its fragments, or fragments).
 */
function emitPiece(
  text: string,
  block: ProseBlock,
  items: readonly Item[],
  start: number,
  end: number,
  out: PartsBuilder,
  mode: SegmentationMode,
  mdx: boolean,
): void {
  const inside = clip(items, start, end);
  let first = 0;
  while (first < inside.length && (inside[first]!.cls === 'break' || blankRun(text, inside[first]))) first++;
  let last = inside.length - 1;
  while (
    last >= first &&
    (inside[last]!.cls === 'break' ||
      blankRun(text, inside[last]) ||
      (inside[last]!.cls === 'kept' && CLOSING_TAG.test(text.slice(inside[last]!.start, inside[last]!.end))))
  )
    last--;
  if (last < first) {
    out.keep(text.slice(start, end));
    return;
  }
  const [a, b] = [inside[first]!.start, inside[last]!.end];
  out.keep(text.slice(start, a));
  const core = inside.slice(first, last + 1);
  if (mode === 'fragments') {
    // Spread: only an MDX part carries `mdx`; `mdx: false` would change the part's key (segmentKey) and so its hash.
    const sub = new PartsBuilder('s', { check: 'fragment', ...(mdx ? { mdx } : {}) });
    emitFragments(text, core, sub, mdx);
    out.addParts(sub.build().parts);
  } else {
    emitTrimmed(text, block, core, a, b, out, mdx, true);
  }
  out.keep(text.slice(b, end));
}

/** A split tag: kept, but for its readable values, each a one-line part whose translation may not hold the quote. */
function emitTag(text: string, tag: SplitTag, out: PartsBuilder, mdx: boolean): void {
  let at = tag.start;
  for (const v of tag.values) {
    out.keep(text.slice(at, v.start));
    // Spread: only an MDX part carries `mdx`; `mdx: false` would change the part's key (segmentKey) and so its hash.
    out.add({ text: text.slice(v.start, v.end), check: 'heading', quote: v.quote, ...(mdx ? { mdx } : {}) });
    at = v.end;
  }
  out.keep(text.slice(at, tag.end));
}

export function emitBlock(text: string, block: ProseBlock, out: PartsBuilder, mode: SegmentationMode, mdx: boolean): void {
  let items = block.node ? flatten(text, block.node) : (block.items?.slice() ?? [{ cls: 'text', start: block.start, end: block.end } as Item]);
  const tags = block.quote ? [] : splitTags(text, (items = withShortcodes(text, items)), mdx);
  if (tags.length > 0) {
    let at = block.start;
    while (items[0]?.cls === 'task') at = items.shift()!.end;
    out.keep(text.slice(block.start, at));
    for (const tag of tags) {
      emitPiece(text, block, items, at, tag.start, out, mode, mdx);
      emitTag(text, tag, out, mdx);
      at = tag.end;
    }
    emitPiece(text, block, items, at, block.end, out, mode, mdx);
    return;
  }
  if (mode === 'fragments' && !block.quote) {
    // Spread: only an MDX part carries `mdx`; `mdx: false` would change the part's key (segmentKey) and so its hash.
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
