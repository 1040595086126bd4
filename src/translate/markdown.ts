import { emitBlock } from './block.ts';
import { proseBlocks } from './blocks.ts';
import { PartsBuilder } from './builder.ts';
import { DEFAULT_FRONT_MATTER_KEYS, emitYaml, frontMatter } from './frontmatter.ts';
import { maskExtensions, type Masked } from './mask.ts';
import { looksLikeMdx, tokenTree, type TokenNode } from './tokens.ts';
import type { SegmentationMode, Segmented } from './types.ts';

export interface SegmentMarkdownOptions {
  /** `wholeBlocks` (default): a paragraph, heading or table cell is one segment, inline Markdown included. */
  mode?: SegmentationMode;
  /** Top-level YAML front matter keys whose values readers see; default title, description, sidebar_label, summary. */
  frontMatterKeys?: readonly string[];
  /** Parse as MDX (JSX, `{expressions}`, import/export). Default: when the text looks like MDX; MDX that does not parse falls back to Markdown. */
  mdx?: boolean;
}

const BOM = '\uFEFF';

/** Parses the masked text (front matter and BOM blanked, so offsets are the input's). */
function parse(text: string, bodyStart: number, mdx: boolean): { root: TokenNode; mdx: boolean; masked: Masked } {
  const blankHead = (masked: string): string => text.slice(0, bodyStart).replace(/[^\r\n]/g, ' ') + masked.slice(bodyStart);
  if (mdx) {
    const masked = maskExtensions(text);
    try {
      return { root: tokenTree(blankHead(masked.text), true), mdx: true, masked };
    } catch {
      // Not valid MDX (an HTML comment, a stray brace): read it as Markdown, import/export lines kept.
    }
  }
  const masked = maskExtensions(text, mdx);
  return { root: tokenTree(blankHead(masked.text), false), mdx: false, masked };
}

/**
 * Markdown-aware segmentation on a CommonMark/GFM (and MDX) parser's tokens. Prose blocks become
 * 'translate' parts; everything else (code, HTML, front matter other than reader-facing values,
 * definitions, JSX, container markers) is kept byte-for-byte. Reassembling the parts without
 * translations always gives the input back.
 */
export function segmentMarkdown(text: string, options: SegmentMarkdownOptions = {}): Segmented {
  return segmentWithStats(text, options).doc;
}

/** Prose blocks (paragraphs, headings, cells, titles, front matter values) that send anything, and their segments. */
export interface BlockStats {
  blocks: number;
  segments: number;
}

/** segmentMarkdown, also counting segments per prose block (the figure `wholeBlocks` keeps near 1). */
export function segmentWithStats(text: string, options: SegmentMarkdownOptions = {}): { doc: Segmented; stats: BlockStats } {
  const stats: BlockStats = { blocks: 0, segments: 0 };
  const mode = options.mode ?? 'wholeBlocks';
  const builder = new PartsBuilder();
  let bodyStart = text.startsWith(BOM) ? 1 : 0;
  builder.keep(text.slice(0, bodyStart));
  const front = frontMatter(text, bodyStart);
  if (front) {
    builder.keep(text.slice(bodyStart, front.bodyStart));
    if (front.yaml) emitYaml(text, front.bodyStart, front.bodyEnd, builder, options.frontMatterKeys ?? DEFAULT_FRONT_MATTER_KEYS);
    else builder.keep(text.slice(front.bodyStart, front.bodyEnd));
    builder.keep(text.slice(front.bodyEnd, front.end));
    stats.blocks = stats.segments = builder.translateCount;
    bodyStart = front.end;
  }
  const { root, mdx, masked } = parse(text, bodyStart, options.mdx ?? looksLikeMdx(text));
  let at = bodyStart;
  for (const block of proseBlocks(root, masked.admonitions.filter((a) => a.titleStart >= bodyStart))) {
    if (block.start < at) continue;
    builder.keep(text.slice(at, block.start));
    const before = builder.translateCount;
    emitBlock(text, block, builder, mode, mdx);
    const added = builder.translateCount - before;
    if (added > 0) stats.blocks++;
    stats.segments += added;
    at = block.end;
  }
  builder.keep(text.slice(at));
  return { doc: builder.build(), stats };
}
