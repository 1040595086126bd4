/**
 * lstat of many files at once, for a status over a large folder (as git's preloaded index does):
 * the calls are split in chunks that this thread and a few worker threads take in turn from a
 * shared counter, so the system calls run on every core. A worker shares the calls well only once
 * its code is compiled: it runs its lstat path a few thousand times before it says it is ready,
 * and the command line starts it before it loads the engine (`prestartStatPool`). A worker that
 * cannot start, or stops, costs nothing but its share: this thread takes every chunk nobody
 * finished. Only lstat is called, on paths whose folders the caller checked.
 */
import { lstatSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What an lstat said of a path. */
export const MISSING = 0;
export const FILE = 1;
export const OTHER = 2;

export interface StatBatch {
  /** MISSING, FILE or OTHER per path (anything but a regular file is OTHER; so is an lstat that failed otherwise). */
  kinds: Uint8Array;
  /** Per path: size, mtimeMs, ctimeMs, inode (a FILE's only). */
  stats: Float64Array;
}

const CHUNK = 256;
/** Below this many paths per thread, starting a worker costs more than it saves. */
const PER_WORKER = 3000;
const MAX_WORKERS = 3;

/**
 * Takes chunks from `ctl[0]` until `count` is reached: lstat of each path (`base` + the path at
 * `at[i]`, or at `i` without `at`) into `kinds`/`stats` at that path's index, then the chunk
 * marked in `done` and counted in `ctl[1]`. Self-contained: also the worker's code.
 */
function statChunks(
  base: string,
  paths: readonly string[],
  at: Int32Array | undefined,
  count: number,
  kinds: Uint8Array,
  stats: Float64Array,
  ctl: Int32Array,
  done: Uint8Array,
  chunk: number,
  lstat: typeof lstatSync,
): void {
  const opts = { throwIfNoEntry: false } as const;
  for (;;) {
    const start = Atomics.add(ctl, 0, chunk);
    if (start >= count) return;
    const end = Math.min(count, start + chunk);
    for (let i = start; i < end; i++) {
      const p = at === undefined ? i : at[i]!;
      let kind = 2;
      try {
        const st = lstat(base + paths[p]!, opts);
        if (st === undefined) kind = 0;
        else if (st.isFile()) {
          kind = 1;
          stats[p * 4] = st.size;
          stats[p * 4 + 1] = st.mtimeMs;
          stats[p * 4 + 2] = st.ctimeMs;
          stats[p * 4 + 3] = st.ino;
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') kind = 0;
      }
      kinds[p] = kind;
    }
    done[start / chunk] = 1;
    Atomics.add(ctl, 1, end - start);
  }
}

/** lstat calls a worker makes of one file before it says it is ready, so that its batch runs compiled code from the start. */
const WARM_UP = 2048;

const WORKER_SOURCE = `const { parentPort, workerData } = require('node:worker_threads');
const statChunks = (${statChunks.toString()});
const lstat = require('node:fs').lstatSync;
if (typeof workerData === 'string') statChunks('', [workerData], new Int32Array(${WARM_UP}), ${WARM_UP}, new Uint8Array(1), new Float64Array(4), new Int32Array(2), new Uint8Array(${WARM_UP / CHUNK}), ${CHUNK}, lstat);
parentPort.postMessage(1);
parentPort.once('message', (w) => {
  statChunks(w.base, w.paths.split('\\n'), w.at && new Int32Array(w.at), w.count, new Uint8Array(w.kinds), new Float64Array(w.stats), new Int32Array(w.ctl), new Uint8Array(w.done), w.chunk, lstat);
  parentPort.postMessage(0);
});`;

/**
 * How many workers help with `count` lstat calls on this machine (0: this thread alone): one per
 * core besides this thread's, up to MAX_WORKERS, and none for fewer than 2 x PER_WORKER calls.
 * The load average is not asked, as git's preloaded index does not ask it: it lags by a minute
 * (it still counts the commands a CI job ran just before, and V8's own threads), and one worker
 * still shortened the status of 30,000 files on a 2-core machine at a load of 2 to 3 (see
 * test/bench/README.md, "Where the status time goes").
 */
export function workersFor(count: number, cores = availableParallelism()): number {
  return Math.max(0, Math.min(MAX_WORKERS, cores - 1, Math.floor(count / PER_WORKER) - 1));
}

/**
 * Worker threads started ahead (they take tens of milliseconds to start: the caller has other
 * things to do meanwhile) for one `lstatMany`; closed by it, or by `close` when it is not needed.
 */
export class StatPool {
  private readonly workers: { worker: Worker; stopped: Promise<void> }[] = [];
  /** Resolves once every worker has started (or stopped). */
  readonly ready: Promise<void>;

  /** `warmUp`: a regular file each worker statts before it says it is ready (see WARM_UP). */
  constructor(workers: number, warmUp?: string) {
    const started: Promise<void>[] = [];
    for (let w = 0; w < workers; w++) {
      try {
        const worker = new Worker(WORKER_SOURCE, { eval: true, stdout: true, stderr: true, workerData: warmUp });
        // Never what keeps the process alive: the wait below polls with timers.
        worker.unref();
        const stopped = new Promise<void>((resolve) => {
          worker.once('exit', () => resolve());
          worker.once('error', () => resolve());
        });
        this.workers.push({ worker, stopped });
        started.push(Promise.race([stopped, new Promise<void>((resolve) => worker.once('message', () => resolve()))]));
      } catch {
        break;
      }
    }
    this.ready = Promise.all(started).then(() => undefined);
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * lstat of every path (`base` + path: absolute), or of those at the indexes in `at` only, with
   * the pool's workers; the pool is closed after. Results are at each path's index in `paths`.
   * Workers are sent the paths one a line (`joined`: the caller has them so already, none holding
   * a line break): a path with a line break is statted here.
   */
  async lstatMany(paths: readonly string[], base = '', at?: Int32Array, joined?: string): Promise<StatBatch> {
    const lines = this.workers.length > 0 && !base.includes('\n') && (joined !== undefined || !paths.some((p) => p.includes('\n')));
    const workers = lines ? this.workers.splice(0) : [];
    this.close();
    try {
      return await statAll(base, paths, at, workers, joined);
    } finally {
      for (const { worker } of workers) void worker.terminate().catch(() => undefined);
    }
  }

  close(): void {
    for (const { worker } of this.workers.splice(0)) void worker.terminate().catch(() => undefined);
  }
}

let early: { key: string; pool: StatPool } | undefined;

/**
 * Starts the workers a scan of `key` (a folder) will want for `count` files, ahead of everything
 * else (the command line starts them before it loads the engine, as git starts its threads
 * before it reads the index): `takeStatPool` hands them to that scan. Never keeps the process alive.
 */
export function prestartStatPool(key: string, count: number, warmUp: string): void {
  // One scan at a time takes them: workers nobody took are stopped.
  early?.pool.close();
  early = undefined;
  const workers = workersFor(count);
  if (workers > 0) early = { key, pool: new StatPool(workers, warmUp) };
}

/** The workers `prestartStatPool` started for `key`, once. */
export function takeStatPool(key: string): StatPool | undefined {
  if (early?.key !== key) return undefined;
  const { pool } = early;
  early = undefined;
  return pool;
}

/** lstat of every path (`base` + path: absolute), with `workers` worker threads besides this one. */
export async function lstatMany(paths: readonly string[], workers = workersFor(paths.length), base = ''): Promise<StatBatch> {
  return new StatPool(workers).lstatMany(paths, base);
}

async function statAll(
  base: string,
  paths: readonly string[],
  at: Int32Array | undefined,
  workers: { worker: Worker; stopped: Promise<void> }[],
  joined?: string,
): Promise<StatBatch> {
  const n = at?.length ?? paths.length;
  const shared = workers.length > 0;
  const buffer = (bytes: number): ArrayBuffer | SharedArrayBuffer => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const kinds = new Uint8Array(buffer(paths.length));
  const stats = new Float64Array(buffer(paths.length * 32));
  const ctl = new Int32Array(buffer(8));
  const chunks = Math.ceil(n / CHUNK);
  const done = new Uint8Array(buffer(chunks));
  const finished: Promise<void>[] = [];
  if (shared) {
    let sharedAt: Int32Array | undefined;
    if (at !== undefined) (sharedAt = new Int32Array(new SharedArrayBuffer(n * 4))).set(at);
    const job = {
      base,
      paths: joined ?? paths.join('\n'),
      at: sharedAt?.buffer,
      count: n,
      kinds: kinds.buffer,
      stats: stats.buffer,
      ctl: ctl.buffer,
      done: done.buffer,
      chunk: CHUNK,
    };
    for (const { worker, stopped } of workers) {
      try {
        worker.postMessage(job);
        finished.push(Promise.race([stopped, new Promise<void>((resolve) => worker.on('message', (m) => m === 0 && resolve()))]));
      } catch {
        // Not started: its share is done here.
      }
    }
  }
  statChunks(base, paths, at, n, kinds, stats, ctl, done, CHUNK, lstatSync);
  if (finished.length > 0 && Atomics.load(ctl, 1) < n) {
    // Chunks taken by workers and not finished yet: polled (a chunk takes about a millisecond) until done, or every worker finished or stopped.
    let over = false;
    void Promise.all(finished).then(() => (over = true));
    while (Atomics.load(ctl, 1) < n && !over) await new Promise((resolve) => setTimeout(resolve, 1));
    // A worker that stopped half-way left its chunk undone: done here (no worker writes any more).
    for (let c = 0; c < chunks && Atomics.load(ctl, 1) < n; c++) {
      if (done[c] === 1) continue;
      statChunks(base, paths, at, Math.min(n, (c + 1) * CHUNK), kinds, stats, Int32Array.of(c * CHUNK, 0), new Uint8Array(chunks), CHUNK, lstatSync);
    }
  }
  return { kinds, stats };
}
