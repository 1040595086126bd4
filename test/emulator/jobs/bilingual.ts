import type { Segmented } from '../../../src/translate/index.ts';

// A blank line: a line break followed by at least one more line break with only spaces between.
const BLANK_RUN = /[^\S\r\n]*(?:\r\n|\r|\n)(?:[^\S\r\n]*(?:\r\n|\r|\n))+/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

interface Range {
  start: number;
  end: number;
}

/** Character ranges of fenced code blocks, so blank lines inside code never split a block. */
function fenceRanges(text: string): Range[] {
  const ranges: Range[] = [];
  let open: { start: number; char: string; length: number } | null = null;
  let offset = 0;
  for (const line of text.split(/(?<=\n)/)) {
    const m = FENCE.exec(line);
    if (m) {
      const marker = m[1]!;
      if (!open) open = { start: offset, char: marker[0]!, length: marker.length };
      else if (marker[0] === open.char && marker.length >= open.length && line.trim() === marker) {
        // The closing line's own line break is not part of the code: a blank line may follow it.
        ranges.push({ start: open.start, end: offset + line.replace(/\r?\n$/, '').length });
        open = null;
      }
    }
    offset += line.length;
  }
  if (open) ranges.push({ start: open.start, end: text.length });
  return ranges;
}

const overlaps = (a: Range, b: Range): boolean => a.start < b.end && b.start < a.end;

/**
 * Bilingual output for block-structured text (Markdown, plain text): the document is cut into
 * blocks at blank lines (never inside a fenced code block or a segment), and every block holding
 * translated text is written twice, the source block, a blank line, then the translated block.
 * Blocks with nothing to translate (code, front matter, tables of numbers) appear once.
 */
export function interleaveBlocks(text: string, doc: Segmented, translations: ReadonlyMap<string, string>, opts: { fences: boolean }): string {
  const parts: (Range & { translate: boolean; text: string; out: string })[] = [];
  let offset = 0;
  for (const part of doc.parts) {
    const end = offset + part.text.length;
    const translate = part.kind === 'translate' && part.text.trim().length > 0;
    const out = part.kind === 'translate' ? (translations.get(part.id) ?? part.text) : part.text;
    parts.push({ start: offset, end, translate, text: part.text, out });
    offset = end;
  }
  const fences = opts.fences ? fenceRanges(text) : [];
  const separators: Range[] = [];
  for (const m of text.matchAll(BLANK_RUN)) {
    const sep = { start: m.index, end: m.index + m[0].length };
    if (fences.some((f) => overlaps(f, sep))) continue;
    if (parts.some((p) => p.translate && overlaps(p, sep))) continue;
    separators.push(sep);
  }
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  let out = '';
  let blockStart = 0;
  const emitBlock = (block: Range): void => {
    if (block.end <= block.start) return;
    const source = text.slice(block.start, block.end);
    let translated = '';
    let hasText = false;
    for (const p of parts) {
      if (!overlaps(p, block)) continue;
      if (p.translate && p.start >= block.start && p.end <= block.end) {
        translated += p.out;
        hasText = true;
      } else {
        translated += p.text.slice(Math.max(block.start, p.start) - p.start, Math.min(block.end, p.end) - p.start);
      }
    }
    if (!hasText) {
      out += source;
      return;
    }
    // Line breaks ending the block (end of file) go after the translation, not between the two.
    const trail = /\s*$/.exec(source)![0];
    const tail = translated.endsWith(trail) ? trail : '';
    out += `${source.slice(0, source.length - tail.length)}${newline}${newline}${translated.slice(0, translated.length - tail.length)}${tail}`;
  };
  for (const sep of separators) {
    emitBlock({ start: blockStart, end: sep.start });
    out += text.slice(sep.start, sep.end);
    blockStart = sep.end;
  }
  emitBlock({ start: blockStart, end: text.length });
  return out;
}
