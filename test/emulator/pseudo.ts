/**
 * Pseudo-translation: deterministic and visibly "translated" (a plain-text target marker `DE· `
 * plus accented look-alike letters) while whitespace, punctuation, digits and placeholders stay intact,
 * so tests can check both that text was translated and that structure survived.
 */
const ACCENTS: Readonly<Record<string, string>> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
};

/**
 * Spans kept byte-for-byte, as a real engine keeps inline Markdown: code spans, link and image
 * destinations and titles (`](url "title")`), reference labels (`][label]`), footnote calls,
 * inline math, `{{x}}`, `{name}` and MDX `{expressions}`, printf-style `%s`/`%d`/`%1$s`, `$1`,
 * HTML-like tags and autolinks, URLs and entities.
 */
// As the structure check reads a bare URL: up to whitespace, `<` or CJK text, without the punctuation that ends a sentence.
const URL = '(?<![\\p{L}\\p{N}_])(?:https?://|ftp://|www\\.)[^\\s<>\\u3000-\\u9fff\\uac00-\\ud7af\\uff00-\\uffef]*';
const URL_TAIL = /[?!.,:;*_~'")]+$/;
const PROTECTED = new RegExp(
  [
    '``[^`][\\s\\S]*?``',
    '`[^`]*`',
    '<!--[\\s\\S]*?-->',
    '\\]\\(\\s*<[^>\\n]*>(?:\\s+(?:"[^"]*"|\'[^\']*\'))?\\s*\\)',
    '\\]\\(\\s*(?:\\{\\{[<%][^{}\\n]*[>%]\\}\\}|\\\\.|[^()\\s\\\\]|\\((?:\\\\.|[^()\\s\\\\]|\\((?:\\\\.|[^()\\s\\\\])*\\))*\\))*(?:\\s+(?:"(?:\\\\.|[^"\\\\])*"|\'(?:\\\\.|[^\'\\\\])*\'|\\((?:\\\\.|[^()\\\\])*\\)))?\\s*\\)',
    '\\]\\[[^\\]]*\\]',
    '\\[\\^[^\\]\\s]+\\]',
    '\\$[^\\s$](?:[^$\\n]*[^\\s$])?\\$(?!\\d)',
    '\\{\\{[^{}]*\\}\\}',
    '\\{[^{}]*\\}',
    '%(?:\\d+\\$)?[-+ 0#]*\\d*(?:\\.\\d+)?[sdifxXoucpeEgG%@]',
    '\\$\\d+',
    '</?[A-Za-z][^<>]*>',
    '<\\?[\\s\\S]*?\\?>',
    '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>',
    '<![A-Za-z][^>]*>',
    URL,
    '[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+',
    '&(?:[A-Za-z]+|#\\d+|#x[0-9A-Fa-f]+);',
  ].join('|'),
  'gu',
);

function accent(text: string): string {
  let out = '';
  for (const ch of text) out += ACCENTS[ch] ?? ch;
  return out;
}

/**
 * The visible "translated" marker: the target code in capitals and a middle dot (`DE· `). Plain
 * text to every Markdown parser (no brackets, no block marker, no emphasis run), so a segment that
 * starts with a link, a tag or a code span reads the same with it in front.
 */
export function marker(target: string): string {
  return `${target.toUpperCase()}\u00b7 `;
}

// A word right before a code span moves behind it, as a verb does in German ("Führen Sie `x` aus").
const REORDER = /(^|[ \t])(\p{L}+) (`[^`\n]+`)(?=[ \t.,;:!?)]|$)/u;

/**
 * Whitespace-only (or empty) text comes back unchanged; anything else gets the marker after its
 * leading whitespace. With `reorder`, the first word directly before a code span moves behind it
 * (the instant and batch endpoints do this; a real engine reorders words around inline markup).
 */
export function pseudoTranslate(text: string, target: string, opts: { reorder?: boolean } = {}): string {
  if (text.trim().length === 0) return text;
  if (opts.reorder) text = text.replace(REORDER, '$1$3 $2');
  let body = '';
  let last = 0;
  for (const match of text.matchAll(PROTECTED)) {
    const start = match.index;
    if (start < last) continue;
    const kept = /^(?:https?:|ftp:|www\.)/.test(match[0]) ? match[0].replace(URL_TAIL, '') : match[0];
    body += accent(text.slice(last, start)) + kept;
    last = start + kept.length;
  }
  body += accent(text.slice(last));
  const lead = /^\s*/.exec(body)![0];
  return lead + marker(target) + body.slice(lead.length);
}

/** True when the text holds nothing to translate: free of charge and returned as is. */
export function isWhitespaceOnly(text: string): boolean {
  return text.trim().length === 0;
}

/** Characters as billed: Unicode code points, not UTF-16 units. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
