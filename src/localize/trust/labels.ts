/**
 * Reader labels: `machine_translated: true` on a page written by the tool until all its translated
 * paragraphs are reviewed, `translation_outdated: true` on a page whose source changed since it was
 * translated (keys configurable, see labelKeys.ts). They live in the page's front matter (YAML
 * `---` or TOML `+++`), one line each, added before the closing fence (in TOML before the first
 * table); a Markdown page without front matter gets a minimal YAML block. Every other line is left
 * as it is.
 *
 * The engine never sees them: `stripLabels` removes exactly those lines (and a front matter block
 * that held nothing else) before a translation is split into blocks, hashed or aligned, so a label
 * never makes a page look edited and `withLabels(stripLabels(t))` gives `t` back for a page the tool
 * labelled.
 */
import type { LabelKeys } from './labelKeys.ts';

export interface Labels {
  machine: boolean;
  outdated: boolean;
}

interface FrontMatter {
  /** `---` (YAML) or `+++` (TOML). */
  fence: string;
  /** Start of the body (after the opening line) and of the closing line. */
  bodyStart: number;
  closeStart: number;
  /** End of the closing line (its line end excluded). */
  end: number;
  eol: string;
}

function frontMatterOf(text: string): FrontMatter | undefined {
  const open = /^(---|\+\+\+)[ \t]*(\r?\n)/.exec(text);
  if (open === null) return undefined;
  const close = open[1] === '---' ? /^(?:---|\.\.\.)[ \t]*$/m : /^\+\+\+[ \t]*$/m;
  const rest = text.slice(open[0].length);
  const m = close.exec(rest);
  if (m === null) return undefined;
  const closeStart = open[0].length + m.index;
  return { fence: open[1]!, bodyStart: open[0].length, closeStart, end: closeStart + m[0].length, eol: open[2]! };
}

const BOM = '\uFEFF';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A label line as the tool writes it (and only such a line is ever removed). */
function labelLine(keys: readonly string[]): RegExp {
  return new RegExp(`^(?:${keys.map(escape).join('|')})[ \\t]*[:=][ \\t]*true[ \\t]*\\r?$`);
}

/** The text without the label lines of `keys`; a front matter block left empty by that goes too, with one blank line after it. */
export function stripLabels(text: string, keys: readonly string[]): string {
  // A byte order mark stays first (it decides how the file is written back).
  if (text.startsWith(BOM)) return BOM + stripLabels(text.slice(1), keys);
  if (keys.length === 0 || (!text.startsWith('---') && !text.startsWith('+++'))) return text;
  const fm = frontMatterOf(text);
  if (fm === undefined) return text;
  const body = text.slice(fm.bodyStart, fm.closeStart);
  const re = labelLine(keys);
  const lines = body.split('\n');
  // The body ends with the line end before the closing fence: its last piece is empty.
  const kept = lines.slice(0, -1).filter((l) => !re.test(l));
  if (kept.length === lines.length - 1) return text;
  if (kept.length === 0) {
    const after = text.slice(fm.end);
    const blank = /^\r?\n(?:[ \t]*\r?\n)?/.exec(after);
    return after.slice(blank?.[0].length ?? 0);
  }
  return text.slice(0, fm.bodyStart) + kept.map((l) => `${l}\n`).join('') + text.slice(fm.closeStart);
}

/** Formats whose pages can carry front matter (a block is created only for these). */
export function takesFrontMatter(path: string): boolean {
  return /\.(?:md|mdx|markdown)$/i.test(path);
}

/**
 * The text with the wanted labels added (`text` holds none: it comes from stripLabels or from the
 * engine). A key the front matter already sets to something else is left to the person who wrote
 * it. Without front matter, a YAML block is created only when `create` (a Markdown page that does
 * not start with another kind of front matter, such as Hugo's JSON).
 */
export function withLabels(text: string, want: Labels, keys: LabelKeys, create: boolean): string {
  if (text.startsWith(BOM)) return BOM + withLabels(text.slice(1), want, keys, create);
  const names = [...(want.machine ? [keys.machineTranslated] : []), ...(want.outdated ? [keys.outdated] : [])];
  if (names.length === 0) return text;
  const fm = frontMatterOf(text);
  if (fm === undefined) {
    if (!create || /^\s*\{/.test(text) || text.startsWith('---') || text.startsWith('+++')) return text;
    const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n';
    return `---${eol}${names.map((n) => `${n}: true${eol}`).join('')}---${eol}${eol}${text}`;
  }
  const toml = fm.fence === '+++';
  const body = text.slice(fm.bodyStart, fm.closeStart);
  const taken = (n: string): boolean => new RegExp(`^${escape(n)}[ \\t]*[:=]`, 'm').test(body);
  const add = names.filter((n) => !taken(n)).map((n) => `${n}${toml ? ' = ' : ': '}true${fm.eol}`);
  if (add.length === 0) return text;
  // TOML: keys after a [table] header belong to that table; the labels go before the first one.
  let at = fm.closeStart;
  if (toml) {
    const table = /^[ \t]*\[/m.exec(body);
    if (table !== null) at = fm.bodyStart + table.index;
  }
  return text.slice(0, at) + add.join('') + text.slice(at);
}

/** Which labels a page carries now (their `true` lines in its front matter). */
export function labelsIn(text: string, keys: LabelKeys): Labels {
  const t = text.startsWith(BOM) ? text.slice(1) : text;
  const fm = frontMatterOf(t);
  if (fm === undefined) return { machine: false, outdated: false };
  const body = t.slice(fm.bodyStart, fm.closeStart).split('\n');
  return { machine: body.some((l) => labelLine([keys.machineTranslated]).test(l)), outdated: body.some((l) => labelLine([keys.outdated]).test(l)) };
}
