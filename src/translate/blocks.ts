/** The prose blocks of a parsed document: paragraphs, heading texts, table cells, admonition titles. */
import type { Item } from './inline.ts';
import type { Admonition } from './mask.ts';
import type { TokenNode } from './tokens.ts';

export type BlockKind = 'paragraph' | 'heading' | 'cell';

export interface ProseBlock {
  kind: BlockKind;
  start: number;
  end: number;
  /** The block's tokens; absent for admonition titles (plain text) and blocks read without the parser. */
  node?: TokenNode;
  /** Inline items of a block read without the parser (fast.ts). */
  items?: Item[];
}

const PROSE: Readonly<Record<string, BlockKind>> = {
  paragraph: 'paragraph',
  atxHeadingText: 'heading',
  // May run over several lines, so it keeps its line breaks like a paragraph.
  setextHeadingText: 'paragraph',
};
// Subtrees that never hold prose.
const OPAQUE = new Set([
  'codeFenced', 'codeIndented', 'htmlFlow', 'definition', 'mdxjsEsm', 'mdxFlowExpression', 'mdxJsxFlowTag',
  'tableDelimiterRow', 'thematicBreak',
]);

function walk(node: TokenNode, out: ProseBlock[]): void {
  for (const child of node.children) {
    const kind = PROSE[child.type];
    if (kind) out.push({ kind, start: child.start, end: child.end, node: child });
    else if (child.type === 'tableContent' && (node.type === 'tableHeader' || node.type === 'tableData')) {
      out.push({ kind: 'cell', start: child.start, end: child.end, node: child });
    } else if (!OPAQUE.has(child.type) && child.children.length > 0) walk(child, out);
  }
}

/** Prose blocks in document order: from parsed trees, blocks read without the parser, admonition titles. */
export function proseBlocks(roots: readonly TokenNode[], admonitions: readonly Admonition[], read: readonly ProseBlock[] = []): ProseBlock[] {
  const out: ProseBlock[] = [...read];
  for (const root of roots) walk(root, out);
  for (const a of admonitions) out.push({ kind: 'heading', start: a.titleStart, end: a.titleEnd });
  return out.sort((a, b) => a.start - b.start);
}
