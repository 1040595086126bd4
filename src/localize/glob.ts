/**
 * The glob matcher for `include` / `exclude` / `files` (POSIX paths relative to the config folder):
 * `**` any number of path segments, `*` and `?` within one segment, `{a,b}` alternatives, `[...]`
 * character classes (`[!...]` negated). A pattern without `/` matches the file name in any folder,
 * as in .gitignore; a leading `/` or `./` is dropped. Dot files and dot folders are not special
 * (`*.md` matches `.x.md`, `**` crosses `.github/`): the default exclude `** /.* /**` leaves them out.
 * A `**` that is not a whole segment (`docs/**.md`) matches across folders, like `.*`.
 *
 * Patterns come from the repository (doc-translate.json), so matching never backtracks: the pattern
 * is compiled to a Thompson automaton and a path is run through it once, keeping the set of live
 * states (O(path length x pattern length), whatever the pattern). A RegExp would take exponential
 * time on `a/** /a/** /a/** /…` or `*a*a*a*b` against a deep path or a long name (the old regexp
 * matcher took 1.4 s per path for ten `** /`; picomatch's regexps, measured, take seconds as well).
 * (The spaces in `** /` above only keep this comment open.)
 */

/** One node of the automaton: consumes a character that `accepts`, or splits without consuming. */
interface CharNode {
  kind: 'char';
  accepts: (c: number) => boolean;
  next: number;
}
interface SplitNode {
  kind: 'split';
  next: number[];
}
interface MatchNode {
  kind: 'match';
}
type Node = CharNode | SplitNode | MatchNode;

const SLASH = 0x2f;

/** A compiled glob: `test(path)` in time linear in the path (times the pattern's size). */
export interface GlobMatcher {
  readonly source: string;
  test(path: string): boolean;
  /**
   * Automaton states visited by the last `test` (deterministic, for tests): at most
   * (path length + 1) x (number of states).
   */
  readonly lastSteps: number;
  /** Number of states of the automaton. */
  readonly size: number;
}

type Item =
  | { t: 'char'; accepts: (c: number) => boolean; literal?: string }
  | { t: 'star' } // [^/]*
  | { t: 'any' } // .*
  | { t: 'dirs' } // (?:[^/]*\/)*
  | { t: 'group'; alts: Item[][] };

function classAccepts(body: string): (c: number) => boolean {
  let negate = false;
  let i = 0;
  if (body[0] === '!' || body[0] === '^') {
    negate = true;
    i = 1;
  }
  const ranges: [number, number][] = [];
  const chars = body.slice(i);
  for (let k = 0; k < chars.length; k++) {
    const lo = chars.charCodeAt(k);
    if (chars[k + 1] === '-' && k + 2 < chars.length) {
      ranges.push([lo, chars.charCodeAt(k + 2)]);
      k += 2;
    } else {
      ranges.push([lo, lo]);
    }
  }
  return (c) => ranges.some(([a, b]) => c >= a && c <= b) !== negate;
}

/** Index of the `}` closing the `{` at `open`, skipping `[...]` classes; -1 when unbalanced. */
function closingBrace(p: string, open: number): number {
  let depth = 0;
  for (let i = open; i < p.length; i++) {
    const ch = p[i];
    if (ch === '[') {
      const close = p.indexOf(']', i + 1);
      if (close >= 0) i = close;
    } else if (ch === '{') {
      depth++;
    } else if (ch === '}' && --depth === 0) {
      return i;
    }
  }
  return -1;
}

/** Parses `p[from, to)`; `inGroup`: a `,` at this level separates alternatives. */
function parse(p: string, from: number, to: number, inGroup: boolean): Item[][] {
  const alts: Item[][] = [[]];
  for (let i = from; i < to; i++) {
    const items = alts[alts.length - 1]!;
    const ch = p[i]!;
    if (ch === '*') {
      if (p[i + 1] === '*') {
        const slashAfter = p[i + 2] === '/';
        items.push({ t: slashAfter ? 'dirs' : 'any' });
        i += slashAfter ? 2 : 1;
      } else {
        items.push({ t: 'star' });
      }
    } else if (ch === '?') {
      items.push({ t: 'char', accepts: (c) => c !== SLASH });
    } else if (ch === '[' && p.indexOf(']', i + 1) >= 0 && p.indexOf(']', i + 1) < to) {
      const close = p.indexOf(']', i + 1);
      items.push({ t: 'char', accepts: classAccepts(p.slice(i + 1, close)) });
      i = close;
    } else if (ch === '{' && closingBrace(p, i) >= 0 && closingBrace(p, i) < to) {
      const close = closingBrace(p, i);
      items.push({ t: 'group', alts: parse(p, i + 1, close, true) });
      i = close;
    } else if (ch === ',' && inGroup) {
      alts.push([]);
    } else {
      const code = p.charCodeAt(i);
      items.push({ t: 'char', accepts: (c) => c === code, literal: ch });
    }
  }
  return alts;
}

/** Thompson construction: `nodes` grows; returns the entry of `items` followed by `next`. */
function build(nodes: Node[], items: readonly Item[], next: number): number {
  let entry = next;
  for (let k = items.length - 1; k >= 0; k--) entry = buildItem(nodes, items[k]!, entry);
  return entry;
}

function add(nodes: Node[], node: Node): number {
  nodes.push(node);
  return nodes.length - 1;
}

function buildItem(nodes: Node[], item: Item, next: number): number {
  switch (item.t) {
    case 'char':
      return add(nodes, { kind: 'char', accepts: item.accepts, next });
    case 'star':
    case 'any': {
      const loop = add(nodes, { kind: 'split', next: [] });
      const accepts = item.t === 'star' ? (c: number) => c !== SLASH : () => true;
      const ch = add(nodes, { kind: 'char', accepts, next: loop });
      (nodes[loop] as SplitNode).next.push(ch, next);
      return loop;
    }
    case 'dirs': {
      // (?:[^/]*\/)* : loop -> (name -> slash -> loop) | next
      const loop = add(nodes, { kind: 'split', next: [] });
      const slash = add(nodes, { kind: 'char', accepts: (c) => c === SLASH, next: loop });
      const name = add(nodes, { kind: 'split', next: [] });
      const nameChar = add(nodes, { kind: 'char', accepts: (c) => c !== SLASH, next: name });
      (nodes[name] as SplitNode).next.push(nameChar, slash);
      (nodes[loop] as SplitNode).next.push(name, next);
      return loop;
    }
    case 'group':
      return add(nodes, { kind: 'split', next: item.alts.map((alt) => build(nodes, alt, next)) });
  }
}

/** A set of live automaton states, with the transitions from it found so far. */
interface DfaState {
  states: number[];
  matched: boolean;
  next: Map<number, DfaState>;
}

// Beyond this many state sets per pattern (a hostile one), transitions are computed and not kept.
const MAX_DFA_STATES = 2048;

class Automaton implements GlobMatcher {
  lastSteps = 0;
  private readonly dfa = new Map<string, DfaState>();
  private initial: DfaState | undefined;
  private readonly nodes: Node[] = [{ kind: 'match' }];
  private readonly start: number;
  private readonly seen: Uint32Array;
  private generation = 0;
  /** The literal text every match ends with (a quick refusal before the automaton runs). */
  private readonly suffix: string;

  constructor(readonly source: string) {
    const pattern = source.includes('/') ? source.replace(/^\.?\//, '') : `**/${source}`;
    const alts = parse(pattern, 0, pattern.length, false);
    this.start = add(this.nodes, { kind: 'split', next: alts.map((alt) => build(this.nodes, alt, 0)) });
    this.seen = new Uint32Array(this.nodes.length);
    let suffix = '';
    if (alts.length === 1) {
      for (let k = alts[0]!.length - 1; k >= 0; k--) {
        const item = alts[0]![k]!;
        if (item.t !== 'char' || item.literal === undefined) break;
        suffix = item.literal + suffix;
      }
    }
    this.suffix = suffix;
  }

  get size(): number {
    return this.nodes.length;
  }

  /** Adds `state` and every state reachable from it without consuming (iterative, no recursion). */
  private close(state: number, into: number[]): boolean {
    let matched = false;
    const stack = [state];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (this.seen[s] === this.generation) continue;
      this.seen[s] = this.generation;
      const node = this.nodes[s]!;
      if (node.kind === 'split') for (let k = node.next.length - 1; k >= 0; k--) stack.push(node.next[k]!);
      else if (node.kind === 'char') into.push(s);
      else matched = true;
    }
    return matched;
  }

  /** The state set reached from `from` on `code` (the automaton's step), interned as a DFA state. */
  private step(from: DfaState | null, code: number): DfaState {
    if (this.generation > 0xfffffff0) {
      this.seen.fill(0);
      this.generation = 0;
    }
    this.generation++;
    const states: number[] = [];
    let matched = false;
    if (from === null) matched = this.close(this.start, states);
    else
      for (const s of from.states) {
        const node = this.nodes[s] as CharNode;
        if (node.accepts(code) && this.close(node.next, states)) matched = true;
      }
    const key = states.join(',') + (matched ? '+' : '');
    const known = this.dfa.get(key);
    if (known !== undefined) return known;
    const state: DfaState = { states, matched, next: new Map() };
    if (this.dfa.size < MAX_DFA_STATES) this.dfa.set(key, state);
    return state;
  }

  test(path: string): boolean {
    this.lastSteps = 0;
    if (!path.endsWith(this.suffix)) return false;
    // The state sets are built lazily and their transitions kept (a DFA made on demand, as
    // RE2 does): most paths of a listing walk transitions already made, one lookup a character.
    let state = (this.initial ??= this.step(null, 0));
    this.lastSteps += state.states.length;
    for (let i = 0; i < path.length; i++) {
      if (state.states.length === 0) return false;
      const code = path.charCodeAt(i);
      let next = state.next.get(code);
      if (next === undefined) {
        next = this.step(state, code);
        if (this.dfa.size < MAX_DFA_STATES) state.next.set(code, next);
      }
      state = next;
      this.lastSteps += Math.max(1, state.states.length);
    }
    return state.matched;
  }
}

/** Compiles one glob (see the module comment). */
export function compileGlob(glob: string): GlobMatcher {
  return new Automaton(glob);
}

/** True when `path` matches any of the globs. */
export function matchesAny(path: string, globs: readonly Pick<GlobMatcher, 'test'>[]): boolean {
  return globs.some((g) => g.test(path));
}

/**
 * `patterns.map(compileGlob)`, yielding to the event loop whenever `sliceMs` passed: a repository's
 * 768 patterns of 16 `**` take about 160 ms to compile, which must not block the extension host.
 */
export async function compileYielding(patterns: readonly string[], sliceMs = 8): Promise<GlobMatcher[]> {
  const out: GlobMatcher[] = [];
  let since = performance.now();
  for (const p of patterns) {
    out.push(compileGlob(p));
    if (performance.now() - since >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return out;
}

/** `items.filter(keep)`, yielding to the event loop whenever `sliceMs` passed since the last yield. */
export async function filterYielding<T>(items: readonly T[], keep: (item: T) => boolean, sliceMs = 10): Promise<T[]> {
  const out: T[] = [];
  let since = performance.now();
  for (const item of items) {
    if (keep(item)) out.push(item);
    if (performance.now() - since >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return out;
}
