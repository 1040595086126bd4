/**
 * The link destinations of plain text without the parser, where they cannot be read otherwise:
 * prose whose only Markdown link syntax is `[text](destination)` or `![alt](destination)`, with an
 * optional quoted title. Anything that could change how those read (code, HTML or JSX, escapes,
 * character references, expressions and shortcodes, tables, indented or fenced code, definitions,
 * footnotes, nested brackets, autolink literals, a line break inside a link, MDX import and export
 * lines) makes it answer undefined, and the caller asks the parser (`findUrls`). Where it answers,
 * the answer equals `findUrls` on the same text, in Markdown and in MDX (checked over every
 * paragraph and line of the real documentation under test).
 *
 * A translated piece is almost always such prose; parsing each one with mdast cost about 1.5 ms.
 */
import type { UrlSpan } from './links.ts';

// Characters after which the parser may read something this reader does not: code spans,
// HTML/JSX/autolinks, escapes, character references, MDX expressions and shortcodes, table cells.
const REFUSED = /[`<\\&{}|\t]/;
// Lines that open indented code, a tilde fence or an MDX ESM block; a definition or a footnote.
const REFUSED_LINES = /(?:^|\n)(?: {4}| {0,3}~~~| {0,3}(?:import|export)\b)|\]:|\[\^/;
// What the GFM autolink literal extension may read: inside a link's text, or running into one from before it.
const AUTOLINK_LITERAL = /www\.|:\/\/|@/gi;

export function simpleUrls(text: string): UrlSpan[] | undefined {
  if (REFUSED.test(text) || REFUSED_LINES.test(text)) return undefined;
  const spans: UrlSpan[] = [];
  // The `(…)` part of each link: an autolink literal's start is allowed only inside one.
  const resources: [number, number][] = [];
  let i = text.indexOf('[');
  while (i >= 0) {
    const close = text.indexOf(']', i + 1);
    if (close < 0) break; // no label closes: no link from here on
    const open = text.indexOf('[', i + 1);
    if (open >= 0 && open < close) return undefined; // nested or unbalanced brackets
    if (text[close + 1] !== '(') {
      i = text.indexOf('[', close + 1);
      continue;
    }
    if (text.slice(i + 1, close).includes('\n')) return undefined;
    const link = destination(text, close + 2);
    if (link === undefined) return undefined;
    if (link.url !== '') spans.push({ start: link.start, end: link.start + link.url.length, url: link.url });
    resources.push([close + 1, link.after]);
    i = text.indexOf('[', link.after);
  }
  for (const m of text.matchAll(AUTOLINK_LITERAL)) {
    if (!resources.some(([from, to]) => m.index > from && m.index < to)) return undefined;
  }
  return spans;
}

/** `destination [title])` from `at` (just after `(`): the destination and where the link ends, or undefined when it is not this simple form. */
function destination(text: string, at: number): { start: number; url: string; after: number } | undefined {
  let k = at;
  while (text[k] === ' ') k++;
  const start = k;
  while (k < text.length && !/[\s()\x00-\x1f\x7f]/.test(text[k]!)) k++;
  const url = text.slice(start, k);
  if (text[k] === '(') return undefined;
  while (text[k] === ' ') k++;
  if (text[k] === ')') return { start, url, after: k + 1 };
  const quote = text[k];
  if ((quote !== '"' && quote !== "'") || url === '' || k === start + url.length) return undefined;
  const end = text.indexOf(quote, k + 1);
  if (end < 0 || text.slice(k + 1, end).includes('\n')) return undefined;
  k = end + 1;
  while (text[k] === ' ') k++;
  return text[k] === ')' ? { start, url, after: k + 1 } : undefined;
}
