/**
 * Front matter values named in `frontMatterKeys` are translated; the YAML is parsed and written
 * back with the `yaml` package (comments and the other keys kept), never edited by regex. TOML
 * front matter (`+++`) is kept as it is.
 */
import { parseDocument } from 'yaml';

function yamlBody(block: string): { open: string; body: string; close: string } | undefined {
  const m = /^(---[ \t]*\r?\n)([\s\S]*?)((?:---|\.\.\.)[ \t]*)$/.exec(block);
  if (m === null) return undefined;
  return { open: m[1]!, body: m[2]!, close: m[3]! };
}

/** String values of the listed top-level keys that hold a letter, in key order. */
export function frontMatterSegments(block: string, keys: readonly string[]): { key: string; text: string }[] {
  const y = yamlBody(block);
  if (y === undefined || keys.length === 0) return [];
  const doc = parseDocument(y.body);
  if (doc.errors.length > 0) return [];
  const out: { key: string; text: string }[] = [];
  for (const key of keys) {
    const value: unknown = doc.get(key);
    if (typeof value === 'string' && /\p{L}/u.test(value)) out.push({ key, text: value });
  }
  return out;
}

/** The block with the given keys' values replaced. */
export function composeFrontMatter(block: string, values: ReadonlyMap<string, string>): string {
  const y = yamlBody(block);
  if (y === undefined || values.size === 0) return block;
  const doc = parseDocument(y.body);
  for (const [key, value] of values) doc.set(key, value);
  return y.open + doc.toString({ lineWidth: 0 }) + y.close;
}

/** The current values of the listed keys in a translation's front matter. */
export function frontMatterValues(block: string, keys: readonly string[]): Map<string, string> {
  return new Map(frontMatterSegments(block, keys).map((s) => [s.key, s.text]));
}
