/**
 * Streaming downloads (spec 4.4): bytes go to a temp file beside the target (`.dt-<hex>.part` in
 * the same folder, so the final rename never crosses file systems), are fsynced, and only then
 * take the final name; any failure or abort removes the temp file. An existing file is never
 * replaced silently (see `ifExists`). A stored ETag makes the request conditional, and a 304
 * leaves everything on disk untouched.
 *
 * Redirects are followed here, manually: at most 5 hops, only to http(s), never from https down to
 * http, and every hop is a fresh request to an absolute URL, which the transport sends without any
 * credential (undici would forward a custom X-API-Key across origins; this path never carries it).
 *
 * Bounds: a download never grows past `maxBytes` (default DEFAULT_MAX_DOWNLOAD_BYTES, 2 GiB): an
 * announced Content-Length above it fails before anything is written, a stream that passes it is
 * stopped at once. A body never grows past its own announced Content-Length either. The whole
 * download (every attempt, redirect and retry wait) must finish within `deadlineMs` (default
 * DEFAULT_DOWNLOAD_DEADLINE_MS, 30 minutes), besides the idle timeout between chunks. Every one of
 * these failures removes the temp file and leaves the target untouched.
 */
import { lstat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { EXPECT_ANY, GuardedRoot } from '../shared/guardedFs.ts';
import { filenameFromContentDisposition, sanitizeFilename } from './content-disposition.ts';
import { writeDurably } from './download-write.ts';
import { createApiError } from './errors.ts';
import { AbortError, ConnectionError, DownloadTooLargeError, TimeoutError, UnexpectedResponseError, invalidRequest } from './error-classes.ts';
import { headerValue } from './headers.ts';
import { MAX_REDIRECTS, nextRedirectUrl, REDIRECT_STATUSES, refuse } from './redirect.ts';
import { readBodyText, type Requester } from './requester.ts';
import { toTransportError, type SendResult } from './transport.ts';

export const DOWNLOAD_IDLE_TIMEOUT_MS = 60_000;
/** Default `maxBytes`: 2 GiB. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024 * 1024;
/** Default `deadlineMs` for a whole download, retries included: 30 minutes. */
export const DEFAULT_DOWNLOAD_DEADLINE_MS = 30 * 60 * 1000;
/** Client-wide `maxBytes` defaults (ClientOptions.maxDownloadBytes), read at each download. */
const clientMaxBytes = new WeakMap<Requester, () => number>();

/** Makes `limit` the `maxBytes` of every download through `requester` that does not set its own. */
export function setDefaultMaxDownloadBytes(requester: Requester, limit: number | (() => number)): void {
  clientMaxBytes.set(requester, typeof limit === 'number' ? () => limit : limit);
}

function resolveMaxBytes(requester: Requester, opts: DownloadOptions): number {
  const value = opts.maxBytes ?? clientMaxBytes.get(requester)?.();
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : DEFAULT_MAX_DOWNLOAD_BYTES;
}

/** setTimeout's largest delay; a longer deadline is treated as none. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_UNIQUE_SUFFIX = 999;

export type IfExists = 'unique' | 'error' | 'overwrite';

export interface DownloadOptions {
  /** Folder to save into; the name comes from Content-Disposition (safe basename). */
  targetDir?: string;
  /** Exact file to write (the caller chose the name). Exactly one of targetDir/targetPath. */
  targetPath?: string;
  /** ETag stored from an earlier download: sent as If-None-Match; 304 leaves the file. */
  etag?: string;
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
  signal?: AbortSignal;
  /** Shorthand for `ifExists: 'overwrite'`. */
  overwrite?: boolean;
  /** When the final name exists: a unique "name (1).ext" (default for targetDir), throw FileExistsError (default for targetPath), or replace. */
  ifExists?: IfExists;
  /** Name used when the response carries no usable file name. */
  fallbackFilename?: string;
  /** Longest silence while waiting for headers or between body chunks (default 60 s). */
  idleTimeoutMs?: number;
  /**
   * Overall time limit for the whole download, all attempts and retry waits included (default
   * DEFAULT_DOWNLOAD_DEADLINE_MS, 30 minutes; 0 or Infinity: none). When it passes the transfer is
   * aborted, the temp file removed, and a TimeoutError thrown.
   */
  deadlineMs?: number;
  /**
   * Largest body accepted, in bytes (default: the client's `maxDownloadBytes`, else
   * DEFAULT_MAX_DOWNLOAD_BYTES, 2 GiB). A larger announced
   * Content-Length fails before anything is written; a stream passing it is stopped at once. Both
   * throw DownloadTooLargeError and leave no file.
   */
  maxBytes?: number;
  maxRetries?: number;
}

export type DownloadResult =
  | { notModified: false; path: string; filename: string; etag?: string; bytes: number; contentType?: string }
  | { notModified: true; path?: string; etag?: string };

/** The final name exists and the caller did not allow replacing it. */
export class FileExistsError extends Error {
  readonly code = 'file_exists';
  readonly path: string;
  constructor(path: string) {
    super(`A file named "${basename(path)}" already exists.`);
    this.path = path;
  }
}
Object.defineProperty(FileExistsError.prototype, 'name', { value: 'FileExistsError', writable: true, configurable: true });

/**
 * An API path (sent with the key; `json` makes it a POST with that body, as the synchronous file
 * tools answer with a file) or an absolute URL (sent without credentials).
 */
export type DownloadSource = { path: string; json?: unknown } | { url: string };
export { MAX_REDIRECTS, nextRedirectUrl };

function candidateName(name: string, n: number): string {
  if (n === 0) return name;
  const ext = extname(name);
  const stem = ext === '' || ext === name ? name : name.slice(0, -ext.length);
  return `${stem} (${n})${ext}`;
}

function errCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Gives `tmp` (a temporary file in `dir`) its final name without ever replacing a file unless
 * allowed, on the guarded layer rooted at `dir` (never through a link, never over a folder);
 * returns the final path.
 */
export async function placeFile(tmp: string, dir: string, name: string, mode: IfExists): Promise<string> {
  const root = await GuardedRoot.open(dir);
  if (mode === 'overwrite') {
    const target = join(dir, name);
    await root.commit(tmp, target, EXPECT_ANY);
    return target;
  }
  const last = mode === 'unique' ? MAX_UNIQUE_SUFFIX : 0;
  for (let n = 0; n <= last; n++) {
    const target = join(dir, candidateName(name, n));
    if (await root.placeNew(tmp, target)) return target;
  }
  await root.discard(tmp);
  throw new FileExistsError(join(dir, name));
}

interface Destination {
  dir: string;
  name?: string;
  fallback: string;
  mode: IfExists;
}

/** `n` bytes for messages: "2 GiB", "10 MiB", or bytes below 1 KiB. */
function formatSize(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}

function tooLarge(limit: number, announced: number | undefined, res: SendResult): DownloadTooLargeError {
  const size = announced !== undefined ? ` (the server announced ${formatSize(announced)})` : '';
  return new DownloadTooLargeError(
    `The download is larger than the limit of ${formatSize(limit)}${size}, so it was stopped and nothing was kept. ` +
      'Raise the download size limit (the maxBytes option; in VS Code the setting docTranslate.download.maxSizeMB) to allow it.',
    limit,
    res.describe,
  );
}

function discard(res: SendResult): void {
  res.body.on('error', () => {});
  res.body.destroy();
}

async function writeBody(res: SendResult, dest: Destination, opts: DownloadOptions, maxBytes: number, signal: AbortSignal): Promise<DownloadResult> {
  const disposition = headerValue(res.headers, 'content-disposition');
  const filename = dest.name ?? filenameFromContentDisposition(disposition, dest.fallback);
  const lengthHeader = headerValue(res.headers, 'content-length');
  const total = lengthHeader !== undefined && /^\d+$/.test(lengthHeader.trim()) ? Number(lengthHeader) : undefined;
  // Fail before creating any file when the announced size is already over the limit.
  if (total !== undefined && total > maxBytes) {
    discard(res);
    throw tooLarge(maxBytes, total, res);
  }
  // A random name created exclusively in the target's folder, never through a link (guarded layer).
  let root: GuardedRoot;
  let temp;
  try {
    root = await GuardedRoot.open(dest.dir);
    // Write-through: the disk writes while the body arrives, so the closing fsync has little left.
    temp = await root.createTemp(join(dest.dir, 'download.part'), { writeThrough: true });
  } catch (err) {
    discard(res);
    throw err;
  }
  const tmp = temp.path;
  let bytes = 0;
  try {
    await writeDurably(res.body, temp.handle, (n) => {
      // Checked before the chunk is kept: throwing here ends the loop, which destroys the body.
      if (total !== undefined && bytes + n > total) {
        throw new UnexpectedResponseError(`The server sent more than the ${total} bytes it announced; the download was stopped and nothing was kept.`, {
          ...res.describe,
          code: 'unexpected_response',
        });
      }
      if (bytes + n > maxBytes) throw tooLarge(maxBytes, total, res);
      bytes += n;
      opts.onProgress?.(bytes, total);
    });
    if (total !== undefined && bytes !== total) {
      throw new ConnectionError(`The download ended after ${bytes} of ${total} bytes.`, res.describe, 'ECONNRESET');
    }
    const path = await placeFile(tmp, dest.dir, filename, dest.mode);
    const out: DownloadResult = { notModified: false, path, filename: basename(path), bytes };
    const etag = headerValue(res.headers, 'etag');
    const contentType = headerValue(res.headers, 'content-type');
    if (etag !== undefined) out.etag = etag;
    if (contentType !== undefined) out.contentType = contentType;
    return out;
  } catch (err) {
    await root.discard(tmp);
    if (signal.aborted) throw new AbortError(undefined, res.describe);
    throw toTransportErrorUnlessLocal(err, res);
  }
}

/** Stream and network failures become typed client errors; local file errors stay as they are. */
function toTransportErrorUnlessLocal(err: unknown, res: SendResult): unknown {
  if (err instanceof FileExistsError) return err;
  const code = errCode(err);
  if (code !== undefined && /^E[A-Z]+$/.test(code) && !['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED'].includes(code)) return err;
  return toTransportError(err, res.describe);
}

function destination(opts: DownloadOptions, fallback: string): Destination {
  if ((opts.targetDir === undefined) === (opts.targetPath === undefined)) {
    throw invalidRequest('A download needs exactly one of targetDir or targetPath.', [{ field: 'targetDir', message: 'or targetPath is required' }]);
  }
  const mode: IfExists = opts.overwrite === true ? 'overwrite' : (opts.ifExists ?? (opts.targetPath !== undefined ? 'error' : 'unique'));
  if (opts.targetPath !== undefined) return { dir: dirname(opts.targetPath), name: basename(opts.targetPath), fallback, mode };
  return { dir: opts.targetDir!, fallback: sanitizeFilename(fallback), mode };
}

/**
 * GET `source` (an API path, sent with the key, or an absolute URL, sent without), following
 * redirects as described above, and save the body. Transient failures are retried from scratch.
 */
export async function downloadToFile(requester: Requester, source: DownloadSource, opts: DownloadOptions = {}): Promise<DownloadResult> {
  const dest = destination(opts, opts.fallbackFilename ?? 'download');
  // Fail before transferring anything when the exact target is taken (unless a 304 is expected).
  if (dest.name !== undefined && dest.mode === 'error' && opts.etag === undefined) {
    const target = join(dest.dir, dest.name);
    if (
      await lstat(target).then(
        () => true,
        () => false,
      )
    )
      throw new FileExistsError(target);
  }
  const transport = requester.transport;
  const maxBytes = resolveMaxBytes(requester, opts);
  // One signal for the whole download: the caller's abort or the overall deadline.
  const deadlineMs = opts.deadlineMs ?? DEFAULT_DOWNLOAD_DEADLINE_MS;
  const inner = new AbortController();
  const signal = inner.signal;
  const headers: Record<string, string> = { accept: '*/*' };
  if (opts.etag !== undefined && opts.etag !== '') headers['if-none-match'] = opts.etag;
  const json = 'path' in source ? source.json : undefined;
  // A POST without an Idempotency-Key is never retried (the retry decision), so a tool runs once.
  const method = json !== undefined ? ('POST' as const) : ('GET' as const);
  const common = {
    method: 'GET' as const,
    headers,
    timeoutMs: 0,
    idleTimeoutMs: opts.idleTimeoutMs ?? DOWNLOAD_IDLE_TIMEOUT_MS,
    signal,
  };
  const startUrl = 'path' in source ? new URL(transport.base.basePath + source.path, transport.base.origin) : new URL(source.url);
  const describe = 'path' in source ? source.path : '(download address)';
  const ctx = { method, path: describe, signal, maxRetries: opts.maxRetries };

  const attempt = async (): Promise<DownloadResult> => {
    let current = startUrl;
    let res = 'path' in source ? await transport.send({ ...common, method, path: source.path, json }) : await transport.send({ ...common, url: startUrl });
    for (let hops = 0; REDIRECT_STATUSES.has(res.status); hops++) {
      await readBodyText(res.body, 64 * 1024, res.describe).catch(() => undefined);
      if (hops >= MAX_REDIRECTS) throw refuse(`The download was redirected more than ${MAX_REDIRECTS} times.`, res.status);
      current = nextRedirectUrl(current, headerValue(res.headers, 'location'), res.status);
      res = await transport.send({ ...common, url: current });
    }
    if (res.status === 304 && headers['if-none-match'] !== undefined) {
      await readBodyText(res.body, 64 * 1024, res.describe).catch(() => undefined);
      const out: DownloadResult = { notModified: true, etag: headerValue(res.headers, 'etag') ?? opts.etag! };
      if (opts.targetPath !== undefined) out.path = opts.targetPath;
      return out;
    }
    if (res.status < 200 || res.status > 299) {
      const text = await readBodyText(res.body, 64 * 1024, res.describe);
      throw createApiError(res.status, text ?? '', res.headers, { method, path: describe, scrub: transport.scrub });
    }
    return writeBody(res, dest, opts, maxBytes, signal);
  };

  const onCallerAbort = (): void => inner.abort(opts.signal?.reason);
  if (opts.signal?.aborted) inner.abort(opts.signal.reason);
  else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let expired = false;
  const timer =
    deadlineMs > 0 && deadlineMs <= MAX_TIMER_MS
      ? setTimeout(() => {
          expired = true;
          inner.abort();
        }, deadlineMs)
      : undefined;
  try {
    return await requester.withRetry(ctx, attempt);
  } catch (err) {
    if (expired) {
      throw new TimeoutError(
        `The download did not finish within ${formatDuration(deadlineMs)}, so it was stopped and nothing was kept. Try again on a faster connection, or raise the time limit (the deadlineMs option).`,
        { method, path: describe },
      );
    }
    throw err;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
