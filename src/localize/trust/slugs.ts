/**
 * Heading anchors as each documentation framework writes them: the slug of a heading's text and
 * the suffix a repeated slug gets. Rewritten from each framework's own code (no dependency):
 *
 * | rule | used by | slug | repeats |
 * |---|---|---|---|
 * | `github` | Docusaurus (`@docusaurus/utils` createSlugger), Starlight (Astro's rehype-heading-ids), plain Markdown | github-slugger: lower case; drop every character of the Unicode categories No, P (but `-` and connector punctuation), S, Cc, Cf, Co, Cn, Z (but the space) unless alphabetic; each space → `-` | `-1`, `-2` (github-slugger's occurrences) |
 * | `vitepress` | VitePress (`@mdit-vue/shared` slugify with markdown-it-anchor) | NFKD, combining marks dropped, control characters dropped, runs of whitespace and ASCII punctuation → `-`, no leading or trailing `-`, `_` before a leading digit, lower case | `-1`, `-2` |
 * | `python` | MkDocs (Python-Markdown `toc.slugify`, `slugify_unicode`; `pymdownx.slugs.slugify`) | ASCII folding (NFKD, non-ASCII dropped) unless unicode; drop what is not `\w`, whitespace or `-`; trim; lower case; runs of `-` and whitespace → the separator | `_1`, `_2` |
 * | `hugo` | Hugo (goldmark `autoHeadingIDType`: `github`, `github-ascii`, `blackfriday`) | `-` and space/tab → `-`, letters, digits and `_` kept lower case, the rest dropped (no trim); empty → `heading` | `-1`, `-2` |
 *
 * Unicode categories are those of the running JavaScript engine (github-slugger pins Unicode 13).
 */

export type SlugRule =
  | { kind: 'github' }
  | { kind: 'vitepress' }
  | {
      kind: 'python';
      unicode: boolean;
      separator: string;
      /** pymdownx.slugs.slugify: case handling, no collapsing of runs */ pymdownx?: 'lower' | 'none' | 'fold';
    }
  | { kind: 'hugo'; type: 'github' | 'github-ascii' | 'blackfriday' };

// github-slugger's generated regex, written with Unicode properties: these categories go unless alphabetic, a space or `-`.
const GITHUB_DROP = /(?![\p{Alphabetic} -])[\p{No}\p{Pd}\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}\p{S}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Z}]/gu;

export function githubSlug(text: string): string {
  return text.toLowerCase().replace(GITHUB_DROP, '').replace(/ /g, '-');
}

const VP_CONTROL = /[\u0000-\u001f]/g;
const VP_SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const VP_COMBINING = /[\u0300-\u036F]/g;

export function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(VP_COMBINING, '')
    .replace(VP_CONTROL, '')
    .replace(VP_SPECIAL, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

// Python's `\w` on str: str.isalnum() (letters and every numeric category, not marks) and `_`.
const PY_NOT_WORD = /[^\p{L}\p{N}_\s-]/gu;
const escapeRe = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|-]/g, '\\$&');

export function pythonSlug(text: string, rule: { unicode: boolean; separator: string; pymdownx?: 'lower' | 'none' | 'fold' }): string {
  if (rule.pymdownx !== undefined) {
    // pymdownx.slugs.slugify: tags out, case as configured, invalid characters out, each space → separator (NFC).
    let t = text.replace(/<\/?[^>]*>/g, '');
    if (rule.pymdownx === 'lower') t = t.toLowerCase();
    else if (rule.pymdownx === 'fold') t = t.toLowerCase();
    return t
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .trim()
      .replace(/ /g, rule.separator)
      .normalize('NFC');
  }
  let v = text;
  if (!rule.unicode) v = v.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  v = v.replace(PY_NOT_WORD, '').trim().toLowerCase();
  return v.replace(new RegExp(`[${escapeRe(rule.separator)}\\s]+`, 'gu'), rule.separator);
}

/** Blackfriday's SanitizedAnchorName: letters and digits kept (lower case), every other run → one `-` between words. */
function blackfridaySlug(text: string): string {
  let out = '';
  let futureDash = false;
  for (const ch of text) {
    if (/[\p{L}\p{Nd}]/u.test(ch)) {
      if (futureDash && out.length > 0) out += '-';
      futureDash = false;
      out += ch.toLowerCase();
    } else futureDash = true;
  }
  return out;
}

export function hugoSlug(text: string, type: 'github' | 'github-ascii' | 'blackfriday' = 'github'): string {
  if (type === 'blackfriday') return blackfridaySlug(text);
  let t = text;
  if (type === 'github-ascii') t = t.normalize('NFD').replace(/\p{Mn}/gu, '');
  let out = '';
  for (const ch of t) {
    if (type === 'github-ascii' && ch.charCodeAt(0) > 0x7f) continue;
    if (ch === '-' || ch === ' ' || ch === '\t') out += '-';
    else if (ch === '_' || /[\p{L}\p{Nd}]/u.test(ch)) out += ch.toLowerCase();
  }
  return out;
}

export function slugOf(text: string, rule: SlugRule): string {
  switch (rule.kind) {
    case 'github':
      return githubSlug(text);
    case 'vitepress':
      return vitepressSlug(text);
    case 'python':
      return pythonSlug(text, rule);
    case 'hugo':
      return hugoSlug(text, rule.type);
  }
}

/**
 * The anchors of one page, in order: `heading(text)` gives a heading's id as the framework would
 * (repeats suffixed), `explicit(id)` records an id written by hand (`{#id}`, an HTML `id`) the way
 * the framework does (some reserve it, so a later heading with the same slug is suffixed).
 */
export class Slugger {
  readonly ids = new Set<string>();
  private readonly counts = new Map<string, number>();

  constructor(private readonly rule: SlugRule) {}

  heading(text: string): string {
    const base = slugOf(text, this.rule);
    let id: string;
    switch (this.rule.kind) {
      case 'github': {
        // github-slugger: occurrences[original]++ until free.
        id = base;
        while (this.counts.has(id)) {
          const n = (this.counts.get(base) ?? 0) + 1;
          this.counts.set(base, n);
          id = `${base}-${n}`;
        }
        this.counts.set(id, 0);
        break;
      }
      case 'python': {
        // Python-Markdown toc.unique: `_1`, or the number after `_` raised by one, while taken or empty.
        id = base;
        while (id === '' || this.ids.has(id)) {
          const m = /^(.*)_([0-9]+)$/.exec(id);
          id = m !== null ? `${m[1]}_${Number(m[2]) + 1}` : `${id}_1`;
        }
        break;
      }
      default: {
        // markdown-it-anchor and Hugo: `-1`, `-2`, ... from 1 while taken; Hugo names an empty one `heading`.
        const start = this.rule.kind === 'hugo' && base === '' ? 'heading' : base;
        id = start;
        for (let i = 1; this.ids.has(id); i++) id = `${start}-${i}`;
      }
    }
    this.ids.add(id);
    return id;
  }

  explicit(id: string): void {
    this.ids.add(id);
    // Docusaurus and Starlight do not reserve hand-written ids in github-slugger; the others do (ids set).
  }
}
