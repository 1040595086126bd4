/**
 * TOML front matter (`+++`, Hugo): the string values of reader-facing top-level keys are
 * translated, everything else (comments, order, tables, quoting, whitespace) is kept byte for
 * byte. The document is parsed with a TOML library, which decides whether it is valid and what
 * each value is; a scan of the root table only says where each value is written, and a value is
 * used only when its text as written reads as the library's value. A translation is written back
 * in the value's quoting when that quoting can hold it, else as a basic string, and only after
 * the library reads it back as the translation.
 */
import { parse } from 'smol-toml';
import { HAS_LETTER, type PartsBuilder } from './builder.ts';
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
 * The string values of `keys` in the root table (before the first `[table]` header), with where
 * each is written; values without a letter or over one segment's length are left out. None when
 * the document is not valid TOML or the scan and the library disagree.
 */
function rootStrings(body: string, keys: readonly string[]): TomlString[] {
  let table: Record<string, unknown>;
  try {
    table = parse(body);
  } catch {
    return [];
  }
  const found: TomlString[] = [];
  let pos = skipTrivia(body, 0);
  while (pos < body.length && body[pos] !== '[') {
    const names: string[] = [];
    for (;;) {
      const end = simpleKeyEnd(body, pos);
      if (end < 0) return [];
      names.push(body.slice(pos, end));
      pos = skipBlank(body, end);
      if (body[pos] !== '.') break;
      pos = skipBlank(body, pos + 1);
    }
    if (body[pos] !== '=') return [];
    const start = skipBlank(body, pos + 1);
    const end = valueEnd(body, start);
    if (end < 0) return [];
    const kind = stringKind(body, start);
    const key = names.length === 1 ? keyName(names[0]!) : undefined;
    if (kind && key !== undefined && keys.includes(key)) {
      const value = table[key];
      if (typeof value !== 'string' || decode(body.slice(start, end)) !== value) return [];
      if (HAS_LETTER.test(value) && value.trim().length <= MAX_SEGMENT_CHARS) found.push({ start, end, value, kind });
    }
    pos = skipBlank(body, end);
    if (body[pos] === '#') pos = lineEnd(body, pos);
    if (pos < body.length && !/^\r?\n/.test(body.slice(pos, pos + 2))) return [];
    pos = skipTrivia(body, pos);
  }
  return found;
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

/** End of the value starting at `pos`: a string, an array or inline table, or a scalar up to a comment or line end. */
function valueEnd(s: string, pos: number): number {
  const kind = stringKind(s, pos);
  if (kind) return stringEnd(s, pos, kind);
  if (s[pos] !== '[' && s[pos] !== '{') {
    let end = lineEnd(s, pos);
    const hash = s.indexOf('#', pos);
    if (hash >= 0 && hash < end) end = hash;
    while (end > pos && (s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
    return end > pos ? end : -1;
  }
  let depth = 0;
  for (let i = pos; i < s.length; i++) {
    const c = s[i]!;
    const inner = stringKind(s, i);
    if (inner) {
      const end = stringEnd(s, i, inner);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === '#') {
      i = lineEnd(s, i) - 1;
    } else if (c === '[' || c === '{') {
      depth++;
    } else if (c === ']' || c === '}') {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}
