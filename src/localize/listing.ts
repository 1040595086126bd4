/**
 * Which files are sources (scan.ts plans them): the set's patterns, minus every translation, the
 * framework's own exclusions and folders named like an undeclared language; what was left out and why.
 */
import { join } from 'node:path';
import { CONFIG_FILE, ConfigError, type LocalizeConfig } from './config.ts';
import { type LocalizeFs } from './fs.ts';
import { GuardedRoot } from '../shared/guardedFs.ts';
import type { LocaleFolderWarning, SiteModel } from './site/index.ts';
import { siteRulesFor } from './site/rules.ts';
import { compileYielding, filterYielding, matchesAny } from './glob.ts';
import { createLayout, type Layout } from './layouts.ts';
import { fileHash } from './hash.ts';
import { shardOf } from './lock.ts';
import { StatCache } from './statCache.ts';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export function parseShard(spec: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || index < 1 || index > count) throw new RangeError(`--shard must be k/n with 1 <= k <= n, got ${JSON.stringify(spec)}`);
  return { index, count };
}

/** Whether a source is in the run's scope: its shard, and the files or folders named. */
export function inScope(path: string, opts: { shard?: Shard | undefined; paths?: readonly string[] | undefined }): boolean {
  if (opts.shard !== undefined && shardOf(path, opts.shard.count) !== opts.shard.index) return false;
  if (opts.paths !== undefined) {
    return opts.paths.some((p) => {
      const q = p.replace(/^\.\//, '').replace(/\/+$/, '');
      return q === '' || q === '.' || path === q || path.startsWith(`${q}/`);
    });
  }
  return true;
}

/** Files that would have been sources and were left out, grouped by rule. */
export interface LeftOut {
  /** The glob of the rule (relative to the config folder), when the rule is a glob. */
  glob?: string;
  /** The folder, for a folder named like a language that no configuration declares. */
  path?: string;
  reason: string;
  /** How many Markdown pages and `files` sources it left out. */
  files: number;
}

export interface SourceListing {
  pages: string[];
  files: string[];
  /** What was left out and why (only files the `include` or `files` patterns would have taken). */
  leftOut: LeftOut[];
  /** Folders named like a language that mirror the sources and that no configuration declares. */
  undeclared: LocaleFolderWarning[];
  /** The documentation sites found in the folder (empty with `"detect": false`). */
  sites: SiteModel[];
}

function openRoot(folder: string): GuardedRoot | undefined {
  try {
    return GuardedRoot.openSync(folder);
  } catch {
    return undefined; // no such folder: nothing to detect (the listing finds nothing either)
  }
}

const hasWildcard = (p: string): boolean => /[*?[\]{}]/.test(p);

/**
 * Every source of the set, sorted: `pages` (Markdown, segment by segment) and `files` (file jobs).
 * Translations are never among them: neither into a target language nor into one of
 * `removedLanguages` (languages that were target languages once; `layout`, when given, knows them),
 * nor into any locale the documentation framework's own config declares, nor in a folder named
 * like a language that mirrors the sources (see site/rules.ts); the framework's default exclusions
 * apply too. A file the user's `include` names explicitly (its exact path, or the rule's glob
 * written as is) is kept; `"detect": false` turns the framework reading off.
 */
export async function listSourceFiles(
  config: LocalizeConfig,
  fs: LocalizeFs & { root?: GuardedRoot },
  layout?: Layout,
  removedLanguages: readonly string[] = [],
  cache?: StatCache,
): Promise<SourceListing> {
  const langs = [...config.targetLanguages, ...removedLanguages];
  const lay = layout ?? createLayout(config.layout, config.source, langs);
  const prefix = config.source === '.' ? '' : `${config.source}/`;
  const include = await compileYielding(config.include);
  const jobs = await compileYielding(config.files);
  const exclude = await compileYielding(config.exclude);
  const root = config.detect !== false ? (fs.root ?? openRoot(config.folder)) : undefined;
  const site = root !== undefined ? await siteRulesFor(root, (rel) => fs.readText(join(config.folder, rel)), cache) : undefined;
  if (site !== undefined && site.broken.length > 0) {
    const b = site.broken[0]!;
    throw new ConfigError(
      `${b.file}: the framework's config cannot be read: ${b.message.replace(/^[^ ]+ /, '')}; or set "detect": false in ${CONFIG_FILE} to leave it unread`,
    );
  }
  const siteMatchers = await compileYielding((site?.rules ?? []).map((r) => r.glob));
  const siteRules = (site?.rules ?? []).map((r, i) => ({ ...r, m: siteMatchers[i]! }));
  const literal = new Set(config.include.filter((p) => !hasWildcard(p)).map((p) => p.replace(/^\.?\//, '')));
  const named = new Set(config.include);
  const counts = new Map<string, LeftOut>();
  const leave = (key: string, make: () => LeftOut): false => {
    const c = counts.get(key) ?? counts.set(key, make()).get(key)!;
    c.files++;
    return false;
  };
  // Each pattern list is tried once per file (the matchers are the costly part of a listing).
  const keep = (f: string, inc: boolean, job: () => boolean): boolean => {
    const wanted = (): boolean => inc || job();
    if (matchesAny(f, exclude)) {
      if (!wanted()) return false;
      const g = config.exclude.find((_, i) => exclude[i]!.test(f))!;
      return leave(`x:${g}`, () => ({ glob: g, reason: `exclude in ${CONFIG_FILE}`, files: 0 }));
    }
    if (lay.isOutput(f))
      return wanted()
        ? leave('layout', () => ({
            reason: `translation into a target language (layout ${typeof config.layout === 'string' ? config.layout : config.layout.pattern})`,
            files: 0,
          }))
        : false;
    if (siteRules.length === 0 || !wanted()) return true;
    const rule = siteRules.find((r) => r.m.test(f));
    if (rule === undefined || literal.has(f) || named.has(rule.glob)) return true;
    return leave(`s:${rule.glob}`, () =>
      rule.kind === 'undeclared-locale'
        ? { path: rule.glob.replace(/\/\*\*$/, '/'), reason: rule.reason, files: 0 }
        : { glob: rule.glob, reason: rule.reason, files: 0 },
    );
  };
  // The listing depends on names only (never on contents): the stat cache keeps it under a hash of all its inputs,
  // and the names themselves while no folder the walk read has changed (cache.walk: only the engine's own listing).
  const dir = join(config.folder, config.source);
  const inputs =
    cache === undefined
      ? ''
      : JSON.stringify([config.source, config.include, config.exclude, config.files, config.layout, config.targetLanguages, langs, site?.rules ?? []]);
  const keyOf = (namesHash: string): string => fileHash(`${inputs}\u0000${namesHash}`);
  const unchanged = cache?.walks === true ? cache.unchangedWalk(dir) : undefined;
  const early = unchanged !== undefined ? cache!.listing(keyOf(unchanged)) : undefined;
  if (early !== undefined) return { ...early, undeclared: site?.undeclared ?? [], sites: site?.sites ?? [] };
  let names: string[];
  let key = '';
  if (cache?.walks === true) {
    const w = await cache.walk(dir, fs.listFiles);
    names = w.names;
    key = keyOf(w.hash);
  } else {
    names = await fs.listFiles(dir);
    if (cache !== undefined) key = keyOf(fileHash(names.join('\n')));
  }
  const known = cache?.listing(key);
  if (known !== undefined) return { ...known, undeclared: site?.undeclared ?? [], sites: site?.sites ?? [] };
  const pages: string[] = [];
  const files: string[] = [];
  // Patterns come from the repository: the filtering yields to the event loop every few milliseconds.
  await filterYielding(names, (name) => {
    const f = prefix + name;
    const inc = matchesAny(f, include);
    let job: boolean | undefined;
    const isJob = (): boolean => (job ??= matchesAny(f, jobs));
    if (!keep(f, inc, isJob)) return false;
    if (inc) pages.push(f);
    else if (isJob()) files.push(f);
    return false;
  });
  // Every translation of every source (configured languages first: the stat cache's positions).
  const targets = new Map<string, string[]>();
  const outputs = new Set<string>();
  for (const f of [...pages, ...files]) {
    const t = langs.map((l) => lay.target(f, l));
    targets.set(f, t);
    for (const x of t) outputs.add(x);
  }
  const notOutput = (f: string): boolean => !outputs.has(f) || leave('other', () => ({ reason: 'the translation of another source (layout)', files: 0 }));
  const result = { pages: pages.filter(notOutput), files: files.filter(notOutput), leftOut: [...counts.values()] };
  cache?.setListing(key, result, config.targetLanguages.length, (f, k) => targets.get(f)![k]!);
  return { ...result, undeclared: site?.undeclared ?? [], sites: site?.sites ?? [] };
}

/** The Markdown sources of the set, sorted. */
export async function listSources(config: LocalizeConfig, fs: LocalizeFs, layout?: Layout): Promise<string[]> {
  return (await listSourceFiles(config, fs, layout)).pages;
}
