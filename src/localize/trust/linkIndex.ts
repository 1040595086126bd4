/**
 * The site as the link gate resolves destinations in it: every page of every language by route
 * (its URL path without the language prefix, linkSite.ts), and the files on disk. A page is
 * judged in the language of the page that links to it: its own translation when there is one,
 * else its source where the framework serves the source instead, else it is missing in that
 * language.
 */
import { posix } from 'node:path';
import type { Layout } from '../layouts.ts';
import { normalizeRoute, routeFrontMatter, routeOf, type LinkSite } from './linkSite.ts';
import { redirectOf } from './redirects.ts';

export const PAGE = /\.(?:mdx?|markdown)$/i;

/** Where a destination leads: a page (its anchors judge a fragment) or a file that is not a page. */
export interface Hit {
  page?: string;
}

/** A destination that names a page of the site which has no translation in the linking page's language (and no fallback). */
export interface Untranslated {
  untranslated: string;
}

const escapeRe = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

export interface IndexInput {
  site: LinkSite;
  layout: Layout;
  /** The config's `source` folder ('.' for the folder itself). */
  source: string;
  sourceLang: string;
  /** Every file of the folder (relative, `/`-separated). */
  files: readonly string[];
  /** The source pages (the listing). */
  sources: ReadonlySet<string>;
  exists(rel: string): boolean;
  textOf(rel: string): Promise<string | undefined>;
}

export class SiteIndex {
  /** Per language: route → page file. */
  private readonly routes = new Map<string, Map<string, string>>();
  /** First path segments of every route (a site-absolute link elsewhere is not the documentation's). */
  private readonly owned = new Set<string>();
  private readonly pageRoute = new Map<string, string>();

  private constructor(private readonly x: IndexInput) {}

  static async build(x: IndexInput): Promise<SiteIndex> {
    const index = new SiteIndex(x);
    const prefix = x.source === '.' || x.source === '' ? '' : `${x.source}/`;
    // The shape of a translation into each locale, from the layout: `<before>(rel without extension)<after>`.
    const shapes = x.site.locales
      .filter((l) => l !== x.sourceLang)
      .map((lang) => {
        const probe = x.layout.target(`${prefix}QQDIRQQ/QQNAMEQQ.md`, lang);
        const re = escapeRe(probe)
          .replace('QQDIRQQ/QQNAMEQQ', '(.+?)')
          .replace(/\\\.md$/, '\\.(mdx?|markdown)');
        return { lang, re: new RegExp(`^${re}$`) };
      });
    for (const f of x.files) {
      if (!PAGE.test(f)) continue;
      let lang: string | undefined;
      let rel: string | undefined;
      for (const s of shapes) {
        const m = s.re.exec(f);
        if (m !== null) {
          lang = s.lang;
          rel = `${m[1]!}.${m[2]!}`;
          break;
        }
      }
      if (lang === undefined) {
        if (!f.startsWith(prefix)) continue;
        lang = x.sourceLang;
        rel = f.slice(prefix.length);
      }
      const fm = routeFrontMatter((await x.textOf(f)) ?? '');
      const route = routeOf(rel!, x.site, fm);
      let map = index.routes.get(lang);
      if (map === undefined) index.routes.set(lang, (map = new Map()));
      if (!map.has(route) || x.sources.has(f)) map.set(route, f);
      // Hugo's aliases: old URLs (absolute, or relative to the page's folder) that redirect to the page.
      if (x.site.framework === 'hugo') {
        for (const alias of fm.aliases ?? []) {
          const r = normalizeRoute(alias.startsWith('/') ? alias : posix.join(posix.dirname(route), alias));
          if (!map.has(r)) map.set(r, f);
        }
      }
      index.pageRoute.set(f, route);
      index.owned.add(route.split('/')[1] ?? '');
    }
    return index;
  }

  /** The route of a page file (its URL path without language prefix). */
  routeOfPage(file: string): string {
    return this.pageRoute.get(file) ?? '/';
  }

  /** The page a reader of `lang` gets for source page `s`. */
  served(s: string, lang: string): string | Untranslated {
    if (lang === this.x.sourceLang) return s;
    const t = this.x.layout.target(s, lang);
    if (this.x.exists(t)) return t;
    return this.x.site.fallback ? s : { untranslated: `${s} has no ${lang} translation` };
  }

  private withSuffix(p: string, lang: string): string[] {
    return this.x.layout.target('x.md', lang) === `x.${lang}.md` ? [p.replace(/(\.[^./]+)$/, `.${lang}$1`), p] : [p];
  }

  /** A path on disk a link may name: as written, with a page extension, or a folder's index page. */
  onDisk(base: string, lang: string, pagesOnly: boolean): Hit | Untranslated | undefined {
    const clean = base.replace(/\/+$/, '');
    const hasExt = posix.extname(clean) !== '';
    const candidates = hasExt ? [clean] : [];
    for (const ext of ['.md', '.mdx', '.markdown']) candidates.push(`${clean}${ext}`);
    for (const name of ['index', 'README', 'readme', '_index']) for (const ext of ['.md', '.mdx']) candidates.push(`${clean}/${name}${ext}`);
    let missing: Untranslated | undefined;
    for (const c of candidates.flatMap((p) => this.withSuffix(p, lang))) {
      if (!this.x.exists(c)) continue;
      if (PAGE.test(c)) {
        const page = this.x.sources.has(c) ? this.served(c, lang) : c;
        if (typeof page === 'string') return { page };
        missing ??= page;
        continue;
      }
      if (!pagesOnly) return {};
    }
    // A folder (or a file without extension) that exists is a file, not a page.
    if (!pagesOnly && !hasExt && !base.endsWith('/') && this.x.exists(clean)) return {};
    return missing;
  }

  /** A site-absolute URL path: a static file, or a page by route (the language read off its prefix), or where a redirect sends it. */
  byUrl(urlPath: string, lang: string, hops = 0): Hit | Untranslated | 'unowned' | undefined {
    const found = this.direct(urlPath, lang);
    if (found !== undefined && found !== 'unowned' && !('untranslated' in found)) return found;
    const to = hops < 3 ? redirectOf(urlPath, this.x.site.redirects) : undefined;
    if (to === undefined) return found;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:|^\/\//.test(to)) return {};
    const next = this.byUrl(to.replace(/[?#].*$/, ''), lang, hops + 1);
    return next === 'unowned' ? found : (next ?? found);
  }

  private direct(urlPath: string, lang: string): Hit | Untranslated | 'unowned' | undefined {
    const { site, sourceLang } = this.x;
    let p = urlPath;
    if (site.baseUrl !== '' && (p === site.baseUrl || p.startsWith(`${site.baseUrl}/`))) p = p.slice(site.baseUrl.length) || '/';
    for (const dir of site.staticDirs) if (this.x.exists(posix.join(dir, p))) return {};
    let servedLang = site.langPrefix ? sourceLang : lang;
    const first = (p.split('/')[1] ?? '').toLowerCase();
    const code = site.locales.find((l) => l.toLowerCase() === first);
    if (code !== undefined) {
      servedLang = code;
      p = p.slice(first.length + 1) || '/';
    }
    const route = normalizeRoute(p);
    const own = this.routes.get(servedLang)?.get(route);
    if (own !== undefined) return { page: own };
    const src = this.routes.get(sourceLang)?.get(route);
    if (src !== undefined) {
      const page = this.served(src, servedLang);
      return typeof page === 'string' ? { page } : page;
    }
    return this.owned.has(route.split('/')[1] ?? '') ? undefined : 'unowned';
  }
}
