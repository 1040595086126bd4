/**
 * The download's write side (`writeDurably`) on a recording stand-in for the temp file: one fsync,
 * after the last write has finished, never a sync while a write is in flight; bounded memory while
 * the disk is slow; and a failing write stops the body and closes the file only once nothing is
 * in flight.
 */
import assert from 'node:assert/strict';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { WRITE_BATCH_BYTES, writeDurably } from '../../../src/api/download-write.ts';

const CHUNK = 64 * 1024;

interface Recorder {
  handle: FileHandle;
  events: string[];
  written: number;
  inFlight: number;
  /** Set to hold every write until `release()`. */
  hold: boolean;
  release(): void;
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
    handle: undefined as unknown as FileHandle,
  };
  const syncCall = (name: string) => async (): Promise<void> => {
    r.events.push(`${name}${r.inFlight > 0 ? ' during a write' : ''}`);
  };
  r.handle = {
    writev: async (buffers: Buffer[]) => {
      r.inFlight++;
      try {
        await new Promise<void>((resolve) => (r.hold ? waiting.push(resolve) : setImmediate(resolve)));
        if (r.failNext) throw r.failNext;
        const n = buffers.reduce((a, b) => a + b.length, 0);
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

function body(totalBytes: number, counter: { pulled: number }): Readable {
  const chunk = Buffer.alloc(CHUNK, 7);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < totalBytes; sent += CHUNK) {
        counter.pulled += CHUNK;
        yield chunk;
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

  it('holds about two batches while a write is slow, then goes on', async () => {
    const r = recorder();
    r.hold = true;
    const counter = { pulled: 0 };
    const done = writeDurably(body(16 * WRITE_BATCH_BYTES, counter), r.handle, () => {});
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.ok(r.inFlight === 1, 'one write in flight');
    // The batch being written, the next one gathered, and the streams' own small buffers.
    assert.ok(counter.pulled <= 2 * WRITE_BATCH_BYTES + 4 * CHUNK, `${counter.pulled} bytes pulled while the disk was stuck`);
    r.hold = false;
    r.release();
    await done;
    assert.equal(r.written, 16 * WRITE_BATCH_BYTES);
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
});
