/**
 * micromark's token stream as a tree with source offsets: the block and inline structure of a
 * document exactly as a CommonMark (plus GFM, optionally MDX) parser sees it, including the
 * container prefixes (`> `, list indentation) inside paragraphs.
 */
import { parse, postprocess, preprocess } from 'micromark';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Extension } from 'micromark-util-types';

export interface TokenNode {
  type: string;
  start: number;
  end: number;
  children: TokenNode[];
}

let extensions: { md: Extension[]; mdx: Extension[] } | undefined;
// One Markdown parser: `parse` combines every extension's constructs on each call, which costs
// more than parsing a short chunk. Its per-document state is reset before each use (tokenTree).
// (The MDX extensions keep state of their own: a fresh parser per document.)
let markdownParser: ReturnType<typeof parse> | undefined;

// GFM without literal autolinks (bare URLs and e-mail addresses): they are inline only, so the
// block structure does not depend on them, and recognising them costs as much as the rest of the
// parse. Bare URLs are found in the prose instead (block.ts, verify.ts).
function extensionsFor(mdx: boolean): Extension[] {
  const gfm = (): Extension[] => [gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()];
  extensions ??= { md: gfm(), mdx: [...gfm(), mdxjs()] };
  return mdx ? extensions.mdx : extensions.md;
}

/** micromark's normalizeIdentifier: how definition labels are matched. */
export function normalizeLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase();
}

/**
 * Parses `text` (offsets shifted by `offset`, for a chunk of a larger document whose definition
 * and footnote labels are `defined` and `footnotes`); MDX that is not valid (JSX, expressions or ESM) throws.
 */
export function tokenTree(text: string, mdx: boolean, chunk: { offset?: number; defined?: readonly string[]; footnotes?: readonly string[] } = {}): TokenNode {
  const parser = mdx ? parse({ extensions: extensionsFor(true) }) : (markdownParser ??= parse({ extensions: extensionsFor(false) }));
  parser.defined = chunk.defined ? [...chunk.defined] : [];
  parser.lazy = {};
  // micromark-extension-gfm-footnote keeps the footnote labels it has seen here.
  (parser as { gfmFootnotes?: string[] }).gfmFootnotes = chunk.footnotes ? [...chunk.footnotes] : undefined;
  const offset = chunk.offset ?? 0;
  // micromark drops a byte order mark at the start of what it parses. Only the document's own is
  // ignored (CommonMark); at the start of a chunk of a larger document it is an ordinary character
  // (a letter to the rules that matter here), and dropping it would shift every offset after it.
  const input = offset > 0 && text.charCodeAt(0) === 0xfeff ? `x${text.slice(1)}` : text;
  const events = postprocess(parser.document().write(preprocess()(input, undefined, true)));
  const root: TokenNode = { type: 'root', start: offset, end: offset + text.length, children: [] };
  const stack: TokenNode[] = [root];
  for (const [kind, token] of events) {
    if (kind === 'enter') {
      const node: TokenNode = { type: token.type, start: token.start.offset + offset, end: token.end.offset + offset, children: [] };
      stack[stack.length - 1]!.children.push(node);
      stack.push(node);
    } else {
      stack.pop();
    }
  }
  return root;
}

/** Tokens that continue a line's container prefix after a line ending inside a block. */
export function isLinePrefix(type: string): boolean {
  return type === 'blockQuotePrefix' || type === 'listItemIndent' || type === 'linePrefix' || type === 'gfmFootnoteDefinitionIndent';
}

// A document looks like MDX when it has an import/export or a JSX component at a line start
// outside fenced code (a README's code sample `import x from 'y'` does not count).
const MDX_HINT = /^(?:(?:import|export)\s[^\n]*(?:from\s|=|\{|function|const)|<[A-Z][\w.]*[\s/>])/m;
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;

export function looksLikeMdx(text: string): boolean {
  if (!MDX_HINT.test(text)) return false;
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const f = FENCE_LINE.exec(line)?.[1];
    if (fence) {
      if (f && f[0] === fence[0] && f.length >= fence.length && line.trim() === f) fence = null;
    } else if (f) fence = f;
    else if (MDX_HINT.test(line)) return true;
  }
  return false;
}
