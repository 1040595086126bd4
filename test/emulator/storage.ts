import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename as pathBasename, extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { EmulatorApp } from './app.ts';
import { HttpError, notFound } from './errors.ts';
import type { RequestContext } from './router.ts';

/** Read size when streaming a file to a client. */
const DOWNLOAD_READ_BYTES = 1024 * 1024;

/** Default lifetime of a download address on the storage origin. */
export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** A download address issued by `issueDownloadUrl` (kept in state, so a reset forgets it). */
export interface DownloadGrant {
  token: string;
  path: string;
  filename: string;
  contentType: string;
  attachment: boolean;
  expiresAt: number;
  /** Set when the caller knows it; otherwise computed from the content. */
  etag?: string;
}

export function downloadGrants(app: EmulatorApp): Map<string, DownloadGrant> {
  return app.state.ext('storage.downloads', () => new Map<string, DownloadGrant>());
}

/** A short-lived, single-purpose address on the storage origin that streams a file from disk. */
export function issueDownloadUrl(
  app: EmulatorApp,
  o: { path: string; filename: string; contentType: string; ttlSeconds?: number; attachment?: boolean; etag?: string },
): { url: string; expiresAt: number } {
  const token = app.state.rng.hex(32);
  const expiresAt = app.clock.now() + (o.ttlSeconds ?? DOWNLOAD_URL_TTL_SECONDS) * 1000;
  downloadGrants(app).set(token, {
    token,
    path: o.path,
    filename: o.filename,
    contentType: o.contentType,
    attachment: o.attachment ?? true,
    expiresAt,
    etag: o.etag,
  });
  // The file name in the path is cosmetic (clients must use Content-Disposition); the token decides.
  return { url: `${app.storageUrl}/downloads/${token}/${encodeURIComponent(o.filename)}`, expiresAt };
}

const etagCache = new Map<string, { size: number; mtimeMs: number; etag: string }>();

/**
 * The storage origin's one ETag rule: the first 32 hex digits of the content's sha256, quoted.
 * The PUT answers it too, so a file has the same ETag when stored and when downloaded.
 */
export function contentEtag(sha256: Hash): string {
  return `"${sha256.digest('hex').slice(0, 32)}"`;
}

/** Strong ETag from the content (sha256, streamed), cached per path while size and mtime stay the same. */
export async function fileEtag(path: string): Promise<string> {
  const st = await stat(path);
  const cached = etagCache.get(path);
  if (cached && cached.size === st.size && cached.mtimeMs === st.mtimeMs) return cached.etag;
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  const etag = contentEtag(hash);
  etagCache.set(path, { size: st.size, mtimeMs: st.mtimeMs, etag });
  return etag;
}

/**
 * Records the ETag of a file just written whole (the PUT hashed it on the way in), so no download
 * hashes it again. Only an optimisation: a file it cannot stat is hashed by its first download.
 */
export async function rememberFileEtag(path: string, etag: string): Promise<void> {
  const st = await stat(path).catch(() => undefined);
  if (st !== undefined) etagCache.set(path, { size: st.size, mtimeMs: st.mtimeMs, etag });
}

const FORCED_ATTACHMENT_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|application\/xml|text\/xml|[a-z]+\/[a-z0-9.+-]*\+xml)\s*(;|$)/i;
const FORCED_ATTACHMENT_EXTENSIONS = new Set(['.html', '.htm', '.xhtml', '.svg', '.svgz', '.xml']);

/** Spec 4.4: HTML, SVG and XML are never shown inline (they could run script in the storage origin). */
export function mustBeAttachment(contentType: string, filename: string): boolean {
  return FORCED_ATTACHMENT_TYPES.test(contentType.trim()) || FORCED_ATTACHMENT_EXTENSIONS.has(extname(filename).toLowerCase());
}

/** RFC 5987 / 8187 `ext-value` encoding: everything outside attr-char is percent-encoded. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The quoted `filename` fallback: printable ASCII only, no quotes, backslashes or separators. */
export function asciiFallback(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/]/g, '_')
    .trim();
  return ascii.length > 0 ? ascii : 'download';
}

export function contentDisposition(filename: string, attachment: boolean): string {
  const name = pathBasename(filename.replace(/\\/g, '/')) || 'download';
  return `${attachment ? 'attachment' : 'inline'}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` prefixes are ignored. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const value = ifNoneMatch.trim();
  if (value === '*') return true;
  const bare = (t: string): string => t.trim().replace(/^W\//, '');
  return value.split(',').some((t) => bare(t) === bare(etag));
}

function quoteEtag(etag: string): string {
  return /^(W\/)?".*"$/.test(etag) ? etag : `"${etag}"`;
}

/**
 * Streams a file as a download response: ETag (strong, stable per file content), If-None-Match → 304,
 * Content-Length, Content-Type, Content-Disposition with both filename (ASCII fallback) and RFC 5987
 * filename*=UTF-8''..., HTML/SVG/XML always attachment. Works for both origins (a handler returns
 * the promise and nothing else). A missing file is a 404 thrown before anything is written.
 */
export async function sendFileDownload(
  ctx: RequestContext,
  o: { path: string; filename: string; contentType: string; etag: string; attachment?: boolean },
): Promise<void> {
  let size: number;
  try {
    const st = await stat(o.path);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    throw notFound('File');
  }
  const etag = quoteEtag(o.etag);
  const attachment = (o.attachment ?? true) || mustBeAttachment(o.contentType, o.filename);
  const res = ctx.res;
  const common: Record<string, string> = {
    ETag: etag,
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'none',
  };
  if (etagMatches(ctx.header('if-none-match'), etag)) {
    res.writeHead(304, common);
    res.end();
    return;
  }
  res.writeHead(200, {
    ...common,
    'Content-Type': o.contentType,
    'Content-Length': String(size),
    'Content-Disposition': contentDisposition(o.filename, attachment),
  });
  if (ctx.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    // 1 MiB reads, as servers send large files (sendfile, big buffers): about half the CPU per
    // byte of 64 KiB reads (0.6-0.9 s per GiB against 1.3-2.4 s on the benchmark machine), which
    // the client and curl share two cores with in the benchmark.
    await pipeline(createReadStream(o.path, { highWaterMark: DOWNLOAD_READ_BYTES }), res);
  } catch {
    // The client went away mid-download; the headers are gone, so there is nothing left to answer.
    res.destroy();
  }
}

/** Storage-origin handler body for `GET /downloads/:token[/name]`. */
export async function serveGrant(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const grant = downloadGrants(app).get(ctx.params.token ?? '');
  if (!grant) throw notFound('Download address');
  if (app.clock.now() >= grant.expiresAt) {
    throw new HttpError(410, 'url_expired', 'The download address has expired; request a new one');
  }
  // Without an issuer-given ETag, it follows the content (recomputed only when size or mtime change).
  const etag = grant.etag ?? (await fileEtag(grant.path).catch(() => undefined));
  if (etag === undefined) throw notFound('File');
  await sendFileDownload(ctx, { ...grant, etag });
}
