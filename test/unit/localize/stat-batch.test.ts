/**
 * The stat cache's batch lstat (statCacheStat.ts): with worker threads or without, every path gets
 * exactly what an lstat of it says, and a worker that stops leaves nothing undone.
 */
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { prestartScan, STAT_CACHE } from '../../../src/localize/statCacheFile.ts';
import { FILE, lstatMany, MISSING, OTHER, prestartStatPool, StatPool, takeStatPool, workersFor, type StatBatch } from '../../../src/localize/statCacheStat.ts';

/** What lstatSync says of each path, in the batch's terms. */
function expected(paths: readonly string[]): { kinds: number[]; stats: number[][] } {
  const kinds: number[] = [];
  const stats: number[][] = [];
  for (const p of paths) {
    let st;
    try {
      st = lstatSync(p, { throwIfNoEntry: false });
    } catch {
      st = undefined; // ENOTDIR: missing
    }
    kinds.push(st === undefined ? MISSING : st.isFile() ? FILE : OTHER);
    stats.push(st?.isFile() === true ? [st.size, st.mtimeMs, st.ctimeMs, st.ino] : []);
  }
  return { kinds, stats };
}

function asArrays(b: StatBatch): { kinds: number[]; stats: number[][] } {
  const kinds = [...b.kinds];
  return { kinds, stats: kinds.map((k, i) => (k === FILE ? [...b.stats.subarray(i * 4, i * 4 + 4)] : [])) };
}

describe('localize: stat cache batch lstat', function () {
  this.timeout(60_000);
  let dir: string;
  let paths: string[];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'doc-translate-statbatch-'));
    paths = [];
    // Several chunks' worth (256 paths a chunk), so every thread takes some.
    for (let d = 0; d < 6; d++) {
      mkdirSync(join(dir, `d${d}`));
      for (let i = 0; i < 300; i++) {
        const f = join(dir, `d${d}`, `page-${i}.md`);
        writeFileSync(f, 'x'.repeat(i));
        paths.push(f);
      }
    }
    symlinkSync(paths[0]!, join(dir, 'link.md'));
    // Among the files: missing ones, one under a file (ENOTDIR), a folder, a symbolic link.
    paths.splice(17, 0, join(dir, 'missing.md'));
    paths.splice(700, 0, join(paths[3]!, 'under-a-file.md'));
    paths.splice(1200, 0, join(dir, 'd2'));
    paths.splice(1500, 0, join(dir, 'link.md'));
    paths.push(join(dir, 'nope', 'missing.md'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const workers of [0, 1, 2]) {
    it(`${workers} worker(s), started before the batch: every path as lstat says it, in order`, async () => {
      const want = expected(paths);
      assert.deepEqual(
        want.kinds.filter((k) => k !== FILE),
        [MISSING, MISSING, OTHER, OTHER, MISSING],
      );
      const pool = new StatPool(workers);
      await pool.ready;
      assert.deepEqual(asArrays(await pool.lstatMany(paths)), want);
    });
  }

  for (const workers of [0, 2]) {
    it(`${workers} worker(s), paths relative to a base, only those at the given indexes: each at its own index, the others untouched`, async () => {
      const base = `${dir}/`;
      const rels = paths.map((p) => p.slice(base.length));
      // Every third path, in an order of their own.
      const at = Int32Array.from(rels.map((_, i) => i).filter((i) => i % 3 === 1)).reverse();
      const pool = new StatPool(workers);
      await pool.ready;
      const got = asArrays(await pool.lstatMany(rels, base, at));
      const want = expected(paths);
      const taken = new Set(at);
      assert.deepEqual(
        got.kinds.map((k, i) => (taken.has(i) ? k : -1)),
        want.kinds.map((k, i) => (taken.has(i) ? k : -1)),
      );
      assert.deepEqual(
        got.stats.filter((_, i) => taken.has(i)),
        want.stats.filter((_, i) => taken.has(i)),
      );
      assert.ok(
        got.kinds.every((k, i) => taken.has(i) || k === MISSING),
        'nothing is said of a path not asked for',
      );
    });
  }

  it('paths relative to the working directory (no base), with 2 workers: each as lstat of its absolute path says', async () => {
    const back = process.cwd();
    process.chdir(dir);
    try {
      const pool = new StatPool(2);
      await pool.ready;
      const rels = paths.map((p) => p.slice(dir.length + 1));
      assert.deepEqual(asArrays(await pool.lstatMany(rels)), expected(paths));
    } finally {
      process.chdir(back);
    }
  });

  it('paths given to the workers as the caller holds them, one a line: the same answers', async () => {
    const base = `${dir}/`;
    const rels = paths.map((p) => p.slice(base.length));
    const pool = new StatPool(2);
    await pool.ready;
    assert.deepEqual(asArrays(await pool.lstatMany(rels, base, undefined, rels.join('\n'))), expected(paths));
  });

  it('lstatMany starts its workers itself (they may find everything done)', async () => {
    assert.deepEqual(asArrays(await lstatMany(paths, 2)), expected(paths));
  });

  it('workers that stopped before the batch: this thread does every chunk, nothing waits for them', async () => {
    const pool = new StatPool(2);
    assert.equal(pool.size, 2);
    const started = (pool as unknown as { workers: { worker: Worker }[] }).workers.map((w) => w.worker);
    await Promise.all(started.map((w) => w.terminate()));
    assert.deepEqual(asArrays(await pool.lstatMany(paths)), expected(paths));
  });

  it('a pool closed unused stops its workers', async () => {
    const pool = new StatPool(1);
    const [worker] = (pool as unknown as { workers: { worker: Worker }[] }).workers.map((w) => w.worker);
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    pool.close();
    await exited;
    assert.equal(pool.size, 0);
  });

  it('workers only for many paths, one per core besides this thread, at most 3', () => {
    assert.equal(workersFor(100, 8), 0);
    assert.equal(workersFor(0, 8), 0);
    assert.equal(workersFor(5_999, 8), 0);
    assert.equal(workersFor(6_000, 8), 1);
    assert.equal(workersFor(30_000, 2), 1);
    assert.equal(workersFor(30_000, 8), 3);
    assert.equal(workersFor(9_000, 8), 2);
    assert.equal(workersFor(30_000, 1), 0);
  });

  for (const warm of ['a regular file', 'a folder', 'a missing file']) {
    it(`workers warmed up on ${warm} before they say they are ready: every path as lstat says it`, async () => {
      const path = warm === 'a regular file' ? paths[1]! : warm === 'a folder' ? dir : join(dir, 'missing.md');
      const pool = new StatPool(2, path);
      await pool.ready;
      assert.equal(pool.size, 2);
      assert.deepEqual(asArrays(await pool.lstatMany(paths)), expected(paths));
    });
  }

  it('workers started ahead for a folder are handed to its scan once, and to no other', async () => {
    prestartStatPool(dir, 30_000, paths[1]!);
    assert.equal(takeStatPool(join(dir, 'other')), undefined);
    const pool = takeStatPool(dir);
    assert.equal(pool?.size ?? 0, workersFor(30_000));
    assert.equal(takeStatPool(dir), undefined, 'once');
    if (pool !== undefined) assert.deepEqual(asArrays(await pool.lstatMany(paths)), expected(paths));
    prestartStatPool(dir, 100, paths[1]!);
    assert.equal(takeStatPool(dir), undefined, 'none for few files');
  });

  it("the command line starts them from the number of files the folder's stat cache records (its head alone)", () => {
    const folder = join(dir, 'site');
    mkdirSync(join(folder, '.doc-translate'), { recursive: true });
    const file = join(folder, STAT_CACHE);
    const head = (count: number, magic = 'doc-translate stat-cache 1\n'): Buffer => {
      const b = Buffer.alloc(48);
      b.write(magic, 0, 'latin1');
      b.writeUInt32LE(count, 32);
      return b;
    };
    try {
      for (const [bytes, want] of [
        [head(30_000), workersFor(30_000)],
        [head(30_000, 'doc-translate stat-cache 0\n'), 0],
        [head(30_000).subarray(0, 40), 0],
        [head(3_000), 0],
      ] as const) {
        writeFileSync(file, bytes);
        prestartScan(folder);
        const pool = takeStatPool(folder);
        assert.equal(pool?.size ?? 0, want);
        pool?.close();
      }
      rmSync(file);
      prestartScan(folder);
      assert.equal(takeStatPool(folder), undefined, 'no cache: no workers');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
