/**
 * Blocks the fast reader (fast.ts) reads without the parser, besides paragraphs, headings and
 * tables: HTML blocks and link reference definitions (kept whole) and bullet lists whose items
 * hold one simple paragraph each (nested lists included). Each starts at column 0 after a blank
 * line (or where a paragraph is interrupted by a list item), so nothing before it changes how it reads.
 */
import { inlineTag, simpleInline } from './fast-inline.ts';
import type { Item } from './inline.ts';
import { normalizeLabel } from './tokens.ts';

export interface Line {
  start: number;
  /** The line without its line ending (\n or \r\n). */
  content: string;
  next: number;
}

/** A blank line to CommonMark: spaces and tabs only (other white space, such as U+00A0, is text). */
export function isBlank(content: string): boolean {
  return BLANK.test(content);
}
const BLANK = /^[ \t]*$/;

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
    if (isBlank(line.content)) break;
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
export const HTML_BLOCK = new RegExp(`^<\\/?(?:${HTML_BLOCK_NAMES})(?:[ \\t>]|\\/>|$)`, 'i');
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

// One definition on its own line: `[label]: destination "title"` (no brackets, parentheses or angle
// brackets in the destination, escapes only before punctuation; the title quoted or in parentheses).
const DEFINITION_LINE = /^\[([^\]\[\\\n]{1,999})\]:[ \t]*(?:[^\s<>()\\"']|\\[!-/:-@[-`{-~])+(?:[ \t]+(?:"[^"\\\n]*"|'[^'\\\n]*'|\([^()\\\n]*\)))?[ \t]*$/;

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
export const LINE_START =
  /^(?:[^\s#>\-*+_=<|`~:!?$%{}\\[\]]|`(?!``)|(?:\*+|_+)(?=[^\s*_])|:(?=[\p{L}\p{N}])|!(?=\[)|#+(?=[^\s#])|~{1,2}(?=[^\s~])|\\(?=[!-/:-@[-`{-~])|\[(?![ xX]\]|[^\]]*\]:))/u;
/**
 * A paragraph line that starts with `<` (else LINE_START decides): no HTML block may start there
 * (kinds 1 to 6; on the first line also 7, a line of one tag: its first tag has text after it).
 */
export function tagLineStart(content: string, first: boolean): boolean {
  if (content[0] !== '<' || HTML_RAW.some(([start]) => start.test(content)) || HTML_BLOCK.test(content)) return false;
  if (!first) return true;
  const tag = inlineTag(content, 0, content.length);
  return tag === 0 || (tag > 0 && !isBlank(content.slice(tag)));
}

export const ORDERED = /^\d{1,9}[.)](?:\s|$)/;

/**
 * Whether a paragraph's line (`first`: its first line) may start so and be read here: as
 * LINE_START allows, or with inline HTML where no HTML block starts (when `tags`); never with an
 * ordered list marker.
 */
export function paragraphLine(content: string, first: boolean, tags = true): boolean {
  return (LINE_START.test(content) || (tags && tagLineStart(content, first))) && !ORDERED.test(content);
}
const MARKER = /^(?:([-*+])|\d{1,9}([.)]))( {1,4})(?=\S)/;
// A GFM task box at the start of an item's paragraph, followed by its text.
const TASK = /^\[[ xX]\] +\S/;

/** The column of a line's first character that is not a space or tab (tabs to multiples of 4). */
export function indentOf(content: string): number {
  let column = 0;
  for (let k = 0; k < content.length; k++) {
    const c = content.charCodeAt(k);
    if (c === 32) column++;
    else if (c === 9) column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** A paragraph without the space its last line may end with (text only where a line follows it). */
function withoutTrailingSpace(text: string, p: Simple): Simple {
  if (text[p.end - 1] !== ' ') return p;
  const last = p.items[p.items.length - 1]!;
  if (last.end === p.end) last.end--;
  return { start: p.start, end: p.end - 1, items: last.start < last.end ? p.items : p.items.slice(0, -1) };
}

/**
 * After the fenced code opened in the item whose content column is `column`, on the line at `at`:
 * its closing line, or null when it does not close inside the item.
 */
function fenceInItem(text: string, at: number, column: number, fence: string): Line | null {
  for (let pos = lineAt(text, at).next; pos < text.length;) {
    const line = lineAt(text, pos);
    const { content } = line;
    pos = line.next;
    if (isBlank(content)) continue;
    const indent = indentOf(content);
    if (indent < column) return null;
    let first = 0;
    while (content.charCodeAt(first) === 32 || content.charCodeAt(first) === 9) first++;
    if (indent - column > 3 || content[first] !== fence[0]) continue;
    let run = first;
    while (content[run] === fence[0]) run++;
    if (run - first >= fence.length && /^[ \t]*$/.test(content.slice(run))) return line;
  }
  return null;
}

/**
 * An HTML block opened by `rest` at `column` of `first` in a list item: its last line; undefined
 * when no HTML block starts there (kind 7, a line of one tag, cannot interrupt the paragraph
 * `inParagraph`).
 */
function htmlInItem(text: string, first: Line, column: number, rest: string, inParagraph: boolean): Line | undefined {
  const raw = HTML_RAW.find(([start]) => start.test(rest));
  if (!raw && !HTML_BLOCK.test(rest) && (inParagraph || !HTML_TAG_LINE.test(rest))) return undefined;
  let tail = rest.slice(2);
  for (let line = first; ;) {
    if (raw?.[1].test(tail)) return line;
    if (line.next >= text.length) return line;
    const next = lineAt(text, line.next);
    const blank = isBlank(next.content);
    if (blank && !raw) return line;
    // A line outside the item closes it, and the block with it.
    if (!blank && indentOf(next.content) < column) return line;
    line = next;
    tail = next.content;
  }
}

const FENCE = /^(?:`{3,}(?!.*`)|~{3,})/;

/** What `simpleList` read: its paragraphs up to `end`, or up to the top-level item `failed` that holds something else. */
export interface ListRead {
  end: number;
  paragraphs: Simple[];
  /** The first top-level item that is not simple: where its line starts and its content column. */
  failed?: { start: number; column: number };
}

/**
 * A bullet or ordered list from `at` (a top-level item at column 0 to 3) to its last line before a
 * blank line and a line left of its items' content: every item's blocks simple paragraphs (a
 * task box first allowed), fenced code and HTML blocks (kept), at the item's content column (a
 * paragraph's lines also lazily at column 0); nested items up to three columns past their parent's
 * content column. When a top-level item holds anything else, the items before it and where it
 * starts (`failed`); null when the first item's line is none the reader knows.
 */
export function simpleList(text: string, at: number, defined: ReadonlySet<string> | undefined): ListRead | null {
  const paragraphs: Simple[] = [];
  // The open items, outermost first: content column and the marker kind of their list.
  const open: { column: number; kind: string }[] = [];
  // The paragraph the previous line belongs to, and that line.
  let current: Simple | null = null;
  let prev: Line | null = null;
  let last: Line | null = null;
  let afterBlank = false;
  // The top-level item being read, and the last line before it.
  let top: { start: number; column: number } | null = null;
  let beforeTop: Line | null = null;
  const close = (): void => {
    if (current) paragraphs.push(withoutTrailingSpace(text, current));
    current = null;
  };
  const fail = (): ListRead | null => {
    if (!top) return null;
    close();
    const failed = top;
    return { end: beforeTop ? beforeTop.start + beforeTop.content.length : at, paragraphs: paragraphs.filter((p) => p.start < failed.start), failed };
  };
  for (let pos = at; pos < text.length;) {
    const line = lineAt(text, pos);
    const { content } = line;
    if (isBlank(content)) {
      close();
      afterBlank = true;
      pos = line.next;
      continue;
    }
    // The indentation in characters and in columns (a tab to the next multiple of 4).
    let indent = 0;
    while (content.charCodeAt(indent) === 32) indent++;
    const tabbed = content.charCodeAt(indent) === 9;
    let col = indent;
    if (tabbed) {
      while (content.charCodeAt(indent) === 32 || content.charCodeAt(indent) === 9) indent++;
      col = indentOf(content);
    }
    const bullet = MARKER.exec(indent === 0 ? content : content.slice(indent));
    // A list item after a tab: where its content starts depends on the tab's width (the parser tells).
    if (bullet && tabbed) return fail();
    // After a blank line, a line left of the top-level items' content that starts no sibling item ends the list.
    if (afterBlank && col < open[0]!.column && (!bullet || (bullet[1] ?? bullet[2]) !== open[0]!.kind)) break;
    afterBlank = false;
    let from: number;
    if (bullet) {
      const kind = bullet[1] ?? bullet[2]!;
      let depth = 0;
      if (open.length > 0 && indent >= open[0]!.column) {
        depth = open.length;
        while (depth > 0 && open[depth - 1]!.column > indent) depth--;
        if (indent - open[depth - 1]!.column > 3) return fail();
      } else {
        // A top-level item (a bullet or ordered item with text always starts one, even after a paragraph line).
        if (indent > 3) return fail();
        top = { start: line.start, column: indent + bullet[0].length };
        beforeTop = last;
      }
      const same = open[depth]?.kind === kind;
      if (!same && depth === 0 && open.length > 0) return fail();
      // A new list inside an item that interrupts its paragraph: an ordered one must start at 1.
      if (current && !same && depth > 0 && bullet[2] !== undefined && !(content[indent] === '1' && content[indent + 1] === bullet[2])) return fail();
      close();
      open.length = depth;
      from = indent + bullet[0].length;
      open.push({ column: from, kind });
    } else {
      if (open.length === 0) return fail();
      // The innermost item whose content column the line reaches: a block starts there indented up to 3 more.
      let within = open.length - 1;
      while (within >= 0 && open[within]!.column > col) within--;
      const opens = within >= 0 && col - open[within]!.column <= 3;
      const rest = content.slice(indent);
      const fence = opens ? FENCE.exec(rest) : null;
      const html = opens && !fence && rest[0] === '<' ? htmlInItem(text, line, open[within]!.column, rest, current !== null) : undefined;
      if (fence || html !== undefined) {
        // Fenced code or an HTML block in that item: kept.
        close();
        open.length = within + 1;
        const end = fence ? fenceInItem(text, pos, open[within]!.column, fence[0]) : html;
        if (!end) return fail();
        last = end;
        pos = end.next;
        continue;
      }
      // A line that continues a paragraph does so at any indentation (lazily too); its text starts
      // after the content column of the innermost item it reaches (the indentation past that column
      // is text; no item reached, all of it is), where a tab could be split (the parser tells).
      // Another line starts a paragraph in the innermost item it reaches, indented less than code.
      if (current ? tabbed : !opens) return fail();
      if (!current) open.length = within + 1;
      from = current ? (within >= 0 ? open[within]!.column : 0) : indent;
    }
    // (A pipe is text: no line here may start a table's delimiter row, LINE_START.)
    if (content.includes('\t', from)) return fail();
    const trimmed = content.trimEnd().length;
    const next = line.next < text.length ? lineAt(text, line.next).content : '';
    // Trailing white space only where the paragraph ends (a hard break needs the parser), or one
    // space, which is text where the paragraph goes on (close() drops it where it ends).
    if (trimmed < content.length && !isBlank(next) && !MARKER.test(next.trimStart()) && !(trimmed === content.length - 1 && content[trimmed] === ' '))
      return fail();
    const lineEnd = trimmed === content.length - 1 && content[trimmed] === ' ' ? content.length : trimmed;
    let body = from;
    const task = bullet && TASK.test(content.slice(from)) ? { cls: 'task' as const, start: line.start + from, end: line.start + from + 3 } : null;
    if (task) body = from + 3;
    else {
      const own = content.slice(bullet ? from : indent);
      if (!paragraphLine(own, !current)) return fail();
    }
    const items = simpleInline(text, line.start + body, line.start + lineEnd, defined, true);
    if (!items) return fail();
    if (task) items.unshift(task);
    if (!current) {
      current = { start: line.start + from, end: line.start + lineEnd, items };
    } else {
      const eol = prev!.start + prev!.content.length;
      current.items.push({ cls: 'break', start: eol, eolEnd: line.start, cutEnd: line.start + from, end: line.start + from }, ...items);
      current.end = line.start + lineEnd;
    }
    prev = last = line;
    pos = line.next;
  }
  close();
  if (!last || paragraphs.length === 0) return null;
  return { end: last.start + last.content.length, paragraphs };
}
