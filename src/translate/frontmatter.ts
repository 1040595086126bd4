/**
 * YAML front matter: the values of reader-facing keys are translated, everything else is kept
 * byte for byte. Values are read and written with a YAML library (never by pattern), so quoting
 * stays valid whatever the translation holds.
 */
import { isMap, isScalar, parseDocument, stringify } from 'yaml';
import { HAS_LETTER, type PartsBuilder } from './builder.ts';

export const DEFAULT_FRONT_MATTER_KEYS: readonly string[] = ['title', 'description', 'sidebar_label', 'summary'];

const BOM = '\uFEFF';

/** End offset of YAML (`---`) or TOML (`+++`) front matter starting at `from`, with its kind, or null. */
export function frontMatter(text: string, from: number): { end: number; bodyStart: number; bodyEnd: number; yaml: boolean } | null {
  const firstEnd = text.indexOf('\n', from);
  if (firstEnd < 0) return null;
  const first = text.slice(from, firstEnd).replace(/\r$/, '').replace(BOM, '');
  const yaml = /^---[ \t]*$/.test(first);
  if (!yaml && !/^\+\+\+[ \t]*$/.test(first)) return null;
  const close = yaml ? /^(?:---|\.\.\.)[ \t]*\r?$/gm : /^\+\+\+[ \t]*\r?$/gm;
  close.lastIndex = firstEnd + 1;
  const m = close.exec(text);
  if (!m) return null;
  const lineEnd = text.indexOf('\n', m.index);
  return { end: lineEnd < 0 ? text.length : lineEnd + 1, bodyStart: firstEnd + 1, bodyEnd: m.index, yaml };
}

/** Emits the YAML between `from` and `to` (the lines between the fences). */
export function emitYaml(text: string, from: number, to: number, out: PartsBuilder, keys: readonly string[]): void {
  const body = text.slice(from, to);
  const doc = parseDocument(body, { prettyErrors: false });
  const values: { start: number; end: number; value: string; type: string }[] = [];
  if (doc.errors.length === 0 && isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const { key, value } = pair;
      if (!isScalar(key) || !keys.includes(String(key.value)) || !isScalar(value) || !value.range) continue;
      if (typeof value.value !== 'string' || !HAS_LETTER.test(value.value)) continue;
      values.push({ start: value.range[0], end: value.range[1], value: value.value.trim(), type: value.type ?? 'PLAIN' });
    }
  }
  let at = 0;
  for (const v of values) {
    out.keep(body.slice(at, v.start));
    out.add({ text: v.value, source: body.slice(v.start, v.end), yaml: v.type });
    at = v.end;
  }
  out.keep(body.slice(at));
}

/** The translation as a YAML value in the style of `source` (the value as written). */
export function yamlValue(translation: string, style: string, source: string): string {
  const value = translation.trim();
  const block = style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED';
  // A block scalar's range runs to its last line break; a flow value written instead keeps it.
  const tail = block ? /(?:\r?\n)*$/.exec(source)![0] : '';
  if (block) {
    const nl = source.indexOf('\n');
    const eol = source[nl - 1] === '\r' ? '\r\n' : '\n';
    const indent = /^[ \t]*/.exec(source.slice(nl + 1))![0] || '  ';
    const lines = value.split(/\r?\n/).map((l) => (l ? indent + l : l));
    const written = source.slice(0, nl + 1) + lines.join(eol) + (tail || eol);
    if (parsesTo(written, value)) return written;
  }
  const type = style === 'QUOTE_SINGLE' || style === 'QUOTE_DOUBLE' ? style : 'PLAIN';
  const written = stringify(value, { defaultStringType: type, lineWidth: 0, minContentWidth: 0 }).replace(/\r?\n$/, '');
  return (parsesTo(written, value) && !/[\r\n]/.test(written) ? written : JSON.stringify(value)) + tail;
}

function parsesTo(written: string, value: string): boolean {
  const doc = parseDocument(`k: ${written}\n`);
  const parsed: unknown = isMap(doc.contents) ? doc.contents.get('k') : undefined;
  return doc.errors.length === 0 && typeof parsed === 'string' && parsed.replace(/\n$/, '') === value;
}
