/**
 * The parser costs about a microsecond per character, too much for multi-megabyte documents. Most
 * of such a document is top-level paragraphs, ATX headings and fenced code whose reading does not
 * depend on anything around them: a block that starts at column 0 after a blank line closes every
 * open container. Those are recognised here, line by line, when their content is simple enough to
 * be read exactly without the parser (text, emphasis, code spans, `[text](destination)`); anything
 * else (lists, quotes, tables, HTML, references, escapes) is left to the parser, in chunks, with
 * every definition label of the document known to each chunk.
 */
import { simpleInline } from './fast-inline.ts';
import type { Item } from './inline.ts';

export type FastRegion =
  | { kind: 'other'; start: number; end: number }
  | { kind: 'fence'; start: number; end: number }
  | { kind: 'paragraph' | 'heading'; start: number; end: number; items: Item[] }
  | { kind: 'table'; start: number; end: number; cells: Simple[] }
  /** A tight bullet list of one-line items, or a one-paragraph blockquote. */
  | { kind: 'list' | 'quote'; start: number; end: number; paragraphs: Simple[] };

interface Simple {
  start: number;
  end: number;
  items: Item[];
}

const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
// HTML blocks that run over blank lines, and what ends each (CommonMark kinds 1 to 5).
const HTML_RAW: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
  [/^ {0,3}<![A-Za-z]/, />/],
];
const PARAGRAPH_LINE = /^[\p{L}\p{N}("'“‘¿¡]/u;
const ORDERED = /^\d{1,9}[.)](?:\s|$)/;

function lineAt(text: string, at: number): { content: string; next: number } {
  const nl = text.indexOf('\n', at);
  const end = nl < 0 ? text.length : nl;
  return { content: text.slice(at, end).replace(/\r$/, ''), next: nl < 0 ? text.length : nl + 1 };
}

/** ATX heading text range on a line at `at`, without markers, closing sequence and spaces. */
function headingText(content: string, at: number): [number, number] | null {
  const m = /^#{1,6}(?:[ \t]+|$)/.exec(content);
  if (!m) return null;
  let end = content.trimEnd().length;
  let hashes = end;
  while (hashes > m[0].length && content[hashes - 1] === '#') hashes--;
  if (hashes < end && /[ \t]/.test(content[hashes - 1] ?? '')) end = content.slice(0, hashes).trimEnd().length;
  return end > m[0].length ? [at + m[0].length, at + end] : null;
}

/** Cell ranges of a table row that starts with `|` (GFM: a pipe ends a cell even inside code). */
function rowCells(content: string, at: number): [number, number][] {
  const out: [number, number][] = [];
  let s = 1;
  for (let k = 1; k <= content.length; k++) {
    if (k < content.length && content[k] !== '|') continue;
    if (k === content.length && content.slice(s).trim() === '') break;
    out.push([at + s, at + k]);
    s = k + 1;
  }
  return out;
}

/** A table of rows that all start with `|`, up to a blank line, with simple cells; else null. */
function simpleTable(text: string, at: number): Extract<FastRegion, { kind: 'table' }> | null {
  const rows: { start: number; content: string }[] = [];
  for (let pos = at; pos < text.length;) {
    const line = lineAt(text, pos);
    if (!line.content.trim()) break;
    if (!line.content.startsWith('|')) return null;
    rows.push({ start: pos, content: line.content });
    pos = line.next;
  }
  if (rows.length < 2 || !TABLE_DELIMITER.test(rows[1]!.content)) return null;
  const width = rowCells(rows[1]!.content, 0).length;
  const cells: { start: number; end: number; items: Item[] }[] = [];
  for (const [r, row] of rows.entries()) {
    const ranges = rowCells(row.content, row.start);
    if (r === 1) continue;
    if (r === 0 ? ranges.length !== width : ranges.length > width) return null;
    for (const [a, b] of ranges) {
      const raw = text.slice(a, b);
      const start = a + (raw.length - raw.trimStart().length);
      const end = b - (raw.length - raw.trimEnd().length);
      if (start >= end) continue;
      const items = simpleInline(text, start, end);
      if (!items) return null;
      cells.push({ start, end, items });
    }
  }
  const last = rows[rows.length - 1]!;
  return { kind: 'table', start: at, end: last.start + last.content.length, cells };
}

/** Lines from `at` up to a blank line (or the end). */
function linesUntilBlank(text: string, at: number): { start: number; content: string; next: number }[] {
  const lines: { start: number; content: string; next: number }[] = [];
  for (let pos = at; pos < text.length;) {
    const line = lineAt(text, pos);
    if (!line.content.trim()) break;
    lines.push({ start: pos, ...line });
    pos = line.next;
  }
  return lines;
}

/** Trimmed simple content of a line from `at` (a paragraph's first line), or null. */
function simpleLine(text: string, at: number, content: string): Simple | null {
  const trimmed = content.trimEnd();
  if (!PARAGRAPH_LINE.test(trimmed) || ORDERED.test(trimmed) || trimmed.includes('|')) return null;
  const items = simpleInline(text, at, at + trimmed.length);
  return items && { start: at, end: at + trimmed.length, items };
}

/**
 * `- item` lines (one marker, one space, simple one-line content) up to a blank line that is
 * followed by a line at column 0 (an indented line would still belong to the last item).
 */
function simpleList(text: string, at: number): Extract<FastRegion, { paragraphs: Simple[] }> | null {
  const marker = /^([-*+]) \S/.exec(lineAt(text, at).content)?.[1];
  if (!marker) return null;
  const lines = linesUntilBlank(text, at);
  const paragraphs: Simple[] = [];
  for (const line of lines) {
    if (!line.content.startsWith(`${marker} `)) return null;
    const paragraph = simpleLine(text, line.start + 2, line.content.slice(2));
    if (!paragraph) return null;
    paragraphs.push(paragraph);
  }
  let after = lines[lines.length - 1]!.next;
  while (after < text.length && lineAt(text, after).content.trim() === '') after = lineAt(text, after).next;
  if (after < text.length && /^[ \t]/.test(text[after]!)) return null;
  const last = lines[lines.length - 1]!;
  return { kind: 'list', start: at, end: last.start + last.content.length, paragraphs };
}

/** `> ` lines holding one simple paragraph, up to a blank line. */
function simpleQuote(text: string, at: number): Extract<FastRegion, { paragraphs: Simple[] }> | null {
  const lines = linesUntilBlank(text, at);
  const items: Item[] = [];
  for (const [k, line] of lines.entries()) {
    if (!line.content.startsWith('> ')) return null;
    const part = simpleLine(text, line.start + 2, line.content.slice(2));
    if (!part) return null;
    if (k > 0) {
      const prev = lines[k - 1]!;
      const eol = prev.start + prev.content.length;
      const eolEnd = line.start; // the line ending is \n or \r\n; `content` has no \r
      items.push({ cls: 'break', start: eol, eolEnd, cutEnd: line.start + 2, end: line.start + 2 });
    }
    items.push(...part.items);
  }
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const end = last.start + 2 + last.content.slice(2).trimEnd().length;
  // Each line's content ends where the line does (no trailing spaces): a hard break would need the parser.
  if (lines.some((l) => l.content !== l.content.trimEnd())) return null;
  return { kind: 'quote', start: at, end, paragraphs: [{ start: first.start + 2, end, items }] };
}

/** Regions covering [from, text.length) in order; `text` is the masked text the parser would see. */
export function fastRegions(text: string, from: number): FastRegion[] {
  const regions: FastRegion[] = [];
  let other = -1;
  const push = (region: FastRegion): void => {
    if (other >= 0) regions.push({ kind: 'other', start: other, end: region.start });
    other = -1;
    regions.push(region);
  };
  let at = from;
  let canStart = true;
  let open: { fence?: string; html?: RegExp } | null = null;
  while (at < text.length) {
    const { content, next } = lineAt(text, at);
    const blank = content.trim() === '';
    if (open) {
      const closes = open.fence
        ? new RegExp(`^ {0,3}${open.fence[0] === '`' ? '`' : '~'}{${open.fence.length},}[ \\t]*$`).test(content)
        : open.html!.test(content);
      if (closes) open = null;
    } else if (canStart && !blank) {
      const fence = /^(`{3,}|~{3,})/.exec(content);
      const heading = content.startsWith('#') ? headingText(content, at) : null;
      if (fence && !(fence[1]![0] === '`' && content.slice(fence[1]!.length).includes('`'))) {
        const close = new RegExp(`^ {0,3}${fence[1]![0] === '`' ? '`' : '~'}{${fence[1]!.length},}[ \\t]*$`);
        let end = next;
        while (end < text.length && !close.test(lineAt(text, end).content)) end = lineAt(text, end).next;
        end = end < text.length ? lineAt(text, end).next : end;
        push({ kind: 'fence', start: at, end });
        at = end;
        continue;
      }
      const table = content.startsWith('|') ? simpleTable(text, at) : null;
      const container = /^[-*+] /.test(content) ? simpleList(text, at) : content.startsWith('> ') ? simpleQuote(text, at) : null;
      const block = table ?? container;
      if (block) {
        push(block);
        at = block.end;
        continue;
      }
      const items = heading ? simpleInline(text, heading[0], heading[1]) : null;
      if (heading && items) {
        push({ kind: 'heading', start: heading[0], end: heading[1], items });
        at = next;
        continue;
      }
      if (PARAGRAPH_LINE.test(content) && !ORDERED.test(content)) {
        let end = at;
        let simple = true;
        let contentEnd = at;
        for (let line = lineAt(text, at); end < text.length && line.content.trim() !== ''; line = lineAt(text, end)) {
          if (!PARAGRAPH_LINE.test(line.content) || ORDERED.test(line.content) || line.content.includes('|')) simple = false;
          contentEnd = end + line.content.length;
          end = line.next;
        }
        const trimmed = text.slice(at, contentEnd).trimEnd().length;
        const paraItems = simple ? simpleInline(text, at, at + trimmed) : null;
        if (paraItems) {
          push({ kind: 'paragraph', start: at, end: at + trimmed, items: paraItems });
          at = at + trimmed;
          canStart = false;
          continue;
        }
      }
    }
    if (!blank && other < 0 && !(regions.length > 0 && regions[regions.length - 1]!.end > at)) other = at;
    if (!open && !blank) {
      const fence = FENCE_OPEN.exec(content);
      const html = HTML_RAW.find(([start]) => start.test(content));
      if (fence) open = { fence: fence[1]! };
      else if (html && !html[1].test(content.slice(content.indexOf('<') + 2))) open = { html: html[1] };
    }
    canStart = blank;
    at = next;
  }
  if (other >= 0) regions.push({ kind: 'other', start: other, end: text.length });
  return regions;
}
