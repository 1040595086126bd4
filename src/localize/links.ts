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

function parse(text: string, mdx: boolean): Node {
  if (mdx) {
    try {
      return fromMarkdown(text, { extensions: [gfm(), mdxjs()], mdastExtensions: [gfmFromMarkdown(), mdxFromMarkdown()] }) as Node;
    } catch {
      // not valid MDX: read it as Markdown
    }
  }
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as Node;
}

const HTML_ATTR = /\b(?:src|href)\s*=\s*("|')([^"']*)\1/g;

export function findUrls(text: string, mdx: boolean): UrlSpan[] {
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
        const m = new RegExp(`\\]\\(\\s*<?${node.url.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}`).exec(slice);
        if (m !== null) add(s + m.index + m[0].length - node.url.length, node.url);
      } else if (node.type === 'definition' && node.url !== undefined) {
        const at = slice.indexOf(node.url, slice.indexOf(']:'));
        if (at >= 0) add(s + at, node.url);
      } else if (node.type === 'html') {
        for (const m of slice.matchAll(HTML_ATTR)) add(s + m.index + m[0].length - 1 - m[2]!.length, m[2]!);
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
  try {
    walk(parse(text, mdx));
  } catch {
    return [];
  }
  return spans.sort((a, b) => a.start - b.start);
}

export interface LinkContext {
  sourcePath: string;
  targetPath: string;
  /** The translation of a docs page in this language, or undefined when `path` is not a page. */
  pageTarget(path: string): string | undefined;
  /** True when a file exists at `path` (relative to the folder). */
  exists(path: string): boolean;
}

/** The destination as it must read in the translation, or undefined to keep it. */
export function rewriteUrl(url: string, ctx: LinkContext): string | undefined {
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
  const dest = ctx.pageTarget(resolved) ?? (ctx.exists(resolved) ? resolved : undefined);
  if (dest === undefined) return undefined;
  let rel = posix.relative(posix.dirname(ctx.targetPath), dest) || posix.basename(dest);
  if (!rel.startsWith('.') && rawPath.startsWith('./')) rel = `./${rel}`;
  if (path !== rawPath) rel = encodeURI(rel);
  return rel === rawPath ? undefined : rel + rest;
}
