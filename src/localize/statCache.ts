/**
 * `.doc-translate/stat-cache`: what a scan learnt about the files it read, kept for the next one,
 * as git's index does: each file's hash with what lstat said of it when it was read (size,
 * modification and change times in nanoseconds, inode). A status, a check or a dry run re-reads
 * and re-hashes only the files whose stat changed; the rest are answered from the cache. It holds
 * three things, each valid only while what it was derived from is unchanged:
 *
 * - the source listing (which files are sources, what was left out and why), by a hash of every
 *   input of the listing: the folder's file names, the configuration, the languages, the
 *   framework's rules. Names only, never contents, so it needs no stat;
 * - one record per position: every source followed by its translations, one per configured
 *   language, in listing order (so nothing but numbers is parsed on load): the stat and hash of
 *   the file there, and the lock's entry for it (the source hash and the output hash it records);
 * - the lock's stat and hash, and its entries that fit no position (orphans, other languages).
 *
 * Racy files (git's "racy git"): a hash is recorded only when the file's modification and change
 * times are strictly older than a stamp the file system itself gave just before the file was read
 * (the modification time of the cache's own temporary file, created at that moment). A file
 * changed later, however soon and even keeping its size, then has a newer time than the one
 * recorded, whatever the file system's timestamp granularity; a file whose time is not older
 * than the stamp is re-read by every scan until a later scan sees it settled. Git compares with
 * the index file's write time instead, which trusts an edit made within the same timestamp tick
 * after it read the file; the stamp taken before reading closes that window.
 *
 * The cache is an optimisation only: a cache that is missing, unreadable, of another version, or
 * whose parts do not match is ignored, and one that cannot be written is not written. Only scans
 * that read the disk themselves use it (the editor reads unsaved documents instead). Every read
 * and write goes through the guarded root.
 */
import { createHash } from 'node:crypto';
import { lstatSync, type Stats } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { EXPECT_ABSENT, EXPECT_ANY, type GuardedRoot, type TempFile } from '../shared/guardedFs.ts';
import type { LeftOut } from './scan.ts';

export const STAT_CACHE = '.doc-translate/stat-cache';
/** Written with the cache when missing (as `init` and the CLI's update write it): the folder is never committed. */
const GITIGNORE = '.doc-translate/.gitignore';
const MAGIC = 'doc-translate stat-cache 1\n';
/** magic (32 bytes) + count, json length, paths length (u32 each), padded to 8-byte alignment. */
const HEAD = 48;
/** Stat slots per record (float64): size, mtimeMs, ctimeMs, inode. */
const STATS = 4;
/** Hash slots per record (uint32 pairs): the file's hash, the lock entry's source hash and output hash. */
const HASHES = 6;
const FILE_HASH = 0;
const LOCK_SOURCE = 2;
const LOCK_OUTPUT = 4;
/** Flags per record. */
const KNOWN = 1;
const MARKS = 2;
const ENTRY = 4;
const NULL_SOURCE = 8;

const HEX16 = /^[0-9a-f]{16}$/;
const LSTAT = { throwIfNoEntry: false } as const;
const hexOf = (hi: number, lo: number): string => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

/** A lock entry that fits no position, kept whole except its block lines. */
interface ExtraEntry {
  target: string;
  source: string;
  lang: string;
  sourceHash: string | null;
  output: string;
}

interface LockPart {
  /** The lock file's stat and content hash when it was projected. */
  stat: string;
  hash: string;
  /** The listing key of the positions the projection belongs to. */
  listing: string;
  removedLanguages: string[];
  extras: ExtraEntry[];
}

/** The last listing's walk: every folder it read with its stat then, and a hash of the names it found. */
interface WalkPart {
  dir: string;
  folders: [rel: string, stat: string][];
  names: string;
}

interface Header {
  walk?: WalkPart;
  listing: string;
  /** Configured languages per source (positions per source = 1 + langs). */
  langs: number;
  pages: number;
  files: number;
  leftOut: LeftOut[];
  lock?: LockPart;
}

/** The lock entry at a position, from the projection. */
interface ProjectedEntry {
  sourceHash: string | null;
  output: string;
}

const statKey = (st: Stats): string => `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
const hashNames = (names: readonly string[]): string => createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 32);

/**
 * The stat cache of one scan: loaded at its start, saved (when anything changed) at its end.
 * Times are lstat's milliseconds as doubles (sub-microsecond precision, rounded monotonically):
 * equal stamps only ever make a file look racy, never settled.
 */
export class StatCache {
  private header: Header | undefined;
  private paths: string[] = [];
  private stats = new Float64Array(0);
  private hashes = new Uint32Array(0);
  private flags = new Uint8Array(0);
  private dirty = false;
  private temp: Promise<TempFile | undefined> | undefined;
  private stamp: number | undefined;
  private readonly dirsInside = new Set<string>();
  private readonly base: string;
  /** The listing key of this scan, once its positions are known. */
  private listingKey: string | undefined;
  /** The walk of this scan, kept with the listing it gave. */
  private walkPart: WalkPart | undefined;
  private walked = false;

  private constructor(
    private readonly root: GuardedRoot,
    /** Whether the listing is the engine's own walk (folder stats can stand in for it). */
    readonly walks: boolean,
  ) {
    this.base = root.path.endsWith(sep) ? root.path : root.path + sep;
  }

  /** The folder's cache; an empty one when it is missing, unreadable, of another version or inconsistent. */
  static load(root: GuardedRoot, walks = false): StatCache {
    const cache = new StatCache(root, walks);
    try {
      const buf = root.readBytesSync(STAT_CACHE);
      if (buf !== undefined) cache.parse(buf);
    } catch {
      cache.reset();
    }
    return cache;
  }

  private reset(): void {
    this.header = undefined;
    this.paths = [];
    this.stats = new Float64Array(0);
    this.hashes = new Uint32Array(0);
    this.flags = new Uint8Array(0);
  }

  private parse(buf: Buffer): void {
    if (buf.length < HEAD || buf.toString('latin1', 0, MAGIC.length) !== MAGIC) return;
    const count = buf.readUInt32LE(32);
    const jsonLen = buf.readUInt32LE(36);
    const pathsLen = buf.readUInt32LE(40);
    const hashesAt = HEAD + count * STATS * 8;
    const flagsAt = hashesAt + count * HASHES * 4;
    const jsonAt = flagsAt + count;
    const pathsAt = jsonAt + jsonLen;
    if (pathsAt + pathsLen !== buf.length) return;
    const header = JSON.parse(buf.toString('utf8', jsonAt, pathsAt)) as Header;
    if (
      typeof header !== 'object' ||
      header === null ||
      typeof header.listing !== 'string' ||
      !Number.isInteger(header.langs) ||
      !Number.isInteger(header.pages) ||
      !Number.isInteger(header.files) ||
      !Array.isArray(header.leftOut)
    )
      return;
    const paths = pathsLen === 0 ? [] : buf.toString('utf8', pathsAt, pathsAt + pathsLen).split('\n');
    if (paths.length !== count || count !== (header.pages + header.files) * (1 + header.langs)) return;
    // Copies: typed arrays must be aligned, and the buffer may be a slice of a larger one.
    const stats = new Float64Array(count * STATS);
    new Uint8Array(stats.buffer).set(buf.subarray(HEAD, hashesAt));
    const hashes = new Uint32Array(count * HASHES);
    new Uint8Array(hashes.buffer).set(buf.subarray(hashesAt, flagsAt));
    this.header = header;
    this.paths = paths;
    this.stats = stats;
    this.hashes = hashes;
    this.flags = Uint8Array.from(buf.subarray(flagsAt, jsonAt));
  }

  /**
   * The lstat of a file (relative to the root, or absolute), its folder checked to be inside the
   * root once per folder: undefined when there is no such file; 'other' for anything that is not
   * a regular file (a symbolic link is read, and checked, by the guarded layer instead).
   */
  stat(rel: string): Stats | 'other' | undefined {
    // A plain relative POSIX path is joined as it is (the listing's paths are); anything else is resolved.
    const plain = rel.charCodeAt(0) !== 47 && !rel.includes('..') && !rel.includes('./') && !rel.includes('\\') && !rel.includes(':');
    const abs = plain ? this.base + rel : this.root.resolve(rel);
    const slash = plain ? rel.lastIndexOf('/') : -1;
    const dirKey = plain ? (slash < 0 ? '' : rel.slice(0, slash)) : dirname(abs);
    try {
      if (!this.dirsInside.has(dirKey)) {
        this.root.checkSync(dirname(abs));
        this.dirsInside.add(dirKey);
      }
      const st = lstatSync(abs, LSTAT);
      if (st === undefined) return undefined;
      return st.isFile() ? st : 'other';
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      return 'other';
    }
  }

  /**
   * The hash of the names the last walk of `dir` found, when every folder it read still has the
   * stat it had then (a name added, removed or renamed changes its folder's modification time, as
   * Mercurial's dirstate and git's untracked cache rely on); undefined when anything differs.
   */
  unchangedWalk(dir: string): string | undefined {
    const w = this.header?.walk;
    if (w === undefined || w.dir !== dir) return undefined;
    const start = this.root.resolve(dir);
    try {
      this.root.checkSync(start);
      for (const [rel, key] of w.folders) {
        const st = lstatSync(rel === '' ? start : join(start, rel), LSTAT);
        if (st === undefined || !st.isDirectory() || statKey(st) !== key) return undefined;
      }
    } catch {
      return undefined;
    }
    return w.names;
  }

  /**
   * Walks `dir` through `list` (the engine's listing, told of each folder before reading it),
   * keeping the stat of every folder read after the stamp; the walk is kept only when every
   * folder's times are older than the stamp. Returns the names and their hash.
   */
  async walk(dir: string, list: (dir: string, onFolder: (abs: string, rel: string) => void) => Promise<string[]>): Promise<{ names: string[]; hash: string }> {
    const settled = await this.takeStamp();
    const folders: [string, string][] = [];
    let racy = !settled;
    const names = await list(dir, (abs, rel) => {
      const st = lstatSync(abs, LSTAT);
      if (st === undefined || !st.isDirectory() || !this.settled(st)) racy = true;
      else folders.push([rel, statKey(st)]);
    });
    const hash = hashNames(names);
    // A folder that is not there (nothing walked) is never taken as unchanged.
    this.walked = true;
    this.walkPart = racy || folders.length === 0 ? undefined : { dir, folders, names: hash };
    this.dirty = true;
    return { names, hash };
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
      ...(this.walkPart !== undefined ? { walk: this.walkPart } : {}),
      listing: key,
      langs,
      pages: listing.pages.length,
      files: listing.files.length,
      leftOut: listing.leftOut.map((l) => ({ ...l })),
    };
    this.paths = paths;
    this.stats = stats;
    this.hashes = hashes;
    this.flags = flags;
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

  /** Whether the lock entry at `pos` was made from the source whose recorded hash is at `sourcePos`. */
  entryFromSource(pos: number, sourcePos: number): boolean {
    const f = this.flags[pos]!;
    if ((f & ENTRY) === 0 || (f & NULL_SOURCE) !== 0) return false;
    const h = this.hashes;
    return h[pos * HASHES + LOCK_SOURCE] === h[sourcePos * HASHES + FILE_HASH] && h[pos * HASHES + LOCK_SOURCE + 1] === h[sourcePos * HASHES + FILE_HASH + 1];
  }

  /** Whether the lock entry at `pos` records the output the file there has now (its recorded hash). */
  entryOutputMatches(pos: number): boolean {
    if ((this.flags[pos]! & ENTRY) === 0) return false;
    const h = this.hashes;
    const o = pos * HASHES;
    return h[o + LOCK_OUTPUT] === h[o + FILE_HASH] && h[o + LOCK_OUTPUT + 1] === h[o + FILE_HASH + 1];
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

  /**
   * Takes the stamp (once per scan), before any file whose hash is to be recorded is read: the
   * cache's temporary file is created now and its modification time is the file system's "now".
   * False when it cannot be (a read-only folder): nothing is recorded then.
   */
  async takeStamp(): Promise<boolean> {
    this.temp ??= (async () => {
      try {
        const temp = await this.root.createTemp(STAT_CACHE);
        this.stamp = (await temp.handle.stat()).mtimeMs;
        return temp;
      } catch {
        return undefined;
      }
    })();
    return (await this.temp) !== undefined;
  }

  /** True when a file with this stat, read after the stamp, may be recorded: older than the stamp (not racy). */
  private settled(st: Stats): boolean {
    return this.stamp !== undefined && st.mtimeMs < this.stamp && st.ctimeMs < this.stamp;
  }

  /** Records the hash of the file at `pos`, read after `takeStamp` with `st` taken before reading; a racy file is forgotten instead. */
  record(pos: number, st: Stats, hash: string, marks: boolean): void {
    if (!this.positioned) return;
    if (!this.settled(st) || !HEX16.test(hash)) {
      this.forget(pos);
      return;
    }
    const hi = parseInt(hash.slice(0, 8), 16);
    const lo = parseInt(hash.slice(8), 16);
    const f = (this.flags[pos]! & ~(KNOWN | MARKS)) | KNOWN | (marks ? MARKS : 0);
    const s = this.stats;
    const o = pos * STATS;
    const h = pos * HASHES + FILE_HASH;
    if (
      this.flags[pos] === f &&
      s[o] === st.size &&
      s[o + 1] === st.mtimeMs &&
      s[o + 2] === st.ctimeMs &&
      s[o + 3] === st.ino &&
      this.hashes[h] === hi &&
      this.hashes[h + 1] === lo
    )
      return;
    s[o] = st.size;
    s[o + 1] = st.mtimeMs;
    s[o + 2] = st.ctimeMs;
    s[o + 3] = st.ino;
    this.hashes[h] = hi;
    this.hashes[h + 1] = lo;
    this.flags[pos] = f;
    this.dirty = true;
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

  private dropLock(): void {
    if (this.header?.lock !== undefined) delete this.header.lock;
    for (let i = 0; i < this.flags.length; i++) this.flags[i] = this.flags[i]! & (KNOWN | MARKS);
  }

  /**
   * Projects a lock just read (its stat taken before reading, its text's hash) onto this scan's
   * positions: each entry at the translation its layout gives to its own source and language, the
   * rest kept as extras. Not kept when the lock is racy or an entry sits at another's position.
   */
  setLock(
    st: Stats | undefined,
    hash: string,
    removedLanguages: readonly string[],
    entries: Iterable<[string, { source: string; lang: string; sourceHash: string | null; output: string }]>,
    langs: readonly string[],
  ): void {
    const h = this.header;
    if (h === undefined || !this.positioned) return;
    this.dropLock();
    this.dirty = true;
    if (st === undefined || !this.settled(st)) return;
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
    h.lock = { stat: statKey(st), hash, listing: h.listing, removedLanguages: [...removedLanguages], extras };
  }

  /** Writes the cache when anything changed (a temporary file renamed over it); never throws. */
  async save(): Promise<void> {
    try {
      if (!this.dirty || this.header === undefined) return;
      if (!(await this.takeStamp())) return;
      const temp = (await this.temp)!;
      this.temp = Promise.resolve(undefined);
      const json = Buffer.from(JSON.stringify(this.header), 'utf8');
      const paths = Buffer.from(this.paths.join('\n'), 'utf8');
      const count = this.paths.length;
      const head = Buffer.alloc(HEAD);
      head.write(MAGIC, 0, 'latin1');
      head.writeUInt32LE(count, 32);
      head.writeUInt32LE(json.length, 36);
      head.writeUInt32LE(paths.length, 40);
      const view = (a: Float64Array | Uint32Array | Uint8Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
      try {
        await temp.handle.writeFile(Buffer.concat([head, view(this.stats), view(this.hashes), view(this.flags), json, paths]));
        await temp.handle.close();
      } catch (err) {
        await this.root.discard(temp);
        throw err;
      }
      await this.root.commit(temp.path, STAT_CACHE, EXPECT_ANY);
      if (this.root.readBytesSync(GITIGNORE) === undefined) await this.root.write(GITIGNORE, '*\n', EXPECT_ABSENT).catch(() => undefined);
    } catch {
      // An optimisation only: the next scan reads the files again.
    } finally {
      await this.discard();
    }
  }

  /** Removes the temporary file when it was not used. */
  async discard(): Promise<void> {
    const temp = await this.temp;
    this.temp = Promise.resolve(undefined);
    if (temp !== undefined) await this.root.discard(temp);
  }
}
