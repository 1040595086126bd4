/**
 * The engine's failure mode, on demand: a chosen share of translated segments comes back with
 * inline markup damaged the way real engines damage it (a backtick dropped, a URL translated, a
 * placeholder or tag lost). The choice is a hash of the segment text, so it repeats exactly.
 */

export type MangleKind = 'backtick' | 'url' | 'placeholder';

/** FNV-1a of the text, as a fraction in [0, 1). */
function fraction(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

/** True when a segment with this source text is among the `rate` share that gets mangled. */
export function isChosen(text: string, rate: number): boolean {
  return rate > 0 && fraction(text) < rate;
}

const ACCENTED: Readonly<Record<string, string>> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };

/**
 * A placeholder, a footnote reference or an inline HTML tag as CommonMark defines one (6.6): text
 * such as `Array<string | Ignore>` is not a tag, so dropping it damages words, not markup.
 */
const ATTRIBUTE = String.raw`\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?`;
const PLACEHOLDER = new RegExp(
  String.raw`\{[^{}]*\}|%(?:\d+\$)?[sd]|<[A-Za-z][A-Za-z0-9-]*(?:${ATTRIBUTE})*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>|\[\^[^\]\s]+\]`,
);

const MANGLERS: Record<MangleKind, (t: string) => string | null> = {
  backtick: (t) => {
    const m = /`[^`\n]+`/.exec(t);
    return m ? t.slice(0, m.index) + t.slice(m.index + 1) : null;
  },
  url: (t) => {
    // A URL inside a code span is code, not a link: the search runs with code spans blanked.
    const m = /\]\(([^)\s]+)|(?:https?:\/\/|www\.)[^\s<>()`]+/.exec(t.replace(/`[^`]*`/g, (c) => ' '.repeat(c.length)));
    if (!m) return null;
    const start = m[1] !== undefined ? m.index + 2 : m.index;
    const url = m[1] ?? m[0];
    const translated = /[aeiou]/.test(url) ? url.replace(/[aeiou]/g, (c) => ACCENTED[c]!) : `${url}-übersetzt`;
    return t.slice(0, start) + translated + t.slice(start + url.length);
  },
  placeholder: (t) => {
    const m = PLACEHOLDER.exec(t);
    return m ? t.slice(0, m.index) + t.slice(m.index + m[0].length) : null;
  },
};
const ORDER: MangleKind[] = ['backtick', 'url', 'placeholder'];

/** Damages one piece of inline markup in `translated`, starting with a kind picked by the source's hash; null when it holds none. */
export function mangle(source: string, translated: string): { text: string; kind: MangleKind } | null {
  const first = Math.floor(fraction(`${source}#kind`) * ORDER.length);
  for (let k = 0; k < ORDER.length; k++) {
    const kind = ORDER[(first + k) % ORDER.length]!;
    const text = MANGLERS[kind](translated);
    if (text !== null && text !== translated) return { text, kind };
  }
  return null;
}
