/**
 * What CommonMark does not know but documentation sites use, found line by line before parsing
 * and blanked out (same length, so offsets stay valid) in the copy the parser sees:
 * - admonition markers (`:::note Title`, `:::tip[Title]`, `:::`): the marker is kept, a title
 *   is translated;
 * - `$$` math blocks: kept;
 * - heading anchors (`## Title {#id}`): kept (and no MDX expression);
 * - with `esm` (MDX read as Markdown because it does not parse), `import`/`export` lines: kept.
 * Fenced code is skipped.
 */

export interface Admonition {
  titleStart: number;
  titleEnd: number;
}

export interface Masked {
  text: string;
  admonitions: Admonition[];
}

const FENCE = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})/;
const ADMONITION = /^([ \t]*)(:{3,})([A-Za-z][\w-]*)?(.*)$/;
const MATH_OPEN = /^ {0,3}\$\$(?:[ \t]*$|.*\$\$[ \t]*$)/;
const HEADING_ANCHOR = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?#{1,6}[ \t].*?[ \t](\{#[^{}\s]+(?:[ \t][^{}]*)?\})[ \t]*$/;

/** `text` with the ranges (in order, not overlapping) blanked: spaces for all but line endings. */
function blanked(text: string, ranges: readonly [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [a, b] of ranges) {
    out += text.slice(at, a) + text.slice(a, b).replace(/[^\r\n]/g, ' ');
    at = b;
  }
  return out + text.slice(at);
}

/** Title range of an admonition line (`:::note Title` or `:::tip[Title]`), or null. */
function admonitionTitle(line: string, at: number): Admonition | null {
  const m = ADMONITION.exec(line);
  if (!m || m[1]!.length > 12) return null;
  const rest = m[4]!;
  const restStart = at + m[1]!.length + m[2]!.length + (m[3]?.length ?? 0);
  const bracket = /^\[(.*)\](?:\{[^}]*\})?[ \t]*$/.exec(rest);
  const [inner, innerStart] = bracket ? [bracket[1]!, restStart + 1] : [rest.replace(/\{[^}]*\}[ \t]*$/, ''), restStart];
  const lead = inner.length - inner.trimStart().length;
  const title = inner.trim();
  if (!/\p{L}/u.test(title)) return { titleStart: -1, titleEnd: -1 };
  return { titleStart: innerStart + lead, titleEnd: innerStart + lead + title.length };
}

export function maskExtensions(text: string, esm = false): Masked {
  const ranges: [number, number][] = [];
  const admonitions: Admonition[] = [];
  let fence: string | null = null;
  let math = false;
  let at = 0;
  while (at < text.length) {
    const nl = text.indexOf('\n', at);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(at, lineEnd).replace(/\r$/, '');
    const next = nl < 0 ? text.length : nl + 1;
    if (fence) {
      const m = FENCE.exec(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim().endsWith(m[1]!)) fence = null;
    } else if (math) {
      ranges.push([at, lineEnd]);
      if (/\$\$[ \t]*$/.test(line)) math = false;
    } else if (FENCE.test(line)) {
      const m = FENCE.exec(line)!;
      if (m[1]![0] === '~' || !line.slice(m.index + m[0].length).includes('`')) fence = m[1]!;
    } else if (esm && /^(?:import|export)\s/.test(line)) {
      ranges.push([at, lineEnd]);
    } else if (MATH_OPEN.test(line)) {
      ranges.push([at, lineEnd]);
      math = !/^ {0,3}\$\$.*\$\$[ \t]*$/.test(line);
    } else if (line.trimStart().startsWith(':::')) {
      const title = admonitionTitle(line, at);
      if (title) {
        if (title.titleStart >= 0) admonitions.push(title);
        ranges.push([at, lineEnd]);
      }
    } else {
      const anchor = HEADING_ANCHOR.exec(line);
      if (anchor) {
        const start = at + line.lastIndexOf(anchor[1]!);
        ranges.push([start, start + anchor[1]!.length]);
      }
    }
    at = next;
  }
  return { text: ranges.length > 0 ? blanked(text, ranges) : text, admonitions };
}
