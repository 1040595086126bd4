/**
 * Literal values of a JavaScript or TypeScript configuration module, read statically: the module
 * is parsed (acorn with the TypeScript plugin) and never run. Object and array literals, strings,
 * numbers, booleans, null, template literals without expressions, `-1`, identifiers bound to such
 * values in the same file (`const`/`let`/`var`, exported or not) and spreads of them are read; type
 * syntax (`satisfies`, `as`, `as const`, `!`, `<T>x`, annotations) is looked through; a call to a
 * `defineXxx(...)` helper is its first argument. Anything else (another call, an import, a member
 * access, an operator, a function, a template literal with expressions) is a `Computed` value that
 * says what it is and where, so the caller can report exactly which setting it could not read.
 */
import { Parser, type Node as AcornNode } from 'acorn';
import { tsPlugin } from '@sveltejs/acorn-typescript';

/** A value that cannot be known without running the code. */
export class Computed {
  constructor(
    readonly reason: string,
    readonly line: number,
    /** When the value is a call `name(args)`: the callee as written and the arguments, read the same way. */
    readonly call?: { name: string; args: Lit[] },
  ) {}
}

export type Lit = string | number | boolean | null | undefined | Computed | Lit[] | LitObject;
export interface LitObject {
  [key: string]: Lit;
}

/** Spreads in an object literal that could not be read: any key not written out may come from them. */
const openSpread = Symbol('computed spread');

export interface JsModule {
  /** `export default X`, `module.exports = X` or `export = X`; undefined when there is none. */
  default: Lit;
  /** Named exports (`export const x = ...`). */
  named: Map<string, Lit>;
  /** The local name each import binds, with its module: `import starlight from '@astrojs/starlight'` → starlight → @astrojs/starlight. */
  imports: Map<string, string>;
}

type N = AcornNode & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let parser: typeof Parser | undefined;
function tsParser(): typeof Parser {
  parser ??= Parser.extend(tsPlugin() as never) as typeof Parser;
  return parser;
}

export class ParseError extends Error {
  override name = 'ParseError';
}

/** Parses a module; throws ParseError with the position when the text is not valid JS/TS. */
export function readJsModule(text: string): JsModule {
  let program: N;
  try {
    program = tsParser().parse(text, { ecmaVersion: 'latest', sourceType: 'module', locations: true, allowHashBang: true }) as N;
  } catch (err) {
    throw new ParseError(err instanceof Error ? err.message : String(err));
  }
  const decls = new Map<string, N | null>(); // name → initializer (null: declared without a literal initializer)
  const imports = new Map<string, string>();
  const exported: string[] = [];
  let defaultNode: N | undefined;
  const declare = (d: N): void => {
    if (d.type !== 'VariableDeclaration') return;
    for (const v of d.declarations as N[]) if (v.id.type === 'Identifier') decls.set(v.id.name, v.init ?? null);
  };
  for (const st of program.body as N[]) {
    switch (st.type) {
      case 'ImportDeclaration':
        for (const s of st.specifiers as N[]) imports.set(s.local.name, String(st.source.value));
        break;
      case 'VariableDeclaration':
        declare(st);
        break;
      case 'ExportNamedDeclaration':
        if (st.declaration) {
          declare(st.declaration);
          if (st.declaration.type === 'VariableDeclaration')
            for (const v of st.declaration.declarations as N[]) if (v.id.type === 'Identifier') exported.push(v.id.name);
        }
        break;
      case 'ExportDefaultDeclaration':
        defaultNode = st.declaration;
        break;
      case 'TSExportAssignment':
        defaultNode = st.expression;
        break;
      case 'ExpressionStatement': {
        const e = st.expression;
        if (e.type === 'AssignmentExpression' && e.operator === '=' && isModuleExports(e.left)) defaultNode = e.right;
        break;
      }
    }
  }
  const cache = new Map<string, Lit>();
  const resolving = new Set<string>();
  const lookup = (name: string, at: N): Lit => {
    if (name === 'undefined') return undefined;
    if (cache.has(name)) return cache.get(name);
    const from = imports.get(name);
    if (from !== undefined) return new Computed(`${name} is imported from ${from}`, line(at));
    if (!decls.has(name)) return new Computed(`${name} is not a constant of this file`, line(at));
    const init = decls.get(name);
    if (init === null || init === undefined) return new Computed(`${name} has no literal value`, line(at));
    if (resolving.has(name)) return new Computed(`${name} refers to itself`, line(at));
    resolving.add(name);
    const value = evaluate(init, lookup);
    resolving.delete(name);
    cache.set(name, value);
    return value;
  };
  const named = new Map<string, Lit>();
  for (const name of exported) named.set(name, lookup(name, program));
  return { default: defaultNode === undefined ? undefined : evaluate(defaultNode, lookup), named, imports };
}

function isModuleExports(n: N): boolean {
  return n.type === 'MemberExpression' && !n.computed && n.object.type === 'Identifier' && n.object.name === 'module' && n.property.name === 'exports';
}

function line(n: N): number {
  return (n.loc?.start.line as number | undefined) ?? 0;
}

function calleeName(n: N): string {
  if (n.type === 'Identifier') return n.name as string;
  if (n.type === 'MemberExpression' && !n.computed) return `${calleeName(n.object)}.${n.property.name as string}`;
  return '(expression)';
}

function evaluate(n: N, lookup: (name: string, at: N) => Lit): Lit {
  const ev = (x: N): Lit => evaluate(x, lookup);
  switch (n.type) {
    case 'Literal':
      if (n.regex !== undefined) return new Computed('a regular expression', line(n));
      if (typeof n.value === 'bigint') return new Computed('a bigint', line(n));
      return n.value as string | number | boolean | null;
    case 'TemplateLiteral':
      if ((n.expressions as N[]).length === 0) return (n.quasis as N[]).map((q) => q.value.cooked as string).join('');
      return new Computed('a template literal with expressions', line(n));
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'TSInstantiationExpression':
      return ev(n.expression);
    case 'Identifier':
      return lookup(n.name as string, n);
    case 'UnaryExpression':
      if ((n.operator === '-' || n.operator === '+') && n.argument.type === 'Literal' && typeof n.argument.value === 'number') {
        return n.operator === '-' ? -n.argument.value : n.argument.value;
      }
      return new Computed(`the operator ${n.operator as string}`, line(n));
    case 'ArrayExpression': {
      const out: Lit[] = [];
      for (const el of n.elements as (N | null)[]) {
        if (el === null) out.push(undefined);
        else if (el.type === 'SpreadElement') {
          const v = ev(el.argument);
          if (Array.isArray(v)) out.push(...v);
          else out.push(v instanceof Computed ? v : new Computed('a spread of a value that is not an array', line(el)));
        } else out.push(ev(el));
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: LitObject = {};
      const spreads: Computed[] = [];
      for (const p of n.properties as N[]) {
        if (p.type === 'SpreadElement') {
          const v = ev(p.argument);
          if (isObject(v)) {
            Object.assign(out, v);
            const inner = (v as Record<symbol, Computed[] | undefined>)[openSpread];
            if (inner) spreads.push(...inner);
          } else spreads.push(v instanceof Computed ? v : new Computed('a spread of a value that is not an object', line(p)));
          continue;
        }
        let key: string;
        if (!p.computed && p.key.type === 'Identifier') key = p.key.name as string;
        else if (p.key.type === 'Literal' && (typeof p.key.value === 'string' || typeof p.key.value === 'number')) key = String(p.key.value);
        else if (p.computed) {
          const k = ev(p.key);
          if (typeof k !== 'string' && typeof k !== 'number') {
            spreads.push(new Computed('a computed key', line(p)));
            continue;
          }
          key = String(k);
        } else continue;
        if (p.kind !== 'init' || p.method) out[key] = new Computed(`${key} is a ${p.method ? 'method' : 'getter or setter'}`, line(p));
        else out[key] = ev(p.value);
      }
      if (spreads.length > 0) Object.defineProperty(out, openSpread, { value: spreads, enumerable: false });
      return out;
    }
    case 'CallExpression': {
      const name = calleeName(n.callee);
      const args = (n.arguments as N[]).map((a) => (a.type === 'SpreadElement' ? new Computed('a spread argument', line(a)) : ev(a)));
      if (/^define[A-Z]\w*$/.test(name) && args.length >= 1) return args[0];
      return new Computed(`a call to ${name}()`, line(n), { name, args });
    }
    case 'MemberExpression':
      return new Computed(`${calleeName(n)}`, line(n));
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return new Computed('a function', line(n));
    case 'ConditionalExpression':
      return new Computed('a conditional (?:) expression', line(n));
    case 'LogicalExpression':
    case 'BinaryExpression':
      return new Computed(`an expression with ${n.operator as string}`, line(n));
    case 'AwaitExpression':
      return new Computed('an await expression', line(n));
    case 'NewExpression':
      return new Computed(`new ${calleeName(n.callee)}()`, line(n));
    default:
      return new Computed(`a ${String(n.type)}`, line(n));
  }
}

export function isObject(v: Lit): v is LitObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Computed);
}

/**
 * Reads `path` (dot-separated keys) from a value: the value, `undefined` when a key is absent, or the
 * `Computed` that stands in the way (a computed parent, or a computed spread that may define the key).
 */
export function get(v: Lit, path: string): Lit {
  let cur: Lit = v;
  for (const key of path.split('.')) {
    if (cur instanceof Computed) return cur;
    if (!isObject(cur)) return undefined;
    if (Object.prototype.hasOwnProperty.call(cur, key)) cur = cur[key];
    else {
      const spreads = (cur as Record<symbol, Computed[] | undefined>)[openSpread];
      return spreads?.[0];
    }
  }
  return cur;
}

/** The first Computed found inside a value (deeply), if any. */
export function firstComputed(v: Lit): Computed | undefined {
  if (v instanceof Computed) return v;
  if (Array.isArray(v)) {
    for (const x of v) {
      const c = firstComputed(x);
      if (c) return c;
    }
  } else if (isObject(v)) {
    const spreads = (v as Record<symbol, Computed[] | undefined>)[openSpread];
    if (spreads?.[0]) return spreads[0];
    for (const x of Object.values(v)) {
      const c = firstComputed(x);
      if (c) return c;
    }
  }
  return undefined;
}

/** Every call found inside a value (deeply), e.g. the `starlight({...})` in `integrations`. */
export function findCalls(v: Lit, name: (callee: string) => boolean): Computed[] {
  const out: Computed[] = [];
  const walk = (x: Lit): void => {
    if (x instanceof Computed) {
      if (x.call && name(x.call.name)) out.push(x);
      else if (x.call) x.call.args.forEach(walk);
    } else if (Array.isArray(x)) x.forEach(walk);
    else if (isObject(x)) Object.values(x).forEach(walk);
  };
  walk(v);
  return out;
}
