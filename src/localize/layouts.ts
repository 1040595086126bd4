/**
 * Where the translation of a source file goes, per documentation framework. Every path is POSIX and
 * relative to the folder holding doc-translate.json; `source` is the configured source folder.
 *
 * | layout | source | translation |
 * |---|---|---|
 * | docusaurus | docs/a/b.md | i18n/<l>/docusaurus-plugin-content-docs/current/a/b.md |
 * | starlight | src/content/docs/a.md | src/content/docs/<l>/a.md |
 * | vitepress | docs/a.md | docs/<l>/a.md |
 * | mkdocs-suffix | docs/a.md | docs/a.<l>.md |
 * | mkdocs-folder | docs/en/a.md | docs/<l>/a.md |
 * | hugo | content/a.md | content/a.<l>.md |
 * | { pattern } | ${dir}/${name} | the pattern with ${dir}, ${lang}, ${name}, ${stem}, ${ext}, ${rel} |
 */
import { posix } from 'node:path';

export const LAYOUT_NAMES = ['docusaurus', 'starlight', 'vitepress', 'mkdocs-suffix', 'mkdocs-folder', 'hugo'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];
export type LayoutSpec = LayoutName | { pattern: string };

export interface Layout {
  /** The translation of `sourcePath` into `lang`. */
  target(sourcePath: string, lang: string): string;
  /** True when `path` has the shape of a translation into one of the languages the layout was made with. */
  isOutput(path: string): boolean;
}

function clean(p: string): string {
  const n = posix.normalize(p).replace(/^(\.\/|\/)+/, '');
  return n === '.' ? '' : n;
}

function within(source: string, path: string): string {
  const root = clean(source);
  if (root === '') return path;
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

function join(...parts: string[]): string {
  return clean(parts.filter((p) => p !== '').join('/'));
}

function splitName(path: string): { dir: string; name: string; stem: string; ext: string } {
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  const name = posix.basename(path);
  const ext = posix.extname(name);
  return { dir, name, stem: name.slice(0, name.length - ext.length), ext };
}

/** A test of a path against `source`, compiled once (isOutput runs for every file of a listing). */
const tester = (source: string): ((p: string) => boolean) => {
  const re = new RegExp(source);
  return (p) => re.test(p);
};

const escapeRe = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

export function createLayout(spec: LayoutSpec, source: string, langs: readonly string[]): Layout {
  const root = clean(source);
  const langAlt = langs.map(escapeRe).join('|');
  const suffix = (): Layout => ({
    target: (p, l) => {
      const { dir, stem, ext } = splitName(p);
      return join(dir, `${stem}.${l}${ext}`);
    },
    isOutput: tester(`\\.(?:${langAlt})\\.[^./]+$`),
  });
  const langFolder = (): Layout => ({
    target: (p, l) => join(root, l, within(root, p)),
    isOutput: tester(`^${escapeRe(root === '' ? '' : `${root}/`)}(?:${langAlt})/`),
  });
  if (typeof spec !== 'string') return patternLayout(spec.pattern, root, langAlt);
  switch (spec) {
    case 'docusaurus':
      return {
        target: (p, l) => join('i18n', l, 'docusaurus-plugin-content-docs', 'current', within(root, p)),
        isOutput: tester(`^i18n/(?:${langAlt})/`),
      };
    case 'starlight':
    case 'vitepress':
      return langFolder();
    case 'mkdocs-suffix':
    case 'hugo':
      return suffix();
    case 'mkdocs-folder': {
      const parent = posix.dirname(root) === '.' ? '' : posix.dirname(root);
      return {
        target: (p, l) => join(parent, l, within(root, p)),
        isOutput: tester(`^${escapeRe(parent === '' ? '' : `${parent}/`)}(?:${langAlt})/`),
      };
    }
  }
}

function patternLayout(pattern: string, root: string, langAlt: string): Layout {
  const vars = (p: string, l: string): Record<string, string> => {
    const { dir, name, stem, ext } = splitName(p);
    return { dir, name, stem, ext, lang: l, rel: within(root, p) };
  };
  let re = '';
  for (const piece of pattern.replace(/^\.\//, '').split(/(\$\{[a-z]+\}\/?)/)) {
    const m = /^\$\{([a-z]+)\}(\/?)$/.exec(piece);
    if (m === null) re += escapeRe(piece);
    else if (m[1] === 'dir') re += m[2] === '/' ? '(?:.*/)?' : '.*';
    else if (m[1] === 'lang') re += `(?:${langAlt})${m[2]}`;
    else if (m[1] === 'rel') re += `.+${m[2]}`;
    else re += `[^/]+${m[2]}`;
  }
  const matcher = new RegExp(`^${re}$`);
  return {
    target: (p, l) => {
      const v = vars(p, l);
      return join(pattern.replace(/\$\{([a-z]+)\}/g, (all, key: string) => v[key] ?? all));
    },
    isOutput: (p) => matcher.test(p),
  };
}

export interface Detected {
  layout: LayoutName;
  source: string;
  /** The file that gave it away. */
  evidence: string;
}

/**
 * Proposes a layout from a folder's files (POSIX paths relative to it): docusaurus.config.*,
 * astro.config.* mentioning Starlight, a .vitepress/ folder, mkdocs.yml (`docs_structure: folder`
 * means mkdocs-folder), hugo.toml or config.toml. `read` returns a small file's text, if any.
 */
export function detectFramework(files: readonly string[], read: (path: string) => string | undefined = () => undefined): Detected | undefined {
  const top = (re: RegExp): string | undefined => files.find((f) => re.test(f));
  const docusaurus = top(/^docusaurus\.config\.(?:js|mjs|cjs|ts|mts)$/);
  if (docusaurus !== undefined) return { layout: 'docusaurus', source: 'docs', evidence: docusaurus };
  const astro = top(/^astro\.config\.(?:js|mjs|cjs|ts|mts)$/);
  if (astro !== undefined && /starlight/i.test(read(astro) ?? '')) return { layout: 'starlight', source: 'src/content/docs', evidence: astro };
  const vite = files.find((f) => /(?:^|\/)\.vitepress\//.test(f));
  if (vite !== undefined) {
    const dir = vite.slice(0, vite.indexOf('.vitepress/')).replace(/\/$/, '');
    return { layout: 'vitepress', source: dir === '' ? '.' : dir, evidence: `${dir === '' ? '' : `${dir}/`}.vitepress/` };
  }
  const mkdocs = top(/^mkdocs\.ya?ml$/);
  if (mkdocs !== undefined) {
    const folder = /^\s*docs_structure:\s*folder\b/m.test(read(mkdocs) ?? '');
    return folder ? { layout: 'mkdocs-folder', source: 'docs/en', evidence: mkdocs } : { layout: 'mkdocs-suffix', source: 'docs', evidence: mkdocs };
  }
  const hugo = top(/^(?:hugo\.(?:toml|ya?ml|json)|config\.toml)$/);
  if (hugo !== undefined) return { layout: 'hugo', source: 'content', evidence: hugo };
  return undefined;
}
