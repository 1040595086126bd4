/**
 * What a Markdown page offers a `#fragment`: its headings' ids (the framework's slug rule, repeats
 * suffixed, a hand-written `{#id}` kept), HTML `id=` and `<a name=>` anchors, and MDX JSX `id`s.
 * The page is parsed with mdast (GFM; MDX for .mdx, read as Markdown when it is not valid MDX),
 * its front matter blanked first so that offsets (and line numbers) stay those of the file.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import { urlsIn, type UrlSpan } from '../links.ts';
import { Slugger, type SlugRule } from './slugs.ts';

export interface MdNode {
  type: string;
  url?: string;
  value?: string;
  alt?: string;
  name?: string | null;
  depth?: number;
  identifier?: string;
  position?: { start: { offset?: number; line: number; column: number }; end: { offset?: number } };
  children?: MdNode[];
  attributes?: { type: string; name?: string; value?: unknown }[];
}

/** Front matter (`---` YAML or `+++` TOML at the very start) replaced by spaces, newlines kept. */
export function blankFrontMatter(text: string): string {
  const m = /^(?:\uFEFF)?(---|\+\+\+)[ \t]*\r?\n[\s\S]*?\r?\n\1[ \t]*(?:\r?\n|$)/.exec(text);
  if (m === null) return text;
  return m[0].replace(/[^\r\n]/g, ' ') + text.slice(m[0].length);
}

/** `{#id}` (also `{#id .class}`, `{: #id }` of attr_list) at the end of a heading; `[#id]` is how parsePage hands MDX one. */
const EXPLICIT_ID = /\s*(?:\{:?\s*#([^\s}]+)[^}]*\}|\[#([^\s\]]+)\])\s*$/;

/** Parses a page (front matter blanked; MDX for .mdx with a Markdown fallback), or undefined when even Markdown fails. */
export function parsePage(body: string, mdx: boolean): MdNode | undefined {
  if (mdx) {
    try {
      // Hand-written heading ids are not MDX expressions (Docusaurus reads them before MDX does): `{#id}` → `[#id]`, same length.
      const prepared = body.replace(/^(#{1,6}[ \t].*?)\{#([^\s}]+)\}(?=[ \t]*$)/gm, (_all, head: string, id: string) => `${head}[#${id}]`);
      return fromMarkdown(prepared, { extensions: [gfm(), mdxjs()], mdastExtensions: [gfmFromMarkdown(), mdxFromMarkdown()] }) as MdNode;
    } catch {
      // not valid MDX: read it as Markdown
    }
  }
  try {
    return fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as MdNode;
  } catch {
    return undefined;
  }
}

/** A heading's text as the frameworks read it: text, inline code and image alt, without HTML or JSX. */
export function headingText(node: MdNode): string {
  let out = '';
  for (const c of node.children ?? []) {
    if (c.type === 'text' || c.type === 'inlineCode') out += c.value ?? '';
    else if (c.type === 'image') out += c.alt ?? '';
    else if (c.type === 'html' || c.type.startsWith('mdx')) continue;
    else out += headingText(c);
  }
  return out;
}

const HTML_ID = /<[A-Za-z][^<>]*?\s(?:id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export interface PageAnchors {
  ids: Set<string>;
  /** The page pulls in content whose anchors cannot be read here (a snippet include, an MDX import of a non-Markdown module rendering headings); fragments into it are not judged. */
  open: boolean;
  /** Markdown files the page imports or includes (relative specifiers as written), whose anchors are the page's too. */
  includes: string[];
  /** The headings' ids in order (hand-written or made from the text). */
  headings: string[];
}

/**
 * The anchors of a page. `explicitBoth`: keep the auto slug too when a heading has `{#id}` (a
 * framework that does not read the syntax renders it as text).
 */
export function pageAnchors(text: string, opts: { mdx: boolean; rule: SlugRule; explicitBoth?: boolean }): PageAnchors {
  return analysePage(text, opts).anchors;
}

/** The page's anchors and its link destinations (offsets and line numbers are the file's), from one parse. */
export function analysePage(text: string, opts: { mdx: boolean; rule: SlugRule; explicitBoth?: boolean }): { anchors: PageAnchors; urls: UrlSpan[] } {
  const slugger = new Slugger(opts.rule);
  const result: PageAnchors = { ids: slugger.ids, open: false, includes: [], headings: [] };
  // MkDocs snippets (`--8<--`) and Hugo's readfile/include shortcodes put other files' headings on the page.
  if (/^\s*-{1,2}8<-{1,2}/m.test(text) || /\{\{[<%]\s*(?:readfile|include|include-file)\b/.test(text)) result.open = true;
  const body = blankFrontMatter(text);
  const tree = parsePage(body, opts.mdx);
  if (tree === undefined) {
    result.open = true;
    return { anchors: result, urls: [] };
  }
  // Python-Markdown's toc reserves every id already on the page before naming headings.
  const reserveFirst = opts.rule.kind === 'python';
  const headings: MdNode[] = [];
  const html = (value: string): void => {
    for (const m of value.matchAll(HTML_ID)) slugger.explicit(m[1] ?? m[2] ?? '');
  };
  const walk = (node: MdNode): void => {
    if (node.type === 'heading') headings.push(node);
    if (node.type === 'html' && node.value !== undefined) html(node.value);
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes !== undefined) {
      for (const a of node.attributes) if ((a.name === 'id' || a.name === 'name') && typeof a.value === 'string') slugger.explicit(a.value);
    }
    if (node.type === 'mdxjsEsm' && node.value !== undefined) {
      for (const m of node.value.matchAll(/\bimport\s+[\w${}\s,*]+\s+from\s+["']([^"']+)["']/g)) {
        if (/\.mdx?$/.test(m[1]!)) result.includes.push(m[1]!);
      }
    }
    for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  const named = headings.map((h) => {
    const text = headingText(h);
    const m = EXPLICIT_ID.exec(text);
    return m !== null ? { text: text.slice(0, m.index), id: (m[1] ?? m[2])! } : { text };
  });
  if (reserveFirst) for (const h of named) if (h.id !== undefined) slugger.explicit(h.id);
  for (const h of named) {
    if (h.id !== undefined) {
      if (!reserveFirst) slugger.explicit(h.id);
      if (opts.explicitBoth === true) slugger.heading(`${h.text} {#${h.id}}`);
      result.headings.push(h.id);
    } else result.headings.push(slugger.heading(h.text));
  }
  return { anchors: result, urls: urlsIn(body, tree) };
}
