import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound } from '../errors.ts';
import type { Reply, RequestContext } from '../router.ts';
import { contentEtag, rememberFileEtag } from '../storage.ts';
import { uploads, uploadsDir } from './uploads.ts';
import type { UploadRecord } from './uploads.ts';

/** Reads and discards the body so the client can finish sending and then read the error. */
function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded) {
      resolve();
      return;
    }
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}

class TooLarge extends Error {}

/** How much of a body is held before it is written (and how much a write takes at once). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** The exact upload_headers of the presign answer, compared as sent (spec 4.2: "unchanged"). */
function headerProblem(ctx: RequestContext, record: UploadRecord): string | undefined {
  const contentType = ctx.header('content-type');
  if (contentType === undefined) return 'Content-Type is missing; send the upload_headers unchanged';
  if (contentType.trim() !== record.info.mimeType) return `Content-Type must be exactly "${record.info.mimeType}"`;
  const ifNoneMatch = ctx.header('if-none-match');
  if (ifNoneMatch === undefined) return 'If-None-Match is missing; send the upload_headers unchanged';
  if (ifNoneMatch.trim() !== '*') return 'If-None-Match must be exactly "*"';
  return undefined;
}

/**
 * PUT <upload_url> on the storage origin. Checks, in this order: unknown address 404, expired
 * address 410 `url_expired`, upload_headers 400 `upload_header_mismatch`, already written (or
 * being written) 412 `precondition_failed`, over the single-file limit 413. The body is streamed to
 * disk, never buffered; a transfer that breaks off leaves the address writable again.
 */
export async function putUpload(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const store = uploads(app);
  const record = store.byUploadToken.get(ctx.params.token ?? '');
  const refuse = async (err: HttpError): Promise<never> => {
    await drain(ctx.req);
    throw err;
  };
  if (!record) return refuse(notFound('Upload address'));
  if (app.clock.now() >= record.addressExpiresAt) {
    return refuse(new HttpError(410, 'url_expired', 'The upload address has expired; request a new one with POST /upload/presign'));
  }
  const problem = headerProblem(ctx, record);
  if (problem) return refuse(new HttpError(400, 'upload_header_mismatch', problem));
  if (record.state !== 'pending') {
    return refuse(new HttpError(412, 'precondition_failed', 'The upload address is writable once and already holds a file (If-None-Match: *)'));
  }
  const limit = store.limits.maxFileSize;
  const declaredLength = Number(ctx.header('content-length') ?? '0');
  if (declaredLength > limit) {
    // Not drained: the client announced more than the service would ever take.
    ctx.res.setHeader('Connection', 'close');
    throw new HttpError(413, 'file_too_large', `The file exceeds the single-file limit of ${limit} bytes`);
  }

  record.state = 'writing';
  mkdirSync(uploadsDir(app), { recursive: true });
  const partPath = join(uploadsDir(app), `${record.documentId}.part`);
  // sha256, not MD5: the same rule as every download's ETag, and 2-3 times cheaper per byte on
  // CPUs with SHA extensions (the hash is most of the emulator's CPU time per uploaded byte).
  const sha256 = createHash('sha256');
  let bytes = 0;
  let etag: string;
  try {
    // The body in 1 MiB batches: a Transform takes the request's chunks as they arrive (the
    // request flows; an async generator pulled them one at a time, and the request paused its
    // socket after every 64 KiB chunk), and the file is written in batches of up to 1 MiB
    // (writev) instead of one write per chunk. Per GiB received: about 1,100 writes instead of
    // 34,000 and 1,300 epoll_ctl calls instead of 27,000 (strace); a PUT of 1 GiB from curl took
    // 1.7-2.1 s instead of 2.6-2.7 (medians of alternating runs; test/bench/README.md).
    await pipeline(
      ctx.req,
      new Transform({
        highWaterMark: WRITE_BATCH_BYTES,
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > limit) return callback(new TooLarge());
          sha256.update(chunk);
          callback(null, chunk);
        },
      }),
      createWriteStream(partPath, { highWaterMark: WRITE_BATCH_BYTES }),
    );
    mkdirSync(dirname(record.filePath), { recursive: true });
    await rename(partPath, record.filePath);
    etag = contentEtag(sha256);
    await rememberFileEtag(record.filePath, etag);
  } catch (err) {
    record.state = 'pending';
    await rm(partPath, { force: true });
    if (err instanceof TooLarge) {
      ctx.res.setHeader('Connection', 'close');
      throw new HttpError(413, 'file_too_large', `The file exceeds the single-file limit of ${limit} bytes`);
    }
    throw new HttpError(400, 'incomplete_body', 'The upload was not completely received; send it again');
  }
  // A reset while the bytes were arriving replaced the state; this upload no longer exists.
  if (uploads(app) !== store) throw notFound('Upload address');
  record.state = 'uploaded';
  record.receivedBytes = bytes;
  return { status: 200, headers: { ETag: etag } };
}
