/**
 * Inline Markdown: splits one block's text into prose and kept spans. Code spans, inline HTML,
 * autolinks, bare URLs, math, link destinations and titles, reference labels and footnote
 * references are kept; link text and image alt text are prose. Emphasis markers stay inside the
 * prose so a sentence with **bold** remains one segment.
 */

export interface InlineSink {
  keep(text: string): void;
  prose(text: string): void;
}

// Comment, CDATA, processing instruction, declaration, closing tag, open tag, URI and e-mail autolink.
const ANGLE = new RegExp(
  [
    '<!--[\\s\\S]*?-->',
    '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>',
    '<\\?[\\s\\S]*?\\?>',
    '<![A-Za-z][^>]*>',
    '</[A-Za-z][A-Za-z0-9-]*\\s*>',
    '<[A-Za-z][A-Za-z0-9-]*(?:\\s+[A-Za-z_:][\\w.:-]*(?:\\s*=\\s*(?:[^\\s"\'=<>`]+|\'[^\']*\'|"[^"]*"))?)*\\s*/?>',
    '<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*>',
    '<[A-Za-z0-9.!#$%&\'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?>',
  ].join('|'),
  'y',
);
const BARE_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>]*/iy;
const URL_START = /^(?:https?:\/\/|ftp:\/\/|www\.)/i;
// Bounds the look-ahead for a closing `]` or `$` so stray openers cannot make a long paragraph quadratic.
const SCAN_LIMIT = 4000;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

function backtickRun(text: string, i: number): number {
  let j = i;
  while (text[j] === '`') j++;
  return j - i;
}

/** End index (exclusive) of the code span opening at `i`, or -1 when no closing run matches. */
export function codeSpanEnd(text: string, i: number): number {
  const len = backtickRun(text, i);
  let j = i + len;
  for (;;) {
    j = text.indexOf('`', j);
    if (j < 0) return -1;
    const run = backtickRun(text, j);
    if (run === len) return j + run;
    j += run;
  }
}

/** Index of the `]` closing the bracket opened at `i`, skipping escapes and code spans. */
function closingBracket(text: string, i: number): number {
  let depth = 0;
  const limit = Math.min(text.length, i + SCAN_LIMIT);
  for (let j = i; j < limit; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '`') {
      const end = codeSpanEnd(text, j);
      j = end < 0 ? j + backtickRun(text, j) - 1 : end - 1;
    } else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return j;
  }
  return -1;
}

function skipSpace(text: string, j: number): number {
  while (j < text.length && /\s/.test(text[j]!)) j++;
  return j;
}

/** End index of `(destination "title")` starting at `i` (the `(`), or -1. */
function inlineLinkTail(text: string, i: number): number {
  let j = skipSpace(text, i + 1);
  if (text[j] === '<') {
    const close = text.indexOf('>', j);
    if (close < 0 || /[\r\n]/.test(text.slice(j, close))) return -1;
    j = close + 1;
  } else {
    let depth = 0;
    while (j < text.length && !/\s/.test(text[j]!)) {
      const c = text[j];
      if (c === '\\') j++;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
      j++;
    }
  }
  const afterDest = j;
  j = skipSpace(text, j);
  const open = text[j];
  if (j > afterDest && (open === '"' || open === "'" || open === '(')) {
    const close = open === '(' ? ')' : open;
    let k = j + 1;
    while (k < text.length && text[k] !== close) k += text[k] === '\\' ? 2 : 1;
    if (k >= text.length) return -1;
    j = skipSpace(text, k + 1);
  }
  return text[j] === ')' ? j + 1 : -1;
}

function mathEnd(text: string, i: number): number {
  if (text[i + 1] === '$') {
    const close = text.indexOf('$$', i + 2);
    return close < 0 ? -1 : close + 2;
  }
  const first = text[i + 1];
  if (first === undefined || /\s/.test(first)) return -1;
  const limit = Math.min(text.length, i + SCAN_LIMIT);
  for (let j = i + 1; j < limit; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '$') {
      if (!/\s/.test(text[j - 1]!) && !/[0-9]/.test(text[j + 1] ?? '')) return j + 1;
    }
  }
  return -1;
}

function bareUrlEnd(text: string, i: number): number {
  BARE_URL.lastIndex = i;
  const m = BARE_URL.exec(text);
  if (!m) return -1;
  let url = m[0];
  for (;;) {
    const last = url[url.length - 1];
    if (last !== undefined && `?!.,:;*_~'"`.includes(last)) url = url.slice(0, -1);
    else if (last === ')' && url.split('(').length < url.split(')').length) url = url.slice(0, -1);
    else break;
  }
  return i + url.length;
}

/** Splits `text` into kept and prose pieces, in order, onto `sink`. */
export function emitInline(text: string, sink: InlineSink, refLabels: ReadonlySet<string>): void {
  let start = 0;
  let i = 0;
  const keep = (end: number): void => {
    if (i > start) sink.prose(text.slice(start, i));
    sink.keep(text.slice(i, end));
    i = start = end;
  };
  // `[text]` followed by a tail: the text is prose, the brackets and tail are kept.
  const link = (open: number, close: number, end: number): void => {
    keep(open + 1);
    emitInline(text.slice(open + 1, close), sink, refLabels);
    i = close;
    start = close;
    keep(end);
  };

  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      const end = codeSpanEnd(text, i);
      if (end < 0) i += backtickRun(text, i);
      else keep(end);
    } else if (c === '<') {
      ANGLE.lastIndex = i;
      const m = ANGLE.exec(text);
      if (m) keep(i + m[0].length);
      else i++;
    } else if (c === '$') {
      const end = mathEnd(text, i);
      if (end < 0) i++;
      else keep(end);
    } else if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const open = c === '!' ? i + 1 : i;
      const close = closingBracket(text, open);
      if (close < 0) {
        i = open + 1;
        continue;
      }
      const label = text.slice(open + 1, close);
      const next = text[close + 1];
      if (label.startsWith('^') && c === '[') {
        keep(close + 1);
      } else if (next === '(' && inlineLinkTail(text, close + 1) > 0) {
        link(open, close, inlineLinkTail(text, close + 1));
      } else if (next === '[') {
        const labelEnd = text.indexOf(']', close + 2);
        if (labelEnd < 0) i = open + 1;
        else if (labelEnd === close + 2) keep(labelEnd + 1);
        else link(open, close, labelEnd + 1);
      } else if (refLabels.has(normalizeLabel(label))) {
        keep(close + 1);
      } else {
        i = open + 1;
      }
    } else if ((c === 'h' || c === 'H' || c === 'f' || c === 'F' || c === 'w' || c === 'W') &&
      (i === 0 || !WORD_CHAR.test(text[i - 1]!)) && URL_START.test(text.slice(i, i + 8))) {
      keep(bareUrlEnd(text, i));
    } else {
      i++;
    }
  }
  if (text.length > start) sink.prose(text.slice(start));
}
