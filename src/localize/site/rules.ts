/**
 * The site model as the engine uses it: for the folder holding doc-translate.json, the documentation
 * sites found in it (`detectSites`), read only through the guarded root, and from them the rules
 * that leave files out of the sources, each with its reason: every locale's translations (declared
 * in the framework's config, a target language or not), folders named by a language code that
 * mirror the source tree without being declared, and the framework's default exclusions
 * (templates and theme overrides, static assets, build output, framework excludes, changelogs).
 *
 * Detection is cached per folder for the life of the process; the cache is checked against the
 * framework config files (their paths and text), so editing them is seen on the next scan. A
 * folder without any framework config in it or in its direct subfolders is not listed at all.
 */
import { readdir } from 'node:fs/promises';
import { walkFiles } from '../fs.ts';
import type { GuardedRoot } from '../../shared/guardedFs.ts';
import { detectSites, undeclaredLocaleFolders, type LocaleFolderWarning } from './index.ts';
import { join, type SiteIo, type SiteModel } from './model.ts';

/** One rule that leaves files out of the sources. */
export interface SiteRule {
  /** Relative to the folder holding doc-translate.json. */
  glob: string;
  reason: string;
  kind: 'translation' | 'undeclared-locale' | 'exclusion';
}

export interface SiteRules {
  sites: SiteModel[];
  rules: SiteRule[];
  /** Folders named like a language that mirror the sources (relative to the config folder). */
  undeclared: LocaleFolderWarning[];
  /** Framework config files that could not be parsed: `file` relative to the config folder. */
  broken: { file: string; message: string }[];
}

const SKIP_DIRS = new Set(['node_modules', '.git', '.doc-translate']);

const MARKER =
  /^(?:docusaurus\.config\.(?:js|mjs|cjs|ts|mts)|astro\.config\.(?:mjs|js|ts|mts|cjs)|mkdocs\.ya?ml|(?:hugo|config)\.(?:toml|ya?ml|json)|\.vitepress|config)$/;

/**
 * `SiteIo` over the guarded root: reads through `readText` (the engine's, so the editor's unsaved
 * text counts), lists with the root's real path checked first; symbolic links are not followed,
 * node_modules, .git and .doc-translate are skipped. Listings are kept for the io's life.
 */
export function guardedSiteIo(root: GuardedRoot, readText: (rel: string) => Promise<string | undefined>): SiteIo & { listed: Map<string, string[]> } {
  const listed = new Map<string, string[]>();
  return {
    listed,
    readText: async (rel) => {
      try {
        return await readText(rel);
      } catch {
        return undefined;
      }
    },
    listFiles: async (relDir) => {
      const known = listed.get(relDir);
      if (known !== undefined) return known;
      let start: string;
      try {
        start = await root.check(relDir === '' ? '.' : relDir);
      } catch {
        return [];
      }
      const out = await walkFiles(start, (name) => SKIP_DIRS.has(name), 'all');
      listed.set(relDir, out);
      return out;
    },
  };
}

/**
 * Keeps what a search of folders found while none of the folders it read changed (a name added,
 * removed or renamed changes its folder's modification time): the stat cache's (statCache.ts).
 */
export interface FolderMemo {
  /** What was kept under `name`, when every folder read for it still has the stat it had then. */
  recall(name: string): string[] | undefined;
  /** Runs `search`, which calls `reading` with each folder (absolute, then relative to the root) just before it reads it, and keeps its result. */
  remember(name: string, search: (reading: (abs: string, rel: string) => void) => Promise<string[]>): Promise<string[]>;
}

/** Framework config files at the folder's top or one folder down (paths relative to the folder). */
async function markers(root: GuardedRoot, reading?: (abs: string, rel: string) => void): Promise<string[]> {
  const found: string[] = [];
  const list = async (rel: string): Promise<{ name: string; dir: boolean }[]> => {
    try {
      const abs = await root.check(rel === '' ? '.' : rel);
      reading?.(abs, rel);
      return (await readdir(abs, { withFileTypes: true })).filter((e) => e.isFile() || e.isDirectory()).map((e) => ({ name: e.name, dir: e.isDirectory() }));
    } catch {
      return [];
    }
  };
  const visit = async (rel: string, depth: number): Promise<void> => {
    for (const e of await list(rel)) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (MARKER.test(e.name)) {
        if (!e.dir) found.push(r);
        else for (const f of await list(r)) if (!f.dir) found.push(`${r}/${f.name}`);
        if (e.dir && e.name === 'config') for (const f of await list(`${r}/_default`)) if (!f.dir) found.push(`${r}/_default/${f.name}`);
      } else if (e.dir && depth === 0 && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) {
        await visit(r, depth + 1);
      }
    }
  };
  await visit('', 0);
  return found.sort();
}

const cache = new Map<string, { key: string; rules: SiteRules }>();

/** Forgets every cached detection (tests). */
export function clearSiteCache(): void {
  cache.clear();
}

const prefixed = (siteRoot: string, glob: string): string => (siteRoot === '' ? glob : `${siteRoot}/${glob}`);

/**
 * The sites of the folder `root` and their rules, cached for the process (checked against the text
 * of the framework config files). `readText` takes a path relative to the root; `memo` keeps where
 * the framework config files are from one process to the next.
 */
export async function siteRulesFor(root: GuardedRoot, readText: (rel: string) => Promise<string | undefined>, memo?: FolderMemo): Promise<SiteRules> {
  const found = memo === undefined ? await markers(root) : (memo.recall('markers') ?? (await memo.remember('markers', (reading) => markers(root, reading))));
  if (found.length === 0) return { sites: [], rules: [], undeclared: [], broken: [] };
  const texts = await Promise.all(found.map(async (f) => `${f}\u0000${(await readText(f).catch(() => undefined)) ?? ''}`));
  const key = texts.join('\u0001');
  const hit = cache.get(root.path);
  if (hit !== undefined && hit.key === key) return hit.rules;
  const io = guardedSiteIo(root, readText);
  const sites = await detectSites('', io);
  const all = await io.listFiles('');
  const rules: SiteRule[] = [];
  const undeclared: LocaleFolderWarning[] = [];
  const broken: SiteRules['broken'] = [];
  for (const site of sites) {
    for (const u of site.unreadable) if (u.key === '(file)') broken.push({ file: join(site.siteRoot, u.file), message: u.message });
    for (const l of site.locales) {
      for (const g of l.locations)
        rules.push({
          glob: prefixed(site.siteRoot, g),
          kind: 'translation',
          reason: `translation into ${l.code} (a locale of ${join(site.siteRoot, site.configFile)})`,
        });
    }
    const prefix = site.siteRoot === '' ? '' : `${site.siteRoot}/`;
    const files = all.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
    for (const w of undeclaredLocaleFolders(site, files)) {
      const folder = prefixed(site.siteRoot, w.folder);
      undeclared.push({ ...w, folder });
      rules.push({
        glob: `${folder}/**`,
        kind: 'undeclared-locale',
        reason: `folder named like the language ${w.code} mirroring the sources (${w.mirrored} of its ${w.pages} pages), not declared in ${join(site.siteRoot, site.configFile)}: never translated`,
      });
    }
    for (const e of site.exclusions) rules.push({ glob: prefixed(site.siteRoot, e.glob), kind: 'exclusion', reason: `${e.reason} (${site.framework})` });
  }
  const result: SiteRules = { sites, rules, undeclared, broken };
  cache.set(root.path, { key, rules: result });
  return result;
}
