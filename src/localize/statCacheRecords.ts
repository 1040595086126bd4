/**
 * The records of the stat cache in memory (see statCache.ts; the bytes are statCacheFile.ts's):
 * the positions of a listing, what is known of the file at each, and the lock's projection on
 * them. Nothing here reads or writes the disk.
 */
import type { Stats } from 'node:fs';
import type { LeftOut } from './listing.ts';
import type { ExtraEntry, Header, LockPart, WalkPart } from './statCacheFile.ts';
import { FILE, type StatBatch } from './statCacheStat.ts';

/** Stat slots per record (float64): size, mtimeMs, ctimeMs, inode. */
export const STATS = 4;
/** Hash slots per record (uint32 pairs): the file's hash, the lock entry's source hash and output hash. */
export const HASHES = 6;
export const FILE_HASH = 0;
const LOCK_SOURCE = 2;
const LOCK_OUTPUT = 4;
/** Flags per record. */
export const KNOWN = 1;
export const MARKS = 2;
const ENTRY = 4;
const NULL_SOURCE = 8;

export const HEX16 = /^[0-9a-f]{16}$/;
const hexOf = (hi: number, lo: number): string => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
export const statKey = (st: Stats): string => `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;

/**
 * Whether every one of these paths, one a line, is a plain relative POSIX path: none starts with
 * `/` or holds `..`, `./`, `\\` or `:` (such a path is joined to the root as it is; anything else
 * is resolved). A search for each, not a pattern: the cache's paths are read at every status.
 */
export const allPlain = (lines: string): boolean =>
  !lines.startsWith('/') && !lines.includes('\n/') && !lines.includes('..') && !lines.includes('./') && !lines.includes('\\') && !lines.includes(':');

/** The folder of a plain path ('' for one at the root). */
const folderOf = (path: string): string => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** `Header.runs` of these positions (`per` a source: itself and its translations). */
function folderRuns(paths: readonly string[], per: number): [number, number, string][] {
  const runs: [number, number, string][] = [];
  for (let k = 0; k < per; k++) {
    let last: string | undefined;
    for (let i = 0; i * per + k < paths.length; i++) {
      const folder = folderOf(paths[i * per + k]!);
      if (folder !== last) runs.push([k, i, (last = folder)]);
    }
  }
  return runs;
}

/**
 * The runs of `header` when they are well formed: each slot's in source order from its first
 * source, each starting where the file there is in its folder. The files inside a run are taken to
 * share its folder (the cache's own record, trusted as its hashes are). Undefined otherwise.
 */
function runsOf(header: Header, paths: readonly string[]): [number, number, string][] | undefined {
  const { runs } = header;
  const per = 1 + header.langs;
  const sources = header.pages + header.files;
  if (!Array.isArray(runs)) return undefined;
  let slot = -1;
  let last = -1;
  for (const r of runs as unknown[]) {
    if (!Array.isArray(r) || r.length !== 3 || !Number.isInteger(r[0]) || !Number.isInteger(r[1]) || typeof r[2] !== 'string') return undefined;
    const [k, first, folder] = r as [number, number, string];
    if (k === slot + 1 && first === 0) slot = k;
    else if (k !== slot || first <= last) return undefined;
    if (first >= sources || folderOf(paths[first * per + k]!) !== folder) return undefined;
    last = first;
  }
  return slot === per - 1 || sources === 0 ? runs : undefined;
}

/** The lock entry at a position, from the projection. */
export interface ProjectedEntry {
  sourceHash: string | null;
  output: string;
}

export class StatRecords {
  protected header: Header | undefined;
  protected paths: string[] = [];
  protected stats = new Float64Array(0);
  protected hashes = new Uint32Array(0);
  protected flags = new Uint8Array(0);
  /** Whether every path is plain (`allPlain`): then none is resolved, nor its folder looked up more than once. */
  protected plain = true;
  protected dirty = false;
  /** The listing key of this scan, once its positions are known. */
  protected listingKey: string | undefined;
  /** The walk of this scan, kept with the listing it gave. */
  protected walkPart: WalkPart | undefined;
  protected walked = false;
  /** The folders of this scan's positions (`Header.runs`), once they are known and well formed. */
  protected runs: [slot: number, first: number, folder: string][] | undefined;
  /** The stats taken by `statSources`, at each position (FILE only where a regular file was statted there). */
  protected now: StatBatch | undefined;

  protected reset(): void {
    this.header = undefined;
    this.paths = [];
    this.stats = new Float64Array(0);
    this.hashes = new Uint32Array(0);
    this.flags = new Uint8Array(0);
    this.plain = true;
    this.runs = undefined;
  }

  /** The cached listing when its key matches: the sources, the file jobs' sources, what was left out. */
  listing(key: string): { pages: string[]; files: string[]; leftOut: LeftOut[] } | undefined {
    const h = this.header;
    if (h === undefined || h.listing !== key) return undefined;
    this.listingKey = key;
    if (this.walked) {
      if (this.walkPart !== undefined) h.walk = this.walkPart;
      else delete h.walk;
    }
    const per = 1 + h.langs;
    this.runs = runsOf(h, this.paths);
    if (this.runs === undefined && this.plain) {
      // A cache written before the runs were: found once, kept from now on.
      this.runs = h.runs = folderRuns(this.paths, per);
      this.dirty = true;
    }
    const pages = new Array<string>(h.pages);
    for (let i = 0; i < h.pages; i++) pages[i] = this.paths[i * per]!;
    const files = new Array<string>(h.files);
    for (let i = 0; i < h.files; i++) files[i] = this.paths[(h.pages + i) * per]!;
    return { pages, files, leftOut: h.leftOut.map((l) => ({ ...l })) };
  }

  /**
   * A new listing: positions are every page then every file job's source, each followed by its
   * translations (`targetOf`, one per configured language). Records of paths already known are
   * carried over to their new positions; the lock projection is dropped.
   */
  setListing(
    key: string,
    listing: { pages: readonly string[]; files: readonly string[]; leftOut: readonly LeftOut[] },
    langs: number,
    targetOf: (source: string, k: number) => string,
  ): void {
    const paths: string[] = [];
    for (const s of [...listing.pages, ...listing.files]) {
      paths.push(s);
      for (let k = 0; k < langs; k++) paths.push(targetOf(s, k));
    }
    this.dirty = true;
    // A position can only hold a path without line breaks.
    if (paths.some((p) => p.includes('\n'))) {
      this.reset();
      return;
    }
    const old = new Map<string, number>();
    this.paths.forEach((p, i) => old.set(p, i));
    const stats = new Float64Array(paths.length * STATS);
    const hashes = new Uint32Array(paths.length * HASHES);
    const flags = new Uint8Array(paths.length);
    paths.forEach((p, i) => {
      const j = old.get(p);
      if (j === undefined || (this.flags[j]! & KNOWN) === 0) return;
      stats.set(this.stats.subarray(j * STATS, (j + 1) * STATS), i * STATS);
      hashes[i * HASHES + FILE_HASH] = this.hashes[j * HASHES + FILE_HASH]!;
      hashes[i * HASHES + FILE_HASH + 1] = this.hashes[j * HASHES + FILE_HASH + 1]!;
      flags[i] = this.flags[j]! & (KNOWN | MARKS);
    });
    this.header = {
      walk: this.walkPart,
      listing: key,
      langs,
      pages: listing.pages.length,
      files: listing.files.length,
      leftOut: listing.leftOut.map((l) => ({ ...l })),
      runs: folderRuns(paths, 1 + langs),
    };
    this.runs = this.header.runs;
    this.paths = paths;
    this.stats = stats;
    this.hashes = hashes;
    this.flags = flags;
    this.plain = allPlain(paths.join('\n'));
    this.listingKey = key;
  }

  /** True once the positions of this scan's listing are known (`listing` hit or `setListing`). */
  get positioned(): boolean {
    return this.listingKey !== undefined;
  }

  /** Position of source `index` (pages first, then file jobs' sources) and language `k` (0: the source itself, 1..: targets). */
  position(index: number, k: number): number {
    return index * (1 + this.header!.langs) + k;
  }

  pathAt(pos: number): string {
    return this.paths[pos]!;
  }

  /**
   * Whether the file at `pos` is known with the stat it has now: 'marks' when it may hold merge
   * conflict markers (its text must be read), false when unknown or changed.
   */
  known(pos: number, st: Stats): boolean | 'marks' {
    const f = this.flags[pos]!;
    if ((f & KNOWN) === 0) return false;
    const s = this.stats;
    const o = pos * STATS;
    if (s[o] !== st.size || s[o + 1] !== st.mtimeMs || s[o + 2] !== st.ctimeMs || s[o + 3] !== st.ino) return false;
    return (f & MARKS) !== 0 ? 'marks' : true;
  }

  /** Whether the cache holds anything for the file at `pos` (before its stat is compared). */
  has(pos: number): boolean {
    return (this.flags[pos]! & KNOWN) !== 0;
  }

  /** The recorded hash of the file at `pos` (hex). */
  hashAt(pos: number): string {
    const o = pos * HASHES + FILE_HASH;
    return hexOf(this.hashes[o]!, this.hashes[o + 1]!);
  }

  /** The lock's entry at `pos` from the projection ('none' when the lock has none there). */
  entryAt(pos: number): ProjectedEntry | 'none' {
    const f = this.flags[pos]!;
    if ((f & ENTRY) === 0) return 'none';
    const o = pos * HASHES;
    return {
      sourceHash: (f & NULL_SOURCE) !== 0 ? null : hexOf(this.hashes[o + LOCK_SOURCE]!, this.hashes[o + LOCK_SOURCE + 1]!),
      output: hexOf(this.hashes[o + LOCK_OUTPUT]!, this.hashes[o + LOCK_OUTPUT + 1]!),
    };
  }

  /** Forgets the file at `pos` (missing, racy, or not a regular file). */
  forget(pos: number): void {
    if (!this.positioned || (this.flags[pos]! & KNOWN) === 0) return;
    this.flags[pos] = this.flags[pos]! & ~(KNOWN | MARKS);
    this.dirty = true;
  }

  /**
   * The lock's projection when the lock file's stat is the one it was made from: its removed
   * languages and its entries that fit no position.
   */
  lockPart(st: Stats | undefined): LockPart | undefined {
    const l = this.header?.lock;
    if (l === undefined || st === undefined || l.stat !== statKey(st)) return undefined;
    return l;
  }

  /** Whether the lock projection belongs to the positions of this scan. */
  lockMatchesListing(): boolean {
    return this.header?.lock !== undefined && this.header.lock.listing === this.listingKey;
  }

  protected dropLock(): void {
    if (this.header?.lock !== undefined) delete this.header.lock;
    for (let i = 0; i < this.flags.length; i++) this.flags[i] = this.flags[i]! & (KNOWN | MARKS);
  }

  /**
   * Projects a lock (its stat key, its text's hash) onto this scan's positions: each entry at the
   * translation its layout gives to its own source and language, the rest kept as extras; dropped
   * when an entry sits at another's position.
   */
  protected projectLock(
    stat: string,
    hash: string,
    removedLanguages: readonly string[],
    entries: Iterable<[string, { source: string; lang: string; sourceHash: string | null; output: string }]>,
    langs: readonly string[],
  ): void {
    const h = this.header!;
    const per = 1 + h.langs;
    const sourceAt = new Map<string, number>();
    const targetAt = new Set<string>();
    for (let i = 0; i < h.pages + h.files; i++) {
      sourceAt.set(this.paths[i * per]!, i);
      for (let k = 1; k < per; k++) targetAt.add(this.paths[i * per + k]!);
    }
    const extras: ExtraEntry[] = [];
    for (const [target, e] of entries) {
      const i = sourceAt.get(e.source);
      const k = langs.indexOf(e.lang);
      const pos = i !== undefined && k >= 0 ? i * per + 1 + k : -1;
      if (pos >= 0 && this.paths[pos] === target && (e.sourceHash === null || HEX16.test(e.sourceHash)) && HEX16.test(e.output)) {
        const o = pos * HASHES;
        this.hashes[o + LOCK_SOURCE] = e.sourceHash === null ? 0 : parseInt(e.sourceHash.slice(0, 8), 16);
        this.hashes[o + LOCK_SOURCE + 1] = e.sourceHash === null ? 0 : parseInt(e.sourceHash.slice(8), 16);
        this.hashes[o + LOCK_OUTPUT] = parseInt(e.output.slice(0, 8), 16);
        this.hashes[o + LOCK_OUTPUT + 1] = parseInt(e.output.slice(8), 16);
        this.flags[pos] = this.flags[pos]! | ENTRY | (e.sourceHash === null ? NULL_SOURCE : 0);
        continue;
      }
      // An entry at a translation's path that is not that translation's own: the projection cannot say it.
      if (targetAt.has(target)) {
        this.dropLock();
        return;
      }
      extras.push({ target, source: e.source, lang: e.lang, sourceHash: e.sourceHash, output: e.output });
    }
    h.lock = { stat, hash, listing: h.listing, removedLanguages: [...removedLanguages], extras };
  }

  /**
   * A source and its translations at `sourcePos + slots[i]` answered from stats and the lock's
   * projection alone: whether the source and every translation are known with the stat they have
   * now (`knownNow` true: no conflict markers) and every translation's lock entry was made from
   * this very source; then `same[i]` is 1 when the translation's entry records the output it has
   * now, else 0.
   */
  unchangedNow(sourcePos: number, slots: readonly number[], same: Uint8Array): boolean {
    if (this.now === undefined || this.knownNow(sourcePos) !== true) return false;
    const { flags, hashes: h } = this;
    const src = sourcePos * HASHES + FILE_HASH;
    for (let i = 0; i < slots.length; i++) {
      const pos = sourcePos + slots[i]!;
      const f = flags[pos]!;
      if ((f & ENTRY) === 0 || (f & NULL_SOURCE) !== 0 || this.knownNow(pos) !== true) return false;
      const o = pos * HASHES;
      if (h[o + LOCK_SOURCE] !== h[src] || h[o + LOCK_SOURCE + 1] !== h[src + 1]) return false;
      same[i] = h[o + LOCK_OUTPUT] === h[o + FILE_HASH] && h[o + LOCK_OUTPUT + 1] === h[o + FILE_HASH + 1] ? 1 : 0;
    }
    return true;
  }

  /** `known` for a file statted by `statSources` (false for one it did not stat, a missing one, or anything but a regular file). */
  knownNow(pos: number): boolean | 'marks' {
    const now = this.now;
    if (now === undefined || now.kinds[pos] !== FILE) return false;
    const f = this.flags[pos]!;
    if ((f & KNOWN) === 0) return false;
    const s = this.stats;
    const o = pos * STATS;
    const n = now.stats;
    if (s[o] !== n[o] || s[o + 1] !== n[o + 1] || s[o + 2] !== n[o + 2] || s[o + 3] !== n[o + 3]) return false;
    return (f & MARKS) !== 0 ? 'marks' : true;
  }
}
