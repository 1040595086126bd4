/**
 * Inline Markdown: splits one block's text into prose and kept spans. Code spans, inline HTML,
 * autolinks, bare URLs, math, link destinations and titles, reference labels and footnote
 * references are kept; link text and image alt text are prose. Emphasis markers stay inside the
 * prose so a sentence with **bold** remains one segment.
 */

import { InlineIndex } from './scan.ts';

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
// Inline math longer than this is taken for two unrelated dollar signs.
const SCAN_LIMIT = 4000;
// Deeper link nesting is kept whole rather than recursed into.
const MAX_LINK_NESTING = 8;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
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

function mathEnd(text: string, i: number, index: InlineIndex): number {
  if (text[i + 1] === '$') {
    const close = index.doubleDollar(i + 2);
    return close < 0 ? -1 : close + 2;
  }
  const first = text[i + 1];
  if (first === undefined || /\s/.test(first)) return -1;
  const close = index.mathCloser(i + 2);
  return close < 0 || close - i > SCAN_LIMIT ? -1 : close + 1;
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
export function emitInline(text: string, sink: InlineSink, refLabels: ReadonlySet<string>, depth = 0): void {
  const index = new InlineIndex(text);
  let start = 0;
  let i = 0;
  const keep = (end: number): void => {
    if (i > start) sink.prose(text.slice(start, i));
    sink.keep(text.slice(i, end));
    i = start = end;
  };
  // `[text]` followed by a tail: the text is prose, the brackets and tail are kept.
  const link = (open: number, close: number, end: number): void => {
    if (depth >= MAX_LINK_NESTING) {
      keep(end);
      return;
    }
    keep(open + 1);
    emitInline(text.slice(open + 1, close), sink, refLabels, depth + 1);
    i = close;
    start = close;
    keep(end);
  };

  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
    } else if (c === '`') {
      const end = index.codeSpanEnd(i);
      if (end < 0) i += index.runLength(i);
      else keep(end);
    } else if (c === '<') {
      ANGLE.lastIndex = i;
      const m = ANGLE.exec(text);
      if (m) keep(i + m[0].length);
      else i++;
    } else if (c === '$') {
      const end = mathEnd(text, i, index);
      if (end < 0) i++;
      else keep(end);
    } else if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const open = c === '!' ? i + 1 : i;
      const close = index.closingBracket(open);
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
