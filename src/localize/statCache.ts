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
import { decodeCache, encodeCache, STAT_CACHE, type MemoPart } from './statCacheFile.ts';
import { allPlain, FILE_HASH, HASHES, HEX16, KNOWN, MARKS, STATS, StatRecords, statKey } from './statCacheRecords.ts';
import { StatPool, takeStatPool, workersFor } from './statCacheStat.ts';

/** Written with the cache when missing (as `init` and the CLI's update write it): the folder is never committed. */
const GITIGNORE = '.doc-translate/.gitignore';

const LSTAT = { throwIfNoEntry: false } as const;

/** Whether the process's working directory is `base` (a path ending with the separator). */
function cwdIs(base: string): boolean {
  try {
    return process.cwd() + sep === base;
  } catch {
    // A working directory that was removed.
    return false;
  }
}

const hashNames = (names: readonly string[]): string => createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 32);

/**
 * The stat cache of one scan: loaded at its start, saved (when anything changed) at its end.
 * Times are lstat's milliseconds as doubles (sub-microsecond precision, rounded monotonically):
 * equal stamps only ever make a file look racy, never settled.
 */
export class StatCache extends StatRecords {
  private temp: Promise<TempFile | undefined> | undefined;
  private stamp: number | undefined;
  private readonly dirsInside = new Set<string>();
  /** The paths as the cache file holds them, one a line (sent to the workers as they are), while they are this scan's. */
  private lines: { paths: readonly string[]; text: string } | undefined;
  /** What searches of folders found (`remember`), kept in the header whatever the listing. */
  private memos = new Map<string, MemoPart>();
  /** Workers for `statSources`, started with the load when the cache knows many files. */
  private pool: StatPool | undefined;
  private readonly base: string;
  /**
   * Whether files are statted by their paths relative to the process's working directory, which
   * is the root: as git does from its worktree, the kernel then walks only the file's own path,
   * not the root's (a sixth to a fifth less CPU time per lstat on a root two folders deep).
   */
  readonly relative: boolean;

  private constructor(
    private readonly root: GuardedRoot,
    /** Whether the listing is the engine's own walk (folder stats can stand in for it). */
    readonly walks: boolean,
    fixedCwd: boolean,
  ) {
    super();
    this.base = root.path.endsWith(sep) ? root.path : root.path + sep;
    this.relative = fixedCwd && cwdIs(this.base);
  }

  /**
   * The folder's cache; an empty one when it is missing, unreadable, of another version or
   * inconsistent. `fixedCwd`: the process keeps its working directory for the whole scan (the
   * command line; never the editor, where other extensions share the process).
   */
  static load(root: GuardedRoot, walks = false, fixedCwd = false): StatCache {
    const cache = new StatCache(root, walks, fixedCwd);
    try {
      const buf = root.readBytesSync(STAT_CACHE);
      if (buf !== undefined) cache.parse(buf);
    } catch {
      cache.reset();
    }
    cache.pool = takeStatPool(root.path);
    const workers = cache.pool === undefined ? workersFor(cache.paths.length) : 0;
    if (workers > 0) cache.pool = new StatPool(workers, root.resolve(STAT_CACHE));
    return cache;
  }

  private parse(buf: Buffer): void {
    const r = decodeCache(buf);
    if (r === undefined) return;
    this.memos = new Map(Object.entries(r.header.memos ?? {}));
    delete r.header.memos;
    this.header = r.header;
    this.paths = r.paths;
    this.stats = r.stats;
    this.hashes = r.hashes;
    this.flags = r.flags;
    this.plain = r.plain;
    this.lines = { paths: r.paths, text: r.lines };
  }

  /**
   * The lstat of a file (relative to the root, or absolute), its folder checked to be inside the
   * root once per folder: undefined when there is no such file; 'other' for anything that is not
   * a regular file (a symbolic link is read, and checked, by the guarded layer instead).
   */
  stat(rel: string): Stats | 'other' | undefined {
    try {
      const abs = this.checked(rel);
      const st = lstatSync(abs, LSTAT);
      if (st === undefined) return undefined;
      return st.isFile() ? st : 'other';
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      return 'other';
    }
  }

  /** The absolute path of `rel`, its folder checked to be inside the root (once per folder); throws when it is not. */
  private checked(rel: string): string {
    // A plain relative POSIX path is joined as it is (the listing's paths are); anything else is resolved.
    if (allPlain(rel)) {
      this.checkFolderOf(rel);
      return this.base + rel;
    }
    const abs = this.root.resolve(rel);
    this.checkFolder(dirname(abs), abs);
    return abs;
  }

  /** Checks the folder of a plain relative path (`allPlain`) to be inside the root (once per folder); throws when it is not. */
  private checkFolderOf(rel: string): void {
    const slash = rel.lastIndexOf('/');
    this.checkFolder(slash < 0 ? '' : rel.slice(0, slash), this.base + rel);
  }

  private checkFolder(key: string, abs: string): void {
    if (this.dirsInside.has(key)) return;
    this.root.checkSync(dirname(abs));
    this.dirsInside.add(key);
  }

  /**
   * lstat, all at once, of the files of every source at these indexes (pages first, then file
   * jobs' sources) that the cache knows, itself and its translations at `slots` (1: the first
   * configured language), in parallel when there are many (see statCacheStat.ts): `knownNow`
   * answers for them as `known` would with a `stat` taken now.
   */
  async statSources(indexes: readonly number[], slots: readonly number[]): Promise<void> {
    const per = 1 + this.header!.langs;
    const { flags, paths } = this;
    const at = new Int32Array(indexes.length * (1 + slots.length));
    let n = 0;
    if (this.plain && this.runsInside()) {
      // Every folder of the positions is inside the root: only the flags are looked at.
      for (const index of indexes) {
        const sourcePos = index * per;
        let all = (flags[sourcePos]! & KNOWN) !== 0;
        for (let j = 0; all && j < slots.length; j++) all = (flags[sourcePos + slots[j]!]! & KNOWN) !== 0;
        if (!all) continue;
        at[n++] = sourcePos;
        for (let j = 0; j < slots.length; j++) at[n++] = sourcePos + slots[j]!;
      }
      return this.statAt(at.subarray(0, n));
    }
    // Plain paths are statted as the root's path and theirs; others resolved, each on its own.
    const abs = this.plain ? undefined : new Array<string>(paths.length).fill('');
    // The folder last checked for each position in a source's group: `docs/de/b.md` after `docs/de/a.md` needs no lookup.
    const last = new Array<string>(per).fill('\u0000');
    for (const index of indexes) {
      const sourcePos = index * per;
      let all = (flags[sourcePos]! & KNOWN) !== 0;
      for (let j = 0; all && j < slots.length; j++) all = (flags[sourcePos + slots[j]!]! & KNOWN) !== 0;
      if (!all) continue;
      for (let j = -1; j < slots.length; j++) {
        const k = j < 0 ? 0 : slots[j]!;
        const pos = sourcePos + k;
        const rel = paths[pos]!;
        try {
          if (abs !== undefined) abs[pos] = this.checked(rel);
          else {
            const slash = rel.lastIndexOf('/');
            const seen = last[k]!;
            if (slash !== seen.length || !rel.startsWith(seen)) {
              this.checkFolderOf(rel);
              last[k] = slash < 0 ? '' : rel.slice(0, slash);
            }
          }
          at[n++] = pos;
        } catch {
          // A folder outside the root: never known (read, and refused, by the guarded layer).
        }
      }
    }
    return this.statAt(at.subarray(0, n), abs);
  }

  /** Whether the folder of every run (`Header.runs`) is inside the root, each checked once. */
  private runsInside(): boolean {
    if (this.runs === undefined) return false;
    try {
      for (const [, , folder] of this.runs) {
        if (this.dirsInside.has(folder)) continue;
        this.root.checkSync(folder === '' ? this.root.path : this.base + folder);
        this.dirsInside.add(folder);
      }
      return true;
    } catch {
      // A folder outside: every file's folder is looked at on its own (the loop after).
      return false;
    }
  }

  /** lstat of the files at these positions (`abs`: their absolute paths when the positions' are not plain). */
  private async statAt(at: Int32Array, abs?: readonly string[]): Promise<void> {
    const pool = this.pool ?? new StatPool(0);
    this.pool = undefined;
    const paths = abs ?? this.paths;
    this.now = await pool.lstatMany(paths, abs !== undefined || this.relative ? '' : this.base, at, this.lines?.paths === paths ? this.lines.text : undefined);
  }

  /**
   * The hash of the names the last walk of `dir` found, when every folder it read still has the
   * stat it had then (a name added, removed or renamed changes its folder's modification time, as
   * Mercurial's dirstate and git's untracked cache rely on); undefined when anything differs.
   */
  unchangedWalk(dir: string): string | undefined {
    const w = this.header?.walk;
    return w !== undefined && w.dir === dir && this.foldersUnchanged(this.root.resolve(dir), w.folders) ? w.names : undefined;
  }

  /** Whether every one of `folders` (relative to `start`) is still a folder with the stat it had. */
  private foldersUnchanged(start: string, folders: readonly [rel: string, stat: string][]): boolean {
    try {
      this.root.checkSync(start);
      for (const [rel, key] of folders) {
        const st = lstatSync(rel === '' ? start : join(start, rel), LSTAT);
        if (st === undefined || !st.isDirectory() || statKey(st) !== key) return false;
      }
    } catch {
      return false;
    }
    return true;
  }

  /** What `remember` kept under `name`, when every folder its search read still has the stat it had then (site/rules.ts `FolderMemo`). */
  recall(name: string): string[] | undefined {
    const m = this.memos.get(name);
    return m !== undefined && this.foldersUnchanged(this.root.path, m.folders) ? [...m.value] : undefined;
  }

  /**
   * Runs `search` and keeps what it found under `name`, with the stat of every folder it read
   * (taken just before the read, after the stamp); not kept when any of them is racy, as `walk`.
   */
  async remember(name: string, search: (reading: (abs: string, rel: string) => void) => Promise<string[]>): Promise<string[]> {
    const { value, folders } = await this.searchFolders(search);
    if (folders === undefined) this.memos.delete(name);
    else this.memos.set(name, { folders, value: [...value] });
    this.dirty = true;
    return value;
  }

  /**
   * Takes the stamp, then runs `search`, which calls `reading` with each folder just before it
   * reads it: what it found, and the stat of every folder it read, or undefined when any of them
   * is racy (its times not older than the stamp) or there is no stamp.
   */
  private async searchFolders<T>(
    search: (reading: (abs: string, rel: string) => void) => Promise<T>,
  ): Promise<{ value: T; folders: [string, string][] | undefined }> {
    const settled = await this.takeStamp();
    const folders: [string, string][] = [];
    let racy = !settled;
    const value = await search((abs, rel) => {
      const st = lstatSync(abs, LSTAT);
      if (st === undefined || !st.isDirectory() || !this.settled(st)) racy = true;
      else folders.push([rel, statKey(st)]);
    });
    return { value, folders: racy ? undefined : folders };
  }

  /**
   * Walks `dir` through `list` (the engine's listing, told of each folder before reading it),
   * keeping the stat of every folder read after the stamp; the walk is kept only when every
   * folder's times are older than the stamp. Returns the names and their hash.
   */
  async walk(dir: string, list: (dir: string, onFolder: (abs: string, rel: string) => void) => Promise<string[]>): Promise<{ names: string[]; hash: string }> {
    const { value: names, folders } = await this.searchFolders((reading) => list(dir, reading));
    const hash = hashNames(names);
    // A folder that is not there (nothing walked) is never taken as unchanged.
    this.walked = true;
    this.walkPart = folders === undefined || folders.length === 0 ? undefined : { dir, folders, names: hash };
    this.dirty = true;
    return { names, hash };
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

  /**
   * Projects a lock just read (its stat taken before reading, its text's hash) onto this scan's
   * positions (see StatRecords.projectLock); not kept when the lock is racy.
   */
  setLock(
    st: Stats | undefined,
    hash: string,
    removedLanguages: readonly string[],
    entries: Iterable<[string, { source: string; lang: string; sourceHash: string | null; output: string }]>,
    langs: readonly string[],
  ): void {
    if (this.header === undefined || !this.positioned) return;
    this.dropLock();
    this.dirty = true;
    if (st !== undefined && this.settled(st)) this.projectLock(statKey(st), hash, removedLanguages, entries, langs);
  }

  /** Writes the cache when anything changed (a temporary file renamed over it); never throws. */
  async save(): Promise<void> {
    try {
      if (!this.dirty || this.header === undefined) return;
      if (!(await this.takeStamp())) return;
      const temp = (await this.temp)!;
      this.temp = Promise.resolve(undefined);
      const header = this.memos.size === 0 ? this.header : { ...this.header, memos: Object.fromEntries(this.memos) };
      const bytes = encodeCache({ header, paths: this.paths, stats: this.stats, hashes: this.hashes, flags: this.flags });
      try {
        await temp.handle.writeFile(bytes);
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
    this.pool?.close();
    this.pool = undefined;
    const temp = await this.temp;
    this.temp = Promise.resolve(undefined);
    if (temp !== undefined) await this.root.discard(temp);
  }
}
