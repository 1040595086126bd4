// Downloads kept in the extension's storage (never the workspace), reused across sessions: one
// folder per key (an artifact id, a library file id), revalidated once per session with the ETag
// the service sent (a 304 costs no transfer), pruned by age and total size. Plain Node (no vscode
// import) so it is tested in plain Node.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import * as path from 'node:path';
import type { GuardedRoot } from '../shared/guardedFs.ts';
import { lazy } from './lazy.ts';
import { loadApi } from './api.ts';
import { t } from './l10n.ts';

export interface FetchResult {
  /** The file written (absent on 304). */
  path?: string;
  etag?: string;
  notModified: boolean;
}

/** Downloads into `dir`; with `ifNoneMatch` the service may answer 304 (nothing written). */
export type Fetcher = (dir: string, ifNoneMatch: string | undefined) => Promise<FetchResult>;

export interface CacheLimits {
  maxBytes: number;
  maxAgeMs: number;
}

interface Entry {
  /** File path relative to the cache root. */
  file: string;
  etag?: string;
  bytes: number;
  usedAt: number;
}

const INDEX = 'index.json';

export class DownloadCache {
  private index: Promise<Map<string, Entry>> | undefined;
  private readonly pending = new Map<string, Promise<string>>();
  /** Folders the prune is removing, by name: a download into one waits until it is gone. */
  private readonly removing = new Map<string, Promise<void>>();
  /** Keys already revalidated (or fetched) in this session. */
  private readonly fresh = new Set<string>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly root: string,
    private readonly limits: () => CacheLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cache folder on the guarded layer (created on first use): nothing is written outside it. */
  private readonly rootFs: () => Promise<GuardedRoot> = lazy(async () => (await loadApi()).GuardedRoot.ensure(this.root));

  /** Local path of the download for `key`, fetched when absent, revalidated once per session. */
  get(key: string, fetch: Fetcher): Promise<string> {
    let running = this.pending.get(key);
    if (running === undefined) {
      running = this.load(key, fetch).finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  /**
   * Removes entries unused for longer than the age limit, then the least recently used past the
   * size limit, and stray folders. A download in progress is never touched: its folder is not in the
   * index until it ends (it would look stray), and an entry being read is in use.
   */
  async prune(): Promise<{ removed: number; bytes: number }> {
    const index = await this.readIndex();
    const { maxBytes, maxAgeMs } = this.limits();
    const cutoff = this.now() - maxAgeMs;
    const drop = new Set<string>();
    for (const [key, e] of index) if (e.usedAt < cutoff && !this.pending.has(key)) drop.add(key);
    let total = [...index].filter(([k]) => !drop.has(k)).reduce((n, [, e]) => n + e.bytes, 0);
    for (const [key, e] of [...index].sort((a, b) => a[1].usedAt - b[1].usedAt)) {
      if (total <= maxBytes) break;
      if (drop.has(key) || this.pending.has(key)) continue;
      drop.add(key);
      total -= e.bytes;
    }
    let bytes = 0;
    for (const key of drop) {
      // Started since the decision: kept (its entry is written again when it ends).
      if (this.pending.has(key)) continue;
      bytes += index.get(key)!.bytes;
      index.delete(key);
      await this.remove(this.dirOf(key));
    }
    const kept = new Set([...index.keys()].map((k) => path.basename(this.dirOf(k))));
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      // A download in progress is looked for right before the removal, with no wait in between.
      const inProgress = [...this.pending.keys()].some((k) => path.basename(this.dirOf(k)) === e.name);
      if (e.isDirectory() && !kept.has(e.name) && !inProgress) await this.remove(path.join(this.root, e.name));
    }
    await this.writeIndex(index);
    return { removed: [...drop].filter((k) => !index.has(k)).length, bytes };
  }

  /** Removes a folder of the cache; a download into it that starts meanwhile waits for the removal. */
  private async remove(dir: string): Promise<void> {
    const name = path.basename(dir);
    const removal = (async () => (await this.rootFs()).removeTree(dir))();
    this.removing.set(name, removal);
    try {
      await removal;
    } finally {
      if (this.removing.get(name) === removal) this.removing.delete(name);
    }
  }

  private async load(key: string, fetch: Fetcher): Promise<string> {
    const index = await this.readIndex();
    const known = index.get(key);
    const file = known !== undefined ? path.join(this.root, known.file) : undefined;
    const present = file !== undefined && (await stat(file).catch(() => undefined))?.isFile() === true;
    if (present && known !== undefined && (this.fresh.has(key) || known.etag === undefined)) {
      return this.used(index, key, known, file);
    }
    const dir = this.dirOf(key);
    await this.removing.get(path.basename(dir))?.catch(() => undefined);
    await (await this.rootFs()).mkdirs(dir);
    const result = await fetch(dir, present ? known?.etag : undefined);
    this.fresh.add(key);
    if (result.notModified && present && known !== undefined) return this.used(index, key, known, file);
    if (result.path === undefined) throw new Error(t('The service sent no content for this download.'));
    const size = (await stat(result.path)).size;
    const entry: Entry = {
      file: path.relative(this.root, result.path),
      bytes: size,
      usedAt: this.now(),
      etag: result.etag,
    };
    index.set(key, entry);
    await this.writeIndex(index);
    return result.path;
  }

  private async used(index: Map<string, Entry>, key: string, entry: Entry, file: string): Promise<string> {
    index.set(key, { ...entry, usedAt: this.now() });
    await this.writeIndex(index);
    return file;
  }

  private dirOf(key: string): string {
    return path.join(this.root, createHash('sha256').update(key).digest('hex').slice(0, 32));
  }

  private readIndex(): Promise<Map<string, Entry>> {
    this.index ??= readFile(path.join(this.root, INDEX), 'utf8').then(
      (text) => new Map(Object.entries(JSON.parse(text) as Record<string, Entry>)),
      () => new Map<string, Entry>(),
    );
    return this.index;
  }

  /** Index writes run one after another, each with the map as it is then, so the last write is the newest state. */
  private writeIndex(index: Map<string, Entry>): Promise<void> {
    const write = async (): Promise<void> => {
      await (await this.rootFs()).write(INDEX, JSON.stringify(Object.fromEntries(index), null, 1), { kind: 'any' });
    };
    this.writing = this.writing.then(write, write);
    return this.writing;
  }
}
