import { PartsBuilder } from './builder.ts';
import type { Segmented } from './types.ts';

// A blank line: a line break followed by at least one more line break with only spaces between.
// It starts at a line break, never at a space, so long runs of spaces cannot make it quadratic.
const PARAGRAPH_BREAK = /(?:\r\n|\r|\n)(?:[^\S\r\n]*(?:\r\n|\r|\n))+/g;

/** Paragraphs (separated by blank lines) become segments; long ones split on sentences. */
export function segmentPlainText(text: string): Segmented {
  const builder = new PartsBuilder();
  let last = 0;
  for (const match of text.matchAll(PARAGRAPH_BREAK)) {
    builder.prose(text.slice(last, match.index));
    builder.keep(match[0]);
    last = match.index + match[0].length;
  }
  builder.prose(text.slice(last));
  return builder.build();
}
