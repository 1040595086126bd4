/** Line-level recognisers for Markdown block structure (CommonMark and GFM, simplified). */

export interface Line {
  content: string; // without the line ending
  eol: string; // '\n', '\r\n' or '' on the last line
}

export function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let i = 0;
  while (i < text.length) {
    const nl = text.indexOf('\n', i);
    if (nl < 0) {
      lines.push({ content: text.slice(i), eol: '' });
      break;
    }
    const end = nl > i && text[nl - 1] === '\r' ? nl - 1 : nl;
    lines.push({ content: text.slice(i, end), eol: text.slice(end, nl + 1) });
    i = nl + 1;
  }
  return lines;
}

/** Blank, also inside a blockquote (`>` alone). */
export function isBlank(content: string): boolean {
  return /^\s*(?:>\s*)*$/.test(content);
}

export function indentColumns(content: string): number {
  let col = 0;
  for (const c of content) {
    if (c === ' ') col++;
    else if (c === '\t') col += 4 - (col % 4);
    else break;
  }
  return col;
}

export interface Prefix {
  prefix: string; // container markers with surrounding whitespace, kept
  rest: string; // the block content after them
  quote: boolean;
  list: boolean;
  listContentColumn: number; // column just after the last list marker
  innerIndent: number; // columns of whitespace after the last marker
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const TASK_BOX = /^\[[ xX]\](?:[ \t]+|$)/;

/** Splits off blockquote markers, list markers and a task box (`- [ ] `). */
export function parsePrefix(content: string): Prefix {
  let i = 0;
  let quote = false;
  let list = false;
  let listContentColumn = 0;
  let markerEnd = 0;
  for (;;) {
    let j = i;
    while (content[j] === ' ' || content[j] === '\t') j++;
    if (content[j] === '>') {
      j++;
      if (content[j] === ' ' || content[j] === '\t') j++;
      i = markerEnd = j;
      quote = true;
      continue;
    }
    const m = LIST_MARKER.exec(content.slice(j));
    if (!m) break;
    i = j + m[0].length;
    listContentColumn = indentColumns(content.slice(0, i).replace(/[^\t]/g, ' '));
    const task = TASK_BOX.exec(content.slice(i));
    if (task) i += task[0].length;
    markerEnd = i;
    list = true;
  }
  let k = i;
  while (content[k] === ' ' || content[k] === '\t') k++;
  return {
    prefix: content.slice(0, k),
    rest: content.slice(k),
    quote,
    list,
    listContentColumn,
    innerIndent: indentColumns(content.slice(markerEnd)),
  };
}

export const THEMATIC_BREAK = /^ {0,3}(?:([-*_])(?:[ \t]*\1){2,}|=+)[ \t]*$/;
export const ATX_HEADING = /^#{1,6}(?:[ \t]+|$)/;
// Patterns meant for whole lines are tested on trimEnd()ed text and do not end in `[ \t]*$`:
// two adjacent whitespace quantifiers backtrack quadratically on long runs of spaces.
const REFERENCE_DEFINITION =
  /^\[(?!\^)(?:[^\]\\]|\\.)+\]:[ \t]*(?:<[^>]*>|\S+)(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?$/;
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;

export function isReferenceDefinition(rest: string): boolean {
  return REFERENCE_DEFINITION.test(rest.trimEnd());
}

export function isTableDelimiter(rest: string): boolean {
  return TABLE_DELIMITER.test(rest.trimEnd());
}

/** Where a heading's text ends: before a closing `#` sequence and a `{#anchor}`. */
export function headingTextEnd(body: string): number {
  let end = body.trimEnd().length;
  let hashes = end;
  while (hashes > 0 && body[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === 0 || body[hashes - 1] === ' ' || body[hashes - 1] === '\t')) end = body.slice(0, hashes).trimEnd().length;
  if (body[end - 1] === '}') {
    const open = body.lastIndexOf('{#', end);
    if (open >= 0 && /^\{#[^{}\s]+(?:[ \t][^{}]*)?\}$/.test(body.slice(open, end))) end = body.slice(0, open).trimEnd().length;
  }
  return end;
}
export const FOOTNOTE_DEFINITION = /^\[\^[^\]\s]+\]:[ \t]*/;

export interface Fence {
  char: string;
  length: number;
}

export function fenceOpen(rest: string): Fence | null {
  const m = /^(`{3,})[^`]*$|^(~{3,})/.exec(rest);
  const run = m?.[1] ?? m?.[2];
  return run ? { char: run[0]!, length: run.length } : null;
}

/** The line without leading whitespace and blockquote markers. */
export function stripQuotes(content: string): string {
  return content.replace(/^[ \t]*(?:>[ \t]?)*/, '').trimStart();
}

export function fenceCloses(content: string, fence: Fence): boolean {
  const m = /^(`+|~+)[ \t]*$/.exec(stripQuotes(content));
  return m !== null && m[1]![0] === fence.char && m[1]!.length >= fence.length;
}

const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|' +
  'fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|' +
  'main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|' +
  'title|tr|track|ul';
const HTML_STARTS: { start: RegExp; end: RegExp | 'blank'; interruptsParagraph: boolean }[] = [
  { start: /^<(?:script|pre|style|textarea)(?:[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i, interruptsParagraph: true },
  { start: /^<!--/, end: /-->/, interruptsParagraph: true },
  { start: /^<\?/, end: /\?>/, interruptsParagraph: true },
  { start: /^<![A-Za-z]/, end: />/, interruptsParagraph: true },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, interruptsParagraph: true },
  { start: new RegExp(`^</?(?:${BLOCK_TAGS})(?:[\\s>]|/>|$)`, 'i'), end: 'blank', interruptsParagraph: true },
  {
    start: /^(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*$/,
    end: 'blank',
    interruptsParagraph: false,
  },
];

/**
 * When `rest` opens an HTML block: the condition that ends it ('blank' = the next blank line),
 * or 'closed' when it also ends on this line. Null when it is no HTML block start.
 */
export function htmlBlockStart(rest: string, inParagraph: boolean): RegExp | 'blank' | 'closed' | null {
  for (const kind of HTML_STARTS) {
    if (inParagraph && !kind.interruptsParagraph) continue;
    const m = kind.start.exec(rest);
    if (!m) continue;
    if (kind.end === 'blank') return 'blank';
    return kind.end.test(rest.slice(m[0].length)) ? 'closed' : kind.end;
  }
  return null;
}
