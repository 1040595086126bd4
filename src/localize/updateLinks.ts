/**
 * Link destinations in a composed translation (links.ts): kept text is rewritten by its offsets in
 * the source, fresh translations by what they hold. The source's links are parsed once per source,
 * not once per language (its translations are composed one after another).
 */
import { join, posix } from 'node:path';
import { findUrls, hugoAssetUrl, localizedAbsoluteUrl, rewriteUrl, type LinkContext, type UrlSpan } from './links.ts';
import type { FilePlan, Rewriters } from './plan.ts';
import type { LocalizeOptions, Scan } from './scan.ts';

/** The link destinations of the last source composed (its translations are written one after another): parsed once, not once per language. */
export type SourceUrls = { source: string; text: string; urls: UrlSpan[] } | undefined;

export function rewriters(s: Scan, opts: LocalizeOptions, plan: FilePlan, text: string, memo: { last: SourceUrls }): Rewriters {
  const mdx = plan.source.endsWith('.mdx');
  const ctx: LinkContext = {
    sourcePath: plan.source,
    targetPath: plan.target,
    pageTarget: (p: string) => (s.allSourceSet.has(p) ? s.layout.target(p, plan.lang) : undefined),
    exists: (p: string) => s.fs.exists(join(opts.config.folder, p)),
  };
  // The framework's URL scheme (the site holding this page, from its own config).
  const site = s.listing.sites.find((x) => x.siteRoot === '' || plan.source.startsWith(`${x.siteRoot}/`));
  if (site !== undefined && site.framework !== 'docusaurus') {
    // Docusaurus builds each locale with its own baseUrl, so its absolute links are localized already.
    const locales = site.locales.map((l) => l.code);
    const lastSegment = posix.basename(opts.config.source).toLowerCase();
    const sourcePrefix = lastSegment !== '' && site.sourceLanguage.toLowerCase().startsWith(lastSegment) ? lastSegment : undefined;
    ctx.absolute = (url) => localizedAbsoluteUrl(url, plan.lang, locales, sourcePrefix);
  }
  if (site?.framework === 'hugo') {
    ctx.asset = (resolved, rest) => hugoAssetUrl({ source: plan.source, target: plan.target, resolved, rest, contentDir: opts.config.source });
  }
  const spansOf = (t: string, urls = findUrls(t, mdx)): { start: number; end: number; to: string }[] => {
    const out: { start: number; end: number; to: string }[] = [];
    for (const span of urls) {
      const to = rewriteUrl(span.url, ctx);
      if (to !== undefined) out.push({ start: span.start, end: span.end, to });
    }
    return out;
  };
  const apply = (t: string, start: number, spans: { start: number; end: number; to: string }[]): string => {
    let result = '';
    let pos = 0;
    for (const sp of spans) {
      if (sp.start < start || sp.end > start + t.length) continue;
      result += t.slice(pos, sp.start - start) + sp.to;
      pos = sp.end - start;
    }
    return result + t.slice(pos);
  };
  let sourceSpans: { start: number; end: number; to: string }[] | undefined;
  // What findUrls can find at all: an inline link or image, a definition, a src or href attribute (HTML, MDX, Hugo shortcodes).
  const mayLink = (t: string): boolean => /\]\(|\]:|\b(?:src|href)\s*=/.test(t);
  return {
    keep: (start, keep) => {
      if (!mayLink(keep)) return keep;
      if (sourceSpans === undefined) {
        const last = memo.last;
        const urls = last !== undefined && last.source === plan.source && last.text === text ? last.urls : findUrls(text, mdx);
        memo.last = { source: plan.source, text, urls };
        sourceSpans = spansOf(text, urls);
      }
      return apply(keep, start, sourceSpans);
    },
    fresh: (piece) => (mayLink(piece) ? apply(piece, 0, spansOf(piece)) : piece),
  };
}
