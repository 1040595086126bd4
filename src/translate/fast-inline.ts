/** Inline content simple enough to read exactly without the parser (fast.ts). */
import type { Item } from './inline.ts';
import { normalizeLabel } from './tokens.ts';

// Math needs the parser (a closing bracket here closes nothing: the readers of links and brackets
// below take every `]` that closes an earlier `[`). (A pipe is text: the block readers let no line
// start a table's delimiter row, and a table cell holds none.)
const BARRED = '$';

// Inline HTML on one line: an open tag (attributes on its line), a closing tag, a URI autolink.
const ATTRIBUTE = `[ \\t]+[A-Za-z_:][\\w.:-]*(?:[ \\t]*=[ \\t]*(?:[^\\s"'=<>\`]+|'[^'\\n]*'|"[^"\\n]*"))?`;
const TAG = new RegExp(`<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*[ \\t]*\\/?>|<\\/[A-Za-z][A-Za-z0-9-]*[ \\t]*>|<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*>`, 'y');
// After `<`: no tag, comment, declaration, processing instruction or autolink (URI or e-mail) can start.
const NO_TAG = /[\s<>()[\]\\",;:@]/;
const TAG_OPENER = /[A-Za-z/!?]/;
// An HTML comment (CommonMark 0.31: `<!-->` and `<!--->` too), a tag name, a URI autolink's scheme.
const COMMENT = /<!--(?:-?>|[\s\S]*?-->)/y;
const NAME = /[A-Za-z][A-Za-z0-9-]*/y;
const SCHEME = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:/y;
const AUTOLINK = /^<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:|[^\s>]*@)/;
// ASCII characters that are text wherever they stand here: all but ` ! [ ] \ < $ and line endings.
const PLAIN = new Uint8Array(128).fill(1);
for (const c of '`![]\\<$\n\r') PLAIN[c.charCodeAt(0)] = 0;
// An e-mail autolink (CommonMark): `<local@domain>`.
const EMAIL = /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;

/**
 * Inline HTML or an autolink at `at` (a `<`) within `end`: where it ends; `at` when the `<` is
 * plain text; -1 when the parser must tell.
 */
export function inlineTag(text: string, at: number, end: number): number {
  const next = text[at + 1];
  if (at + 1 >= end || next === undefined || NO_TAG.test(next) || next.charCodeAt(0) > 127) return at;
  // Only a letter, `/`, `!` or `?` opens a tag, comment or declaration; anything else an e-mail autolink at most.
  if (!TAG_OPENER.test(next)) {
    EMAIL.lastIndex = at;
    return EMAIL.test(text) ? -1 : at;
  }
  TAG.lastIndex = COMMENT.lastIndex = EMAIL.lastIndex = at;
  const m = TAG.exec(text) ?? (next === '!' ? COMMENT.exec(text) : null) ?? EMAIL.exec(text);
  if (m) return at + m[0].length <= end ? at + m[0].length : -1;
  // A tag name followed by what no tag or URI scheme can hold (`<www.example.org>`) is text.
  NAME.lastIndex = at + 1;
  const name = NAME.exec(text);
  if (!name) return -1;
  const after = text[at + 1 + name[0].length];
  if (after === undefined || /[\s/>]/.test(after)) return -1;
  SCHEME.lastIndex = at;
  return SCHEME.test(text) ? -1 : at;
}

/**
 * Items of simple inline content (text, emphasis, code spans, `[text](destination)`, references
 * to the `defined` labels and line breaks) in [start, end), or null when the parser must read it.
 * A backtick run without its closer in the range is read as text, unless it is one line of a
 * longer paragraph (`line`), where the closer may be on a later line.
 */
export function simpleInline(text: string, start: number, end: number, defined?: ReadonlySet<string>, line = false): Item[] | null {
  const items: Item[] = [];
  let from = start;
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    // Most characters are plain text.
    if (code >= 128 || PLAIN[code] === 1) {
      i++;
      continue;
    }
    const c = text[i]!;
    if (c === '`') {
      let n = 1;
      while (text[i + n] === '`') n++;
      let close = -1;
      for (let k = text.indexOf('`', i + n); k >= 0 && k < end; k = text.indexOf('`', k)) {
        let m = 1;
        while (text[k + m] === '`') m++;
        if (m === n) {
          close = k;
          break;
        }
        k += m;
      }
      if (close < 0 || close + n > end) {
        if (line) return null;
        i += n;
        continue;
      }
      pushText(items, text, from, i);
      items.push({ cls: 'kept', start: i, end: close + n, cuts: [] });
      i = from = close + n;
    } else if (c === '!' && text[i + 1] === '[') {
      const img = image(text, i, end, defined);
      if (!img) return null;
      pushText(items, text, from, i);
      items.push(...img.items);
      i = from = img.end;
    } else if (c === '[' && text[i + 1] === '!' && text[i + 2] === '[') {
      // A linked image (a badge): `[![alt](src)](destination)`, `[![alt][image]][link]`.
      const img = image(text, i + 1, end, defined);
      if (!img || text[img.end] !== ']') return null;
      const close = text[img.end + 1] === '(' ? destinationEnd(text, img.end + 1, end) : fullReferenceEnd(text, img.end, end, defined);
      if (close < 0) return null;
      pushText(items, text, from, i);
      items.push({ cls: 'kept', start: i, end: i + 1, cuts: [] }, ...img.items, { cls: 'kept', start: img.end, end: img.end + 1, cuts: [] });
      if (text[img.end + 1] === '(') items.push({ cls: 'kept', start: img.end + 1, end: close, cuts: [] });
      else items.push({ cls: 'kept', start: img.end + 1, end: close, cuts: [], label: [img.end + 2, close - 1] });
      i = from = close;
    } else if (c === '[') {
      // The link text: code spans and inline HTML in it bind first (a bracket inside one is theirs).
      const codes: [number, number][] = [];
      let k = i + 1;
      for (;;) {
        while (k < end && !'[]`\\<'.includes(text[k]!)) k++;
        if (k >= end) break;
        if (text[k] === '\\') {
          // An escape is text (a backslash before a line ending, a hard break, is not).
          const next = text.charCodeAt(k + 1);
          if (next === 10 || next === 13 || k + 1 >= end) return null;
          k += isAsciiPunctuation(next) ? 2 : 1;
          continue;
        }
        if (text[k] === '<') {
          // Inline HTML binds first too (a bracket inside a tag's attribute is the tag's). An
          // autolink is a link, which link text may not hold: the parser tells what the brackets are.
          const tag = inlineTag(text, k, end);
          if (tag < 0 || (tag > k && AUTOLINK.test(text.slice(k, tag)))) return null;
          if (tag > k) codes.push([k, tag]);
          k = Math.max(tag, k + 1);
          continue;
        }
        if (text[k] !== '`') break;
        const close = codeSpanEnd(text, k, end);
        if (close < 0) return null;
        codes.push([k, close]);
        k = close;
      }
      if (k >= end || text[k] !== ']') return null;
      const inner = (): Item[] => {
        const out: Item[] = [];
        let a = i + 1;
        for (const [p, q] of codes) {
          if (p > a) out.push({ cls: 'text', start: a, end: p });
          out.push({ cls: 'kept', start: p, end: q, cuts: [] });
          a = q;
        }
        if (k > a) out.push({ cls: 'text', start: a, end: k });
        return out;
      };
      if (text[k + 1] !== '(') {
        const ref = reference(text, i, k, end, defined);
        if (!ref && literalBrackets(text, i, k, defined)) {
          // Brackets around no label: text (with the code spans in it).
          pushText(items, text, from, i + 1);
          items.push(...inner());
          from = k;
          i = k + 1;
          continue;
        }
        if (!ref) return null;
        pushText(items, text, from, i);
        if (ref.label) {
          items.push({ cls: 'kept', start: i, end: i + 1, cuts: [] });
          items.push(...inner(), { cls: 'kept', start: k, end: k + 1, cuts: [] }, { cls: 'kept', start: k + 1, end: ref.end, cuts: [], label: ref.label });
        } else {
          items.push({ cls: 'ref', start: i, end: ref.end, image: false, inner: inner(), innerStart: i + 1, innerEnd: k });
        }
        i = from = ref.end;
        continue;
      }
      const close = destinationEnd(text, k + 1, end);
      if (close < 0) return null;
      pushText(items, text, from, i);
      items.push({ cls: 'kept', start: i, end: i + 1, cuts: [] }, ...inner(), { cls: 'kept', start: k, end: close, cuts: [] });
      i = from = close;
    } else if (c === '\\') {
      // An escaped ASCII punctuation character is text; so is a backslash at a line end inside the
      // range (a hard break, text to the parser too), but not one of a single line (`line`).
      const next = text.charCodeAt(i + 1);
      if (i + 1 >= end || ((next === 10 || next === 13) && line)) return null;
      i += isAsciiPunctuation(next) ? 2 : 1;
    } else if (c === '<') {
      const tag = inlineTag(text, i, end);
      if (tag < 0) return null;
      if (tag > i) {
        pushText(items, text, from, i);
        items.push({ cls: 'kept', start: i, end: tag, cuts: [] });
        i = from = tag;
      } else i++;
    } else if (c === '\n' || c === '\r') {
      i++;
    } else if (c === ']') {
      // A bracket that closes nothing, directly before another bracket: which pair is link text and
      // which a label depends on the definitions (block.ts chainedBrackets reads the parser's items).
      if (text[i + 1] === '[' || (text[i + 1] === '!' && text[i + 2] === '[')) return null;
      i++;
    } else if (BARRED.includes(c) || (c === '!' && text[i + 1] === '[')) {
      return null;
    } else {
      i++;
    }
  }
  pushText(items, text, from, end);
  return items.filter((item) => item.start < item.end);
}

/** Text in [a, b) as text items and line breaks. */
function pushText(items: Item[], text: string, a: number, b: number): void {
  for (let k = text.indexOf('\n', a); k >= 0 && k < b; k = text.indexOf('\n', a)) {
    const eolStart = text.charCodeAt(k - 1) === 13 ? k - 1 : k;
    if (eolStart > a) items.push({ cls: 'text', start: a, end: eolStart });
    items.push({ cls: 'break', start: eolStart, eolEnd: k + 1, cutEnd: k + 1, end: k + 1 });
    a = k + 1;
  }
  if (b > a) items.push({ cls: 'text', start: a, end: b });
}

/**
 * A full (`[text][label]`, with its label's range), collapsed (`[text][]`) or shortcut (`[text]`)
 * reference to a defined label, the brackets at `open` and `close`: where it ends. Null when it is
 * none of these (undefined, a footnote, a label over lines) or is followed by a bracket or
 * parenthesis (whose roles would depend on it).
 */
function reference(
  text: string,
  open: number,
  close: number,
  end: number,
  defined: ReadonlySet<string> | undefined,
): { end: number; label?: [number, number] } | null {
  if (!defined || text[open + 1] === '^') return null;
  let after = close + 1;
  let label: [number, number] | undefined;
  if (text[close + 1] === '[') {
    let m = close + 2;
    while (m < end && !'[]\\\r\n'.includes(text[m]!)) m++;
    if (m >= end || text[m] !== ']') return null;
    if (m > close + 2) label = [close + 2, m];
    after = m + 1;
  }
  const raw = label ? text.slice(label[0], label[1]) : text.slice(open + 1, close);
  if (raw.length > 999 || !/\S/.test(raw) || (!label && /[\r\n]/.test(raw))) return null;
  if (!defined.has(normalizeLabel(raw)) || text[after] === '[' || text[after] === '(') return null;
  return label ? { end: after, label } : { end: after };
}

const isAsciiPunctuation = (code: number): boolean =>
  (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);

/**
 * `[text]` at `open`..`close` that the parser reads as text: no link or reference follows it, it
 * is no footnote call, and its text is no defined label.
 */
function literalBrackets(text: string, open: number, close: number, defined: ReadonlySet<string> | undefined): boolean {
  if (!defined || text[open + 1] === '^' || text[close + 1] === '[' || text[close + 1] === '(') return false;
  return !defined.has(normalizeLabel(text.slice(open + 1, close)));
}

/** After the code span whose backtick run starts at `at`, or -1 when it has no closer before `end`. */
function codeSpanEnd(text: string, at: number, end: number): number {
  let n = 1;
  while (text[at + n] === '`') n++;
  for (let k = text.indexOf('`', at + n); k >= 0 && k < end; k = text.indexOf('`', k)) {
    let m = 1;
    while (text[k + m] === '`') m++;
    if (m === n) return k + n <= end ? k + n : -1;
    k += m;
  }
  return -1;
}

/** A character that ends a simple destination: white space, parentheses, angle brackets, backticks, backslashes. */
function endsDestination(code: number): boolean {
  if (code < 128) return code <= 32 || code === 40 || code === 41 || code === 60 || code === 62 || code === 96 || code === 92 || code === 127;
  return /\s/.test(String.fromCharCode(code));
}

/**
 * After `(destination)` or `(destination "title")` at `at`, or -1: no spaces, parentheses, angle
 * brackets or escapes in the destination; the title on the same line, without quotes or escapes.
 */
function destinationEnd(text: string, at: number, end: number): number {
  if (text[at] !== '(') return -1;
  let m = at + 1;
  // Balanced parentheses (`/wiki/ACE_(format)`), up to three deep.
  let depth = 0;
  for (; m < end; m++) {
    const code = text.charCodeAt(m);
    if (code === 40 && depth < 3) depth++;
    else if (code === 41 && depth > 0) depth--;
    else if (endsDestination(code)) break;
  }
  if (depth > 0) return -1;
  if (m < end && text[m] === ')') return m + 1;
  if (m === at + 1 || text[m] !== ' ') return -1;
  while (text[m] === ' ') m++;
  if (text[m] !== '"') return -1;
  let q = m + 1;
  while (q < end && text[q] !== '"' && text[q] !== '\\' && text[q] !== '\n' && text[q] !== '\r') q++;
  return q + 1 < end && text[q] === '"' && text[q + 1] === ')' ? q + 2 : -1;
}

/**
 * `![alt](source)`, or a reference image to a defined label (`![alt][label]`, `![alt][]`,
 * `![alt]`), at `at` with plain alt text on one line: the parser's items for it and where it ends.
 */
function image(text: string, at: number, end: number, defined: ReadonlySet<string> | undefined): { items: Item[]; end: number } | null {
  let k = at + 2;
  while (k < end && !'[]`\\<!\r\n'.includes(text[k]!)) k++;
  if (k >= end || text[k] !== ']') return null;
  const items: Item[] = [{ cls: 'kept', start: at, end: at + 2, cuts: [] }];
  const alt: Item[] = k > at + 2 ? [{ cls: 'text', start: at + 2, end: k }] : [];
  if (text[k + 1] === '(') {
    const close = destinationEnd(text, k + 1, end);
    if (close < 0) return null;
    items.push(...alt, { cls: 'kept', start: k, end: close, cuts: [] });
    return { items, end: close };
  }
  const ref = reference(text, at + 1, k, end, defined);
  if (!ref) return null;
  if (!ref.label) return { items: [{ cls: 'ref', start: at, end: ref.end, image: true, inner: alt, innerStart: at + 2, innerEnd: k }], end: ref.end };
  items.push(...alt, { cls: 'kept', start: k, end: k + 1, cuts: [] }, { cls: 'kept', start: k + 1, end: ref.end, cuts: [], label: ref.label });
  return { items, end: ref.end };
}

/** After `][label]` at `close` (the `]`) when `label` is defined and nothing that could pair with it follows; else -1. */
function fullReferenceEnd(text: string, close: number, end: number, defined: ReadonlySet<string> | undefined): number {
  if (!defined || text[close + 1] !== '[') return -1;
  let m = close + 2;
  while (m < end && !'[]\\\r\n'.includes(text[m]!)) m++;
  if (m >= end || text[m] !== ']' || m === close + 2 || m - close - 2 > 999) return -1;
  const raw = text.slice(close + 2, m);
  if (!/\S/.test(raw) || !defined.has(normalizeLabel(raw)) || text[m + 1] === '[' || text[m + 1] === '(') return -1;
  return m + 1;
}
