/**
 * What CommonMark does not know but documentation sites use, found line by line before parsing
 * and blanked out (same length, so offsets stay valid) in the copy the parser sees:
 * - admonition markers (Docusaurus/Starlight `:::note Title`, `:::tip[Title]`, VitePress
 *   `::: tip Title`, `::: details`, `::: code-group`, `:::`): the marker and type are kept, a
 *   title is translated;
 * - MkDocs/Material admonitions and collapsibles (`!!! type "Title"`, `???`, `???+`) and content
 *   tabs (`=== "Title"`): keyword and type kept, the quoted title translated; the marker becomes
 *   a list item holding only an empty heading (`- #`) for the parser, so the indented body, also
 *   after a blank line, is read as Markdown inside it (not as indented code) and translated;
 * - MkDocs abbreviations (`*[HTML]: Hyper Text Markup Language`): the definition text translated;
 * - kept lines: MkDocs snippets (`--8<-- "file"`, and the files of a `--8<--` block), VitePress
 *   snippet imports (`<<< @/file`) and `[[toc]]`;
 * - Hugo shortcodes (`{{< x >}}`, `{{% x %}}`) on one line: the parser sees letters instead
 *   (so a shortcode inside a link destination keeps the link one link); the segmenter keeps them
 *   but for readable values (block.ts); one alone over several lines is blanked, its readable
 *   values (`title="…"`) translated as quoted attributes;
 * - `$$` math blocks: kept;
 * - heading anchors and attribute lists (`## Title {#id}`, `{ #id .class }`): kept (and no MDX expression);
 * - with `esm` (MDX read as Markdown because it does not parse), `import`/`export` blocks (a line
 *   starting with them after a blank line, to the next blank line): kept.
 * Fenced code is skipped.
 */
import { readableValues } from './blocks.ts';

export interface Admonition {
  titleStart: number;
  titleEnd: number;
  /** A quoted attribute value (a shortcode's `title="…"`): its translation may not hold the quote. */
  quote?: string;
}

export interface Masked {
  text: string;
  admonitions: Admonition[];
}

const FENCE = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})/;
const ADMONITION = /^([ \t]*)(:{3,}[ \t]*)([A-Za-z][\w-]*)?(.*)$/;
// MkDocs: `!!! note "Title"`, `??? tip`, `???+ danger inline end`; content tabs `=== "Title"`, `===! "Title"`.
const MKDOCS_BLOCK = /^([ \t]*)(?:(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*|===[!+]?)(?:[ \t]+"([^"\n]*)")?[ \t]*$/;
const ABBREVIATION = /^\*\[[^\]]+\]:[ \t]*/;
const KEPT_LINE = /^[ \t]*(?:-+8<-+(?:[ \t]+\S.*)?|<<<[ \t]+\S.*|\[\[toc\]\])[ \t]*$/;
const SNIPPET_BLOCK = /^[ \t]*-+8<-+[ \t]*$/;
/** Hugo shortcodes on one line: `{{< name args >}}`, `{{% name %}}`. */
export const SHORTCODE = /\{\{(?:<(?:(?!>\}\})[^\n])*>|%(?:(?!%\}\})[^\n])*%)\}\}/g;
const MATH_OPEN = /^ {0,3}\$\$(?:[ \t]*$|.*\$\$[ \t]*$)/;
// Something each dialect rule below needs on its line (fences, math, admonitions, kept lines,
// MkDocs blocks, abbreviations, shortcodes and heading anchors).
const MARKERS = /```|~~~|\$\$|:::|8<|<<<|\[\[toc\]\]|!!!|\?\?\?|===|\*\[|\{/;
const HEADING_ANCHOR = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?#{1,6}[ \t].*?[ \t](\{(?:#[^{}\s]+(?:[ \t][^{}]*)?|:?[ \t]*[#.][\w-][^{}]*)\})[ \t]*$/;

/**
 * `text` with the ranges (in order, not overlapping) blanked: spaces for all but line endings, or
 * `fill` repeated (a range's fill `- #` stays as it is, then spaces: a list item holding only an
 * empty heading; every marker line it fills has at least 3 characters).
 */
function blanked(text: string, ranges: readonly Range[]): string {
  let out = '';
  let at = 0;
  for (const [a, b, fill] of ranges) {
    const blank = text.slice(a, b).replace(/[^\r\n]/g, ' ');
    out += text.slice(at, a) + (fill === '- #' ? fill + blank.slice(fill.length) : fill ? fill.repeat(b - a) : blank);
    at = b;
  }
  return out + text.slice(at);
}

type Range = [start: number, end: number, fill?: string];

/** Title range of an admonition line (`:::note Title` or `:::tip[Title]`), or null. */
function admonitionTitle(line: string, at: number): Admonition | null {
  const m = ADMONITION.exec(line);
  if (!m || m[1]!.length > 12) return null;
  const rest = m[4]!;
  const restStart = at + m[1]!.length + m[2]!.length + (m[3]?.length ?? 0);
  const bracket = /^\[(.*)\](?:\{[^}]*\})?[ \t]*$/.exec(rest);
  const [inner, innerStart] = bracket ? [bracket[1]!, restStart + 1] : [rest.replace(/\{[^}]*\}[ \t]*$/, ''), restStart];
  return titleIn(inner, innerStart);
}

/** The trimmed title in `inner` (at `innerStart`), or none when it has no letter. */
function titleIn(inner: string, innerStart: number): Admonition {
  const lead = inner.length - inner.trimStart().length;
  const title = inner.trim();
  if (!/\p{L}/u.test(title)) return { titleStart: -1, titleEnd: -1 };
  return { titleStart: innerStart + lead, titleEnd: innerStart + lead + title.length };
}

/**
 * The end of a shortcode opened at `start` that runs over several lines (no blank line, at most
 * 20) and ends its last line, or -1 (one line: the line rules apply; not closed: not a shortcode).
 */
function multiLineShortcode(text: string, start: number): number {
  const close = text[start + 2] === '<' ? '>}}' : '%}}';
  const lineEnd = text.indexOf('\n', start);
  if (lineEnd < 0 || text.slice(start, lineEnd).includes(close)) return -1;
  const end = text.indexOf(close, lineEnd);
  if (end < 0) return -1;
  const inner = text.slice(start, end);
  const after = /^[^\n]*/.exec(text.slice(end + close.length))![0];
  if (/\n[ \t]*\r?\n/.test(inner) || inner.split('\n').length > 20 || (inner.includes('{{') && inner.lastIndexOf('{{') > 0) || after.trim() !== '') return -1;
  return end + close.length;
}

export function maskExtensions(text: string, esm = false): Masked {
  const ranges: Range[] = [];
  const admonitions: Admonition[] = [];
  let fence: string | null = null;
  let math = false;
  let snippets = false;
  let previousBlank = true;
  let inEsm = false;
  let at = 0;
  let shortcodeEnd = -1;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(at, text.charCodeAt(lineEnd - 1) === 13 && lineEnd > at ? lineEnd - 1 : lineEnd);
    const next = nl < 0 ? text.length : nl + 1;
    const first = line.charCodeAt(0) | 32;
    if (first >= 97 && first <= 122 && !fence && !math && !snippets && !esm) {
      // A line that starts with an ASCII letter opens none of these blocks and is no anchored heading.
      for (const m of line.includes('{{') ? line.matchAll(SHORTCODE) : []) ranges.push([at + m.index, at + m.index + m[0].length, 'x']);
      previousBlank = false;
      at = next;
      continue;
    }
    if (!fence && !math && !snippets && !esm && !MARKERS.test(line)) {
      // A line without any of the dialects' markers.
      previousBlank = line.trim() === '';
      at = next;
      continue;
    }
    if (fence) {
      const m = line.includes(fence[0] === '`' ? '```' : '~~~') ? FENCE.exec(line) : null;
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim().endsWith(m[1]!)) fence = null;
    } else if (math) {
      ranges.push([at, lineEnd]);
      if (/\$\$[ \t]*$/.test(line)) math = false;
    } else if ((line.includes('```') || line.includes('~~~')) && FENCE.test(line)) {
      const m = FENCE.exec(line)!;
      if (m[1]![0] === '~' || !line.slice(m.index + m[0].length).includes('`')) fence = m[1]!;
    } else if (esm && (inEsm ? line.trim() !== '' : previousBlank && /^(?:import|export)\s/.test(line))) {
      // ESM starts a block (after a blank line) and runs to the next blank line; a paragraph line
      // that starts with `import` or `export` is prose.
      ranges.push([at, lineEnd]);
      inEsm = true;
    } else if (line.includes('$$') && MATH_OPEN.test(line)) {
      ranges.push([at, lineEnd]);
      math = !/^ {0,3}\$\$.*\$\$[ \t]*$/.test(line);
    } else if (line.includes(':::') && line.trimStart().startsWith(':::')) {
      const title = admonitionTitle(line, at);
      if (title) {
        if (title.titleStart >= 0) admonitions.push(title);
        ranges.push([at, lineEnd]);
      }
    } else if (snippets || ((line.includes('8<') || line.includes('<<<') || line.includes('[[toc]]')) && KEPT_LINE.test(line))) {
      ranges.push([at, lineEnd]);
      if (SNIPPET_BLOCK.test(line)) snippets = !snippets;
    } else if ((line.includes('!!!') || line.includes('???') || line.includes('===')) && MKDOCS_BLOCK.test(line)) {
      const m = MKDOCS_BLOCK.exec(line)!;
      if (m[2] !== undefined) {
        const title = titleIn(m[2], at + line.lastIndexOf(`"${m[2]}"`) + 1);
        if (title.titleStart >= 0) admonitions.push(title);
      }
      // An empty list item cannot start after a paragraph line (and `-` there would underline it).
      // A list item whose first line holds an empty heading (`- #`) also takes a body that follows
      // a blank line (an empty item would end there, leaving the body indented code).
      ranges.push(previousBlank ? [at + m[1]!.length, lineEnd, '- #'] : [at, lineEnd]);
    } else if (line.startsWith('*[') && ABBREVIATION.test(line)) {
      const m = ABBREVIATION.exec(line)!;
      const title = titleIn(line.slice(m[0].length), at + m[0].length);
      if (title.titleStart >= 0) admonitions.push(title);
      ranges.push([at, lineEnd]);
    } else if (/^[ \t]*\{\{[<%]/.test(line) && (shortcodeEnd = multiLineShortcode(text, at + line.indexOf('{{'))) > 0) {
      // A shortcode over several lines, alone on them (`{{% blocks/feature\n  title="…"\n%}}`):
      // blank for the parser (a block of its own to Hugo too), readable values translated.
      const start = at + line.indexOf('{{');
      ranges.push([start, shortcodeEnd]);
      admonitions.push(...readableValues(text.slice(start, shortcodeEnd), start, false).map((v) => ({ titleStart: v.start, titleEnd: v.end, quote: v.quote })));
      const close = text.indexOf('\n', shortcodeEnd);
      previousBlank = false;
      at = close < 0 ? text.length : close + 1;
      continue;
    } else {
      if (line.includes('{{')) for (const m of line.matchAll(SHORTCODE)) ranges.push([at + m.index, at + m.index + m[0].length, 'x']);
      const anchor = line.includes('{') ? HEADING_ANCHOR.exec(line) : null;
      if (anchor) {
        const start = at + line.lastIndexOf(anchor[1]!);
        ranges.push([start, start + anchor[1]!.length]);
      }
    }
    previousBlank = line.trim() === '';
    if (previousBlank) inEsm = false;
    at = next;
  }
  return { text: ranges.length > 0 ? blanked(text, ranges) : text, admonitions };
}
