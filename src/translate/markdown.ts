import {
  ATX_HEADING, FOOTNOTE_DEFINITION, THEMATIC_BREAK, fenceCloses, fenceOpen, headingTextEnd, htmlBlockStart,
  indentColumns, isBlank, isReferenceDefinition, isTableDelimiter, parsePrefix, splitLines, stripQuotes,
  type Fence, type Line,
} from './blocks.ts';
import { PartsBuilder } from './builder.ts';
import { emitInline, normalizeLabel } from './inline.ts';
import { InlineIndex } from './scan.ts';
import type { Segmented } from './types.ts';

const BOM = '\uFEFF';

/** Lines [0, n) of YAML (`---`) or TOML (`+++`) front matter at the very start, else 0. */
function frontMatterLines(lines: Line[]): number {
  const first = lines[0]?.content.replace(BOM, '');
  const close = first === undefined ? null : /^---[ \t]*$/.test(first) ? /^(?:---|\.\.\.)[ \t]*$/ : /^\+\+\+[ \t]*$/.test(first) ? /^\+\+\+[ \t]*$/ : null;
  if (!close) return 0;
  for (let k = 1; k < lines.length; k++) if (close.test(lines[k]!.content)) return k + 1;
  return 0;
}

function referenceLabels(lines: Line[]): Set<string> {
  const labels = new Set<string>();
  for (const { content } of lines) {
    const m = /^\[((?:[^\]\\]|\\.)+)\]:/.exec(stripQuotes(content));
    if (m && !m[1]!.startsWith('^')) labels.add(normalizeLabel(m[1]!));
  }
  return labels;
}

/** Cells and the pipes between them; a pipe inside a code span or escaped does not split. */
function splitCells(row: string): string[] {
  const out: string[] = [];
  const index = new InlineIndex(row);
  let start = 0;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === '\\') i++;
    else if (c === '`') {
      const end = index.codeSpanEnd(i);
      if (end > 0) i = end - 1;
    } else if (c === '|') {
      out.push(row.slice(start, i), '|');
      start = i + 1;
    }
  }
  out.push(row.slice(start));
  return out;
}

/**
 * Markdown-aware segmentation: only prose becomes 'translate' parts; all structure and every
 * non-prose construct is kept byte-for-byte (see inline.ts for the inline constructs).
 */
export function segmentMarkdown(text: string): Segmented {
  const builder = new PartsBuilder();
  const lines = splitLines(text);
  const labels = referenceLabels(lines);
  const inline = (s: string): void => emitInline(s, builder, labels);

  let fence: Fence | null = null;
  let html: RegExp | 'blank' | null = null;
  let math = false;
  let table = false;
  let listColumn = 0;
  // An open paragraph: its text so far and the line ending not yet emitted.
  let para: { text: string; eol: string } | null = null;
  const flush = (): void => {
    if (!para) return;
    inline(para.text);
    builder.keep(para.eol);
    para = null;
  };
  const keepLine = (line: Line): void => {
    flush();
    builder.keep(line.content + line.eol);
  };

  let index = frontMatterLines(lines);
  for (let k = 0; k < index; k++) builder.keep(lines[k]!.content + lines[k]!.eol);
  if (index === 0 && lines[0]?.content.startsWith(BOM)) {
    builder.keep(BOM);
    lines[0] = { content: lines[0].content.slice(1), eol: lines[0].eol };
  }

  for (; index < lines.length; index++) {
    const line = lines[index]!;
    const { content, eol } = line;
    if (fence) {
      keepLine(line);
      if (fenceCloses(content, fence)) fence = null;
      continue;
    }
    if (math) {
      keepLine(line);
      if (/\$\$[ \t]*$/.test(content)) math = false;
      continue;
    }
    if (html) {
      keepLine(line);
      if (html === 'blank' ? isBlank(content) : html.test(content)) html = null;
      continue;
    }
    if (isBlank(content)) {
      keepLine(line);
      table = false;
      continue;
    }
    const indent = indentColumns(content);
    const { prefix, rest, quote, list, listContentColumn, innerIndent } = parsePrefix(content);
    if (!para && !list && indent < listColumn) listColumn = 0;
    if (indent >= listColumn + 4) {
      // Indented code, or a lazy continuation of an open paragraph.
      if (para) {
        para.text += para.eol + content;
        para.eol = eol;
      } else {
        keepLine(line);
      }
      continue;
    }
    if (THEMATIC_BREAK.test(content) || THEMATIC_BREAK.test(rest)) {
      keepLine(line);
      table = false;
      continue;
    }
    if (quote && !list && !para && innerIndent >= 4) {
      keepLine(line);
      continue;
    }
    if (list) listColumn = listContentColumn;

    const opened = fenceOpen(rest);
    if (opened) {
      keepLine(line);
      fence = opened;
      continue;
    }
    if (rest.startsWith('$$')) {
      keepLine(line);
      math = !/^\$\$.*\$\$[ \t]*$/.test(rest);
      continue;
    }
    const htmlEnd = htmlBlockStart(rest, para !== null);
    if (htmlEnd) {
      keepLine(line);
      if (htmlEnd !== 'closed') html = htmlEnd;
      continue;
    }
    const heading = ATX_HEADING.exec(rest);
    if (heading) {
      flush();
      const body = rest.slice(heading[0].length);
      // `{#anchor}` after a heading names its anchor; links elsewhere depend on it.
      const end = headingTextEnd(body);
      builder.keep(prefix + heading[0]);
      inline(body.slice(0, end));
      builder.keep(body.slice(end) + eol);
      table = false;
      continue;
    }
    if (!para && isReferenceDefinition(rest)) {
      keepLine(line);
      continue;
    }
    const next = lines[index + 1];
    const startsTable = rest.includes('|') && next !== undefined && isTableDelimiter(parsePrefix(next.content).rest);
    if (startsTable || (table && !para)) {
      flush();
      table = true;
      builder.keep(prefix);
      for (const cell of splitCells(rest)) {
        if (cell === '|') builder.keep(cell);
        else inline(cell);
      }
      builder.keep(eol);
      continue;
    }
    const footnote = FOOTNOTE_DEFINITION.exec(rest);
    if (para && !quote && !list && !footnote) {
      // Soft line break: the sentence may continue, so the paragraph stays one prose run.
      para.text += para.eol + content;
      para.eol = eol;
      continue;
    }
    flush();
    builder.keep(prefix + (footnote?.[0] ?? ''));
    para = { text: rest.slice(footnote?.[0].length ?? 0), eol };
  }
  flush();
  return builder.build();
}
