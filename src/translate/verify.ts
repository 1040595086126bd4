/**
 * The check every translated Markdown segment passes before it is used. It compares what
 * Markdown reads in the source and the translation, in any order (word order changes): the same
 * code spans, inline HTML/JSX tags and autolinks, link and image destinations and titles,
 * reference labels, footnote calls, `{expressions}`/placeholders, math and bare URLs byte for
 * byte; the same number of emphasis and escape characters, brackets paired as before; the same block markers at
 * line starts and the same number of blank lines (one paragraph stays one paragraph). A single
 * pass over the text, so checking costs microseconds per segment, not a parse.
 *
 * `skeleton` is the same comparison done by the parser (micromark): used where the segmenter
 * needs to know how a text parses on its own.
 */
import { tokenTree, type TokenNode } from './tokens.ts';
import type { CheckKind, TranslatePart } from './types.ts';

const ANGLE = new RegExp(
  [
    '<!--[\\s\\S]*?-->',
    '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>',
    '<\\?[\\s\\S]*?\\?>',
    '<![A-Za-z][^>]*>',
    '</[A-Za-z][\\w.:-]*\\s*>',
    '<[A-Za-z][\\w.:-]*(?:\\s+[A-Za-z_:{][^\\s=>/]*(?:\\s*=\\s*(?:[^\\s"\'=<>`{]+|\'[^\']*\'|"[^"]*"|\\{[^{}]*\\}))?)*\\s*/?>',
    '<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*>',
    "<[\\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?>",
  ].join('|'),
  'y',
);
/** MkDocs/Python-Markdown attribute lists: `{ #id .class key="value" }`, `{: .note }`. */
export const ATTRIBUTE_LIST =
  /\{:?[ \t]*(?:[#.][\w-]+|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s}]+))(?:[ \t]+(?:[#.][\w-]+|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s}]+)))*[ \t]*\}/;
const PLACEHOLDER = new RegExp(`\\{\\{[^{}]*\\}\\}|\\{[^{}\\s]*\\}|${ATTRIBUTE_LIST.source}|%(?:\\d+\\$)?[sdif@]|\\$\\d+`, 'y');
const MATH = /\$\$[^$]+\$\$|\$[^\s$](?:[^$\n]*[^\s$\\])?\$(?!\d)/y;
// A bare URL ends at whitespace, `<`, or CJK and full-width text (`www.example.com)を公開し` is a URL and prose).
const BARE_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]*/iy;
const FOOTNOTE = /\[\^[^\]\s]+\]/y;
const REF_TAIL = /\]\[(?:[^\]\\]|\\.)*\]/y;
// What opens a block when it starts a line. `<`: only the HTML blocks that may interrupt a
// paragraph (CommonMark kinds 1-6); a line that is a tag alone (kind 7, and JSX flow in MDX) is
// `<t`. A tag that merely starts a line of prose (`<a href="#x">Install</a>`) is inline.
const BLOCK_START = /^[ \t]*(#{1,6}(?=\s|$)|>|[-*+](?=\s|$)|\d{1,9}[.)](?=\s|$)|=+[ \t]*$|-+[ \t]*$|`{3,}|~{3,}|\||\[[^\]]*\]:|:{3,}|\$\$)/;
const HTML_BLOCK = new RegExp(
  '^ {0,3}(?:<(?:script|pre|style|textarea)(?:\\s|>|$)|<!--|<\\?|<![A-Za-z]|<!\\[CDATA\\[|</?(?:' +
    'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|' +
    'figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|' +
    'noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:\\s|/?>|$))',
  'i',
);
const TAG_LINE = /^[ \t]*(?:<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>[ \t]*)+$/;

/** The block a line would open at a line start, normalised (`1.` for any number), or ''. */
function lineMarker(line: string): string {
  if (line.trimStart().startsWith('<')) return HTML_BLOCK.test(line) ? '<' : TAG_LINE.test(line) ? '<t' : '';
  const marker = BLOCK_START.exec(line)?.[1];
  return marker === undefined ? '' : marker.startsWith('[') ? '[]:' : marker.replace(/\d+/, '1').trim();
}
const COUNTED = new Set(['*', '_', '~', '{', '}']);
const NEXT = /[\\`<\][{%$*_~|!]|(?<![\p{L}\p{N}_])(?:https?:\/\/|ftp:\/\/|www\.)/giu;

/** End of `(destination "title")` at `i` (the `(`), or -1. */
function linkTailEnd(text: string, i: number): number {
  let j = i + 1;
  while (/\s/.test(text[j] ?? '')) j++;
  if (text[j] === '<') {
    const close = text.indexOf('>', j);
    if (close < 0) return -1;
    j = close + 1;
  } else {
    let depth = 0;
    for (; j < text.length && !/\s/.test(text[j]!); j++) {
      const c = text[j];
      const shortcode = c === '{' && text[j + 1] === '{' && /[<%]/.test(text[j + 2] ?? '') ? text.indexOf(text[j + 2] === '<' ? '>}}' : '%}}', j + 3) : -1;
      if (shortcode > 0 && !text.slice(j, shortcode).includes('\n')) j = shortcode + 2;
      else if (c === '\\') j++;
      else if (c === '(') depth++;
      else if (c === ')' && depth-- === 0) break;
    }
  }
  const afterDest = j;
  while (/\s/.test(text[j] ?? '')) j++;
  const open = text[j];
  if (j > afterDest && (open === '"' || open === "'" || open === '(')) {
    const close = open === '(' ? ')' : open;
    let k = j + 1;
    while (k < text.length && text[k] !== close) k += text[k] === '\\' ? 2 : 1;
    if (k >= text.length) return -1;
    j = k + 1;
    while (/\s/.test(text[j] ?? '')) j++;
  }
  return text[j] === ')' ? j + 1 : -1;
}

function sticky(re: RegExp, text: string, i: number): string | null {
  re.lastIndex = i;
  return re.exec(text)?.[0] ?? null;
}

/** A multiset (sorted) of what Markdown reads in `text`, besides its words. */
export function signature(text: string, kind: CheckKind, mdx = false): string[] {
  const out: string[] = [];
  const take = (label: string, raw: string): number => {
    out.push(`${label}:${raw}`);
    return raw.length;
  };
  let i = 0;
  while (i < text.length) {
    // Jump over ordinary text to the next character that may start something Markdown reads.
    NEXT.lastIndex = i;
    const next = NEXT.exec(text);
    if (!next) break;
    i = next.index;
    const c = text[i]!;
    let span: string | null = null;
    if (c === '\\') {
      // An escape (or a hard break) only before ASCII punctuation or a line end; `\\o/` is text.
      if (/[!-/:-@[-`{-~\n]/.test(text[i + 1] ?? '')) i += take('esc', text.slice(i, i + 2));
      else i++;
    } else if (c === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const ticks = '`'.repeat(run);
      let close = text.indexOf(ticks, i + run);
      while (close >= 0 && text[close + run] === '`') {
        let k = close;
        while (text[k] === '`') k++;
        close = text.indexOf(ticks, k);
      }
      i += close < 0 ? take('ticks', ticks) : take('code', text.slice(i, close + run));
    } else if (c === '<' && (span = sticky(ANGLE, text, i))) i += take('tag', span);
    else if (c === ']' && text[i + 1] === '(' && linkTailEnd(text, i + 1) > 0) {
      i += 1 + take('dest', text.slice(i + 1, linkTailEnd(text, i + 1)));
    } else if (c === ']' && (span = sticky(REF_TAIL, text, i))) {
      // Stop on the label's `]`: `[a][b][c]` reads as text and label in more than one way.
      i += take('ref', span) - 1;
    } else if (c === '[' && (span = sticky(FOOTNOTE, text, i))) i += take('footnote', span);
    else if (c === '{' && mdx) {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}' && --depth === 0) break;
      }
      i += take('expr', text.slice(i, j + 1));
    } else if ((c === '{' || c === '%' || c === '$') && (span = sticky(PLACEHOLDER, text, i))) i += take('placeholder', span);
    else if (c === '$' && (span = sticky(MATH, text, i))) i += take('math', span);
    else if (/[hHfFwW]/.test(c) && (span = sticky(BARE_URL, text, i))) {
      i += take('url', span.replace(/[?!.,:;*_~'")]+$/, ''));
    } else {
      if (COUNTED.has(c) || (c === '|' && kind === 'cell') || (c === '!' && text[i + 1] === '[')) out.push(`char:${c}`);
      i++;
    }
  }
  // Brackets may be added in prose ("[sic]"), but a link text must keep them paired.
  out.push(`brackets:${bracketsBalanced(text)}`);
  // Headings, cells and labels are written on one line after their own marker: no line starts.
  // A paragraph's first line: checked on its own (verifyTranslation), since a prefix such as
  // a marker in front of `1. Contributors` or `<a …>` only makes it less of a block.
  const oneLine = kind === 'heading' || kind === 'cell' || kind === 'label';
  const lines = text.split('\n');
  for (const [n, line] of lines.entries()) {
    if (!line.trim()) out.push('blank');
    if (oneLine || n === 0) continue;
    const marker = lineMarker(line);
    if (marker) out.push(`line:${marker}`);
  }
  return out.sort();
}

function sameSignature(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

const IGNORED_FLOW = new Set(['lineEnding', 'lineEndingBlank', 'definition', 'linePrefix']);

/** The block types of `text` parsed on its own (before `|`), or null when it does not parse. */
export function skeleton(text: string, refs: readonly string[] = [], mdx = false): string[] | null {
  const defs = refs.length > 0 ? `\n\n${refs.map((r) => `[${r}]: #`).join('\n')}\n` : '';
  let root: TokenNode;
  try {
    root = tokenTree(text + defs, mdx);
  } catch {
    return null;
  }
  const flow: string[] = [];
  const visit = (node: TokenNode): void => {
    for (const child of node.children) {
      if (child.start >= text.length) continue;
      if (child.type === 'content') visit(child);
      else if (!IGNORED_FLOW.has(child.type)) flow.push(child.type);
    }
  };
  visit(root);
  return [...flow, '|'];
}

/** Brackets in a link text must pair up, or the link's text would end early. */
function bracketsBalanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The first line of a paragraph or fragment: the translation's may open no block, or the one the
 * source's first line opens (which the parser then read as prose in its context).
 */
function firstLineFits(part: TranslatePart, t: string): boolean {
  if (part.check === 'heading' || part.check === 'cell' || part.check === 'label') return true;
  const first = (s: string): string => lineMarker(s.slice(0, (s.indexOf('\n') + 1 || s.length + 1) - 1));
  const marker = first(t);
  return marker === '' || marker === first(part.text);
}

/** The translation as it will be written (outer whitespace off, one line for headings and cells). */
export function normalizeTranslation(part: TranslatePart, translation: string): string {
  const t = translation.trim();
  return part.check === 'heading' || part.check === 'cell' || part.check === 'label' ? t.replace(/[ \t]*\r?\n[ \t]*/g, ' ') : t;
}

// The last verdict per part: a run checks each translation once for the fallback and again when reassembling.
const verdicts = new WeakMap<TranslatePart, { translation: string; ok: boolean }>();

/** True when the translation may replace the part's text (parts without a check always may). */
export function verifyTranslation(part: TranslatePart, translation: string): boolean {
  if (!part.check) return true;
  const t = normalizeTranslation(part, translation);
  if (!t || (part.check === 'label' && !bracketsBalanced(t)) || (part.quote !== undefined && t.includes(part.quote))) return false;
  const last = verdicts.get(part);
  if (last?.translation === translation) return last.ok;
  const ok = sameSignature(signature(part.text, part.check, part.mdx), signature(t, part.check, part.mdx)) && firstLineFits(part, t);
  verdicts.set(part, { translation, ok });
  return ok;
}
