import { emitBlock } from './block.ts';
import { proseBlocks, type ProseBlock } from './blocks.ts';
import { PartsBuilder } from './builder.ts';
import { DEFAULT_FRONT_MATTER_KEYS, emitYaml, frontMatter } from './frontmatter.ts';
import { fastRegions } from './fast.ts';
import { emitToml } from './toml.ts';
import { maskExtensions, type Admonition, type Masked } from './mask.ts';
import { isLinePrefix, looksLikeMdx, normalizeLabel, tokenTree, type TokenNode } from './tokens.ts';
import type { SegmentationMode, Segmented } from './types.ts';

export interface SegmentMarkdownOptions {
  /** `wholeBlocks` (default): a paragraph, heading or table cell is one segment, inline Markdown included. */
  mode?: SegmentationMode;
  /** Top-level front matter keys (YAML or TOML) whose string values readers see; default title, description, sidebar_label, summary. */
  frontMatterKeys?: readonly string[];
  /** Parse as MDX (JSX, `{expressions}`, import/export). Default: when the text looks like MDX; MDX that does not parse falls back to Markdown. */
  mdx?: boolean;
  /** Read simple top-level blocks without the parser (fast.ts). Default: on; `false` (tests) parses the whole document. */
  fast?: boolean;
}

// Definition labels anywhere (any container), so that chunks parsed apart resolve references:
// matched from the start of each line that holds `]:`.
const DEFINITION = /[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*\[((?:[^\]\\\n]|\\.){1,999})\]:/y;

/** The labels that look defined (DEFINITION at a line start, as a multiline `^` sees lines). */
function definitionCandidates(text: string): string[] {
  const found = new Set<string>();
  let done = -1;
  for (let k = text.indexOf(']:'); k >= 0; k = text.indexOf(']:', k + 2)) {
    let start = text.lastIndexOf('\n', k) + 1;
    for (let j = k - 1; j >= start; j--) {
      const c = text.charCodeAt(j);
      if (c === 13 || c === 0x2028 || c === 0x2029) {
        start = j + 1;
        break;
      }
    }
    if (start === done) continue;
    done = start;
    DEFINITION.lastIndex = start;
    const m = DEFINITION.exec(text);
    if (m) found.add(m[1]!);
  }
  return [...found];
}

const BOM = '\uFEFF';

/** Parses the masked text after the BOM and front matter (offsets are the input's). */
function parse(text: string, bodyStart: number, mdx: boolean, fast: boolean | undefined): { blocks: ProseBlock[]; mdx: boolean } {
  const blankHead = (masked: string): string => text.slice(0, bodyStart).replace(/[^\r\n]/g, ' ') + masked.slice(bodyStart);
  const admonitions = (m: Masked): Admonition[] => m.admonitions.filter((a) => a.titleStart >= bodyStart);
  if (mdx) {
    const masked = maskExtensions(text);
    try {
      return { blocks: proseBlocks(text, [tokenTree(masked.text.slice(bodyStart), true, { offset: bodyStart })], admonitions(masked)), mdx: true };
    } catch {
      // Not valid MDX (an HTML comment, a stray brace): read it as Markdown, import/export lines kept.
    }
  }
  const read = readMarkdown(text, bodyStart, mdx, fast, blankHead, admonitions);
  // MDX the parser could not read: a paragraph that opens with a component (`<Snippet` with its
  // attributes over several lines, `<>`) is JSX the Markdown reader mistakes for prose; kept.
  return mdx ? { ...read, blocks: read.blocks.filter((b) => b.kind !== 'paragraph' || !JSX_OPENER.test(text.slice(b.start, b.start + 64))) } : read;
}

const JSX_OPENER = /^<(?:[A-Z][\w.:-]*(?=[\s/>])|>)/;

function readMarkdown(
  text: string,
  bodyStart: number,
  mdx: boolean,
  fast: boolean | undefined,
  blankHead: (masked: string) => string,
  admonitions: (m: Masked) => Admonition[],
): { blocks: ProseBlock[]; mdx: boolean } {
  const masked = maskExtensions(text, mdx);
  const parsed = blankHead(masked.text);
  // The fast reader knows \n and \r\n line endings only.
  if (fast === false || /\r(?!\n)/.test(text)) {
    return { blocks: proseBlocks(text, [tokenTree(parsed.slice(bodyStart), false, { offset: bodyStart })], admonitions(masked)), mdx: false };
  }
  // Labels that look defined, then (when a candidate was no definition, or one was missed) the parser's.
  const found = definitionCandidates(parsed);
  const candidates: Labels = {
    defined: found
      .filter((l) => !l.startsWith('^'))
      .map(normalizeLabel)
      .sort(),
    footnotes: found
      .filter((l) => l.startsWith('^'))
      .map((l) => normalizeLabel(l.slice(1)))
      .sort(),
  };
  let read = readFast(parsed, bodyStart, candidates);
  if (!sameLabels(read.actual, candidates)) {
    const second = readFast(parsed, bodyStart, read.actual);
    // Labels that still do not settle: the parser reads the whole document.
    read = sameLabels(second.actual, read.actual)
      ? second
      : { roots: [tokenTree(parsed.slice(bodyStart), false, { offset: bodyStart })], read: [], actual: read.actual };
  }
  return { blocks: proseBlocks(text, read.roots, admonitions(masked), read.read), mdx: false };
}

const sameLabels = (a: Labels, b: Labels): boolean => a.defined.join('\n') === b.defined.join('\n') && a.footnotes.join('\n') === b.footnotes.join('\n');

/** The fast reader's regions, the rest parsed in chunks knowing `labels`, and the labels actually defined. */
function readFast(parsed: string, bodyStart: number, labels: Labels): { roots: TokenNode[]; read: ProseBlock[]; actual: Labels } {
  const regions = fastRegions(parsed, bodyStart, new Set(labels.defined));
  const read: ProseBlock[] = [];
  const roots: TokenNode[] = [];
  const actual: Labels = { defined: [], footnotes: [] };
  for (const region of regions) {
    if (region.kind === 'paragraph' || region.kind === 'heading') read.push(region);
    else if (region.kind === 'table') for (const c of region.cells) read.push({ kind: 'cell', start: c.start, end: c.end, items: c.items });
    else if (region.kind === 'list' || region.kind === 'quote')
      for (const p of region.paragraphs) read.push({ kind: 'paragraph', start: p.start, end: p.end, items: p.items });
    else if (region.kind === 'kept' && region.labels) actual.defined.push(...region.labels);
    else if (region.kind === 'other') {
      const root = tokenTree(parsed.slice(region.start, region.end), false, { offset: region.start, ...labels });
      definitionLabels(parsed, root, actual);
      roots.push(root);
    }
  }
  actual.defined = [...new Set(actual.defined)].sort();
  actual.footnotes = [...new Set(actual.footnotes)].sort();
  return { roots, read, actual };
}

interface Labels {
  defined: string[];
  footnotes: string[];
}

/** A label's text without the container prefixes (`> `) of its later lines. */
function labelText(text: string, node: TokenNode): string {
  let out = '';
  let at = node.start;
  for (const child of node.children) {
    if (!isLinePrefix(child.type)) continue;
    out += text.slice(at, child.start);
    at = child.end;
  }
  return normalizeLabel(out + text.slice(at, node.end));
}

function definitionLabels(text: string, node: TokenNode, out: Labels): void {
  for (const child of node.children) {
    if (child.type === 'definitionLabelString') out.defined.push(labelText(text, child));
    else if (child.type === 'gfmFootnoteDefinitionLabelString') out.footnotes.push(labelText(text, child));
    else if (child.type !== 'paragraph') definitionLabels(text, child, out);
  }
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
    const keys = options.frontMatterKeys ?? DEFAULT_FRONT_MATTER_KEYS;
    (front.yaml ? emitYaml : emitToml)(text, front.bodyStart, front.bodyEnd, builder, keys);
    builder.keep(text.slice(front.bodyEnd, front.end));
    stats.blocks = stats.segments = builder.translateCount;
    bodyStart = front.end;
  }
  const { blocks, mdx } = parse(text, bodyStart, options.mdx ?? looksLikeMdx(text), options.fast);
  let at = bodyStart;
  for (const block of blocks) {
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
