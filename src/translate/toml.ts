/**
 * TOML front matter (`+++`, Hugo): the string values of reader-facing keys (paths such as
 * `params.title` or `menu.main[].name`: in tables, arrays of tables, inline tables and arrays) are
 * translated, everything else (comments, order, tables, quoting, whitespace) is kept byte for
 * byte. The document is parsed with a TOML library, which decides whether it is valid and what
 * each value is; a scan of the root table only says where each value is written, and a value is
 * used only when its text as written reads as the library's value. A translation is written back
 * in the value's quoting when that quoting can hold it, else as a basic string, and only after
 * the library reads it back as the translation.
 */
import { parse } from 'smol-toml';
import { HAS_LETTER, type PartsBuilder } from './builder.ts';
import { parseKeyPath } from './frontmatter.ts';
import { MAX_SEGMENT_CHARS, type TomlStringKind } from './types.ts';

/** How a TOML string is written: `"…"`, `'…'`, `"""…"""` or `'''…'''`. */

interface TomlString {
  start: number;
  end: number;
  value: string;
  kind: TomlStringKind;
}

/** Emits the TOML between `from` and `to` (the lines between the fences). */
export function emitToml(text: string, from: number, to: number, out: PartsBuilder, keys: readonly string[]): void {
  const body = text.slice(from, to);
  let at = 0;
  for (const v of rootStrings(body, keys)) {
    const core = v.value.trim();
    out.keep(body.slice(at, v.start));
    out.add({ text: core, source: body.slice(v.start, v.end), toml: v.kind });
    at = v.end;
  }
  out.keep(body.slice(at));
}

/** The translation as a TOML string in the quoting of `source` (the value as written) when it can hold it. */
export function tomlValue(translation: string, kind: TomlStringKind, source: string): string {
  const value = decode(source) ?? '';
  const core = value.trim();
  const lead = value.slice(0, value.indexOf(core));
  let wanted = lead + translation.trim() + value.slice(lead.length + core.length);
  let written: string | undefined;
  if (kind === 'literal') {
    if (!/['\0-\x08\x0A-\x1F\x7F\u2028\u2029]/.test(wanted)) written = `'${wanted}'`;
  } else if (kind === 'multilineBasic' || kind === 'multilineLiteral') {
    // Line breaks as the source writes them.
    const eol = source.includes('\r\n') ? '\r\n' : '\n';
    wanted = wanted.replace(/\r?\n/g, eol);
    // A line break right after the opening delimiter is not part of the value.
    const first = /^(?:'''|""")(\r?\n)?/.exec(source)![1] ?? (/^\r?\n/.test(wanted) ? eol : '');
    const literal = kind === 'multilineLiteral' && !wanted.includes("'''") && !/[\0-\x08\x0B\x0C\x0E-\x1F\x7F\u2028\u2029]|\r(?!\n)/.test(wanted);
    written = literal ? `'''${first}${wanted}'''` : `"""${first}${escapeMultilineBasic(wanted)}"""`;
  }
  // A line of the value must not read as the closing `+++` of the front matter.
  if (written !== undefined && !/^\+\+\+[ \t]*\r?$/m.test(written) && decode(written) === wanted) return written;
  return `"${escapeBasic(wanted)}"`;
}

/** The string a TOML string literal reads as, or undefined when it is none. */
function decode(literal: string): string | undefined {
  try {
    const v = parse(`v = ${literal}`).v;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

const CONTROL_ESCAPES: Record<string, string> = { '\b': '\\b', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

function escapeControl(c: string): string {
  return CONTROL_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A basic string's content (TOML 1.0 escapes only; a tab stays as it is). U+2028 and U+2029 are
 * escaped too: the front matter's fences are found with JavaScript's line anchors, which count
 * them as line ends.
 */
function escapeBasic(s: string): string {
  return s.replace(/["\\\0-\x08\x0A-\x1F\x7F\u2028\u2029]/g, escapeControl);
}

/** A multi-line basic string's content: line breaks stay, no run of quotes can close it early. */
function escapeMultilineBasic(s: string): string {
  return s.replace(/\\|[\0-\x08\x0B\x0C\x0E-\x1F\x7F\u2028\u2029]|\r(?!\n)|"(?="|$)/g, escapeControl);
}

/**
 * The string values that `keys` (paths: `title`, `params.title`, `hero.actions[].text`) name,
 * anywhere in the document (`[table]` and `[[array]]` headers, dotted keys, inline tables and
 * arrays), with where each is written; values without a letter or over one segment's length are
 * left out. None when the document is not valid TOML or the scan and the library disagree.
 */
function rootStrings(body: string, keys: readonly string[]): TomlString[] {
  let table: Record<string, unknown>;
  try {
    table = parse(body);
  } catch {
    return [];
  }
  const wanted = new Set(
    keys.flatMap((k) => {
      const steps = parseKeyPath(k);
      return steps ? [steps.map((st) => st.name + '[]'.repeat(st.arrays)).join('.')] : [];
    }),
  );
  const found: TomlString[] = [];
  const scan: Scan = { body, table, wanted, found };
  // Elements so far of each array of tables (`[[a.b]]`), by its path in the document.
  const arrays = new Map<string, number>();
  let canon: string[] = [];
  let concrete: (string | number)[] = [];
  let pos = skipTrivia(body, 0);
  while (pos < body.length) {
    if (body[pos] === '[') {
      const double = body.startsWith('[[', pos);
      const header = dottedKey(body, skipBlank(body, pos + (double ? 2 : 1)));
      if (header === undefined) return [];
      pos = header.end;
      if (!body.startsWith(double ? ']]' : ']', pos)) return [];
      pos += double ? 2 : 1;
      canon = [];
      concrete = [];
      header.names.forEach((name, i) => {
        concrete.push(name);
        canon.push(name);
        const at = JSON.stringify(concrete);
        const count = arrays.get(at);
        if (double && i === header.names.length - 1) {
          arrays.set(at, (count ?? 0) + 1);
          concrete.push(count ?? 0);
          canon[canon.length - 1] += '[]';
        } else if (count !== undefined) {
          concrete.push(count - 1);
          canon[canon.length - 1] += '[]';
        }
      });
    } else {
      const key = dottedKey(body, pos);
      if (key === undefined || body[key.end] !== '=') return [];
      const end = scanValue(scan, skipBlank(body, key.end + 1), [...canon, ...key.names], [...concrete, ...key.names]);
      if (end < 0) return [];
      pos = end;
    }
    pos = skipBlank(body, pos);
    if (body[pos] === '#') pos = lineEnd(body, pos);
    if (pos < body.length && !/^\r?\n/.test(body.slice(pos, pos + 2))) return [];
    pos = skipTrivia(body, pos);
  }
  return found;
}

interface Scan {
  body: string;
  table: Record<string, unknown>;
  /** The keys' paths, `[]` after each array level (`hero.actions[].text`). */
  wanted: Set<string>;
  found: TomlString[];
}

/** A dotted key (`a`, `a.b`, `"a.b".c`) starting at `pos`: its names and where it ends (after blanks), or undefined. */
function dottedKey(s: string, pos: number): { names: string[]; end: number } | undefined {
  const names: string[] = [];
  for (;;) {
    const end = simpleKeyEnd(s, pos);
    if (end < 0) return undefined;
    const name = keyName(s.slice(pos, end));
    if (name === undefined) return undefined;
    names.push(name);
    pos = skipBlank(s, end);
    if (s[pos] !== '.') return { names, end: pos };
    pos = skipBlank(s, pos + 1);
  }
}

/** The value at `path` in the parsed document, or undefined. */
function valueAt(table: unknown, path: readonly (string | number)[]): unknown {
  let v = table;
  for (const step of path) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, step)) return undefined;
    v = (v as Record<string | number, unknown>)[step];
  }
  return v;
}

/**
 * Scans the value starting at `pos` whose path is `canon` (names, `[]` per array level) and
 * `concrete` (names and indices); records the strings that are wanted. Its end, or -1 when it
 * cannot be read or a wanted string does not read as the library's value (then nothing is used).
 */
function scanValue(scan: Scan, pos: number, canon: readonly string[], concrete: readonly (string | number)[]): number {
  const s = scan.body;
  const kind = stringKind(s, pos);
  if (kind) {
    const end = stringEnd(s, pos, kind);
    if (end < 0) return -1;
    if (scan.wanted.has(canon.join('.'))) {
      const value = valueAt(scan.table, concrete);
      if (typeof value !== 'string' || decode(s.slice(pos, end)) !== value) return -1;
      if (HAS_LETTER.test(value) && value.trim().length <= MAX_SEGMENT_CHARS) scan.found.push({ start: pos, end, value, kind });
    }
    return end;
  }
  if (s[pos] === '[') {
    const element = [...canon.slice(0, -1), `${canon[canon.length - 1] ?? ''}[]`];
    pos = skipTrivia(s, pos + 1);
    for (let i = 0; s[pos] !== ']'; i++) {
      const end = scanValue(scan, pos, element, [...concrete, i]);
      if (end < 0) return -1;
      pos = skipTrivia(s, end);
      if (s[pos] === ',') pos = skipTrivia(s, pos + 1);
      else if (s[pos] !== ']') return -1;
    }
    return pos + 1;
  }
  if (s[pos] === '{') {
    pos = skipTrivia(s, pos + 1);
    while (s[pos] !== '}') {
      const key = dottedKey(s, pos);
      if (key === undefined || s[key.end] !== '=') return -1;
      const end = scanValue(scan, skipBlank(s, key.end + 1), [...canon, ...key.names], [...concrete, ...key.names]);
      if (end < 0) return -1;
      pos = skipTrivia(s, end);
      if (s[pos] === ',') pos = skipTrivia(s, pos + 1);
      else if (s[pos] !== '}') return -1;
    }
    return pos + 1;
  }
  // A number, boolean or date: up to a separator, a comment or the line end.
  let end = pos;
  while (end < s.length && !/[,\]}#\r\n]/.test(s[end]!)) end++;
  while (end > pos && (s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
  return end > pos ? end : -1;
}

function skipBlank(s: string, pos: number): number {
  while (s[pos] === ' ' || s[pos] === '\t') pos++;
  return pos;
}

function lineEnd(s: string, pos: number): number {
  const nl = s.indexOf('\n', pos);
  const end = nl < 0 ? s.length : nl;
  return s[end - 1] === '\r' ? end - 1 : end;
}

/** Skips white space, line breaks and comments. */
function skipTrivia(s: string, pos: number): number {
  for (;;) {
    const c = s[pos];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') pos++;
    else if (c === '#') pos = lineEnd(s, pos);
    else return pos;
  }
}

/** End of a bare or quoted key starting at `pos`, or -1. */
function simpleKeyEnd(s: string, pos: number): number {
  if (s[pos] === '"' || s[pos] === "'") return stringEnd(s, pos, s[pos] === '"' ? 'basic' : 'literal');
  const bare = /^[A-Za-z0-9_-]+/.exec(s.slice(pos, pos + 256));
  return bare ? pos + bare[0].length : -1;
}

function keyName(raw: string): string | undefined {
  return raw.startsWith('"') || raw.startsWith("'") ? decode(raw) : raw;
}

function stringKind(s: string, pos: number): TomlStringKind | undefined {
  if (s.startsWith('"""', pos)) return 'multilineBasic';
  if (s.startsWith("'''", pos)) return 'multilineLiteral';
  if (s[pos] === '"') return 'basic';
  if (s[pos] === "'") return 'literal';
  return undefined;
}

/** End of the string of `kind` opening at `pos` (after its closing quote), or -1. */
function stringEnd(s: string, pos: number, kind: TomlStringKind): number {
  const multiline = kind === 'multilineBasic' || kind === 'multilineLiteral';
  const quote = kind === 'basic' || kind === 'multilineBasic' ? '"' : "'";
  for (let i = pos + (multiline ? 3 : 1); i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && quote === '"') i++;
    else if (c === '\n' && !multiline) return -1;
    else if (c === quote && !multiline) return i + 1;
    else if (c === quote && s.startsWith(quote.repeat(3), i)) {
      // Up to two quotes of the content may stand right before the closing three.
      let end = i + 3;
      while (end < i + 5 && s[end] === quote) end++;
      return end;
    }
  }
  return -1;
}
