/**
 * Whether a paragraph's text, parsed on its own, is that one paragraph, told from its lines without
 * the parser (block.ts asks this of every paragraph that goes without its container prefixes).
 */
import { HTML_BLOCK, HTML_RAW, LINE_START, ORDERED } from './fast-flow.ts';

const ATX = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^(?:`{3,}|~{3,})/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT = /^(?:=+|-+)[ \t]*$/;
const BULLET = /^[-*+](?:[ \t]|$)/;
// A GFM table's delimiter row: pipes, colons, dashes and blanks only.
const DELIMITER_ROW = /^[|: \t-]*-[|: \t-]*$/;

/**
 * A line after the first that continues the paragraph: nothing that interrupts a paragraph (an
 * ATX heading, a fence, a quote, a thematic break, a bullet item, an ordered item, an HTML block
 * of kinds 1 to 6), no setext underline, no table delimiter row, no footnote definition; or
 * indented four columns or more.
 */
function continues(line: string): boolean {
  let at = 0;
  let column = 0;
  for (; at < line.length; at++) {
    const c = line.charCodeAt(at);
    if (c === 32) column++;
    else if (c === 9) column += 4 - (column % 4);
    else break;
  }
  // A blank line ends the paragraph; four columns of indentation continue it whatever follows.
  if (at === line.length) return false;
  if (column >= 4) return true;
  const rest = at === 0 ? line : line.slice(at);
  switch (rest[0]) {
    case '>':
      return false;
    case '#':
      return !ATX.test(rest);
    case '`':
    case '~':
      return !FENCE.test(rest);
    case '<':
      return !HTML_BLOCK.test(rest) && !HTML_RAW.some(([start]) => start.test(rest));
    case '[':
      return rest[1] !== '^';
    case '-':
    case '*':
    case '+':
    case '_':
    case '=':
    case '|':
    case ':':
      return !BULLET.test(rest) && !THEMATIC_BREAK.test(rest) && !SETEXT.test(rest) && !DELIMITER_ROW.test(rest);
    default:
      return !/^\s/.test(rest) && !ORDERED.test(rest);
  }
}

/** A text starting with `[` whose first unescaped bracket after it is a `]` followed by `:` (a definition's label may run over lines). */
export function mayOpenDefinition(send: string): boolean {
  for (let k = 1; k < send.length; k++) {
    const c = send.charCodeAt(k);
    if (c === 92 /* \\ */) k++;
    else if (c === 91 /* [ */) return false;
    else if (c === 93 /* ] */) return send.charCodeAt(k + 1) === 58; /* : */
  }
  return false;
}

/**
 * The first line of `send` starts like a paragraph line that opens no block (LINE_START, no
 * ordered marker, no definition's label, which may run over lines) and every later line
 * continues it (`continues`): then it is one paragraph on its own, as the parser would say,
 * whatever its inline content. (Not for MDX, where a first line `import …` is ESM.)
 */
export function plainLines(send: string): boolean {
  if (send.charCodeAt(0) === 91 /* [ */ && mayOpenDefinition(send)) return false;
  let nl = send.indexOf('\n');
  const first = send.slice(0, nl < 0 ? send.length : nl);
  if (!LINE_START.test(first) || ORDERED.test(first)) return false;
  while (nl >= 0) {
    const at = nl + 1;
    nl = send.indexOf('\n', at);
    const line = send.slice(at, nl < 0 ? send.length : nl);
    if (!continues(line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line)) return false;
  }
  return true;
}
