/**
 * The check every translated Markdown segment passes before it is used: parsed on its own, the
 * translation must have the same block structure as the source (one paragraph stays one
 * paragraph), the same code spans, inline HTML/JSX, autolinks, link and image destinations and
 * titles, reference labels, footnote calls and expressions byte for byte (in any order: word
 * order changes), the same emphasis, links and hard breaks, and the same placeholders and math.
 */
import { tokenTree, type TokenNode } from './tokens.ts';
import type { CheckKind, TranslatePart } from './types.ts';

const SIGNED = new Set([
  'codeText', 'htmlText', 'autolink', 'literalAutolink', 'mdxJsxTextTag', 'mdxTextExpression', 'gfmFootnoteCall',
  'resource', 'reference', 'taskListCheck',
]);
const COUNTED = new Set(['emphasis', 'strong', 'strikethrough', 'link', 'image', 'hardBreakEscape', 'hardBreakTrailing']);
const IGNORED_FLOW = new Set(['lineEnding', 'lineEndingBlank', 'definition', 'linePrefix']);
// `{{x}}`, `{name}`, printf `%s`/`%1$d`, `$1`, inline math `$...$`.
const PLACEHOLDER = /\{\{[^{}]*\}\}|\{[A-Za-z_$][\w.$-]*\}|%(?:\d+\$)?[sdif@]|\$\d+|\$[^\s$](?:[^$\n]*[^\s$])?\$/g;

function markChars(kind: CheckKind): RegExp {
  return kind === 'cell' ? /[*~`|]/g : /[*~`]/g;
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

function inline(text: string, node: TokenNode, kind: CheckKind, out: string[]): void {
  for (const child of node.children) {
    const raw = text.slice(child.start, child.end);
    if (SIGNED.has(child.type)) out.push(`${child.type}:${raw}`);
    else {
      if (COUNTED.has(child.type)) out.push(child.type);
      if (child.type === 'data' || child.type === 'codeTextData') {
        if (child.type === 'data') for (const m of raw.matchAll(markChars(kind))) out.push(`char:${m[0]}`);
        for (const m of raw.matchAll(PLACEHOLDER)) out.push(`placeholder:${m[0]}`);
      }
      inline(text, child, kind, out);
    }
  }
}

/** The structure of `text` on its own, or null when it does not parse (invalid MDX). */
export function skeleton(text: string, kind: CheckKind, refs: readonly string[] = [], mdx = false): string[] | null {
  const defs = refs.length > 0 ? `\n\n${refs.map((r) => `[${r}]: #`).join('\n')}\n` : '';
  let root: TokenNode;
  try {
    root = tokenTree(text + defs, mdx);
  } catch {
    return null;
  }
  const flow: string[] = [];
  const marks: string[] = [];
  const visit = (node: TokenNode): void => {
    for (const child of node.children) {
      if (child.end > text.length && child.start >= text.length) continue;
      if (child.type === 'content') visit(child);
      else if (!IGNORED_FLOW.has(child.type)) {
        flow.push(child.type);
        inline(text, child, kind, marks);
      }
    }
  };
  visit(root);
  return [...flow, '|', ...marks.sort()];
}

/** The translation as it will be written (outer whitespace off, one line for headings and cells). */
export function normalizeTranslation(part: TranslatePart, translation: string): string {
  const t = translation.trim();
  return part.check === 'heading' || part.check === 'cell' || part.check === 'label' ? t.replace(/[ \t]*\r?\n[ \t]*/g, ' ') : t;
}

/** True when the translation may replace the part's text (parts without a check always may). */
export function verifyTranslation(part: TranslatePart, translation: string): boolean {
  if (!part.check) return true;
  const t = normalizeTranslation(part, translation);
  if (!t || (part.check === 'label' && !bracketsBalanced(t))) return false;
  const want = skeleton(part.text, part.check, part.refs, part.mdx);
  const got = skeleton(t, part.check, part.refs, part.mdx);
  return want !== null && got !== null && want.length === got.length && want.every((s, i) => s === got[i]);
}
