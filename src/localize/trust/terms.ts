/**
 * Protected and preferred terms, and what counts as a translation that did not happen. Pure text
 * functions, checked after every answer (update.ts):
 *
 * - `keep` terms are matched byte for byte (case-sensitive); an edge of the term that is a letter,
 *   digit or `_` must not touch another one (`Widget` is not found in `Widgets`). Before sending,
 *   each occurrence is replaced by a placeholder (`{{k0}}`, the kind of token the structure check
 *   and engines keep byte for byte, as inline code); the answer must hold every placeholder exactly
 *   once, then the terms are put back. After that, each kept term must occur in the answer as many
 *   times as in the source segment.
 * - `prefer` terms: a segment whose source holds the term (ignoring case, as a whole word, also
 *   with an English plural or possessive ending `s`, `es`, `'s`) must hold the preferred
 *   translation. An engine inflects: each word of the preferred translation matches at the start
 *   of a word, ignoring case, with any letters after it (`Arbeitsbereich` is found in
 *   `Arbeitsbereichs`, `espace de travail` in `espaces de travail`); in Chinese, Japanese and Korean
 *   text it is a plain substring. Code spans, link destinations, HTML tags and URLs are not read.
 *   A prefix is all it checks: an inflection that changes the stem (`Maus`/`Mäuse`) is a violation
 *   to fix by hand or to state as the preferred form.
 * - `keptSource`: an answer equal to its source (spaces aside) is a failure when the source has
 *   translatable words: at least two words of two or more letters that are not all capitals, once
 *   code, links, tags, URLs, placeholders and kept terms are taken out (or two characters of
 *   Chinese, Japanese or Korean). A name, a number, an acronym or code alone may stay as it is.
 */

export interface TermIssue {
  kind: 'keep' | 'prefer';
  /** The source term. */
  term: string;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function escape(s: string): string {
  // Without `-`: an escaped `-` is invalid outside a class with the `u` flag.
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The pattern of a kept term: exact, bounded where its edge is a word character. */
function keepSource(term: string): string {
  const before = WORD_CHAR.test(term[0]!) ? '(?<![\\p{L}\\p{N}_])' : '';
  const after = WORD_CHAR.test(term[term.length - 1]!) ? '(?![\\p{L}\\p{N}_])' : '';
  return `${before}${escape(term)}${after}`;
}

const patterns = new Map<string, RegExp>();
function cached(key: string, make: () => RegExp): RegExp {
  let re = patterns.get(key);
  if (re === undefined) {
    if (patterns.size > 5000) patterns.clear();
    patterns.set(key, (re = make()));
  }
  re.lastIndex = 0;
  return re;
}

/** How often a kept term occurs in `text`. */
export function countKeep(text: string, term: string): number {
  if (!text.includes(term)) return 0;
  return text.match(cached(`k\0${term}`, () => new RegExp(keepSource(term), 'gu')))?.length ?? 0;
}

export interface Masked {
  /** The text as sent: every kept term replaced by its placeholder. */
  text: string;
  /** The term of placeholder i. */
  terms: string[];
}

const PLACEHOLDER_PREFIX = '{{k';
const placeholder = (i: number): string => `${PLACEHOLDER_PREFIX}${i}}}`;

/**
 * Replaces every occurrence of a kept term (longest first, one pass) with a placeholder. A text
 * that already holds `{{k` is sent as it is (the count check after the answer still applies).
 */
export function maskKeep(text: string, keep: readonly string[]): Masked {
  const present = keep.filter((t) => text.includes(t));
  if (present.length === 0 || text.includes(PLACEHOLDER_PREFIX)) return { text, terms: [] };
  const sorted = [...present].sort((a, b) => b.length - a.length);
  const re = new RegExp(sorted.map(keepSource).join('|'), 'gu');
  const terms: string[] = [];
  const out = text.replace(re, (m) => {
    terms.push(m);
    return placeholder(terms.length - 1);
  });
  return { text: out, terms };
}

/** The answer with its terms put back, or undefined when a placeholder was lost, repeated or changed. */
export function unmaskKeep(answer: string, masked: Masked): string | undefined {
  if (masked.terms.length === 0) return answer;
  let out = answer;
  for (let i = 0; i < masked.terms.length; i++) {
    const token = placeholder(i);
    const at = out.indexOf(token);
    if (at < 0 || out.indexOf(token, at + token.length) >= 0) return undefined;
    out = out.slice(0, at) + masked.terms[i] + out.slice(at + token.length);
  }
  return out;
}

/** Code spans, link destinations, HTML tags, URLs and `{…}` placeholders blanked: what a term check does not read. */
function prose(text: string): string {
  return text
    .replace(/(`+)[^`]*?\1/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/<[^<>\n]*>/g, ' ')
    .replace(/(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\{[^{}\n]*\}/g, ' ');
}

/** Whether a source segment holds the (preferred) source term: ignoring case, whole word, English plural or possessive. */
export function hasSourceTerm(source: string, term: string): boolean {
  const re = cached(`s\0${term}`, () => {
    const body = term.split(/\s+/).map(escape).join('\\s+');
    return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?:s|es|['’]s)?(?![\\p{L}\\p{N}_])`, 'iu');
  });
  return re.test(prose(source));
}

/** Whether a translation holds the preferred translation, inflected (see the file comment). */
export function hasPreferred(translation: string, preferred: string): boolean {
  const text = prose(translation);
  if (CJK.test(preferred)) return text.toLowerCase().includes(preferred.toLowerCase());
  const re = cached(`p\0${preferred}`, () => {
    const words = preferred.split(/\s+/).map((w) => `${escape(w)}${WORD_CHAR.test(w[w.length - 1]!) ? '[\\p{L}\\p{M}]*' : ''}`);
    const start = WORD_CHAR.test(preferred[0]!) ? '(?<![\\p{L}\\p{N}_])' : '';
    return new RegExp(`${start}${words.join('[\\s\\u00a0-]+')}`, 'iu');
  });
  return re.test(text);
}

export interface TermRules {
  keep: readonly string[];
  /** Source term -> the translation to use, for the language checked. */
  prefer: Readonly<Record<string, string>>;
}

/** The term rules broken by a translation of `source`. */
export function checkTerms(source: string, translation: string, rules: TermRules): TermIssue[] {
  const issues: TermIssue[] = [];
  for (const term of rules.keep) {
    const n = countKeep(source, term);
    if (n > 0 && countKeep(translation, term) !== n) issues.push({ kind: 'keep', term });
  }
  for (const [term, preferred] of Object.entries(rules.prefer)) {
    if (hasSourceTerm(source, term) && !hasPreferred(translation, preferred)) issues.push({ kind: 'prefer', term });
  }
  return issues;
}

/** Whether the source has words an engine would translate (see the file comment). */
export function hasTranslatableWords(source: string, keep: readonly string[] = []): boolean {
  let text = prose(source).replace(/&(?:[A-Za-z]+|#\d+|#x[0-9A-Fa-f]+);/g, ' ');
  for (const term of keep)
    if (text.includes(term))
      text = text.replace(
        cached(`k\0${term}`, () => new RegExp(keepSource(term), 'gu')),
        ' ',
      );
  const cjk = text.match(new RegExp(CJK.source, 'gu'))?.length ?? 0;
  if (cjk >= 2) return true;
  let words = 0;
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_.])\p{L}[\p{L}\p{M}'’]*(?![\p{L}\p{M}'’\p{N}_]|\.\p{L})/gu)) {
    const w = m[0];
    if (w.length >= 2 && w !== w.toUpperCase() && ++words >= 2) return true;
  }
  return false;
}

/** An answer that kept its source text: equal to it (spaces aside) while the source has translatable words. */
export function keptSource(source: string, translation: string, keep: readonly string[] = []): boolean {
  return sameButSpacing(source, translation) && hasTranslatableWords(source, keep);
}

/** JavaScript's `\s` (and what `trim` removes), by code unit. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0xa0 ||
    c === 0x1680 ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * `a` and `b` are equal once each run of white space is one space and both ends are trimmed, as
 * `s.replace(/\s+/g, ' ').trim()` would make them, without building either string (it runs on every
 * segment an update writes).
 */
export function sameButSpacing(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  let aEnd = a.length;
  let bEnd = b.length;
  while (i < aEnd && isSpace(a.charCodeAt(i))) i++;
  while (j < bEnd && isSpace(b.charCodeAt(j))) j++;
  while (aEnd > i && isSpace(a.charCodeAt(aEnd - 1))) aEnd--;
  while (bEnd > j && isSpace(b.charCodeAt(bEnd - 1))) bEnd--;
  while (i < aEnd && j < bEnd) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    const xs = isSpace(x);
    if (xs !== isSpace(y)) return false;
    if (xs) {
      while (i < aEnd && isSpace(a.charCodeAt(i))) i++;
      while (j < bEnd && isSpace(b.charCodeAt(j))) j++;
      continue;
    }
    if (x !== y) return false;
    i++;
    j++;
  }
  return i === aEnd && j === bEnd;
}
