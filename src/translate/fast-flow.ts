/**
 * Blocks the fast reader (fast.ts) reads without the parser, besides paragraphs, headings and
 * tables: HTML blocks and link reference definitions (kept whole) and bullet lists whose items
 * hold one simple paragraph each (nested lists included). Each starts at column 0 after a blank
 * line (or where a paragraph is interrupted by a list item), so nothing before it changes how it reads.
 */
import { simpleInline } from './fast-inline.ts';
import type { Item } from './inline.ts';
import { normalizeLabel } from './tokens.ts';

export interface Line {
  start: number;
  /** The line without its line ending (\n or \r\n). */
  content: string;
  next: number;
}

export function lineAt(text: string, at: number): Line {
  const nl = text.indexOf('\n', at);
  const end = nl < 0 ? text.length : nl;
  const content = text.charCodeAt(end - 1) === 13 && end > at ? text.slice(at, end - 1) : text.slice(at, end);
  return { start: at, content, next: nl < 0 ? text.length : nl + 1 };
}

/** Lines from `at` up to a blank line (or the end). */
export function linesUntilBlank(text: string, at: number): Line[] {
  const lines: Line[] = [];
  for (let pos = at; pos < text.length;) {
    const line = lineAt(text, pos);
    if (!line.content.trim()) break;
    lines.push(line);
    pos = line.next;
  }
  return lines;
}

// CommonMark HTML blocks 1 to 5 (run to the line holding their end, over blank lines) and 6 (to a blank line).
export const HTML_RAW: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [/^ {0,3}<![A-Za-z]/, />/],
];
const HTML_BLOCK_NAMES =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const HTML_BLOCK = new RegExp(`^<\\/?(?:${HTML_BLOCK_NAMES})(?:[ \\t>]|\\/>|$)`, 'i');
// Kind 7: a line of one complete open or closing tag (not a raw one: script, pre, style, textarea).
const ATTRIBUTE = `[ \\t]+[A-Za-z_:][\\w.:-]*(?:[ \\t]*=[ \\t]*(?:[^\\s"'=<>\`]+|'[^'\\n]*'|"[^"\\n]*"))?`;
const HTML_TAG_LINE = new RegExp(
  `^<(?!\\/?(?:script|pre|style|textarea)(?![A-Za-z0-9-]))(?:[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*[ \\t]*\\/?>|\\/[A-Za-z][A-Za-z0-9-]*[ \\t]*>)[ \\t]*$`,
  'i',
);

/** The end of an HTML block (kinds 1 to 6) starting at column 0 of the line at `at`, or -1. */
export function htmlBlockEnd(text: string, at: number, first: Line): number {
  if (first.content[0] !== '<') return -1;
  const raw = HTML_RAW.find(([start]) => start.test(first.content));
  if (raw) {
    let line = first;
    let tail = first.content.slice(2);
    for (;;) {
      if (raw[1].test(tail) || line.next >= text.length) return line.next;
      line = lineAt(text, line.next);
      tail = line.content;
    }
  }
  if (!HTML_BLOCK.test(first.content) && !HTML_TAG_LINE.test(first.content)) return -1;
  const lines = linesUntilBlank(text, at);
  return lines[lines.length - 1]!.next;
}

// One definition on its own line: `[label]: destination "title"` (no escapes, brackets or angle brackets).
const DEFINITION_LINE = /^\[([^\]\[\\\n]{1,999})\]:[ \t]+[^\s<>()\\"']+(?:[ \t]+"[^"\\\n]*")?[ \t]*$/;

/** Lines of simple link reference definitions up to a blank line, and their labels; null when another line is among them. */
export function definitionBlock(text: string, at: number): { end: number; labels: string[] } | null {
  const labels: string[] = [];
  const lines = linesUntilBlank(text, at);
  for (const line of lines) {
    const m = DEFINITION_LINE.exec(line.content);
    if (!m || m[1]!.startsWith('^') || !/\S/.test(m[1]!)) return null;
    labels.push(normalizeLabel(m[1]!));
  }
  return { end: lines[lines.length - 1]!.next, labels };
}

interface Simple {
  start: number;
  end: number;
  items: Item[];
}

/**
 * How a paragraph's line may start to be read here: nothing that opens another block (fence,
 * heading, quote, thematic break, setext underline, list item, task box, definition, table, HTML,
 * indentation) or that the masked dialects use; ordered markers are tested apart (ORDERED).
 */
export const LINE_START = /^(?:[^\s#>\-*+_=<|`~:!?$%{}\\[\]]|`(?!``)|(?:\*\*?|__?)(?=[\p{L}\p{N}`])|\[(?![ xX]\]|[^\]]*\]:))/u;
export const ORDERED = /^\d{1,9}[.)](?:\s|$)/;
const MARKER = /^(?:([-*+])|\d{1,9}([.)]))( {1,4})(?=\S)/;

/**
 * A bullet or ordered list from `at` up to a blank line (followed by a line at column 0, which closes it):
 * every item one simple paragraph, its lines continued at the item's content column, nested
 * items at their parent's content column. Null when anything else is in it.
 */
export function simpleList(text: string, at: number, defined: ReadonlySet<string> | undefined): { end: number; paragraphs: Simple[] } | null {
  const lines = linesUntilBlank(text, at);
  const kind = (m: RegExpExecArray): string => m[1] ?? m[2]!;
  const first = MARKER.exec(lineAt(text, at).content);
  if (!first) return null;
  const marker = kind(first);
  const paragraphs: Simple[] = [];
  const columns: number[] = [];
  let current: Simple | null = null;
  let prev: Line | null = null;
  for (const line of lines) {
    const { content } = line;
    if (content !== content.trimEnd() || content.includes('\t') || content.includes('|')) return null;
    let indent = 0;
    while (content.charCodeAt(indent) === 32) indent++;
    const bullet = MARKER.exec(content.slice(indent));
    let from: number;
    if (bullet) {
      if (indent === 0) {
        if (kind(bullet) !== marker) return null;
        columns.length = 0;
      } else {
        const parent = columns.indexOf(indent);
        if (parent < 0) return null;
        columns.length = parent + 1;
      }
      from = indent + bullet[0].length;
      columns.push(from);
    } else {
      if (!current || indent !== columns[columns.length - 1]) return null;
      from = indent;
    }
    const body = content.slice(from);
    if (!LINE_START.test(body) || ORDERED.test(body)) return null;
    const items = simpleInline(text, line.start + from, line.start + content.length, defined, true);
    if (!items) return null;
    if (bullet || !current) {
      if (current) paragraphs.push(current);
      current = { start: line.start + from, end: line.start + content.length, items };
    } else {
      const eol = prev!.start + prev!.content.length;
      current.items.push({ cls: 'break', start: eol, eolEnd: line.start, cutEnd: line.start + from, end: line.start + from }, ...items);
      current.end = line.start + content.length;
    }
    prev = line;
  }
  if (!current || !prev) return null;
  paragraphs.push(current);
  let after = prev.next;
  while (after < text.length && lineAt(text, after).content.trim() === '') after = lineAt(text, after).next;
  if (after < text.length && /^[ \t]/.test(text[after]!)) return null;
  return { end: prev.start + prev.content.length, paragraphs };
}
