/**
 * Relative links and images in a translation must resolve from the translation's folder: a link
 * to another docs page points at that page's translation, any other existing file at the source's
 * copy. Destinations are located with mdast (GFM, and MDX for .mdx) so code is never touched:
 * links, images, definitions, `src`/`href` in HTML and in MDX JSX attributes.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import { posix } from 'node:path';
import { simpleUrls } from './simpleLinks.ts';

/** A destination in the source: [start, end) holds `url` verbatim. */
export interface UrlSpan {
  start: number;
  end: number;
  url: string;
}

interface Node {
  type: string;
  url?: string;
  value?: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: Node[];
  attributes?: { type: string; name?: string; value?: unknown; position?: Node['position'] }[];
}

type Options = NonNullable<Parameters<typeof fromMarkdown>[1]>;
// Made once: building the extension lists costs more than parsing a short page.
let options: { md: Options; mdx: Options } | undefined;

function optionsFor(mdx: boolean): Options {
  options ??= {
    md: { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] },
    mdx: { extensions: [gfm(), mdxjs()], mdastExtensions: [gfmFromMarkdown(), mdxFromMarkdown()] },
  };
  return mdx ? options.mdx : options.md;
}

function parse(text: string, mdx: boolean): Node {
  if (mdx) {
    try {
      return fromMarkdown(text, optionsFor(true)) as Node;
    } catch {
      // not valid MDX: read it as Markdown
    }
  }
  return fromMarkdown(text, optionsFor(false)) as Node;
}

/** Where `url` starts after the first `](` (spaces and a `<` allowed between) in `slice`, or -1. */
function destinationAt(slice: string, url: string): number {
  for (let at = slice.indexOf(']('); at >= 0; at = slice.indexOf('](', at + 1)) {
    let k = at + 2;
    while (k < slice.length && /\s/.test(slice[k]!)) k++;
    if (slice[k] === '<') k++;
    if (slice.startsWith(url, k)) return k;
  }
  return -1;
}

const HTML_ATTR = /\b(?:src|href)\s*=\s*("|')([^"']*)\1/g;
/** `src` / `href` of a Hugo shortcode (`{{< figure src="…" >}}`, `{{% img src="…" %}}`) in prose. */
const SHORTCODE_ATTR = /\{\{[<%]\s*[\w./-]+[^}]*?\b(?:src|href)\s*=\s*("|')([^"']*)\1/g;

/** The link destinations in `text`: read directly where the text is plain prose with simple links (simpleLinks.ts), parsed otherwise. */
export function findUrls(text: string, mdx: boolean): UrlSpan[] {
  return simpleUrls(text) ?? parsedUrls(text, mdx);
}

/** The link destinations in `text` as the parser reads them (GFM, and MDX when `mdx` unless the text is not valid MDX). */
export function parsedUrls(text: string, mdx: boolean): UrlSpan[] {
  try {
    return urlsIn(text, parse(text, mdx));
  } catch {
    return [];
  }
}

/** The destinations of an mdast tree parsed from `text` (offsets are `text`'s). */
export function urlsIn(text: string, tree: unknown): UrlSpan[] {
  const spans: UrlSpan[] = [];
  const add = (start: number, url: string): void => {
    if (url !== '' && text.startsWith(url, start)) spans.push({ start, end: start + url.length, url });
  };
  const walk = (node: Node): void => {
    const s = node.position?.start.offset;
    const e = node.position?.end.offset;
    if (s !== undefined && e !== undefined) {
      const slice = text.slice(s, e);
      if ((node.type === 'link' || node.type === 'image') && node.url !== undefined) {
        const at = destinationAt(slice, node.url);
        if (at >= 0) add(s + at, node.url);
      } else if (node.type === 'definition' && node.url !== undefined) {
        const at = slice.indexOf(node.url, slice.indexOf(']:'));
        if (at >= 0) add(s + at, node.url);
      } else if (node.type === 'html') {
        for (const m of slice.matchAll(HTML_ATTR)) add(s + m.index + m[0].length - 1 - m[2]!.length, m[2]!);
      } else if (node.type === 'paragraph' && slice.includes('{{')) {
        for (const m of slice.matchAll(SHORTCODE_ATTR)) add(s + m.index + m[0].length - 1 - m[2]!.length, m[2]!);
      }
      for (const attr of node.attributes ?? []) {
        const as = attr.position?.start.offset;
        const ae = attr.position?.end.offset;
        if ((attr.name === 'src' || attr.name === 'href') && typeof attr.value === 'string' && as !== undefined && ae !== undefined) {
          const at = text.slice(as, ae).lastIndexOf(attr.value);
          if (at >= 0) add(as + at, attr.value);
        }
      }
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree as Node);
  return spans.sort((a, b) => a.start - b.start);
}

export interface LinkContext {
  sourcePath: string;
  targetPath: string;
  /** The translation of a docs page in this language, or undefined when `path` is not a page. */
  pageTarget(path: string): string | undefined;
  /** True when a file exists at `path` (relative to the folder). */
  exists(path: string): boolean;
  /** A site-absolute URL (`/guide/`) as the translation must read it (the framework's URL scheme), or undefined to keep it. */
  absolute?(url: string): string | undefined;
  /**
   * A relative reference to an existing file that is not a page, as the translation must read it
   * (`resolved`: the file, relative to the folder; `rest`: query and fragment), or undefined to keep
   * it. Without it, the reference is rewritten to the file's path from the translation's folder.
   */
  asset?(resolved: string, rest: string): string | undefined;
}

/** The destination as it must read in the translation, or undefined to keep it. */
export function rewriteUrl(url: string, ctx: LinkContext): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return url.includes('{') ? undefined : ctx.absolute?.(url);
  if (/^(?:[A-Za-z][A-Za-z0-9+.-]*:|\/|#)/.test(url) || url.includes('{')) return undefined;
  const cut = url.search(/[?#]/);
  const rawPath = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  if (rawPath === '') return undefined;
  let path = rawPath;
  try {
    path = decodeURI(rawPath);
  } catch {
    return undefined;
  }
  const resolved = posix.normalize(posix.join(posix.dirname(ctx.sourcePath), path));
  const page = ctx.pageTarget(resolved);
  if (page === undefined && ctx.asset !== undefined) return ctx.exists(resolved) ? ctx.asset(resolved, rest) : undefined;
  const dest = page ?? (ctx.exists(resolved) ? resolved : undefined);
  if (dest === undefined) return undefined;
  let rel = posix.relative(posix.dirname(ctx.targetPath), dest) || posix.basename(dest);
  if (!rel.startsWith('.') && rawPath.startsWith('./')) rel = `./${rel}`;
  if (path !== rawPath) rel = encodeURI(rel);
  return rel === rawPath ? undefined : rel + rest;
}

/** Extensions of URLs that name a page (or a folder); anything else is an asset and keeps its URL. */
const PAGE_URL = /^(?:|\.html?|\.mdx?)$/i;

/**
 * A site-absolute link to a page, pointed at the page's translation where the framework serves
 * translations under `/<lang>/` (Starlight, VitePress, MkDocs i18n, Hugo): `/guide/` → `/de/guide/`.
 * Assets (`/img/logo.png`) and links that already name a locale are kept; a source served under
 * its own prefix (`/en/guide/`) has it replaced.
 */
export function localizedAbsoluteUrl(url: string, lang: string, locales: readonly string[], sourcePrefix?: string): string | undefined {
  const cut = url.search(/[?#]/);
  const path = cut < 0 ? url : url.slice(0, cut);
  const rest = cut < 0 ? '' : url.slice(cut);
  if (!PAGE_URL.test(posix.extname(path))) return undefined;
  const segments = path.split('/');
  const first = (segments[1] ?? '').toLowerCase();
  if (first === lang.toLowerCase() || locales.some((l) => l.toLowerCase() === first)) return undefined;
  if (sourcePrefix !== undefined && first === sourcePrefix.toLowerCase()) return `/${lang}/${segments.slice(2).join('/')}${rest}`;
  return `/${lang}${path}${rest}`;
}

/**
 * Hugo: where a page's relative reference to a file (an image, a `figure` shortcode's `src`) is
 * served. Resources of the page's own bundle are shared by every language (Hugo publishes them
 * with each translation), so they keep their relative URL; a translation in the same folder as its
 * source keeps everything; otherwise the file's URL as Hugo serves it for the source: `static/x` →
 * `/x`, a file of the source language's content folder → its path below that folder.
 */
export function hugoAssetUrl(p: { source: string; target: string; resolved: string; rest: string; contentDir: string }): string | undefined {
  const dir = posix.dirname(p.source);
  if (dir === posix.dirname(p.target)) return undefined;
  if (/(^|\/)_?index\.(?:md|markdown|mdx)$/.test(p.source) && p.resolved.startsWith(`${dir}/`)) return undefined;
  const staticDir = 'static/';
  const at = p.resolved.indexOf(staticDir);
  if (at === 0 || p.resolved.includes(`/${staticDir}`)) return `/${p.resolved.slice(p.resolved.indexOf(staticDir) + staticDir.length)}${p.rest}`;
  const content = p.contentDir === '' || p.contentDir === '.' ? '' : `${p.contentDir}/`;
  if (content !== '' && p.resolved.startsWith(content)) return `/${p.resolved.slice(content.length)}${p.rest}`;
  return undefined;
}
