/**
 * The unit of alignment: a block is a run of non-blank lines (blank lines inside fenced code do
 * not split; front matter at the start is a block of its own). Sources and translations split the
 * same way, because everything between blocks and every kept part is copied, so block i of a
 * translation as written is the translation of block i of its source. Inside a block, the
 * segments are segmentMarkdown's translate parts (front matter values of `frontMatterKeys`
 * included). A segment's identity is its text and everything that decides how its translation is
 * written (container prefixes, YAML style, checks), so a reused translation always fits.
 */
import { segmentMarkdown, type Part } from '../translate/index.ts';
import { shortHash } from './hash.ts';

type TranslatePart = Extract<Part, { kind: 'translate' }>;

export interface Range {
  start: number;
  end: number;
}

export interface BlockSegment {
  /** Identity: hash of the text sent and of how its translation is written. */
  hash: string;
  /** What is sent. */
  text: string;
  part: TranslatePart;
}

export interface SourceBlock extends Range {
  text: string;
  hash: string;
  /** Parts inside the block (keep parts clipped to it); offsets are absolute in the document. */
  parts: { part: Part; start: number }[];
  segments: BlockSegment[];
}

export interface SourceDoc {
  text: string;
  blocks: SourceBlock[];
}

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

function frontMatterEnd(text: string): number {
  const open = /^(---|\+\+\+)[ \t]*\r?\n/.exec(text);
  if (open === null) return -1;
  const close = open[1] === '---' ? /^(?:---|\.\.\.)[ \t]*$/m : /^\+\+\+[ \t]*$/m;
  const rest = text.slice(open[0].length);
  const m = close.exec(rest);
  return m === null ? -1 : open[0].length + m.index + m[0].length;
}

/** Block ranges of a Markdown text; what lies between them is blank lines and line ends. */
export function splitBlocks(text: string): Range[] {
  const blocks: Range[] = [];
  let pos = 0;
  const fm = frontMatterEnd(text);
  if (fm > 0) {
    blocks.push({ start: 0, end: fm });
    pos = fm;
  }
  let fence: string | undefined;
  let current: Range | undefined;
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    const lineEnd = nl > pos && text[nl - 1] === '\r' ? nl - 1 : nl;
    const line = text.slice(pos, lineEnd);
    const blank = fence === undefined && /^[ \t]*$/.test(line);
    if (blank) {
      if (current !== undefined) blocks.push(current);
      current = undefined;
    } else {
      const f = FENCE.exec(line);
      if (fence === undefined && f !== null) fence = f[1]!;
      else if (fence !== undefined && f !== null && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
      if (current === undefined) current = { start: pos, end: lineEnd };
      else current.end = lineEnd;
    }
    pos = nl + 1;
  }
  if (current !== undefined) blocks.push(current);
  return blocks;
}

/** The input text of a part (`source` when it differs from what is sent). */
export function inputOf(part: Part): string {
  return part.kind === 'translate' ? ((part as { source?: string }).source ?? part.text) : part.text;
}

/** Identity of a translate part: its text and the fields that shape its written translation (not its id). */
export function segmentKey(part: TranslatePart): string {
  const { id: _id, fallback: _fallback, ...rest } = part as TranslatePart & { fallback?: unknown };
  return JSON.stringify(rest, Object.keys(rest).sort());
}

/** Splits a source document into blocks with their parts and segments. */
/**
 * Whether a source is MDX: an `.mdx` file, or any Markdown page of a Docusaurus site (Docusaurus 3
 * compiles `.md` as MDX by default). Elsewhere a `.md` file is CommonMark, whatever lines it holds.
 */
export function isMdxSource(path: string, layout?: unknown): boolean {
  return /\.mdx$/i.test(path) || (layout === 'docusaurus' && /\.md$/i.test(path));
}

/** `mdx`: the file's dialect (see isMdxSource); undefined lets the segmenter guess from the text. */
export function parseSource(text: string, frontMatterKeys: readonly string[], mdx?: boolean): SourceDoc {
  const ranges = splitBlocks(text);
  const parts = segmentMarkdown(text, { frontMatterKeys, mdx }).parts;
  // A translate part never crosses a blank line; if one ever did, its blocks are merged.
  let offset = 0;
  let bi = 0;
  for (const part of parts) {
    const end = offset + inputOf(part).length;
    if (part.kind === 'translate') {
      while (bi < ranges.length && ranges[bi]!.end <= offset) bi++;
      while (bi + 1 < ranges.length && ranges[bi]!.end < end) {
        ranges[bi]!.end = ranges[bi + 1]!.end;
        ranges.splice(bi + 1, 1);
      }
    }
    offset = end;
  }
  const blocks: SourceBlock[] = ranges.map((r) => {
    const blockText = text.slice(r.start, r.end);
    return { ...r, text: blockText, hash: shortHash(blockText), parts: [], segments: [] };
  });
  offset = 0;
  bi = 0;
  for (const part of parts) {
    const end = offset + inputOf(part).length;
    while (bi < blocks.length && blocks[bi]!.end <= offset) bi++;
    for (let j = bi; j < blocks.length && blocks[j]!.start < end; j++) {
      const b = blocks[j]!;
      const s = Math.max(b.start, offset);
      const e = Math.min(b.end, end);
      if (e <= s) continue;
      const clipped: Part = part.kind === 'translate' ? part : { kind: 'keep', text: text.slice(s, e) };
      b.parts.push({ part: clipped, start: s });
      if (part.kind === 'translate') b.segments.push({ hash: shortHash(segmentKey(part)), text: part.text, part });
    }
    offset = end;
  }
  return { text, blocks };
}

/** The text between blocks: glue[i] precedes block i, glue[n] follows the last one. */
export function glueOf(text: string, blocks: readonly Range[]): string[] {
  const glue: string[] = [];
  let pos = 0;
  for (const b of blocks) {
    glue.push(text.slice(pos, b.start));
    pos = b.end;
  }
  glue.push(text.slice(pos));
  return glue;
}
