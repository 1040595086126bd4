/**
 * Which files are sources, and the plan of every translation: read locally, hashed, no requests.
 * Translations of every target language are never sources: each layout recognises its outputs,
 * and any file that is the translation of another source is excluded as well.
 */
import { join } from 'node:path';
import { isMdxSource, parseSource, type SourceDoc } from './blocks.ts';
import { LOCK_FILE, type LocalizeConfig } from './config.ts';
import { localFs, mapLimit, type LocalizeFs } from './fs.ts';
import { GuardedRoot } from '../shared/guardedFs.ts';
import { createLayout, type Layout } from './layouts.ts';
import { parseLock, type Lock, type LockEntry } from './lock.ts';
import { hashFile, planFileJob } from './filejobs.ts';
import { hasConflictMarkers } from './conflictMarkers.ts';
import { markersPlan, planFile, unchangedPlan, type FilePlan } from './plan.ts';
import { termRulesFor } from './trust/termsConfig.ts';
import { fileHash } from './hash.ts';
import { decodeText } from './encoding.ts';
import { StatCache } from './statCache.ts';
import { labelKeysToStrip } from './trust/pageLabels.ts';
import { inScope, listSourceFiles, type Shard, type SourceListing } from './listing.ts';

/** The scan gives the event loop a turn at least this often (a file's parse is the longest step). */
const YIELD_EVERY_MS = 8;
/** The start of a merge conflict marker, searched in a file's bytes before anything is decoded. */
const MARKER = '<<<<<<<';

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
  /**
   * The process keeps its working directory for the whole run (the command line does; the editor
   * never sets it): when that directory is the set-up's folder, files are statted by their paths
   * relative to it, as git does from its worktree.
   */
  fixedCwd?: boolean;
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

const listings = new WeakMap<LocalizeConfig, SourceListing>();

/** The source listing of the last scan made with this config object (for reports made from a scan, e.g. the dry run's). */
export function lastListing(config: LocalizeConfig): SourceListing | undefined {
  return listings.get(config);
}

/** What a report (status, check, dry run) needs of a scan: the lock itself may be left unread. */
export type ReportScan = Omit<Scan, 'lock' | 'lockText'>;

/** The lock changed between its stat and its read during a scan: the scan starts again without trusting the cache's projection of it. */
class LockMoved extends Error {}

/**
 * Keeps a plan's summary instead of the plan (the update's, see updateStream.ts): given, the scan
 * keeps neither texts nor composers, so what it holds does not grow with the texts of the files.
 */
export type SlimPlan = (plan: FilePlan, targetText: string | undefined) => FilePlan;

/** Reads sources, translations and the lock, and plans every translation in scope. */
export async function scan(opts: LocalizeOptions, slim?: SlimPlan): Promise<Scan> {
  return (await scanWith(opts, true, slim)) as Scan;
}

/**
 * The same plans as `scan` for reports: when the stat cache shows the lock unchanged and every
 * translation in scope up to date or edited, the lock is not read at all.
 */
export async function scanForReport(opts: LocalizeOptions): Promise<ReportScan> {
  return scanWith(opts, false);
}

async function scanWith(opts: LocalizeOptions, needLock: boolean, slim?: SlimPlan): Promise<Scan | ReportScan> {
  const fs = resolveFs(opts.config.folder, opts.fs);
  // Only a scan that reads the disk itself may answer from stats (the editor reads unsaved documents).
  const cache =
    opts.fs?.readText === undefined && opts.fs?.readBytes === undefined
      ? StatCache.load(fs.root, opts.fs?.listFiles === undefined, opts.fixedCwd === true)
      : undefined;
  try {
    try {
      return await scanOnce(opts, fs, cache, needLock, true, slim);
    } catch (err) {
      if (!(err instanceof LockMoved)) throw err;
      return await scanOnce(opts, fs, cache, needLock, false, slim);
    }
  } finally {
    await cache?.save();
  }
}

type Read = { hash: string; text: () => string; marks: boolean };

async function scanOnce(
  opts: LocalizeOptions,
  fs: LocalizeFs & { root: GuardedRoot },
  cache: StatCache | undefined,
  needLock: boolean,
  trustLock: boolean,
  slim?: SlimPlan,
): Promise<Scan | ReportScan> {
  const { config } = opts;
  const languages = opts.languages === undefined ? config.targetLanguages : config.targetLanguages.filter((l) => opts.languages!.includes(l));
  const lockPath = join(config.folder, LOCK_FILE);
  // The lock's stat is taken before it is read; its projection in the cache stands in for it while that stat holds.
  const lockStat = cache?.stat(lockPath);
  const part = trustLock && lockStat !== 'other' ? cache?.lockPart(lockStat) : undefined;
  let lockText: string | undefined;
  let lock: Lock | undefined;
  let loading: Promise<Lock> | undefined;
  const loadLock = (): Promise<Lock> =>
    (loading ??= (async () => {
      await cache?.takeStamp();
      lockText = await fs.readText(lockPath);
      if (part !== undefined && fileHash(lockText ?? '') !== part.hash) throw new LockMoved();
      return (lock = parseLock(lockText));
    })());
  if (part === undefined) await loadLock();
  // A language taken out of targetLanguages: its translations stay where they are, never sources.
  const configured = new Set(config.targetLanguages);
  const lockLangs = lock !== undefined ? [...lock.files.values()].map((e) => e.lang) : part!.extras.map((e) => e.lang);
  const removedLanguages = [...new Set([...((lock !== undefined ? lock.removedLanguages : part!.removedLanguages) ?? []), ...lockLangs])]
    .filter((l) => !configured.has(l))
    .sort();
  const layout = createLayout(config.layout, config.source, [...config.targetLanguages, ...removedLanguages]);
  const listing = await listSourceFiles(config, fs, layout, removedLanguages, cache);
  listings.set(config, listing);
  const { pages: allSources, files: allFiles } = listing;
  // The positions of the cache are those of this listing from here on.
  const positioned = cache?.positioned === true;
  if (part !== undefined && !(positioned && cache!.lockMatchesListing())) await loadLock();
  if (positioned && lock !== undefined && part === undefined) {
    cache!.setLock(lockStat === 'other' ? undefined : lockStat, fileHash(lockText ?? ''), lock.removedLanguages ?? [], lock.files, config.targetLanguages);
  }
  // Everything is in scope without a shard or paths: the listing as it is (no call per source).
  const whole = opts.shard === undefined && opts.paths === undefined;
  const sourceIndex: number[] = [];
  const sources: string[] = whole ? allSources.slice() : [];
  if (whole) for (let i = 0; i < allSources.length; i++) sourceIndex.push(i);
  else {
    allSources.forEach((s, i) => {
      if (inScope(s, opts)) {
        sources.push(s);
        sourceIndex.push(i);
      }
    });
  }
  const fileIndex: number[] = [];
  const fileSources: string[] = [];
  allFiles.forEach((s, i) => {
    if (inScope(s, opts)) {
      fileSources.push(s);
      fileIndex.push(allSources.length + i);
    }
  });
  // Position of each language in scope among the configured ones (0 is the source itself).
  const langSlot = languages.map((l) => config.targetLanguages.indexOf(l) + 1);
  const sourceText = new Map<string, string>();
  const targetText = new Map<string, string | undefined>();
  // Hashes come from the bytes; text is decoded (and Markdown parsed) only where something changed.
  const readBytes = opts.fs?.readText !== undefined && opts.fs.readBytes === undefined ? undefined : fs.readBytes;
  // `marks`: the file may hold merge conflict markers (a byte search; decoded only when it might).
  const readFile = async (path: string): Promise<Read | undefined> => {
    if (readBytes !== undefined) {
      const bytes = await readBytes(path);
      if (bytes === undefined) return undefined;
      let text: string | undefined;
      return { hash: fileHash(bytes), text: () => (text ??= decodeText(bytes, path)), marks: bytes.includes(MARKER) };
    }
    const text = await fs.readText(path);
    return text === undefined ? undefined : { hash: fileHash(text), text: () => text, marks: text.includes(MARKER) };
  };
  // A read whose hash the cache records: the stat is taken first, the stamp before the read (see statCache.ts).
  const read = async (rel: string, pos: number): Promise<Read | undefined> => {
    const path = join(config.folder, rel);
    if (!positioned) return readFile(path);
    const st = cache!.stat(rel);
    await cache!.takeStamp();
    const r = await readFile(path);
    if (r === undefined || st === undefined || st === 'other') cache!.forget(pos);
    else cache!.record(pos, st, r.hash, r.marks);
    return r;
  };
  // Time-sliced: in the editor this runs on the extension host, which must never stall for long.
  // One shared turn for all workers: each would otherwise take its own slice in the same check phase.
  let lastYield = performance.now();
  let turn: Promise<void> | undefined;
  const breathe = (): Promise<void> | undefined => {
    if (turn !== undefined) return turn;
    if (performance.now() - lastYield < YIELD_EVERY_MS) return undefined;
    turn = new Promise((resolve) =>
      setImmediate(() => {
        lastYield = performance.now();
        turn = undefined;
        resolve();
      }),
    );
    return turn;
  };
  /**
   * The plans of a source answered from stats alone, put in `out` from `at`: the source and every
   * translation in scope known to the cache with the stat they have now, none holding conflict
   * markers, and the lock's entry made from this very source. False when anything else holds (then
   * everything is read, and planned again).
   */
  const same = new Uint8Array(langSlot.length);
  const fromStats = (index: number, source: string, out: FilePlan[], at: number): boolean => {
    const c = cache!;
    const sourcePos = c.position(index, 0);
    if (lock === undefined) {
      if (!c.unchangedNow(sourcePos, langSlot, same)) return false;
      for (let li = 0; li < languages.length; li++) {
        out[at + li] = unchangedPlan(source, c.pathAt(sourcePos + langSlot[li]!), languages[li]!, same[li] === 1 ? 'up-to-date' : 'edited');
      }
      return true;
    }
    // The lock was read: its entries are looked up by path.
    for (let li = 0; li < languages.length; li++) if (!c.has(sourcePos + langSlot[li]!)) return false;
    if (c.knownNow(sourcePos) !== true) return false;
    const srcHex = c.hashAt(sourcePos);
    for (let li = 0; li < languages.length; li++) {
      const pos = sourcePos + langSlot[li]!;
      const target = c.pathAt(pos);
      if (c.knownNow(pos) !== true) return false;
      const entry = lock.files.get(target);
      if (entry === undefined || entry.sourceHash !== srcHex) return false;
      out[at + li] = unchangedPlan(source, target, languages[li]!, entry.output === c.hashAt(pos) ? 'up-to-date' : 'edited');
    }
    return true;
  };
  // First every source the stats answer (the files of those the cache knows statted at once), in one pass...
  if (positioned) await cache!.statSources(sourceIndex, langSlot);
  // One plan per source and language in scope, at n * languages.length + li.
  const plans = new Array<FilePlan>(sources.length * languages.length);
  const toRead: number[] = [];
  for (let n = 0; n < sources.length; n++) {
    if (!positioned || !fromStats(sourceIndex[n]!, sources[n]!, plans, n * languages.length)) toRead.push(n);
    if ((n & 63) === 63) await breathe();
  }
  // ...then the others, read and planned.
  await mapLimit(toRead, 16, async (n) => {
    await breathe();
    const source = sources[n]!;
    const index = sourceIndex[n]!;
    const lk = lock ?? (await loadLock());
    const src = (await read(source, positioned ? cache!.position(index, 0) : -1)) ?? { hash: fileHash(''), text: () => '', marks: false };
    let doc: SourceDoc | undefined;
    const getDoc = (): SourceDoc => (doc ??= parseSource(src.text(), config.frontMatterKeys, isMdxSource(source, config.layout)));
    const at = n * languages.length;
    for (const [li, lang] of languages.entries()) {
      await breathe();
      const target = positioned ? cache!.pathAt(cache!.position(index, langSlot[li]!)) : layout.target(source, lang);
      const current = await read(target, positioned ? cache!.position(index, langSlot[li]!) : -1);
      const entry = lk.files.get(target);
      if (entry !== undefined && current !== undefined && entry.sourceHash === src.hash) {
        // A merge nobody finished is never "up to date", even when the lock recorded it as written.
        plans[at + li] =
          current.marks && hasConflictMarkers(current.text())
            ? markersPlan(source, target, lang, current.text())
            : unchangedPlan(source, target, lang, current.hash === entry.output ? 'up-to-date' : 'edited');
        continue;
      }
      const targetNow = current?.text();
      const plan = planFile(
        {
          source,
          target,
          lang,
          sourceText: src.text(),
          targetText: targetNow,
          entry,
          frontMatterKeys: config.frontMatterKeys,
          labelKeys: labelKeysToStrip(config),
          terms: termRulesFor(config.terms, lang),
        },
        getDoc,
      );
      if (slim !== undefined) plans[at + li] = slim(plan, targetNow);
      else {
        if (plan.compose !== undefined) targetText.set(target, targetNow);
        plans[at + li] = plan;
      }
    }
    if (slim === undefined && plans.slice(at, at + languages.length).some((p) => p.compose !== undefined)) sourceText.set(source, src.text());
  });
  // File jobs: hashes of the bytes, from the cache while the stat holds.
  const hashAt = async (rel: string, pos: number): Promise<string | undefined> => {
    if (!positioned) return hashFile(await fs.root.check(rel));
    const st = cache!.stat(rel);
    if (st !== undefined && st !== 'other' && cache!.known(pos, st) === true) return cache!.hashAt(pos);
    await cache!.takeStamp();
    const hash = await hashFile(await fs.root.check(rel));
    if (hash === undefined || st === undefined || st === 'other') cache!.forget(pos);
    else cache!.record(pos, st, hash, false);
    return hash;
  };
  const entryAt = async (target: string, pos: number): Promise<LockEntry | undefined> => {
    if (lock !== undefined || !positioned) return (lock ?? (await loadLock())).files.get(target);
    const e = cache!.entryAt(pos);
    // A file job's entry has no blocks: what the projection keeps is all its plan reads.
    return e === 'none'
      ? undefined
      : { source: cache!.pathAt(pos - (pos % (1 + config.targetLanguages.length))), lang: '', sourceHash: e.sourceHash, output: e.output, blocks: [] };
  };
  const filePlans = await mapLimit(fileSources, 8, async (source, n) => {
    const index = fileIndex[n]!;
    const pos = (k: number): number => (positioned ? cache!.position(index, k) : -1);
    const sourceHash = (await hashAt(source, pos(0))) ?? '';
    return Promise.all(
      languages.map(async (lang, li) => {
        const target = positioned ? cache!.pathAt(pos(langSlot[li]!)) : layout.target(source, lang);
        return planFileJob({
          source,
          target,
          lang,
          sourceHash,
          targetHash: await hashAt(target, pos(langSlot[li]!)),
          entry: await entryAt(target, pos(langSlot[li]!)),
        });
      }),
    );
  });
  if (needLock) await loadLock();
  // Built on first use: a report whose lock entries all sit at their own positions never needs it.
  let knownSet: Set<string> | undefined;
  const knownAll = (): Set<string> => (knownSet ??= new Set([...allSources, ...allFiles]));
  // Entries at their own translation's position have a listed source and a configured language: only the others can be orphaned or unconfigured.
  const entries: [string, { source: string; lang: string }][] = lock !== undefined ? [...lock.files] : part!.extras.map((e) => [e.target, e]);
  const orphaned = entries
    .filter(([, e]) => !knownAll().has(e.source) && inScope(e.source, opts) && languages.includes(e.lang))
    .map(([t]) => t)
    .sort();
  const unconfigured = entries
    .filter(([, e]) => !configured.has(e.lang) && inScope(e.source, opts))
    .map(([t]) => t)
    .sort();
  const base = {
    fs,
    root: fs.root,
    layout,
    allSources,
    get allSourceSet(): Set<string> {
      return knownAll();
    },
    sources,
    languages,
    plans: filePlans.length === 0 ? plans : plans.concat(filePlans.flat()),
    files: fileSources.length,
    sourceText,
    targetText,
    orphaned,
    unconfigured,
    removedLanguages,
    listing,
  };
  // Either a Scan with its lock or a ReportScan (the lock left unread), not an optional field.
  return lock !== undefined ? { ...base, lock, lockText } : base;
}
