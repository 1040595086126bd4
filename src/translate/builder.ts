import { splitLongText } from './split.ts';
import { MAX_SEGMENT_CHARS, type Part, type Segmented, type TranslatePart } from './types.ts';

// Runs without any letter (punctuation, digits, emphasis markers left over around a kept span)
// gain nothing from translation and would only come back decorated, so they are kept.
export const HAS_LETTER = /\p{L}/u;

/** What a prose part carries besides its text (how it is checked, MDX). */
export type PartExtras = Omit<TranslatePart, 'kind' | 'id' | 'text'>;

/**
 * Collects kept text and prose runs in document order. A prose run loses its leading and trailing
 * whitespace to keep parts, is split when longer than a segment may be, and is kept entirely when
 * it holds no letter. Adjacent keep parts are merged; ids are `s0`, `s1`, ... in order (another
 * prefix for a block's fragments).
 */
export class PartsBuilder {
  private readonly parts: Part[] = [];
  private pendingKeep = '';
  private nextId = 0;

  constructor(
    private readonly idPrefix = 's',
    private readonly extras: PartExtras = {},
  ) {}

  keep(text: string): void {
    this.pendingKeep += text;
  }

  /** Translate parts so far. */
  get translateCount(): number {
    return this.nextId;
  }

  prose(text: string): void {
    if (!text) return;
    for (const piece of splitLongText(text, MAX_SEGMENT_CHARS)) this.addTrimmed(piece);
  }

  /** A part whose text and source are already final (no outer whitespace, at most one segment). */
  add(fields: Omit<TranslatePart, 'kind' | 'id'>): void {
    this.flushKeep();
    // Completed in place (callers hand over fresh objects): the same keys, in the same order, as a copy.
    const part = fields as TranslatePart;
    part.kind = 'translate';
    part.id = `${this.idPrefix}${this.nextId++}`;
    this.parts.push(part);
  }

  /** Parts already built elsewhere (a block's fragments), renumbered in this builder's sequence. */
  addParts(parts: readonly Part[]): void {
    for (const part of parts) {
      if (part.kind === 'keep') this.keep(part.text);
      else this.add(part);
    }
  }

  build(): Segmented {
    this.flushKeep();
    return { parts: this.parts };
  }

  private addTrimmed(piece: string): void {
    const core = piece.trim();
    if (!core || !HAS_LETTER.test(core)) {
      this.keep(piece);
      return;
    }
    const start = piece.indexOf(core);
    this.keep(piece.slice(0, start));
    this.add({ text: core, ...this.extras });
    this.keep(piece.slice(start + core.length));
  }

  private flushKeep(): void {
    if (!this.pendingKeep) return;
    this.parts.push({ kind: 'keep', text: this.pendingKeep });
    this.pendingKeep = '';
  }
}
