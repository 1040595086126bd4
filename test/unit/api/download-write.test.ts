/**
 * The download's write side (`writeDurably`) on a recording stand-in for the temp file: one fsync,
 * after the last write has finished, never a sync while a write is in flight; every byte at its
 * offset however the writes finish; bounded memory while the disk is slow; and a failing write
 * stops the body and closes the file only once nothing is in flight. Then on a real write-through
 * temp file.
 */
import assert from 'node:assert/strict';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WRITE_BATCH_BYTES, WRITES_IN_FLIGHT, writeDurably } from '../../../src/api/download-write.ts';
import { GuardedRoot } from '../../../src/shared/guardedFs.ts';

const CHUNK = 64 * 1024;

interface Recorder {
  handle: FileHandle;
  events: string[];
  written: number;
  inFlight: number;
  /** Set to hold every write until `release()`. */
  hold: boolean;
  release(): void;
  /** Finishes the held writes last first. */
  releaseReversed(): void;
  /** What the writes put where (grown as needed). */
  file: Buffer;
  failNext?: Error;
}

function recorder(): Recorder {
  const waiting: Array<() => void> = [];
  const r: Recorder = {
    events: [],
    written: 0,
    inFlight: 0,
    hold: false,
    release: () => waiting.splice(0).forEach((f) => f()),
    releaseReversed: () =>
      waiting
        .splice(0)
        .reverse()
        .forEach((f) => f()),
    file: Buffer.alloc(0),
    handle: undefined as unknown as FileHandle,
  };
  const syncCall = (name: string) => async (): Promise<void> => {
    r.events.push(`${name}${r.inFlight > 0 ? ' during a write' : ''}`);
  };
  r.handle = {
    writev: async (buffers: Buffer[], position: number) => {
      r.inFlight++;
      try {
        await new Promise<void>((resolve) => (r.hold ? waiting.push(resolve) : setImmediate(resolve)));
        if (r.failNext) throw r.failNext;
        const n = buffers.reduce((a, b) => a + b.length, 0);
        if (r.file.length < position + n) r.file = Buffer.concat([r.file], Math.max(position + n, 2 * r.file.length));
        Buffer.concat(buffers).copy(r.file, position);
        r.written += n;
        r.events.push('write');
        return { bytesWritten: n, buffers };
      } finally {
        r.inFlight--;
      }
    },
    sync: syncCall('sync'),
    datasync: syncCall('datasync'),
    close: async () => {
      r.events.push(`close${r.inFlight > 0 ? ' during a write' : ''}`);
    },
  } as unknown as FileHandle;
  return r;
}

/** The i-th chunk of a body: its bytes tell it apart from every other chunk. */
function chunkAt(i: number): Buffer {
  const chunk = Buffer.alloc(CHUNK, i % 251);
  chunk.writeUInt32BE(i, 0);
  return chunk;
}

function expected(totalBytes: number): Buffer {
  return Buffer.concat(Array.from({ length: totalBytes / CHUNK }, (_, i) => chunkAt(i)));
}

function body(totalBytes: number, counter: { pulled: number }): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i * CHUNK < totalBytes; i++) {
        counter.pulled += CHUNK;
        yield chunkAt(i);
      }
    })(),
    { objectMode: false, highWaterMark: CHUNK },
  );
}

describe('api/download-write: the temp file side of a download', () => {
  it('syncs once, after the last write, and never while a write is in flight (100 MiB)', async () => {
    const r = recorder();
    const total = 100 * 1024 * 1024;
    let seen = 0;
    await writeDurably(body(total, { pulled: 0 }), r.handle, (n) => (seen += n));
    assert.equal(seen, total);
    assert.equal(r.written, total);
    const syncs = r.events.filter((e) => e !== 'write');
    assert.deepEqual(syncs, ['sync', 'close'], 'one fsync then close, no datasync along the way');
    assert.equal(r.events.at(-2), 'sync');
  });

  it(`holds at most ${WRITES_IN_FLIGHT} writes and one more batch while the disk is slow, then goes on`, async () => {
    const r = recorder();
    r.hold = true;
    const counter = { pulled: 0 };
    const done = writeDurably(body(16 * WRITE_BATCH_BYTES, counter), r.handle, () => {});
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(r.inFlight, WRITES_IN_FLIGHT, 'every write slot taken');
    // The batches being written, the next one gathered, and the streams' own small buffers.
    const bound = (WRITES_IN_FLIGHT + 1) * WRITE_BATCH_BYTES + 4 * CHUNK;
    assert.ok(counter.pulled <= bound, `${counter.pulled} bytes pulled while the disk was stuck`);
    r.hold = false;
    r.release();
    await done;
    assert.equal(r.written, 16 * WRITE_BATCH_BYTES);
    assert.ok(r.file.subarray(0, r.written).equals(expected(16 * WRITE_BATCH_BYTES)), 'the file holds the body');
  });

  it('puts every byte at its offset when the writes finish last first, then syncs once', async () => {
    const r = recorder();
    r.hold = true;
    const total = 7 * WRITE_BATCH_BYTES + 5 * CHUNK; // a short last batch
    const done = writeDurably(body(total, { pulled: 0 }), r.handle, () => {});
    // Each round lets the held writes finish in reverse order, until the body is written.
    while (r.written < total) {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      r.releaseReversed();
    }
    r.hold = false;
    await done;
    assert.ok(r.file.subarray(0, r.written).equals(expected(total)), 'the file holds the body, byte for byte');
    assert.deepEqual(
      r.events.filter((e) => e !== 'write'),
      ['sync', 'close'],
    );
  });

  it('a failing write stops the body, closes the file after the write settled, and throws that error', async () => {
    const r = recorder();
    r.failNext = Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    const counter = { pulled: 0 };
    const b = body(64 * WRITE_BATCH_BYTES, counter);
    await assert.rejects(
      writeDurably(b, r.handle, () => {}),
      (e: unknown) => (e as { code?: string }).code === 'ENOSPC',
    );
    assert.ok(b.destroyed, 'the body is destroyed');
    assert.ok(counter.pulled < 8 * WRITE_BATCH_BYTES, `stopped early (${counter.pulled} bytes pulled)`);
    assert.deepEqual(r.events, ['close'], 'no sync, and close only once no write was in flight');
  });

  it('reports a body that fails mid-stream, without syncing', async () => {
    const r = recorder();
    const b = new Readable({ read() {} });
    const done = writeDurably(b, r.handle, () => {});
    b.push(Buffer.alloc(CHUNK));
    b.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await assert.rejects(done, (e: unknown) => (e as { code?: string }).code === 'ECONNRESET');
    assert.ok(!r.events.includes('sync'));
    assert.equal(r.events.at(-1), 'close');
  });

  it('reports a body that closed before its end as an error', async () => {
    const r = recorder();
    const b = new Readable({ read() {} });
    b.push(Buffer.alloc(10));
    b.destroy();
    await assert.rejects(
      writeDurably(b, r.handle, () => {}),
      (e: unknown) => (e as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE',
    );
    assert.ok(!r.events.includes('sync'));
  });

  it('writes a real write-through temp file (O_DSYNC where the platform has it) that holds the body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-download-write-'));
    try {
      const root = await GuardedRoot.open(dir);
      const temp = await root.createTemp(join(dir, 'out.bin'), { writeThrough: true });
      if (process.platform === 'linux') {
        // The open flags as the kernel holds them (octal); O_DSYNC is 010000 there.
        const flags = /^flags:\s+([0-7]+)/m.exec(readFileSync(`/proc/self/fdinfo/${temp.handle.fd}`, 'utf8'))?.[1];
        assert.ok(flags !== undefined && (parseInt(flags, 8) & 0o10000) !== 0, `O_DSYNC set (flags ${flags})`);
      }
      const total = 5 * WRITE_BATCH_BYTES + 3 * CHUNK;
      await writeDurably(body(total, { pulled: 0 }), temp.handle, () => {});
      assert.ok(readFileSync(temp.path).equals(expected(total)));
      assert.deepEqual(readdirSync(dir), [temp.path.slice(dir.length + 1)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
