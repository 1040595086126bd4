import { splitLongText } from './split.ts';
import { MAX_SEGMENT_CHARS, type Part, type Segmented } from './types.ts';

// Runs without any letter (punctuation, digits, emphasis markers left over around a kept span)
// gain nothing from translation and would only come back decorated, so they are kept.
const HAS_LETTER = /\p{L}/u;

/**
 * Collects kept text and prose runs in document order. A prose run loses its leading and trailing
 * whitespace to keep parts, is split when longer than a segment may be, and is kept entirely when
 * it holds no letter. Adjacent keep parts are merged; ids are `s0`, `s1`, ... in order.
 */
export class PartsBuilder {
  private readonly parts: Part[] = [];
  private pendingKeep = '';
  private nextId = 0;

  keep(text: string): void {
    this.pendingKeep += text;
  }

  prose(text: string): void {
    if (!text) return;
    for (const piece of splitLongText(text, MAX_SEGMENT_CHARS)) this.addTrimmed(piece);
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
    this.flushKeep();
    this.parts.push({ kind: 'translate', id: `s${this.nextId++}`, text: core });
    this.keep(piece.slice(start + core.length));
  }

  private flushKeep(): void {
    if (!this.pendingKeep) return;
    this.parts.push({ kind: 'keep', text: this.pendingKeep });
    this.pendingKeep = '';
  }
}
