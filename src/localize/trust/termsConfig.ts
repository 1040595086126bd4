/**
 * `"terms"` in doc-translate.json: `keep` (terms never translated, kept byte for byte) and `prefer`
 * (per target language, the translation to use for a source term).
 *
 *   "terms": { "keep": ["Acme Widget", "--dry-run"], "prefer": { "de": { "workspace": "Arbeitsbereich" } } }
 */
import * as z from 'zod/mini';
import type { TermRules } from './terms.ts';

const term = z.string().check(
  z.minLength(1, 'must not be empty'),
  z.maxLength(200, 'must be at most 200 characters'),
  z.refine((t) => t.trim() === t && t.trim() !== '', 'must not start or end with a space'),
  z.refine((t) => !/[\r\n\0]/.test(t), 'must be on one line'),
);

export const TermsSchema = z.strictObject({
  keep: z.optional(z.array(term).check(z.maxLength(1000, 'at most 1000 terms are allowed'))),
  prefer: z.optional(z.record(z.string(), z.record(term, term))),
});

export interface Terms {
  keep: string[];
  /** Target language -> source term -> the translation to use. */
  prefer: Record<string, Record<string, string>>;
}

/** The terms with their defaults; `fail` makes the error (a ConfigError naming the key). */
export function resolveTerms(raw: z.infer<typeof TermsSchema>, targetLanguages: readonly string[], fail: (message: string) => Error): Terms {
  const prefer = raw.prefer ?? {};
  for (const lang of Object.keys(prefer)) {
    if (!targetLanguages.includes(lang)) {
      throw fail(`terms.prefer.${lang}: "${lang}" is not one of targetLanguages (${targetLanguages.join(', ')}); fix the language code or remove it`);
    }
    const seen = new Map<string, string>();
    for (const source of Object.keys(prefer[lang]!)) {
      const key = source.toLowerCase();
      const before = seen.get(key);
      if (before !== undefined) throw fail(`terms.prefer.${lang}.${source}: the same term as "${before}" (terms are matched ignoring case); keep one`);
      seen.set(key, source);
    }
  }
  return { keep: [...new Set(raw.keep ?? [])], prefer };
}

/** The term rules of one target language (none when `terms` is not configured). */
export function termRulesFor(terms: Terms | undefined, lang: string): TermRules {
  return { keep: terms?.keep ?? [], prefer: terms?.prefer[lang] ?? {} };
}
