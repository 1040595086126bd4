/**
 * The PUT of an upload (spec 4.2): the file is streamed from disk with its exact Content-Length
 * and the presign's `upload_headers` unchanged, to an address on another origin, with no
 * credentials (the transport never attaches the key to absolute URLs). The whole file is never in
 * memory: at most the three buffers it is read into (FileChunks) and undici's socket buffer are.
 */
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { openForReading } from '../shared/guardedFs.ts';
import { createApiError } from './errors.ts';
import { AbortError, DocTranslateError } from './error-classes.ts';
import { readBodyText } from './requester.ts';
import type { Transport } from './transport.ts';

/**
 * Read size per chunk. 256 MiB to a local server took 0.9 s of CPU in 64 KiB chunks, 0.5-0.6 s in
 * 256 KiB, 0.35 s in 1 MiB, and 1 GiB to the emulator 1.4-1.6 s in 256 KiB, 1.2-1.3 s in 1 MiB. That
 * CPU is what a client sharing the machine's cores with the server it sends to (the benchmark, a
 * local service) takes away from it.
 */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
/**
 * Buffers the file is read into, in turn. A fresh buffer per chunk would live until a garbage
 * collection, and V8 collects array buffers only once about 32 MB of them accumulate: a GiB upload
 * grew the process by 32 MB that way, 4-6 MB with reused buffers, which are not garbage. See
 * FileChunks for when a buffer is free again.
 */
export const UPLOAD_BUFFERS = 3;
/** Silence allowed while sending or while the storage answers after the last byte. */
export const UPLOAD_IDLE_TIMEOUT_MS = 120_000;
/** How a PUT failure is described in logs and errors (the address itself is a secret). */
export const UPLOAD_DESCRIPTION = '(upload address)';

export interface PutFileOptions {
  url: string;
  headers: Record<string, string>;
  filePath: string;
  size: number;
  signal?: AbortSignal;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  idleTimeoutMs?: number;
}

/** Statuses of the PUT that mean "this address is no longer usable": ask for a new one. */
export function isAddressProblem(err: unknown): boolean {
  if (!(err instanceof DocTranslateError) || err.status === undefined) return false;
  return err.status === 403 || err.status === 404 || err.status === 410 || err.status === 412;
}

/**
 * A failure reading the local file. Kept apart from transport errors so that it is never retried
 * as if the network had failed; `cause` holds the fs error (code ENOENT, EACCES, ...).
 */
export class LocalFileError extends Error {
  readonly code: string;
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    const code = (cause as { code?: unknown } | undefined)?.code;
    this.code = typeof code === 'string' ? code : 'EIO';
  }
}
Object.defineProperty(LocalFileError.prototype, 'name', { value: 'LocalFileError', writable: true, configurable: true });

/**
 * The file as a stream of chunks read into UPLOAD_BUFFERS reused buffers, read until its end (a
 * size that no longer matches the Content-Length fails the request, as before).
 *
 * A buffer is reused two chunks after it was emitted. The stream holds at most one chunk
 * (highWaterMark is one chunk): it reads chunk n+1 once chunk n is emitted, and emits it only once
 * the consumer resumes it. undici writes each emitted chunk to its socket and, as a chunk of this
 * size is above the socket's highWaterMark, pauses the stream until the socket's 'drain', that is
 * until every byte written so far has left the buffer. So when chunk n+1 is emitted, chunk n is
 * sent, and the read of chunk n+2 goes into the buffer chunk n-1 used, one chunk of slack more.
 * (A file under the socket's highWaterMark is one chunk: read again only if it grew, which fails
 * the request at the Content-Length before the third read.)
 * `upload.test.ts` checks the bytes a server receives against the file, with a server slow enough
 * that the socket fills.
 */
export class FileChunks extends Readable {
  private file: FileHandle | undefined;
  private position = 0;
  private next = 0;
  private readonly buffers: Buffer[] = [];
  /** A read in flight: the file is closed only after it. */
  private reading: Promise<unknown> | undefined;

  constructor(
    private readonly path: string,
    private readonly chunkBytes: number,
  ) {
    super({ highWaterMark: chunkBytes });
  }

  override _construct(callback: (err?: Error | null) => void): void {
    openForReading(this.path).then(
      (file) => {
        this.file = file;
        callback();
      },
      (err: Error) => callback(err),
    );
  }

  override _read(): void {
    const slot = this.next;
    this.next = (slot + 1) % UPLOAD_BUFFERS;
    const buffer = (this.buffers[slot] ??= Buffer.allocUnsafeSlow(this.chunkBytes));
    this.reading = this.file!.read(buffer, 0, buffer.length, this.position).then(
      ({ bytesRead }) => {
        this.reading = undefined;
        if (this.destroyed) return;
        if (bytesRead === 0) return void this.push(null);
        this.position += bytesRead;
        this.push(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      },
      (err: Error) => {
        this.reading = undefined;
        this.destroy(err);
      },
    );
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    const file = this.file;
    this.file = undefined;
    if (file === undefined) return callback(err);
    const close = (): void =>
      void file.close().then(
        () => callback(err),
        () => callback(err),
      );
    if (this.reading === undefined) close();
    else void this.reading.then(close);
  }
}

/** One PUT attempt. Resolves on 2xx; otherwise throws a typed error (or LocalFileError, AbortError). */
export async function putFile(transport: Transport, opts: PutFileOptions): Promise<void> {
  let sent = 0;
  let readError: unknown;
  // The file's stream is the body itself (no generator or second stream between them: about a
  // tenth of the client's CPU time per GiB). Chunks are counted as they pass; the stream stays
  // paused until undici takes the body and resumes it, and it pauses it whenever the socket is full.
  // A small file gets one buffer of its size (a file that grew is read on in pieces of that size).
  const source = new FileChunks(opts.filePath, Math.max(1, Math.min(UPLOAD_CHUNK_BYTES, opts.size)));
  source.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    opts.onProgress?.(sent, opts.size);
  });
  source.pause();
  source.once('error', (err) => {
    readError = err;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.headers)) headers[name] = value;
  headers['content-length'] = String(opts.size);

  try {
    const res = await transport.send({
      method: 'PUT',
      url: opts.url,
      headers,
      body: source,
      signal: opts.signal,
      timeoutMs: 0,
      idleTimeoutMs: opts.idleTimeoutMs ?? UPLOAD_IDLE_TIMEOUT_MS,
    });
    const text = await readBodyText(res.body, 64 * 1024, res.describe);
    if (res.status >= 200 && res.status <= 299) return;
    throw createApiError(res.status, text ?? '', res.headers, { method: 'PUT', path: UPLOAD_DESCRIPTION, scrub: transport.scrub });
  } catch (err) {
    if (opts.signal?.aborted) throw new AbortError(undefined, { method: 'PUT', path: UPLOAD_DESCRIPTION });
    if (readError !== undefined) throw new LocalFileError('The file could not be read for upload.', readError);
    throw err;
  } finally {
    source.destroy();
  }
}
