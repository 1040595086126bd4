/** One piece of a segmented document: kept byte-for-byte, or sent for translation. */
export type Part = { kind: 'keep'; text: string } | { kind: 'translate'; id: string; text: string };

/** Concatenating every part's text always yields the input exactly. */
export interface Segmented {
  parts: Part[];
}

export interface Segment {
  id: string;
  text: string;
}

/** Spec part 8: each translate-batch segment holds at most 4000 characters. */
export const MAX_SEGMENT_CHARS = 4000;
