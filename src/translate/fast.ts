/**
 * The parser costs about a microsecond per character. Most of a document is top-level blocks whose
 * reading does not depend on anything around them: a block that starts at column 0 after a blank
 * line closes every open container. Those are recognised here (and in fast-flow.ts), line by line,
 * when their content is simple enough to be read exactly without the parser (text, emphasis, code
 * spans, links and images with a destination, references to defined labels); anything else is
 * left to the parser, in chunks, with every definition label of the document known to each chunk.
 */
import { definitionBlock, HTML_RAW, htmlBlockEnd, indentOf, isBlank, LINE_START, lineAt, linesUntilBlank, paragraphLine } from './fast-flow.ts';
import { simpleInline } from './fast-inline.ts';
import { listRegions } from './fast-list.ts';
import { mayOpenDefinition } from './standalone.ts';
import type { Item } from './inline.ts';

export type FastRegion =
  | { kind: 'other'; start: number; end: number }
  | { kind: 'fence'; start: number; end: number }
  /** Kept whole: HTML blocks, and link reference definitions (their normalized labels). */
  | { kind: 'kept'; start: number; end: number; labels?: string[] }
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
const LIST_START = /^ {0,3}(?:[-*+]|\d{1,9}[.)]) /;
const INDENT = /^ {1,3}(?! )/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

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

/**
 * Cell ranges of a table row, its leading and trailing pipes optional (GFM: a pipe ends a cell
 * even inside code, unless escaped).
 */
function rowCells(content: string, at: number): [number, number][] {
  const out: [number, number][] = [];
  const first = content[0] === '|' ? 1 : 0;
  let s = first;
  for (let k = first; k <= content.length; k++) {
    if (k < content.length) {
      if (content[k] === '\\' && k + 1 < content.length) k++;
      else if (content[k] === '|') {
        out.push([at + s, at + k]);
        s = k + 1;
      }
      continue;
    }
    if (!isBlank(content.slice(s))) out.push([at + s, at + k]);
  }
  return out;
}

/**
 * A table up to a blank line with simple cells: its rows all start with `|`, or (a table whose
 * header has no leading pipe) start as a paragraph's line does, its header and delimiter rows
 * holding a pipe; else null.
 */
function simpleTable(text: string, at: number, defined: ReadonlySet<string> | undefined): Extract<FastRegion, { kind: 'table' }> | null {
  const rows: { start: number; content: string }[] = [];
  const piped = text[at] === '|';
  for (let pos = at; pos < text.length;) {
    const line = lineAt(text, pos);
    if (isBlank(line.content)) break;
    if (piped ? !line.content.startsWith('|') : rows.length !== 1 && !line.content.startsWith('|') && !LINE_START.test(line.content)) return null;
    rows.push({ start: pos, content: line.content });
    pos = line.next;
  }
  if (rows.length < 2 || !TABLE_DELIMITER.test(rows[1]!.content)) return null;
  if (!piped && !(rows[0]!.content.includes('|') && rows[1]!.content.includes('|'))) return null;
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
      const items = simpleInline(text, start, end, defined);
      if (!items) return null;
      cells.push({ start, end, items });
    }
  }
  const last = rows[rows.length - 1]!;
  return { kind: 'table', start: at, end: last.start + last.content.length, cells };
}

/** Trimmed simple content of a paragraph's line from `at` (`first`: its first line), or null. */
function simpleLine(text: string, at: number, content: string, defined: ReadonlySet<string> | undefined, first: boolean): Simple | null {
  const trimmed = content.trimEnd();
  if (!paragraphLine(trimmed, first)) return null;
  const items = simpleInline(text, at, at + trimmed.length, defined, true);
  return items && { start: at, end: at + trimmed.length, items };
}

/** `> ` lines holding simple paragraphs, apart by lines of `>` alone, up to a blank line. */
function simpleQuote(text: string, at: number, defined: ReadonlySet<string> | undefined): Extract<FastRegion, { paragraphs: Simple[] }> | null {
  const lines = linesUntilBlank(text, at);
  const paragraphs: Simple[] = [];
  let current: Simple | null = null;
  let prev: (typeof lines)[number] | null = null;
  for (const line of lines) {
    const { content } = line;
    if (content[0] === '>' && isBlank(content.slice(1))) {
      current = null;
      continue;
    }
    // Each line's content ends where the line does (no trailing spaces): a hard break would need the parser.
    if (!content.startsWith('> ') || content !== content.trimEnd()) return null;
    const part = simpleLine(text, line.start + 2, content.slice(2), defined, current === null);
    if (!part) return null;
    if (current) {
      const eol = prev!.start + prev!.content.length;
      const eolEnd = line.start; // the line ending is \n or \r\n; `content` has no \r
      current.items.push({ cls: 'break', start: eol, eolEnd, cutEnd: line.start + 2, end: line.start + 2 }, ...part.items);
      current.end = part.end;
    } else {
      current = { start: part.start, end: part.end, items: part.items };
      paragraphs.push(current);
    }
    prev = line;
  }
  if (paragraphs.length === 0) return null;
  const last = lines[lines.length - 1]!;
  return { kind: 'quote', start: at, end: last.start + last.content.length, paragraphs };
}

/** Whether the line [start, end) closes a fence of `len` characters `ch`: up to 3 spaces, a run at least as long, then spaces or tabs. */
function closesFence(text: string, start: number, end: number, ch: number, len: number): boolean {
  let k = start;
  while (k < end && k - start < 3 && text.charCodeAt(k) === 32) k++;
  const run = k;
  while (k < end && text.charCodeAt(k) === ch) k++;
  if (k - run < len) return false;
  for (; k < end; k++) {
    const c = text.charCodeAt(k);
    // (A \r here ends the line: the reader knows \n and \r\n endings only.)
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

// A line that ends a paragraph above it: a bullet item or thematic break, an ordered item numbered 1,
// an ATX heading, a quote, a fence.
const INTERRUPTS = /^(?:[-*+] +\S|1[.)] +\S|#{1,6}(?:[ \t]|$)|> |`{3,}|~{3,})/;

/**
 * Regions covering [from, text.length) in order; `text` is the masked text the parser would see,
 * `defined` the document's definition labels (normalized), so references to them are read too.
 */
export function fastRegions(text: string, from: number, defined?: ReadonlySet<string>): FastRegion[] {
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
    const line = lineAt(text, at);
    const { content, next } = line;
    const blank = isBlank(content);
    if (open) {
      const closes = open.fence ? closesFence(text, at, at + content.length, open.fence.charCodeAt(0), open.fence.length) : open.html!.test(content);
      if (closes) open = null;
    } else if (canStart && !blank) {
      // Fenced code; indented 1 to 3 spaces only where nothing before it is left to the parser.
      const lead = content[0] === ' ' && other < 0 ? (INDENT.exec(content)?.[0].length ?? 0) : 0;
      const fence = /^(`{3,}|~{3,})/.exec(lead > 0 ? content.slice(lead) : content);
      const heading = content.startsWith('#') ? headingText(content, at) : null;
      if (fence && !(fence[1]![0] === '`' && content.slice(lead + fence[1]!.length).includes('`'))) {
        const [ch, len] = [fence[1]!.charCodeAt(0), fence[1]!.length];
        let end = next;
        while (end < text.length) {
          const nl = text.indexOf('\n', end);
          const closes = closesFence(text, end, nl < 0 ? text.length : nl, ch, len);
          end = nl < 0 ? text.length : nl + 1;
          if (closes) break;
        }
        push({ kind: 'fence', start: at, end });
        at = end;
        continue;
      }
      // Indented code where no paragraph can be open (nothing before it is left to the parser): kept.
      if (other < 0 && indentOf(content) >= 4) {
        let end = next;
        while (end < text.length) {
          const line = lineAt(text, end);
          if (!isBlank(line.content) && indentOf(line.content) < 4) break;
          end = line.next;
        }
        push({ kind: 'kept', start: at, end });
        at = end;
        continue;
      }
      // A thematic break: one line, after which a block starts afresh.
      if (THEMATIC_BREAK.test(content)) {
        push({ kind: 'kept', start: at, end: next });
        at = next;
        continue;
      }
      // A list; indented 1 to 3 columns only where nothing before it is left to the parser (that could be a list it continues).
      const list = LIST_START.test(content) && (content[0] !== ' ' || other < 0) ? listRegions(text, at, defined) : null;
      if (list) {
        for (const region of list.regions) push(region);
        at = list.next;
        canStart = list.canStart;
        continue;
      }
      const table =
        content.startsWith('|') || (content.includes('|') && TABLE_DELIMITER.test(lineAt(text, next).content)) ? simpleTable(text, at, defined) : null;
      const block = table ?? (content.startsWith('> ') ? simpleQuote(text, at, defined) : null);
      if (block) {
        push(block);
        at = block.end;
        continue;
      }
      const items = heading ? simpleInline(text, heading[0], heading[1], defined) : null;
      if (heading && items) {
        push({ kind: 'heading', start: heading[0], end: heading[1], items });
        at = next;
        continue;
      }
      const html = htmlBlockEnd(text, at, line);
      const definitions = html < 0 && content.startsWith('[') ? definitionBlock(text, at) : null;
      if (html >= 0 || definitions) {
        push(definitions ? { kind: 'kept', start: at, end: definitions.end, labels: definitions.labels } : { kind: 'kept', start: at, end: html });
        // An HTML block ends with its line (kinds 1 to 5) or before a blank line: the next line starts afresh.
        at = definitions?.end ?? html;
        continue;
      }
      // A paragraph; its first line indented 1 to 3 spaces only where nothing before it is left to the parser.
      const firstLine = lead > 0 ? content.slice(lead) : content;
      if (paragraphLine(firstLine, true, lead === 0)) {
        let end = at;
        let simple = true;
        let contentEnd = at;
        // A line of `=` or `-` under the paragraph makes it a setext heading.
        let underline: number | null = null;
        for (let line = lineAt(text, at); end < text.length && !isBlank(line.content); line = lineAt(text, end)) {
          // A later line's own indentation (up to 3 spaces) is the parser's line prefix: the line continues after it.
          const own = end === at ? firstLine : line.content[0] === ' ' ? line.content.slice(INDENT.exec(line.content)?.[0].length ?? 0) : line.content;
          if (end > at && SETEXT_UNDERLINE.test(line.content)) {
            underline = line.next;
            break;
          }
          if (end > at && INTERRUPTS.test(own)) break;
          if (!paragraphLine(own, end === at, lead === 0)) simple = false;
          contentEnd = end + line.content.length;
          end = line.next;
        }
        const trimmed = text.slice(at, contentEnd).trimEnd().length;
        // A definition whose label runs over lines (`[Foo\nbar]: /url`) is no paragraph.
        if (firstLine[0] === '[' && mayOpenDefinition(text.slice(at + lead, at + trimmed))) simple = false;
        const paraItems = simple ? simpleInline(text, at + lead, at + trimmed, defined) : null;
        if (paraItems && underline !== null) {
          // (The parser's reading gives a setext heading's text as a paragraph's: checked as one.)
          push({ kind: 'paragraph', start: at + lead, end: at + trimmed, items: paraItems });
          at = underline;
          continue;
        }
        if (paraItems) {
          push({ kind: 'paragraph', start: at + lead, end: at + trimmed, items: paraItems });
          at = at + trimmed;
          // Interrupted by a line that starts a block: that block is read from its line on.
          canStart = end < text.length && !isBlank(lineAt(text, end).content);
          if (canStart) at = end;
          continue;
        }
      }
    }
    if (!blank && other < 0 && !(regions.length > 0 && regions[regions.length - 1]!.end > at)) other = at;
    if (!open && !blank) {
      const fence = FENCE_OPEN.exec(content);
      const html = content.lastIndexOf('<', 3) >= 0 ? HTML_RAW.find(([start]) => start.test(content)) : undefined;
      if (fence) open = { fence: fence[1]! };
      else if (html && !html[1].test(content.slice(content.indexOf('<') + 2))) open = { html: html[1] };
    }
    canStart = blank;
    at = next;
  }
  if (other >= 0) regions.push({ kind: 'other', start: other, end: text.length });
  return regions;
}
