/**
 * The PUT of an upload (spec 4.2): the file is streamed from disk with its exact Content-Length
 * and the presign's `upload_headers` unchanged, to an address on another origin, with no
 * credentials (the transport never attaches the key to absolute URLs). The whole file is never in
 * memory: at most the read stream's buffer and undici's socket buffer are.
 */
import { createReadStream } from 'node:fs';
import { createApiError } from './errors.ts';
import { AbortError, DocTranslateError } from './error-classes.ts';
import { readBodyText } from './requester.ts';
import type { Transport } from './transport.ts';

/**
 * Read size per chunk. Every chunk is a new buffer that lives until a GC, and V8 collects external
 * memory only after tens of MB accumulate, so the peak RSS growth is about the same whatever the
 * size (60-64 MB over 1 GiB with 64 KiB, 256 KiB or 1 MiB chunks); the client's CPU time is not:
 * 256 MiB to a local server took 0.9 s of CPU in 64 KiB chunks, 0.5-0.6 s in 256 KiB, 0.35 s in
 * 1 MiB, and 1 GiB to the emulator 1.4-1.6 s in 256 KiB, 1.2-1.3 s in 1 MiB. That CPU is what a
 * client sharing the machine's cores with the server it sends to (the benchmark, a local service)
 * takes away from it: with the emulator and the client each pinned to its own core, the client
 * kept pace with curl; sharing two cores, it took 10-15% longer.
 */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;
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

/** One PUT attempt. Resolves on 2xx; otherwise throws a typed error (or LocalFileError, AbortError). */
export async function putFile(transport: Transport, opts: PutFileOptions): Promise<void> {
  let sent = 0;
  let readError: unknown;
  // The file's stream is the body itself (no generator or second stream between them: about a
  // tenth of the client's CPU time per GiB). Chunks are counted as they pass; the stream stays
  // paused until undici takes the body and resumes it, and it pauses it whenever the socket is full.
  const source = createReadStream(opts.filePath, { highWaterMark: UPLOAD_CHUNK_BYTES });
  source.on('data', (chunk: string | Buffer) => {
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
