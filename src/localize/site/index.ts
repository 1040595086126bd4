/**
 * # src/localize/site: the documentation site, read from the framework's own configuration
 *
 * `detectSites(root, io)` finds every documentation site under `root` (a workspace may hold several,
 * each at its own folder) and returns, per site, a `SiteModel`: the framework, the site root, the
 * config file, the source language, the source folders, the locales the site already has and where
 * their translations live, a proposed doc-translate.json, the globs of every locale's translations
 * (so a scan can exclude all of them, target languages or not), default exclusions with their
 * reasons, and `unreadable` findings. Nothing of the repository is run: JS/TS configs are parsed
 * (acorn + @sveltejs/acorn-typescript) and only literal values are read (`literal.ts`); YAML, TOML and
 * JSON are parsed as data. A computed value the detection needs (a call, an import, an operator, a
 * template literal with expressions) is reported in `unreadable` with the file, the key path and the
 * doc-translate.json setting to add instead; the rest of the model is still filled in.
 *
 * | framework | found by | reads |
 * |---|---|---|
 * | Docusaurus | `docusaurus.config.{js,mjs,cjs,ts,mts}` (site = its folder, e.g. `website/`) | `i18n.defaultLocale`, `i18n.locales`, `i18n.path`, `i18n.localeConfigs.<l>.path`; `presets` classic `docs` / `blog` (`path`, `false`), `plugins` content-docs / content-blog instances (`id`, `path`); `versions.json` and `versioned_docs/version-<v>/` (and `<id>_` variants) |
 * | Starlight | `astro.config.{mjs,js,ts,mts,cjs}` with a `starlight(...)` call in `integrations` | `locales` (keys, `root`, `lang`, `label`), `defaultLocale`; the docs collection's `glob({ base })` in `src/content.config.*` (default `src/content/docs`) |
 * | VitePress | `<root>/.vitepress/config.{js,mjs,ts,mts,cjs}` (site = the folder holding `.vitepress`) | `locales` (keys, `root`, `lang`, `link`, `label`), `lang`, `srcDir`, `srcExclude`, `rewrites` of the form `'<dir>/:rest*': ':rest*'` (the root locale's pages live in `<dir>/`) |
 * | MkDocs | `mkdocs.yml` / `mkdocs.yaml` | `docs_dir`, `site_dir`, `exclude_docs` (gitignore lines), `theme.custom_dir`, `theme.language`, `plugins` → `i18n` (mkdocs-static-i18n 1.x `docs_structure`, `languages: [{ locale, default, name, build }]`; 0.x `default_language` + `languages: { code: name }`); unknown YAML tags (`!!python/name:`, `!ENV`) are tolerated |
 * | Hugo | `hugo.{toml,yaml,yml,json}` or `config.{toml,yaml,yml,json}` (the latter only beside `content/`, `layouts/` or `archetypes/`), and `config/_default/{hugo,config,languages}.*` | `contentDir`, `defaultContentLanguage`, `defaultContentLanguageInSubdir`, `languages.<l>.{contentDir, languageCode, locale, languageName, label, disabled}` (keys case-insensitive, as in Hugo); translations by content folder per language or by file suffix `x.<l>.md` |
 *
 * Paths in a `SiteModel` are POSIX and relative to `siteRoot`, where its doc-translate.json would go.
 * `sourcePages(model, files)` lists the pages of the source language among the site's files;
 * `undeclaredLocaleFolders(model, files)` flags folders named by a language code that mirror the
 * source tree although no configuration declares that locale (warnings for the user to confirm).
 *
 * `SiteIo` is injected (`readText`, `listFiles`), so a guarded file layer can be plugged in;
 * `nodeSiteIo(dir)` is the plain Node one.
 */
import { readFile } from 'node:fs/promises';
import { walkFiles } from '../fs.ts';
import { join as joinFs } from 'node:path';
import { siteContext } from './context.ts';
import { hugoConfigFiles, readHugo, readMkdocs } from './datacfg.ts';
import { readDocusaurus } from './docusaurus.ts';
import { readStarlight } from './starlight.ts';
import { readVitePress } from './vitepress.ts';
import { dirOf, join, matcher, type SiteIo, type SiteModel } from './model.ts';

export type { Exclusion, Framework, Proposal, SiteIo, SiteLocale, SiteModel, SourceSet, Unreadable } from './model.ts';
export { Computed, readJsModule, type JsModule, type Lit } from './literal.ts';
export { parseMkdocsYaml } from './datacfg.ts';

const SKIP = /(?:^|\/)(?:node_modules|\.git)\//;

/** Every documentation site below `root` (relative to the workspace of `io`; '' = all of it). */
export async function detectSites(root: string, io: SiteIo): Promise<SiteModel[]> {
  const base = join(root);
  const listed = await io.listFiles(base);
  const all = listed
    .map((f) => join(base, f))
    .filter((f) => !SKIP.test(`/${f}`))
    .sort();
  const sites: SiteModel[] = [];
  const seen = new Set<string>();
  const add = (m: SiteModel | undefined): void => {
    if (m === undefined) return;
    const key = `${m.framework}:${m.siteRoot}`;
    if (seen.has(key)) return;
    seen.add(key);
    sites.push(m);
  };
  const byDir = new Map<string, string[]>();
  for (const f of all) {
    const name = f.slice(f.lastIndexOf('/') + 1);
    const d = dirOf(f);
    if (/^docusaurus\.config\.(?:js|mjs|cjs|ts|mts)$/.test(name)) add(await readDocusaurus(siteContext(io, d, all), name));
    else if (/^astro\.config\.(?:mjs|js|ts|mts|cjs)$/.test(name)) add(await readStarlight(siteContext(io, d, all), name));
    else if (/^config\.(?:js|mjs|ts|mts|cjs)$/.test(name) && /(?:^|\/)\.vitepress$/.test(d)) {
      const siteRoot = dirOf(d);
      add(await readVitePress(siteContext(io, siteRoot, all), `.vitepress/${name}`));
    } else if (/^mkdocs\.ya?ml$/.test(name)) add(await readMkdocs(siteContext(io, d, all), name));
    else if (/^(?:hugo|config)\.(?:toml|ya?ml|json)$/.test(name) || /(?:^|\/)config\/_default$/.test(d)) {
      const siteRoot = /(?:^|\/)config\/_default$/.test(d) ? dirOf(dirOf(d)) : d;
      byDir.set(siteRoot, [...(byDir.get(siteRoot) ?? []), f]);
    }
  }
  for (const siteRoot of byDir.keys()) {
    const ctx = siteContext(io, siteRoot, all);
    const files = hugoConfigFiles(new Set(ctx.files));
    if (files.length === 0) continue;
    const hugoNamed = files.some((f) => /(?:^|\/)hugo\.\w+$/.test(f) || f.startsWith('config/_default/'));
    if (!hugoNamed && !['content', 'layouts', 'archetypes'].some((d) => ctx.hasDir(d))) continue;
    if (sites.some((s) => s.siteRoot === siteRoot)) continue; // e.g. a config.json beside docusaurus.config.js
    add(await readHugo(ctx, files));
  }
  return sites.sort((a, b) => a.siteRoot.localeCompare(b.siteRoot) || a.framework.localeCompare(b.framework));
}

function excluded(model: SiteModel): (path: string) => boolean {
  const translation = matcher(model.translationGlobs);
  const exclusion = matcher(model.exclusions.map((e) => e.glob));
  return (p) => translation(p) || exclusion(p) || /(?:^|\/)\./.test(p);
}

/**
 * The source-language pages among `files` (relative to the site root): pages (by the framework's
 * extensions) inside a source folder that are neither a translation of any locale nor excluded.
 */
export function sourcePages(model: SiteModel, files: readonly string[]): string[] {
  const out = excluded(model);
  const ext = new RegExp(`\\.(?:${model.pageExtensions.join('|')})$`, 'i');
  const result = new Set<string>();
  for (const set of model.sourceSets) {
    const prefix = set.dir === '' ? '' : `${set.dir}/`;
    for (const f of files) if (f.startsWith(prefix) && ext.test(f) && !out(f)) result.add(f);
  }
  return [...result].sort();
}

export interface LocaleFolderWarning {
  /** The folder, relative to the site root. */
  folder: string;
  code: string;
  /** Pages of the folder whose path below it is also a source page's path below its source folder. */
  mirrored: number;
  pages: number;
  message: string;
}

// ISO 639-1 codes: a folder must be named by one of these (optionally with a region or script).
const ISO639_1 = new Set(
  'aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'.split(
    ' ',
  ),
);

/** True for a folder name that reads as a language code: `fr`, `pt-br`, `zh_CN`, `zh-Hans`. */
export function isLanguageCode(name: string): boolean {
  const m = /^([a-z]{2})(?:[-_]([A-Za-z]{2}|[A-Z][a-z]{3}|[0-9]{3}))?$/i.exec(name);
  return m !== null && ISO639_1.has(m[1]!.toLowerCase());
}

/**
 * Folders named by a language code, beside or inside a source folder, whose pages mirror the
 * source tree (at least half of them, and at least one, have a source page at the same relative
 * path) while no configuration declares that locale: likely translations the config does not know.
 */
export function undeclaredLocaleFolders(model: SiteModel, files: readonly string[]): LocaleFolderWarning[] {
  const declared = new Set([model.sourceLanguage.toLowerCase(), ...model.locales.flatMap((l) => [l.code.toLowerCase(), (l.lang ?? l.code).toLowerCase()])]);
  const out = excluded(model);
  const ext = new RegExp(`\\.(?:${model.pageExtensions.join('|')})$`, 'i');
  const pages = files.filter((f) => ext.test(f) && !/(?:^|\/)(?:node_modules|\.[^/]+)\//.test(f));
  const warnings: LocaleFolderWarning[] = [];
  const seen = new Set<string>();
  for (const set of model.sourceSets) {
    const parents = [...new Set([set.dir, dirOf(set.dir)])].filter((p) => p !== set.dir || true);
    for (const parent of parents) {
      const prefix = parent === '' ? '' : `${parent}/`;
      const candidates = new Set(
        pages
          .filter((f) => f.startsWith(prefix))
          .map((f) => f.slice(prefix.length).split('/'))
          .filter((s) => s.length > 1)
          .map((s) => s[0]!),
      );
      for (const name of candidates) {
        const folder = join(parent, name);
        if (seen.has(folder) || folder === set.dir || !isLanguageCode(name) || declared.has(name.toLowerCase())) continue;
        if (model.translationGlobs.length > 0 && out(`${folder}/x.${model.pageExtensions[0]!}`)) continue;
        const srcPrefix = set.dir === '' ? '' : `${set.dir}/`;
        const sourceRel = new Set(pages.filter((f) => f.startsWith(srcPrefix) && !f.startsWith(`${folder}/`) && !out(f)).map((f) => f.slice(srcPrefix.length)));
        const mine = pages.filter((f) => f.startsWith(`${folder}/`)).map((f) => f.slice(folder.length + 1));
        const mirrored = mine.filter((r) => sourceRel.has(r)).length;
        if (mirrored >= 1 && mirrored * 2 >= mine.length) {
          seen.add(folder);
          warnings.push({
            folder,
            code: name,
            mirrored,
            pages: mine.length,
            message: `${join(model.siteRoot, folder)}/ looks like the ${name} translation (${mirrored} of its ${mine.length} pages mirror ${set.dir === '' ? 'the site root' : `${set.dir}/`}) but ${model.configFile} does not declare ${name}; add it to the configuration or to "exclude" in doc-translate.json`,
          });
        }
      }
    }
  }
  return warnings;
}

/** `SiteIo` over a folder on disk (listFiles skips node_modules and .git). */
export function nodeSiteIo(dir: string): SiteIo {
  return {
    readText: async (rel) => {
      try {
        return await readFile(joinFs(dir, rel), 'utf8');
      } catch {
        return undefined;
      }
    },
    listFiles: (relDir) => walkFiles(joinFs(dir, relDir), (name) => name === 'node_modules' || name === '.git', 'all'),
  };
}
