/** How a TOML front-matter string value is written: "...", '...', """...""" or '''...'''. */
export type TomlStringKind = 'basic' | 'literal' | 'multilineBasic' | 'multilineLiteral';

/**
 * How a translated part is checked and put back (see verify.ts and reassemble.ts):
 * - `paragraph`: a whole paragraph, inline Markdown as written; newlines in the translation get
 *   the paragraph's container prefix (`lineBreak`).
 * - `heading`, `cell`: one line; newlines in the translation become spaces.
 * - `fragment`: prose between kept spans (fragment mode, and the fallback of a whole block).
 * - `label`: the text of a collapsed or shortcut reference, written back as `[text][label]`.
 */
export type CheckKind = 'paragraph' | 'heading' | 'cell' | 'fragment' | 'label';

/** A part sent for translation. `text` is what goes to the service. */
export interface TranslatePart {
  kind: 'translate';
  id: string;
  text: string;
  /** The input's text for this part when it differs from `text` (container prefixes, rewritten references). */
  source?: string;
  /** What a line break in the translation becomes (line ending plus blockquote/list prefix). */
  lineBreak?: string;
  /** Written around the translation (a collapsed or shortcut reference rewritten to a full one). */
  wrap?: [before: string, after: string];
  /** A YAML front matter value: the translation is serialised again in this scalar style. */
  yaml?: string;
  /** A TOML front matter value: the translation is written again as a string of this kind. */
  toml?: TomlStringKind;
  /** Checked before use (Markdown parts only; plain text is used as returned). */
  check?: CheckKind;
  /** Reference labels the text uses, so the check can parse it on its own. */
  refs?: string[];
  /** A JSX attribute value's quote: a translation holding it is refused. */
  quote?: string;
  /** The text was parsed as MDX. */
  mdx?: boolean;
  /**
   * The same block cut into fragments (kept spans out of the prose), used when the whole-block
   * translation fails its check. Ids are relative: sent as `<id>~<fragment id>`.
   */
  fallback?: Part[];
}

/** One piece of a segmented document: kept byte-for-byte, or sent for translation. */
export type Part = { kind: 'keep'; text: string } | TranslatePart;

/** Concatenating every part's source (`source ?? text`) always yields the input exactly. */
export interface Segmented {
  parts: Part[];
}

export interface Segment {
  id: string;
  text: string;
}

/** Spec part 8: each translate-batch segment holds at most 4000 characters. */
export const MAX_SEGMENT_CHARS = 4000;

/** `wholeBlocks`: a paragraph, heading or cell is one segment; `fragments`: kept spans split the prose. */
export type SegmentationMode = 'wholeBlocks' | 'fragments';

/** Separates a whole block's id from its fragments' ids on the wire. */
export const FALLBACK_SEPARATOR = '~';

/** The input text of a part. */
export function sourceOf(part: Part): string {
  return part.kind === 'translate' ? (part.source ?? part.text) : part.text;
}
