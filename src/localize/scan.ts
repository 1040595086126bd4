/**
 * Which files are sources, and the plan of every translation: read locally, hashed, no requests.
 * Translations of every target language are never sources: each layout recognises its outputs,
 * and any file that is the translation of another source is excluded as well.
 */
import { join } from 'node:path';
import { isMdxSource, parseSource, type SourceDoc } from './blocks.ts';
import { CONFIG_FILE, ConfigError, LOCK_FILE, type LocalizeConfig } from './config.ts';
import { localFs, mapLimit, type LocalizeFs } from './fs.ts';
import { GuardedRoot } from '../shared/guardedFs.ts';
import type { LocaleFolderWarning, SiteModel } from './site/index.ts';
import { siteRulesFor } from './site/rules.ts';
import { compileYielding, filterYielding, matchesAny } from './glob.ts';
import { createLayout, type Layout } from './layouts.ts';
import { parseLock, shardOf, type Lock } from './lock.ts';
import { hashFile, planFileJob } from './filejobs.ts';
import { hasConflictMarkers, markersPlan, planFile, unchangedPlan, type FilePlan } from './plan.ts';
import { fileHash } from './hash.ts';
import { decodeText } from './encoding.ts';

/** The scan gives the event loop a turn at least this often (a file's parse is the longest step). */
const YIELD_EVERY_MS = 8;
/** The start of a merge conflict marker, searched in a file's bytes before anything is decoded. */
const MARKER = '<<<<<<<';

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export interface LocalizeOptions {
  config: LocalizeConfig;
  /** Overrides of file access; the editor passes its safe writer as `writeText`. */
  fs?: Partial<LocalizeFs>;
  /** Only the sources this shard owns (split by a hash of the source path). */
  shard?: Shard;
  /** Only these source files or folders (relative to the config folder). */
  paths?: readonly string[];
  /** Only these target languages (default: all configured). */
  languages?: readonly string[];
}

export interface Scan {
  fs: LocalizeFs;
  /** The guarded root of the set-up's folder (every read and write stays inside it). */
  root: GuardedRoot;
  layout: Layout;
  /** Every Markdown source of the set, sorted. */
  allSources: string[];
  /** Every source, file jobs included (links to them point at their translations). */
  allSourceSet: Set<string>;
  /** The Markdown sources in scope (shard, paths), sorted. */
  sources: string[];
  /** Non-Markdown sources in scope (file jobs). */
  files: number;
  languages: string[];
  lock: Lock;
  lockText: string | undefined;
  plans: FilePlan[];
  sourceText: Map<string, string>;
  targetText: Map<string, string | undefined>;
  /** Lock entries in scope whose source no longer exists. */
  orphaned: string[];
  /** Lock entries in scope whose language is no longer a target language. */
  unconfigured: string[];
  /** Languages that were target languages and are no longer (the lock's record and its entries'). */
  removedLanguages: string[];
  /** What the source listing left out and why, the undeclared locale folders and the sites found. */
  listing: SourceListing;
}

/** The engine's file access for the set-up's folder, with the caller's overrides (the editor's). */
export function resolveFs(folder: string, over?: Partial<LocalizeFs>): LocalizeFs & { root: GuardedRoot } {
  return { ...localFs(folder), ...over };
}

export function parseShard(spec: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || count < 1 || index < 1 || index > count) throw new RangeError(`--shard must be k/n with 1 <= k <= n, got ${JSON.stringify(spec)}`);
  return { index, count };
}

function inScope(path: string, opts: LocalizeOptions): boolean {
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
  config: LocalizeConfig, fs: LocalizeFs & { root?: GuardedRoot }, layout?: Layout, removedLanguages: readonly string[] = [],
): Promise<SourceListing> {
  const langs = [...config.targetLanguages, ...removedLanguages];
  const lay = layout ?? createLayout(config.layout, config.source, langs);
  const prefix = config.source === '.' ? '' : `${config.source}/`;
  const include = await compileYielding(config.include);
  const jobs = await compileYielding(config.files);
  const exclude = await compileYielding(config.exclude);
  const root = config.detect !== false ? (fs.root ?? openRoot(config.folder)) : undefined;
  const site = root !== undefined ? await siteRulesFor(root, (rel) => fs.readText(join(config.folder, rel))) : undefined;
  if (site !== undefined && site.broken.length > 0) {
    const b = site.broken[0]!;
    throw new ConfigError(`${b.file}: the framework's config cannot be read: ${b.message.replace(/^[^ ]+ /, '')}; or set "detect": false in ${CONFIG_FILE} to leave it unread`);
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
  const wanted = (f: string): boolean => matchesAny(f, include) || matchesAny(f, jobs);
  const keep = (f: string): boolean => {
    if (matchesAny(f, exclude)) {
      if (!wanted(f)) return false;
      const g = config.exclude.find((_, i) => exclude[i]!.test(f))!;
      return leave(`x:${g}`, () => ({ glob: g, reason: `exclude in ${CONFIG_FILE}`, files: 0 }));
    }
    if (lay.isOutput(f)) return wanted(f) ? leave('layout', () => ({ reason: `translation into a target language (layout ${typeof config.layout === 'string' ? config.layout : config.layout.pattern})`, files: 0 })) : false;
    if (siteRules.length === 0 || !wanted(f)) return true;
    const rule = siteRules.find((r) => r.m.test(f));
    if (rule === undefined || literal.has(f) || named.has(rule.glob)) return true;
    return leave(`s:${rule.glob}`, () => (rule.kind === 'undeclared-locale' ? { path: rule.glob.replace(/\/\*\*$/, '/'), reason: rule.reason, files: 0 } : { glob: rule.glob, reason: rule.reason, files: 0 }));
  };
  // Patterns come from the repository: the filtering yields to the event loop every few milliseconds.
  const all = await filterYielding((await fs.listFiles(join(config.folder, config.source))).map((f) => prefix + f), keep);
  const pages = await filterYielding(all, (f) => matchesAny(f, include));
  const files = await filterYielding(all, (f) => !matchesAny(f, include) && matchesAny(f, jobs));
  const outputs = new Set<string>();
  for (const f of [...pages, ...files]) for (const l of langs) outputs.add(lay.target(f, l));
  const notOutput = (f: string): boolean => !outputs.has(f) || leave('other', () => ({ reason: 'the translation of another source (layout)', files: 0 }));
  const result = { pages: pages.filter(notOutput), files: files.filter(notOutput) };
  return { ...result, leftOut: [...counts.values()], undeclared: site?.undeclared ?? [], sites: site?.sites ?? [] };
}

/** The Markdown sources of the set, sorted. */
export async function listSources(config: LocalizeConfig, fs: LocalizeFs, layout?: Layout): Promise<string[]> {
  return (await listSourceFiles(config, fs, layout)).pages;
}

const listings = new WeakMap<LocalizeConfig, SourceListing>();

/** The source listing of the last scan made with this config object (for reports made from a scan, e.g. the dry run's). */
export function lastListing(config: LocalizeConfig): SourceListing | undefined {
  return listings.get(config);
}

/** Reads sources, translations and the lock, and plans every translation in scope. */
export async function scan(opts: LocalizeOptions): Promise<Scan> {
  const { config } = opts;
  const fs = resolveFs(config.folder, opts.fs);
  const languages = opts.languages === undefined ? config.targetLanguages : config.targetLanguages.filter((l) => opts.languages!.includes(l));
  const lockText = await fs.readText(join(config.folder, LOCK_FILE));
  const lock = parseLock(lockText);
  // A language taken out of targetLanguages: its translations stay where they are, never sources.
  const configured = new Set(config.targetLanguages);
  const removedLanguages = [...new Set([...(lock.removedLanguages ?? []), ...[...lock.files.values()].map((e) => e.lang)])]
    .filter((l) => !configured.has(l)).sort();
  const layout = createLayout(config.layout, config.source, [...config.targetLanguages, ...removedLanguages]);
  const listing = await listSourceFiles(config, fs, layout, removedLanguages);
  listings.set(config, listing);
  const { pages: allSources, files: allFiles } = listing;
  const sources = allSources.filter((s) => inScope(s, opts));
  const fileSources = allFiles.filter((s) => inScope(s, opts));
  const sourceText = new Map<string, string>();
  const targetText = new Map<string, string | undefined>();
  // Hashes come from the bytes; text is decoded (and Markdown parsed) only where something changed.
  const readBytes = opts.fs?.readText !== undefined && opts.fs.readBytes === undefined ? undefined : fs.readBytes;
  // `marks`: the file may hold merge conflict markers (a byte search; decoded only when it might).
  const read = async (path: string): Promise<{ hash: string; text: () => string; marks: boolean } | undefined> => {
    if (readBytes !== undefined) {
      const bytes = await readBytes(path);
      if (bytes === undefined) return undefined;
      let text: string | undefined;
      return { hash: fileHash(bytes), text: () => (text ??= decodeText(bytes, path)), marks: bytes.includes(MARKER) };
    }
    const text = await fs.readText(path);
    return text === undefined ? undefined : { hash: fileHash(text), text: () => text, marks: text.includes(MARKER) };
  };
  // Time-sliced: in the editor this runs on the extension host, which must never stall for long.
  // One shared turn for all workers: each would otherwise take its own slice in the same check phase.
  let lastYield = performance.now();
  let turn: Promise<void> | undefined;
  const breathe = (): Promise<void> | undefined => {
    if (turn !== undefined) return turn;
    if (performance.now() - lastYield < YIELD_EVERY_MS) return undefined;
    turn = new Promise((resolve) => setImmediate(() => {
      lastYield = performance.now();
      turn = undefined;
      resolve();
    }));
    return turn;
  };
  const perSource = await mapLimit(sources, 16, async (source) => {
    await breathe();
    const src = (await read(join(config.folder, source))) ?? { hash: fileHash(''), text: () => '' };
    let doc: SourceDoc | undefined;
    const getDoc = (): SourceDoc => (doc ??= parseSource(src.text(), config.frontMatterKeys, isMdxSource(source, config.layout)));
    const plans: FilePlan[] = [];
    for (const lang of languages) {
      await breathe();
      const target = layout.target(source, lang);
      const current = await read(join(config.folder, target));
      const entry = lock.files.get(target);
      if (entry !== undefined && current !== undefined && entry.sourceHash === src.hash) {
        // A merge nobody finished is never "up to date", even when the lock recorded it as written.
        if (current.marks && hasConflictMarkers(current.text())) plans.push(markersPlan(source, target, lang, current.text()));
        else plans.push(unchangedPlan(source, target, lang, current.hash === entry.output ? 'up-to-date' : 'edited'));
        continue;
      }
      const targetNow = current?.text();
      const plan = planFile({ source, target, lang, sourceText: src.text(), targetText: targetNow, entry, frontMatterKeys: config.frontMatterKeys }, getDoc);
      if (plan.compose !== undefined) targetText.set(target, targetNow);
      plans.push(plan);
    }
    if (plans.some((p) => p.compose !== undefined)) sourceText.set(source, src.text());
    return plans;
  });
  const filePlans = await mapLimit(fileSources, 8, async (source) => {
    const sourceHash = (await hashFile(await fs.root.check(source))) ?? '';
    return Promise.all(languages.map(async (lang) => {
      const target = layout.target(source, lang);
      return planFileJob({ source, target, lang, sourceHash, targetHash: await hashFile(await fs.root.check(target)), entry: lock.files.get(target) });
    }));
  });
  const knownAll = new Set([...allSources, ...allFiles]);
  const orphaned = [...lock.files].filter(([, e]) => !knownAll.has(e.source) && inScope(e.source, opts) && languages.includes(e.lang)).map(([t]) => t).sort();
  const unconfigured = [...lock.files].filter(([, e]) => !configured.has(e.lang) && inScope(e.source, opts)).map(([t]) => t).sort();
  return {
    fs, root: fs.root, layout, allSources, allSourceSet: knownAll, sources, languages, lock, lockText, plans: [...perSource.flat(), ...filePlans.flat()],
    files: fileSources.length, sourceText, targetText, orphaned, unconfigured, removedLanguages, listing,
  };
}
