/**
 * Splitting of prose longer than one batch segment may hold. Each piece is the longest prefix of
 * what remains that ends at a sentence boundary and fits the limit (fewer, fuller segments keep
 * context and the request count low); when a single sentence is longer than the limit, the cut
 * falls on whitespace, and failing that it is hard, never separating a surrogate pair.
 */

// Made on first use: ICU loads its sentence rules then (about 20 ms), which every command line run
// and every activation would otherwise pay at load, splitting or not.
let segmenter: Intl.Segmenter | null | undefined;
const sentenceSegmenter = (): Intl.Segmenter | null =>
  (segmenter ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'sentence' }) : null);

// Characters past the limit given to the sentence segmenter, so a boundary at the limit is judged
// with its context. Only a window is segmented: V8 copies the whole input into every segment it
// returns, which makes segmenting a long text at once quadratic.
const LOOKAHEAD = 256;

/** Offset in (0, max] of the last sentence boundary within `text[pos, pos + max]`, or 0. */
function sentenceCut(text: string, pos: number, max: number): number {
  const window = text.slice(pos, pos + max + LOOKAHEAD);
  const segments = sentenceSegmenter();
  if (segments !== null) return segments.segment(window).containing(max)?.index ?? 0;
  let cut = 0;
  for (const m of window.matchAll(/[.!?\u3002\uff01\uff1f]["')\]]*\s+/g)) {
    const end = m.index + m[0].length;
    if (end > max) break;
    cut = end;
  }
  return cut;
}

/** Offset in (0, max] where a word starts after whitespace, or 0. */
function wordCut(text: string, pos: number, max: number): number {
  for (let k = max; k > 0; k--) {
    if (/\s/.test(text[pos + k - 1]!) && !/\s/.test(text[pos + k]!)) return k;
  }
  return 0;
}

function hardCut(text: string, pos: number, max: number): number {
  const before = text.charCodeAt(pos + max - 1);
  return before >= 0xd800 && before <= 0xdbff && max > 1 ? max - 1 : max;
}

/** Pieces whose concatenation is `text`, each at most `max` UTF-16 code units long. */
export function splitLongText(text: string, max: number): string[] {
  const out: string[] = [];
  let pos = 0;
  while (text.length - pos > max) {
    const cut = sentenceCut(text, pos, max) || wordCut(text, pos, max) || hardCut(text, pos, max);
    out.push(text.slice(pos, pos + cut));
    pos += cut;
  }
  out.push(text.slice(pos));
  return out;
}
