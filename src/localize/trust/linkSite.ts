/**
 * What the link gate needs of the documentation framework, read from its config as data (never
 * run): the heading slug rule, where static files are served from, whether a page's URL carries a
 * language prefix, whether a missing translation falls back to the source page, and each page's
 * route (its URL path without the language prefix), with the front matter that changes it.
 */
import { posix } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { LocalizeConfig } from '../config.ts';
import { parseMkdocsYaml } from '../site/datacfg.ts';
import type { Framework, SiteModel } from '../site/model.ts';
import { parseNetlifyToml, parseRedirectsFile, type Redirect } from './redirects.ts';
import type { SlugRule } from './slugs.ts';

export interface LinkSite {
  framework: Framework | undefined;
  rule: SlugRule;
  /** A heading's `{#id}` is not read by the framework (Starlight, plain Markdown): both the id and the slug of the text are accepted. */
  explicitBoth: boolean;
  /** Folders (relative to the config folder) whose files are served at the site root. */
  staticDirs: string[];
  /** URL prefix of every page of the source set (Docusaurus: `/docs`), '' for the site root. */
  routeBase: string;
  /** Pages of another language are served under `/<lang>/` (all but Docusaurus, which builds each locale with its own base URL). */
  langPrefix: boolean;
  /** A page without translation is served from its source in every language (Docusaurus, Starlight, MkDocs static-i18n's fallback). */
  fallback: boolean;
  /** Site base URL path to strip from absolute links (Docusaurus baseUrl), without a trailing slash. */
  baseUrl: string;
  /** Every locale code the site knows (paths), the source language included. */
  locales: string[];
  /** Server-side redirects (Netlify / Cloudflare Pages `_redirects`, netlify.toml). */
  redirects: Redirect[];
}

type Read = (rel: string) => Promise<string | undefined>;
type Data = Record<string, unknown>;
const isData = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

const inSite = (site: SiteModel | undefined, rel: string): string => (site === undefined || site.siteRoot === '' ? rel : posix.join(site.siteRoot, rel));

/** A string setting written literally in a JS/TS config (`key: 'value'`), or undefined. */
function literal(text: string, key: string): string | undefined {
  return new RegExp(`\\b${key}\\s*:\\s*(['"\`])([^'"\`$]*)\\1`).exec(text)?.[2];
}

/** MkDocs: `markdown_extensions` → `toc` options (slugify, separator). */
function mkdocsRule(configText: string): SlugRule {
  let cfg: unknown;
  try {
    cfg = parseMkdocsYaml(configText);
  } catch {
    return { kind: 'python', unicode: false, separator: '-' };
  }
  const exts = isData(cfg) ? cfg['markdown_extensions'] : undefined;
  let toc: unknown;
  if (Array.isArray(exts)) for (const e of exts) if (isData(e) && 'toc' in e) toc = e['toc'];
  const opts = isData(toc) ? toc : {};
  const separator = typeof opts['separator'] === 'string' ? opts['separator'] : '-';
  // The slugify function is a YAML tag (`!!python/name:…`): read from the text, since the tag's value is dropped.
  const line = /^\s*slugify\s*:\s*(.*(?:\n\s+.*)*)/m.exec(configText.slice(configText.search(/^\s*-?\s*toc\s*:/m) >>> 0))?.[1] ?? '';
  if (/slugify_unicode/.test(line)) return { kind: 'python', unicode: true, separator };
  if (/pymdownx\.slugs\.uslugify/.test(line)) return { kind: 'python', unicode: true, separator, pymdownx: 'lower' };
  if (/pymdownx\.slugs\.slugify/.test(line)) {
    const c = /case\s*:\s*(\w+)/.exec(line)?.[1];
    return { kind: 'python', unicode: true, separator, pymdownx: c === 'lower' || c === 'fold' ? c : 'none' };
  }
  return { kind: 'python', unicode: false, separator };
}

function hugoType(texts: { file: string; text: string }[]): 'github' | 'github-ascii' | 'blackfriday' {
  for (const { file, text } of texts) {
    let data: unknown;
    try {
      data = file.endsWith('.toml') ? parseToml(text) : file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
    } catch {
      continue;
    }
    // Hugo's keys are case-insensitive.
    let v: unknown = data;
    for (const k of ['markup', 'goldmark', 'parser', 'autoheadingidtype']) {
      v = isData(v) ? Object.entries(v).find(([key]) => key.toLowerCase() === k)?.[1] : undefined;
    }
    if (v === 'github-ascii' || v === 'blackfriday' || v === 'github') return v;
  }
  return 'github';
}

export async function readLinkSite(config: LocalizeConfig, site: SiteModel | undefined, read: Read): Promise<LinkSite> {
  const found = await frameworkSite(config, site, read);
  const redirects: Redirect[] = [];
  for (const dir of found.staticDirs) redirects.push(...parseRedirectsFile((await read(posix.join(dir, '_redirects'))) ?? ''));
  redirects.push(...parseNetlifyToml((await read(inSite(site, 'netlify.toml'))) ?? ''));
  return { ...found, redirects };
}

async function frameworkSite(config: LocalizeConfig, site: SiteModel | undefined, read: Read): Promise<LinkSite> {
  const framework = site?.framework;
  const locales = [...new Set([...(site?.locales.map((l) => l.code) ?? []), ...config.targetLanguages])];
  if (site !== undefined && site.sourceLanguage !== 'auto') locales.push(site.sourceLanguage);
  const base: LinkSite = {
    framework,
    rule: { kind: 'github' },
    explicitBoth: true,
    staticDirs: [],
    routeBase: '',
    langPrefix: true,
    fallback: false,
    baseUrl: '',
    locales,
    redirects: [],
  };
  const configText = site !== undefined ? ((await read(inSite(site, site.configFile))) ?? '') : '';
  switch (framework) {
    case 'docusaurus': {
      const route = literal(configText, 'routeBasePath') ?? 'docs';
      const baseUrl = (literal(configText, 'baseUrl') ?? '/').replace(/\/+$/, '');
      return {
        ...base,
        explicitBoth: false,
        staticDirs: [inSite(site, 'static')],
        routeBase: route === '' || route === '/' ? '' : `/${route.replace(/^\/+|\/+$/g, '')}`,
        langPrefix: false,
        fallback: true,
        baseUrl,
      };
    }
    case 'starlight':
      return { ...base, staticDirs: [inSite(site, 'public')], fallback: true };
    case 'vitepress': {
      const srcDir = literal(configText, 'srcDir') ?? '.';
      return { ...base, rule: { kind: 'vitepress' }, explicitBoth: false, staticDirs: [inSite(site, posix.join(srcDir, 'public'))] };
    }
    case 'mkdocs': {
      const fallback = !/^\s*fallback_to_default\s*:\s*false\b/m.test(configText);
      return { ...base, rule: mkdocsRule(configText), explicitBoth: false, staticDirs: [], fallback };
    }
    case 'hugo': {
      const files = [
        'hugo.toml',
        'hugo.yaml',
        'hugo.yml',
        'hugo.json',
        'config.toml',
        'config.yaml',
        'config.yml',
        'config.json',
        'config/_default/markup.toml',
        'config/_default/hugo.toml',
        'config/_default/config.toml',
      ];
      const texts: { file: string; text: string }[] = [];
      for (const f of files) {
        const text = await read(inSite(site, f));
        if (text !== undefined) texts.push({ file: f, text });
      }
      return { ...base, rule: { kind: 'hugo', type: hugoType(texts) }, explicitBoth: false, staticDirs: [inSite(site, 'static'), inSite(site, 'assets')] };
    }
    default:
      return base;
  }
}

/** Front matter values that move a page: `slug`, `id` (Docusaurus), `url` and `aliases` (Hugo: old URLs that redirect to it). */
export function routeFrontMatter(text: string): { slug?: string; id?: string; url?: string; aliases?: string[] } {
  const m = /^(?:\uFEFF)?(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n\1[ \t]*(?:\r?\n|$)/.exec(text);
  if (m === null) return {};
  const out: { slug?: string; id?: string; url?: string; aliases?: string[] } = {};
  for (const key of ['slug', 'id', 'url'] as const) {
    const v = new RegExp(`^${key}\\s*[:=]\\s*(?:"([^"]*)"|'([^']*)'|([^\\s#][^#\\r\\n]*?))\\s*$`, 'm').exec(m[2]!);
    if (v !== null) out[key] = (v[1] ?? v[2] ?? v[3] ?? '').trim();
  }
  // aliases = ["/a/", "/b/"] (TOML), aliases: [/a/, /b/] or a YAML list of `- /a/` lines.
  const a = /^aliases\s*[:=]\s*(\[[^\]]*\]|(?:\r?\n[ \t]*-[^\n]*)+)/m.exec(m[2]!);
  if (a !== null) {
    out.aliases = a[1]!
      .replace(/^\[|\]$/g, '')
      .split(/,|\r?\n[ \t]*-/)
      .map((x) =>
        x
          .trim()
          .replace(/^-\s*/, '')
          .replace(/^["']|["']$/g, ''),
      )
      .filter((x) => x !== '');
  }
  return out;
}

/** A URL path as the index compares it: decoded, lower case, no `.html`/`.md` ending, no `index`/`README` page name, no trailing slash. */
export function normalizeRoute(path: string): string {
  let p = path;
  try {
    p = decodeURI(p);
  } catch {
    // keep it as written
  }
  p = p.replace(/\/{2,}/g, '/').replace(/\.(?:html?|mdx?|markdown)$/i, '');
  p = p.replace(/(^|\/)(?:_?index|readme)$/i, '$1').replace(/\/+$/, '');
  return (p.startsWith('/') ? p : `/${p}`).toLowerCase();
}

/** The route of a page (relative to the source root: `guide/a.md`) as the framework serves it, before any language prefix. */
export function routeOf(rel: string, site: LinkSite, fm: { slug?: string; id?: string; url?: string }): string {
  let segs = rel.replace(/\.(?:mdx?|markdown)$/i, '').split('/');
  const fw = site.framework;
  if (fw === 'docusaurus') segs = segs.map((s) => s.replace(/^\d+[-_.]\s*/, ''));
  let last = segs.pop() ?? '';
  if (fw === 'docusaurus' && fm.id !== undefined && fm.id !== '') last = fm.id;
  const isIndex = /^(?:index|readme|_index)$/i.test(last) || (fw === 'docusaurus' && segs.length > 0 && last === segs[segs.length - 1]);
  const dir = segs.join('/');
  let route = `${dir}/${isIndex ? '' : last}`;
  if (fm.slug !== undefined && fm.slug !== '') {
    if (fw === 'starlight') return normalizeRoute(fm.slug);
    if (fw === 'docusaurus') route = fm.slug.startsWith('/') ? fm.slug : `${dir}/${fm.slug}`;
    else if (fw === 'hugo') route = `${dir}/${fm.slug}`;
  }
  if (fw === 'hugo' && fm.url !== undefined && fm.url !== '') return normalizeRoute(fm.url);
  return normalizeRoute(`${site.routeBase}/${route}`);
}
