/**
 * The link and anchor gate (`check --links`): every relative link, image and `#fragment` of every
 * translated page that exists, resolved as the framework resolves it, in the page's language.
 *
 * A destination is found when any reading the framework allows finds it: relative to the
 * translation's file, relative to its source's file (pages: translations mirror their source),
 * relative to the page's URL (with or without a trailing slash), for Docusaurus relative to the
 * docs root, as a site-absolute path (the language prefix read off, a static folder tried). A page
 * found this way is judged in the translation's language: its translation when there is one, else
 * its source where the framework serves the source instead (Docusaurus, Starlight, MkDocs
 * static-i18n), else the link is broken. A fragment must be an anchor of that page (anchors.ts).
 * External links (a scheme, `//`) and templated ones (`{`) are not checked; a site-absolute link
 * outside every folder of pages is left alone (another app may serve it). Nothing is run or written.
 */
import { join, posix } from 'node:path';
import { isMdxSource } from '../blocks.ts';
import { createLayout } from '../layouts.ts';
import type { UrlSpan } from '../links.ts';
import { shardOf } from '../lock.ts';
import { listSourceFiles } from '../listing.ts';
import { resolveFs, type LocalizeOptions } from '../scan.ts';
import { analysePage, type PageAnchors } from './anchors.ts';
import { PAGE, SiteIndex, type Hit, type Untranslated } from './linkIndex.ts';
import { readLinkSite } from './linkSite.ts';

export interface BrokenLink {
  /** The translated page, relative to the config folder. */
  file: string;
  lang: string;
  line: number;
  column: number;
  url: string;
  /** Why, in a few words: `no page or file at guide/x.md`, `no anchor #x in guide/y.md`. */
  reason: string;
}

export interface LinkReport {
  /** Translated pages read. */
  pages: number;
  /** Links and fragments judged (external ones not counted). */
  checked: number;
  /** Site-absolute links outside every folder of pages and every static folder: not judged (another part of the site may serve them). */
  unowned: number;
  broken: BrokenLink[];
}

const SPECIAL_FRAGMENTS = new Set(['', 'top', '_top']);

export async function checkLinks(opts: LocalizeOptions): Promise<LinkReport> {
  const { config } = opts;
  const fs = resolveFs(config.folder, opts.fs);
  const layout = createLayout(config.layout, config.source, config.targetLanguages);
  const listing = await listSourceFiles(config, fs, layout);
  const sources = listing.pages;
  const sourceSet = new Set(sources);
  const model = listing.sites.find((x) => x.siteRoot === '' || `${config.source}/`.startsWith(`${x.siteRoot}/`));
  const read = (rel: string): Promise<string | undefined> => fs.readText(join(config.folder, rel)).catch(() => undefined);
  const site = await readLinkSite(config, model, read);
  const exists = (rel: string): boolean => rel !== '' && !rel.startsWith('../') && fs.exists(join(config.folder, rel));
  const languages = opts.languages ?? config.targetLanguages;
  const sourceLang = model?.sourceLanguage ?? config.sourceLanguage;

  // Each page is parsed once (its anchors and its links); texts are not kept.
  const analysed = new Map<string, { anchors: PageAnchors; urls: UrlSpan[] } | undefined>();
  const analyse = async (rel: string, given?: string): Promise<{ anchors: PageAnchors; urls: UrlSpan[] } | undefined> => {
    if (analysed.has(rel)) return analysed.get(rel);
    const text = given ?? (await read(rel));
    const a = text === undefined ? undefined : analysePage(text, { mdx: isMdxSource(rel, config.layout), rule: site.rule, explicitBoth: site.explicitBoth });
    analysed.set(rel, a);
    return a;
  };
  const anchorCache = new Map<string, PageAnchors | undefined>();
  const anchorsOf = async (rel: string): Promise<PageAnchors | undefined> => {
    if (anchorCache.has(rel)) return anchorCache.get(rel);
    const a = (await analyse(rel))?.anchors;
    anchorCache.set(rel, a);
    if (a !== undefined) {
      // Imported Markdown partials render their headings on the page.
      for (const inc of a.includes) {
        const sub = await anchorsOf(posix.normalize(posix.join(posix.dirname(rel), inc)));
        if (sub === undefined) a.open = true;
        else {
          for (const id of sub.ids) a.ids.add(id);
          if (sub.open) a.open = true;
        }
      }
    }
    return a;
  };

  // A translated heading has another anchor: the heading at the same place in the translation names the new one.
  const sourceOf = new Map<string, string>();
  for (const s of sources) for (const l of languages) sourceOf.set(layout.target(s, l), s);
  const renamed = async (page: string, frag: string): Promise<string | undefined> => {
    const src = sourceOf.get(page);
    if (src === undefined) return undefined;
    const [a, b] = [await anchorsOf(src), await anchorsOf(page)];
    const at = a?.headings.indexOf(frag) ?? -1;
    return at >= 0 && a!.headings.length === b?.headings.length ? b.headings[at] : undefined;
  };

  const files = await fs.listFiles(config.folder);
  const index = await SiteIndex.build({ site, layout, source: config.source, sourceLang, files, sources: sourceSet, exists, textOf: read });

  const report: LinkReport = { pages: 0, checked: 0, unowned: 0, broken: [] };
  for (const lang of languages) {
    for (const source of sources) {
      if (opts.shard !== undefined && shardOf(source, opts.shard.count) !== opts.shard.index) continue;
      const file = layout.target(source, lang);
      const text = await read(file);
      if (text === undefined) continue;
      report.pages++;
      const lineStarts = [0];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
      const where = (offset: number): { line: number; column: number } => {
        let lo = 0;
        let hi = lineStarts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (lineStarts[mid]! <= offset) lo = mid;
          else hi = mid - 1;
        }
        return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
      };
      const pageUrl = index.routeOfPage(file);
      const fail = (start: number, url: string, reason: string): void => {
        report.broken.push({ file, lang, ...where(start), url, reason });
      };
      for (const span of (await analyse(file, text))?.urls ?? []) {
        const url = span.url.trim();
        if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) || url.startsWith('//') || /[{}]/.test(url) || /^[@~]/.test(url)) continue;
        const hash = url.indexOf('#');
        const pathAndQuery = hash < 0 ? url : url.slice(0, hash);
        const fragment = hash < 0 ? undefined : url.slice(hash + 1);
        const rawPath = pathAndQuery.replace(/\?.*$/, '');
        let path = rawPath;
        try {
          path = decodeURI(rawPath);
        } catch {
          // judged as written
        }
        const hits: Hit[] = [];
        let untranslated: Untranslated | undefined;
        const add = (h: Hit | Untranslated | 'unowned' | undefined): void => {
          if (h === undefined || h === 'unowned') return;
          if ('untranslated' in h) untranslated ??= h;
          else hits.push(h);
        };
        if (path === '') hits.push({ page: file });
        else if (path.startsWith('/')) {
          const h = index.byUrl(path, lang);
          if (h === 'unowned') {
            report.unowned++;
            continue;
          }
          add(h);
        } else {
          add(index.onDisk(posix.normalize(posix.join(posix.dirname(file), path)), lang, false));
          // Pages: a translation mirrors its source's place; Hugo serves a bundle's resources to every language.
          add(index.onDisk(posix.normalize(posix.join(posix.dirname(source), path)), lang, site.framework !== 'hugo'));
          if (site.framework === 'docusaurus' && !/^\.\.?\//.test(path)) add(index.onDisk(posix.normalize(posix.join(config.source, path)), lang, true));
          // Relative to the page's URL, read as a folder (`/a/b/`) and as a file (`/a/b`); a link to a `.md` file names the file.
          for (const base of PAGE.test(path) ? [] : [`${pageUrl}/`, `${posix.dirname(pageUrl)}/`]) {
            add(index.byUrl(posix.normalize(posix.join(site.langPrefix && lang !== sourceLang ? `/${lang}${base}` : base, path)), lang));
          }
        }
        report.checked++;
        if (hits.length === 0) {
          const at = path.startsWith('/') ? path : posix.normalize(posix.join(posix.dirname(file), path));
          fail(
            span.start,
            span.url,
            untranslated !== undefined
              ? `${untranslated.untranslated} (${site.framework ?? 'the site'} does not fall back to the source)`
              : `no page or file at ${at}`,
          );
          continue;
        }
        if (fragment === undefined) continue;
        let frag = fragment;
        try {
          frag = decodeURIComponent(fragment);
        } catch {
          // compared as written
        }
        if (SPECIAL_FRAGMENTS.has(frag)) continue;
        const pages = [...new Set(hits.map((h) => h.page).filter((p): p is string => p !== undefined))];
        if (pages.length === 0) continue; // a fragment into a file that is not a page is not judged
        let found = false;
        for (const p of pages) {
          const a = await anchorsOf(p);
          if (a === undefined || a.open || a.ids.has(frag) || a.ids.has(fragment)) {
            found = true;
            break;
          }
        }
        if (!found) {
          const hint = await renamed(pages[0]!, frag);
          fail(
            span.start + hash + 1,
            span.url,
            `no anchor #${frag} in ${pages[0] === file ? 'this page' : pages[0]}${hint !== undefined ? `; its heading is #${hint} there` : ''}`,
          );
        }
      }
    }
  }
  return report;
}
