/**
 * One prose block (paragraph, heading text, table cell) as a flat list of items taken from the
 * parser's tokens: prose text, kept spans (code, inline HTML and JSX, autolinks, link
 * destinations and reference labels, footnote calls, expressions), line breaks with the container
 * prefix that follows them, task boxes, and collapsed/shortcut references.
 */
import { isLinePrefix, type TokenNode } from './tokens.ts';

const KEPT = new Set([
  'codeText',
  'htmlText',
  'autolink',
  'literalAutolink',
  'mdxJsxTextTag',
  'mdxTextExpression',
  'gfmFootnoteCall',
  'resource',
  'reference',
  'labelMarker',
  'labelImageMarker',
]);

export type Item =
  | { cls: 'text' | 'task'; start: number; end: number }
  /** `cuts`: container prefixes inside the span; `label`: the label of a full reference. */
  | { cls: 'kept'; start: number; end: number; cuts: [number, number][]; label?: [number, number] }
  /**
   * A line ending (`start`..`eolEnd`), the container prefix after it (..`cutEnd`: `>` markers,
   * list indentation) and the line's own leading whitespace (..`end`).
   */
  | { cls: 'break'; start: number; eolEnd: number; cutEnd: number; end: number }
  /** `[text]` or `[text][]`, whose text is also its label. */
  | { cls: 'ref'; start: number; end: number; image: boolean; inner: Item[]; innerStart: number; innerEnd: number };

/** Container prefixes after line endings anywhere below `node`. */
function prefixCuts(node: TokenNode, cuts: [number, number][] = []): [number, number][] {
  let afterEol = false;
  for (const child of node.children) {
    if (afterEol && isLinePrefix(child.type) && child.type !== 'linePrefix') {
      const last = cuts[cuts.length - 1];
      if (last && last[1] === child.start) last[1] = child.end;
      else cuts.push([child.start, child.end]);
      continue;
    }
    afterEol = child.type === 'lineEnding';
    if (!afterEol && child.children.length > 0) prefixCuts(child, cuts);
  }
  return cuts;
}

function labelOnlyReference(node: TokenNode): TokenNode | null {
  if (node.type !== 'link' && node.type !== 'image') return null;
  const [label, tail] = node.children;
  if (label?.type !== 'label') return null;
  if (tail && (tail.type !== 'reference' || tail.children.some((c) => c.type === 'referenceString'))) return null;
  return label.children.find((c) => c.type === 'labelText') ?? null;
}

export function flatten(text: string, node: TokenNode, out: Item[] = []): Item[] {
  for (const child of node.children) {
    const last = out[out.length - 1];
    const labelText = labelOnlyReference(child);
    if (child.type === 'lineEnding') {
      // The token may run over the prefix that follows; the line ending itself is \n or \r\n.
      const eolEnd = child.start + (text[child.start] === '\r' && text[child.start + 1] === '\n' ? 2 : 1);
      const end = Math.max(eolEnd, child.end);
      out.push({ cls: 'break', start: child.start, eolEnd, cutEnd: end, end });
    } else if (isLinePrefix(child.type) && last?.cls === 'break' && last.end >= child.start) {
      last.end = Math.max(last.end, child.end);
      // A paragraph line's own indentation stays in the text: without it `    ***` would become a break.
      if (child.type !== 'linePrefix') last.cutEnd = last.end;
    } else if (child.type === 'taskListCheck') {
      out.push({ cls: 'task', start: child.start, end: child.end });
    } else if (KEPT.has(child.type)) {
      const string = child.type === 'reference' ? child.children.find((c) => c.type === 'referenceString') : undefined;
      out.push({ cls: 'kept', start: child.start, end: child.end, cuts: prefixCuts(child), label: string && [string.start, string.end] });
    } else if (labelText) {
      out.push({
        cls: 'ref',
        start: child.start,
        end: child.end,
        image: child.type === 'image',
        inner: flatten(text, labelText),
        innerStart: labelText.start,
        innerEnd: labelText.end,
      });
    } else if (child.children.length > 0) {
      flatten(text, child, out);
    } else {
      out.push({ cls: 'text', start: child.start, end: child.end });
    }
  }
  return out;
}

/** `text[start, end)` without the listed ranges. */
export function cut(text: string, start: number, end: number, cuts: readonly [number, number][]): string {
  let out = '';
  let at = start;
  for (const [a, b] of cuts) {
    if (b <= at || a >= end) continue;
    out += text.slice(at, a);
    at = b;
  }
  return out + text.slice(at, end);
}

export interface SendText {
  text: string;
  /** Reference labels the text uses (full references, and the rewritten collapsed/shortcut ones). */
  refs: string[];
}

/**
 * The block as one segment: Markdown as written, without container prefixes after line breaks,
 * and with collapsed/shortcut references rewritten to full ones (`[text][text]`) so the text can
 * be translated while the label keeps pointing at its definition.
 */
export function sendText(text: string, items: readonly Item[], refs: string[] = []): SendText {
  let out = '';
  for (const item of items) {
    if (item.cls === 'kept') {
      out += cut(text, item.start, item.end, item.cuts);
      if (item.label) refs.push(cut(text, item.label[0], item.label[1], item.cuts));
    } else if (item.cls === 'break') {
      out += text.slice(item.start, item.eolEnd) + text.slice(item.cutEnd, item.end);
    } else if (item.cls === 'ref') {
      const inner = sendText(text, item.inner, refs).text;
      refs.push(inner);
      out += `${item.image ? '!' : ''}[${inner}][${inner}]`;
    } else {
      out += text.slice(item.start, item.end);
    }
  }
  return { text: out, refs };
}

/** Items within [start, end); text items are clipped, others are wholly inside or outside. */
export function clip(items: readonly Item[], start: number, end: number): Item[] {
  const out: Item[] = [];
  for (const item of items) {
    if (item.end <= start || item.start >= end) continue;
    if (item.cls === 'text') out.push({ cls: 'text', start: Math.max(item.start, start), end: Math.min(item.end, end) });
    else out.push(item);
  }
  return out;
}
