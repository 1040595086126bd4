/** The prose blocks of a parsed document: paragraphs, heading texts, table cells, admonition titles, readable JSX and shortcode attributes. */
import type { Item } from './inline.ts';
import type { Admonition } from './mask.ts';
import type { TokenNode } from './tokens.ts';

export type BlockKind = 'paragraph' | 'heading' | 'cell' | 'attribute';

export interface ProseBlock {
  kind: BlockKind;
  start: number;
  end: number;
  /** The block's tokens; absent for admonition titles (plain text) and blocks read without the parser. */
  node?: TokenNode;
  /** Inline items of a block read without the parser (fast.ts). */
  items?: Item[];
  /** An `attribute`'s quote: its translation may not hold it. */
  quote?: string;
}

/** JSX attributes readers see (`<Aside title="…">`, `<TabItem label="…">`, `<img alt="…">`); every other attribute is kept. */
export const READABLE_ATTRIBUTES = new Set(['title', 'label', 'alt', 'aria-label', 'description']);

const ATTRIBUTE_VALUE = /(?<=[\s{<%])([\w-]+)=(?:"([^"\n]*)"|'([^'\n]*)')/g;

/**
 * The readable attribute values written in an inline tag or a Hugo shortcode (`raw`, at `offset`
 * in the document): quoted one-line text with a letter, no entity or brace (read differently once
 * translated). `'…'` values only with `singleQuotes` (JSX; Hugo quotes with `"`).
 */
export function readableValues(raw: string, offset: number, singleQuotes: boolean): { start: number; end: number; quote: string }[] {
  const out: { start: number; end: number; quote: string }[] = [];
  for (const m of raw.matchAll(ATTRIBUTE_VALUE)) {
    const value = m[2] ?? m[3]!;
    if (!READABLE_ATTRIBUTES.has(m[1]!) || (m[3] !== undefined && !singleQuotes)) continue;
    if (value !== value.trim() || /[&{}]/.test(value) || !/\p{L}/u.test(value)) continue;
    const start = offset + m.index + m[1]!.length + 2;
    out.push({ start, end: start + value.length, quote: m[2] !== undefined ? '"' : "'" });
  }
  return out;
}

/** The string values of a JSX flow tag's readable attributes, as one-line prose blocks. */
function attributes(text: string, tag: TokenNode, out: ProseBlock[]): void {
  for (const attr of tag.children) {
    if (attr.type !== 'mdxJsxFlowTagAttribute') continue;
    const name = attr.children.find((c) => c.type === 'mdxJsxFlowTagAttributeName');
    const literal = attr.children.find((c) => c.type === 'mdxJsxFlowTagAttributeValueLiteral');
    const value = literal?.children.find((c) => c.type === 'mdxJsxFlowTagAttributeValueLiteralValue');
    if (!name || !literal || !value || !READABLE_ATTRIBUTES.has(text.slice(name.start, name.end))) continue;
    const raw = text.slice(value.start, value.end);
    // Plain one-line text only: an entity or a line break would be read differently once translated.
    if (raw !== raw.trim() || /[\r\n&]/.test(raw) || !/\p{L}/u.test(raw)) continue;
    out.push({ kind: 'attribute', start: value.start, end: value.end, quote: text[literal.start]! });
  }
}

const PROSE: Readonly<Record<string, BlockKind>> = {
  paragraph: 'paragraph',
  atxHeadingText: 'heading',
  // May run over several lines, so it keeps its line breaks like a paragraph.
  setextHeadingText: 'paragraph',
};
// Subtrees that never hold prose.
const OPAQUE = new Set([
  'codeFenced',
  'codeIndented',
  'htmlFlow',
  'definition',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxJsxFlowTag',
  'tableDelimiterRow',
  'thematicBreak',
]);

function walk(text: string, node: TokenNode, out: ProseBlock[]): void {
  for (const child of node.children) {
    const kind = PROSE[child.type];
    if (child.type === 'mdxJsxFlowTag') attributes(text, child, out);
    if (kind) out.push({ kind, start: child.start, end: child.end, node: child });
    else if (child.type === 'tableContent' && (node.type === 'tableHeader' || node.type === 'tableData')) {
      out.push({ kind: 'cell', start: child.start, end: child.end, node: child });
    } else if (!OPAQUE.has(child.type) && child.children.length > 0) walk(text, child, out);
  }
}

/** Prose blocks in document order: from parsed trees, blocks read without the parser, admonition titles. */
export function proseBlocks(text: string, roots: readonly TokenNode[], admonitions: readonly Admonition[], read: readonly ProseBlock[] = []): ProseBlock[] {
  const out: ProseBlock[] = [...read];
  for (const root of roots) walk(text, root, out);
  for (const a of admonitions)
    out.push(
      a.quote === undefined
        ? { kind: 'heading', start: a.titleStart, end: a.titleEnd }
        : { kind: 'attribute', start: a.titleStart, end: a.titleEnd, quote: a.quote },
    );
  return out.sort((a, b) => a.start - b.start);
}
