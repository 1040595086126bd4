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

const ANGLE = new RegExp([
  '<!--[\\s\\S]*?-->', '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>', '<\\?[\\s\\S]*?\\?>', '<![A-Za-z][^>]*>',
  '</[A-Za-z][\\w.:-]*\\s*>',
  '<[A-Za-z][\\w.:-]*(?:\\s+[A-Za-z_:{][^\\s=>/]*(?:\\s*=\\s*(?:[^\\s"\'=<>`{]+|\'[^\']*\'|"[^"]*"|\\{[^{}]*\\}))?)*\\s*/?>',
  '<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\\s<>]*>', '<[\\w.!#$%&\'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?>',
].join('|'), 'y');
const PLACEHOLDER = /\{\{[^{}]*\}\}|\{[^{}\s]*\}|%(?:\d+\$)?[sdif@]|\$\d+/y;
const MATH = /\$\$[^$]+\$\$|\$[^\s$](?:[^$\n]*[^\s$\\])?\$(?!\d)/y;
const BARE_URL = /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>]*/iy;
const FOOTNOTE = /\[\^[^\]\s]+\]/y;
const REF_TAIL = /\]\[(?:[^\]\\]|\\.)*\]/y;
// What opens a block when it starts a line.
const BLOCK_START = /^[ \t]*(#{1,6}(?=\s|$)|>|[-*+](?=\s|$)|\d{1,9}[.)](?=\s|$)|=+[ \t]*$|-+[ \t]*$|`{3,}|~{3,}|<[A-Za-z!?/]|\||\[[^\]]*\]:|:{3,}|\$\$)/;
const COUNTED = new Set(['*', '_', '~']);
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
      if (c === '\\') j++;
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
    if (c === '\\') i += take('esc', text.slice(i, i + 2));
    else if (c === '`') {
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
  // Brackets may be added in prose ("[de] ..."), but a link text must keep them paired.
  out.push(`brackets:${bracketsBalanced(text)}`);
  const lines = text.split('\n');
  for (const line of lines) {
    if (!line.trim()) out.push('blank');
    const marker = BLOCK_START.exec(line)?.[1];
    if (marker !== undefined) out.push(`line:${marker.replace(/\d+/, '1').trim()}`);
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
  if (!t || (part.check === 'label' && !bracketsBalanced(t))) return false;
  const last = verdicts.get(part);
  if (last?.translation === translation) return last.ok;
  const ok = sameSignature(signature(part.text, part.check, part.mdx), signature(t, part.check, part.mdx));
  verdicts.set(part, { translation, ok });
  return ok;
}
