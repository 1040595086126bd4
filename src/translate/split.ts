/**
 * Splitting of prose longer than one batch segment may hold. Sentences are packed greedily up to
 * the limit (fewer, fuller segments keep context and the request count low); a sentence longer
 * than the limit falls back to whitespace, and a single "word" longer than that to a hard cut
 * that never separates a surrogate pair.
 */

const sentenceSegmenter: Intl.Segmenter | undefined =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'sentence' }) : undefined;

function sentences(text: string): string[] {
  if (sentenceSegmenter) return Array.from(sentenceSegmenter.segment(text), (s) => s.segment);
  return text.split(/(?<=[.!?\u3002\uff01\uff1f]["')\]]*\s+)/);
}

function words(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/);
}

function hardSplit(text: string, max: number): string[] {
  const out: string[] = [];
  let i = 0;
  while (text.length - i > max) {
    let cut = i + max;
    const before = text.charCodeAt(cut - 1);
    if (before >= 0xd800 && before <= 0xdbff) cut--;
    out.push(text.slice(i, cut));
    i = cut;
  }
  out.push(text.slice(i));
  return out;
}

function pack(units: string[], max: number, tooLong: (unit: string) => string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const unit of units) {
    if (unit.length > max) {
      if (current) out.push(current);
      current = '';
      out.push(...tooLong(unit));
    } else if (current.length + unit.length > max) {
      out.push(current);
      current = unit;
    } else {
      current += unit;
    }
  }
  if (current) out.push(current);
  return out;
}

/** Pieces whose concatenation is `text`, each at most `max` UTF-16 code units long. */
export function splitLongText(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  return pack(sentences(text), max, (sentence) => pack(words(sentence), max, (word) => hardSplit(word, max)));
}
