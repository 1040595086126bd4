/**
 * The answers of one language's shared batch, checked (update.ts): kept terms are masked on the way
 * out and put back on the way in (an answer that lost a placeholder is refused: a Markdown part then
 * fails its structure check and falls back to fragments, any other part keeps its source text and is
 * pending); after reassembly, each segment's written translation is compared with its source for a
 * kept source text and for term rules (terms.ts), and the parts the structure check left in the
 * source language are failed (outcome.ts).
 */
import { FALLBACK_SEPARATOR, sourceOf, type Part, type Segment, type TranslatePart, type TranslationReport } from '../../translate/index.ts';
import { emptyOutcome, type Outcome } from './outcome.ts';
import { checkTerms, keptSource, maskKeep, unmaskKeep, type TermRules } from './terms.ts';

type Answer = { id: string; translated_text: string };

export class AnswerCheck {
  readonly #byId = new Map<string, TranslatePart>();
  /** The whole parts, in the order given. */
  readonly #top: TranslatePart[] = [];
  /** Top-level ids whose answer was refused (a part without a structure check) or left untranslated. */
  readonly #failed = new Set<string>();

  constructor(
    parts: readonly Part[],
    private readonly rules: TermRules,
  ) {
    for (const p of parts) {
      if (p.kind !== 'translate') continue;
      this.#byId.set(p.id, p);
      this.#top.push(p);
      for (const sub of p.fallback ?? []) if (sub.kind === 'translate') this.#byId.set(`${p.id}${FALLBACK_SEPARATOR}${sub.id}`, sub);
    }
  }

  /** Sends `segments` with kept terms masked; answers come back with the terms put back (or refused). */
  async send(segments: Segment[], translate: (segments: Segment[]) => Promise<Answer[]>): Promise<Answer[]> {
    if (this.rules.keep.length === 0) return translate(segments);
    const masked = new Map(segments.map((s) => [s.id, maskKeep(s.text, this.rules.keep)]));
    const answers = await translate(segments.map((s) => ({ id: s.id, text: masked.get(s.id)!.text })));
    return answers.map((a) => {
      const m = masked.get(a.id);
      if (m === undefined) return a;
      const back = unmaskKeep(a.translated_text, m);
      if (back !== undefined) return { id: a.id, translated_text: back };
      // Refused: a checked part fails its check with an empty answer (and falls back); any other keeps its source.
      const part = this.#byId.get(a.id);
      if (part?.check !== undefined) return { id: a.id, translated_text: '' };
      this.#failed.add(a.id.split(FALLBACK_SEPARATOR)[0]!);
      return { id: a.id, translated_text: segments.find((s) => s.id === a.id)?.text ?? '' };
    });
  }

  /** The parts the structure check left in the source language (from translateSegmented's report). */
  report(r: TranslationReport): void {
    for (const id of r.untranslatedIds ?? []) this.#failed.add(id);
  }

  /** The outcome by segment hash: `hashes[i]` is the i-th part sent (in the order given), `pieces[i]` its translation as written. */
  outcome(hashes: readonly string[], pieces: readonly string[]): Outcome {
    const out = emptyOutcome();
    hashes.forEach((hash, i) => {
      const part = this.#top[i];
      const piece = pieces[i]!;
      if (part === undefined) return;
      const source = sourceOf(part);
      if (this.#failed.has(part.id) || keptSource(source, piece, this.rules.keep)) {
        out.failed.add(hash);
        return;
      }
      const issues = checkTerms(source, piece, this.rules);
      if (issues.length > 0) out.terms.set(hash, issues);
    });
    return out;
  }
}
