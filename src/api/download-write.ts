/**
 * The write side of a download: the response body goes to an open temp file and is made durable.
 *
 * The body is read in flowing mode ('data' events; paused only while a full batch waits for a
 * free write slot), which costs less per chunk than async iteration. Chunks are gathered into
 * batches of WRITE_BATCH_BYTES, each written at its own offset with one writev, up to
 * WRITES_IN_FLIGHT at once, so at most WRITES_IN_FLIGHT + 1 batches are held.
 *
 * The download opens its temp file for write-through (O_DSYNC where the platform has it): each
 * write returns once its data is on the disk, so the disk works while the body is still arriving
 * instead of after it, and the closing fsync finds almost nothing left. Several writes in flight
 * keep the disk busy while each waits. The one fsync after the last write stays the guarantee on
 * every platform (macOS makes it a full flush of the drive's cache). An fdatasync issued while
 * writes continue (tried before, every 64 MiB) stalls those writes on ext4 (a 1 GiB file written
 * in 1 MiB batches took 5-11 s with it against 1-3 s without).
 */
import type { FileHandle } from 'node:fs/promises';
import { finished, type Readable } from 'node:stream';

export const WRITE_BATCH_BYTES = 1024 * 1024;
/** Writes in flight at once: three of the four threads of Node's pool, one left for the rest. */
export const WRITES_IN_FLIGHT = 3;

/** Writes all of `buffers` at `position` (writev may write less than asked). */
export async function writeAll(fh: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let rest = buffers;
  let at = position;
  while (rest.length > 0) {
    const { bytesWritten } = await fh.writev(rest, at);
    at += bytesWritten;
    let skip = bytesWritten;
    const next: Buffer[] = [];
    for (const b of rest) {
      if (skip >= b.length) skip -= b.length;
      else {
        next.push(skip > 0 ? b.subarray(skip) : b);
        skip = 0;
      }
    }
    rest = next;
  }
}

const ignore = (): void => {};

/**
 * Streams `body` into `fh`, then fsyncs and closes it (closed on failure too, never while a write
 * is in flight). `onChunk` sees each chunk's size before it is kept; if it throws, the body is
 * destroyed at once and the error is thrown.
 */
export async function writeDurably(body: Readable, fh: FileHandle, onChunk: (n: number) => void): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  try {
    await new Promise<void>((resolve, reject) => {
      let batch: Buffer[] = [];
      let batchBytes = 0;
      let position = 0;
      let ended = false;
      let settled = false;
      const finish = (err?: unknown): void => {
        if (settled) return;
        settled = true;
        body.off('data', onData);
        stopWatching();
        if (err === undefined) return resolve();
        body.on('error', ignore);
        body.destroy();
        reject(err);
      };
      const startWrite = (): void => {
        const buffers = batch;
        const at = position;
        position += batchBytes;
        batch = [];
        batchBytes = 0;
        const write: Promise<void> = writeAll(fh, buffers, at).then(
          () => {
            inFlight.delete(write);
            if (settled) return;
            if (batchBytes >= WRITE_BATCH_BYTES || (ended && batchBytes > 0)) startWrite();
            if (ended) {
              if (inFlight.size === 0) finish();
            } else if (body.isPaused()) body.resume();
          },
          (err: unknown) => {
            inFlight.delete(write);
            finish(err);
          },
        );
        inFlight.add(write);
      };
      const onData = (chunk: Buffer): void => {
        try {
          onChunk(chunk.length);
        } catch (err) {
          return finish(err);
        }
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes < WRITE_BATCH_BYTES) return;
        if (inFlight.size < WRITES_IN_FLIGHT) startWrite();
        else body.pause();
      };
      const onEnd = (err?: unknown): void => {
        if (err !== undefined && err !== null) return finish(err);
        ended = true;
        // With every slot taken, the last batch starts when a write finishes.
        if (batchBytes > 0 && inFlight.size < WRITES_IN_FLIGHT) startWrite();
        if (inFlight.size === 0) finish();
      };
      // `finished` also reports a body that failed or closed early before this point (a body that
      // closes without its end is an error: ERR_STREAM_PREMATURE_CLOSE).
      const stopWatching = finished(body, { writable: false }, onEnd);
      body.on('data', onData);
    });
    await fh.sync();
  } finally {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    await fh.close();
  }
}
