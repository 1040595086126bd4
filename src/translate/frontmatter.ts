/**
 * YAML front matter: the values of reader-facing keys are translated, everything else is kept
 * byte for byte. Values are read and written with a YAML library (never by pattern), so quoting
 * stays valid whatever the translation holds. A key is a path (`hero.tagline`, `hero.actions[].text`:
 * `[]` is every element of an array), see src/shared/frontMatter.ts.
 */
import { isMap, isScalar, isSeq, parseDocument, stringify, type Scalar } from 'yaml';
import { HAS_LETTER, type PartsBuilder } from './builder.ts';

/**
 * The keys translated when the caller names none. The editor and the localization engine always
 * name them: the framework's defaults from src/shared/frontMatter.ts, merged with the user's keys.
 */
export const DEFAULT_FRONT_MATTER_KEYS: readonly string[] = ['title', 'description', 'sidebar_label', 'summary'];

/** One step of a key path: a key, then `arrays` times "every element of the array". */
export interface KeyStep {
  name: string;
  arrays: number;
}

/**
 * `hero.actions[].text` → hero, actions (each element), text. Undefined for a path that is not
 * one (an empty step, `[` without `]`): such a key matches nothing.
 */
export function parseKeyPath(path: string): KeyStep[] | undefined {
  const steps: KeyStep[] = [];
  for (const raw of path.trim().split('.')) {
    const m = /^([^[\]]+)((?:\[\])*)$/.exec(raw.trim());
    if (!m) return undefined;
    steps.push({ name: m[1]!.trim(), arrays: m[2]!.length / 2 });
  }
  return steps.length > 0 ? steps : undefined;
}

/** YAML style of a value inside a flow collection (`[…]`, `{…}`): written so that it stays one item. */
const FLOW = 'FLOW ';

interface Found {
  node: Scalar;
  flow: boolean;
}

/** The scalars a key path reaches from `node` (a map), with whether they sit inside a flow collection. */
function reach(node: unknown, steps: readonly KeyStep[], flow: boolean, out: Found[]): void {
  if (steps.length === 0) {
    if (isScalar(node)) out.push({ node, flow });
    return;
  }
  if (!isMap(node)) return;
  const [step, ...rest] = steps as [KeyStep, ...KeyStep[]];
  for (const pair of node.items) {
    if (!isScalar(pair.key) || String(pair.key.value) !== step.name) continue;
    let targets: { node: unknown; flow: boolean }[] = [{ node: pair.value, flow: flow || node.flow === true }];
    for (let i = 0; i < step.arrays; i++) {
      targets = targets.flatMap((t) =>
        isSeq(t.node) ? t.node.items.map((item) => ({ node: item, flow: t.flow || (t.node as { flow?: boolean }).flow === true })) : [],
      );
    }
    for (const t of targets) reach(t.node, rest, t.flow || (isMap(t.node) && t.node.flow === true), out);
  }
}

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
    const found: Found[] = [];
    for (const key of keys) {
      const steps = parseKeyPath(key);
      if (steps) reach(doc.contents, steps, false, found);
      // A top-level key that holds a dot itself (`params.title:`) is still that key.
      if (key.includes('.') && !key.includes('[')) reach(doc.contents, [{ name: key, arrays: 0 }], false, found);
    }
    const seen = new Set<number>();
    for (const { node, flow } of found) {
      if (!node.range || seen.has(node.range[0])) continue;
      if (typeof node.value !== 'string' || !HAS_LETTER.test(node.value)) continue;
      seen.add(node.range[0]);
      values.push({ start: node.range[0], end: node.range[1], value: node.value.trim(), type: (flow ? FLOW : '') + (node.type ?? 'PLAIN') });
    }
    values.sort((a, b) => a.start - b.start);
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
export function yamlValue(translation: string, styled: string, source: string): string {
  const value = translation.trim();
  const flow = styled.startsWith(FLOW);
  const style = flow ? styled.slice(FLOW.length) : styled;
  if (flow) {
    // Inside `[…]` or `{…}`: one line, and the value must stay one item (no bare `,`, `]` or `}`).
    const type = style === 'QUOTE_SINGLE' || style === 'QUOTE_DOUBLE' ? style : 'PLAIN';
    const out = stringify(value, { defaultStringType: type, lineWidth: 0, minContentWidth: 0 }).replace(/\r?\n$/, '');
    return !/[\r\n]/.test(out) && parsesTo(out, value, true) ? out : JSON.stringify(value);
  }
  // Most titles and descriptions: written as they are, without building and parsing a document.
  if (style === 'PLAIN' && plainAsIs(value)) return value;
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

/**
 * A value YAML writes and reads back as it is, as a plain scalar outside a flow collection: one
 * line, a letter first, then letters, marks, digits, spaces and `.,;()!?'’/-` (no `:` or `#`, which
 * can start a key or a comment), and not a word the core schema reads as a boolean or null. For such
 * a value the `stringify` and `parsesTo` of yamlValue agree: it is written unquoted.
 */
export function plainAsIs(value: string): boolean {
  return PLAIN_AS_IS.test(value) && !NOT_A_STRING.test(value);
}
const PLAIN_AS_IS = /^\p{L}[\p{L}\p{M}\p{N} .,;()!?'’/-]*$/u;
const NOT_A_STRING = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE|[Nn]ull|NULL)$/;

function parsesTo(written: string, value: string, flow = false): boolean {
  const doc = parseDocument(flow ? `k: [${written}, x]\n` : `k: ${written}\n`);
  const read: unknown = isMap(doc.contents) ? doc.contents.get('k') : undefined;
  const parsed: unknown = flow ? (isSeq(read) && read.items.length === 2 && isScalar(read.items[0]) ? read.items[0].value : undefined) : read;
  return doc.errors.length === 0 && typeof parsed === 'string' && parsed.replace(/\n$/, '') === value;
}
