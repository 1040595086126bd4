/**
 * Uploads (spec 4.2): presign, PUT to the one-time address, finalize. `uploadFile` runs the three
 * steps with the client's retry decisions:
 * - presign and finalize carry an Idempotency-Key (one per call, reused on its retries): a repeated
 *   presign only yields another address and a repeated finalize answers the same document;
 * - a PUT that fails transiently (network, 5xx, 429) is retried with backoff on a FRESH address,
 *   since an address is writable once and a partial PUT may have used it up;
 * - an address the storage refuses (expired 410, already written 412, unknown 404, 403) and a
 *   finalize answering 410 (nothing arrived, address expired) get a fresh address at once, a few
 *   times at most;
 * - a finalize token refused as invalid or expired (401, `FinalizeTokenError`: the transfer outlasted
 *   the token, say a big file on a slow link) starts the upload over once: a new presign, the file
 *   PUT again, finalize with the new token. A second refusal is reported.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { assertServerUrl } from '../config.ts';
import { FinalizeTokenError, invalidRequest, isDocTranslateError } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { silentLogger, type Logger } from '../logger.ts';
import type { RequestOptions, Requester } from '../requester.ts';
import { FinalizeResponseSchema, PresignResponseSchema, type Document, type PresignResponse } from '../schemas.ts';
import { isAddressProblem, LocalFileError, putFile, UPLOAD_DESCRIPTION } from '../upload.ts';

/** Fresh addresses taken for refused addresses or a finalize 410, per upload. */
export const MAX_FRESH_ADDRESSES = 3;
/** Finalize may inspect a large file; allow it more than the default per-attempt deadline. */
const FINALIZE_TIMEOUT_MS = 120_000;

export interface PresignRequest {
  filename: string;
  file_size: number;
  mime_type?: string;
}

export interface UploadFileOptions {
  /** Name sent to the service (its extension decides the type); default: the file's basename. */
  filename?: string;
  mimeType?: string;
  /**
   * Bytes handed to the connection so far, and the bytes to send: `totalBytes` is the file size and
   * `sentBytes` restarts at 0 on a retried PUT. After a refused finalize token the file is sent a
   * second time and both numbers count the first transfer too: `sentBytes` goes on from the size
   * already sent (never below it, even on a retried PUT) and `totalBytes` becomes that size plus the
   * file's size (twice the size). The bytes never go back; the grown `totalBytes` is how a caller
   * tells that the upload started over (the fraction drops to a half once, at that moment, and
   * climbs to 1 again; a caller that keeps the highest fraction shown holds it).
   */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /** Silence allowed during the PUT (ms). */
  idleTimeoutMs?: number;
}

export class Uploads {
  readonly #requester: Requester;
  readonly #logger: Logger;

  constructor(requester: Requester, logger: Logger = silentLogger) {
    this.#requester = requester;
    this.#logger = logger;
  }

  /** POST /upload/presign. */
  async presign(req: PresignRequest, opts: RequestOptions & { idempotencyKey?: string } = {}): Promise<PresignResponse> {
    if (typeof req.filename !== 'string' || req.filename.trim() === '') {
      throw invalidRequest('filename is required.', [{ field: 'filename', message: 'is required' }]);
    }
    if (!Number.isSafeInteger(req.file_size) || req.file_size <= 0) {
      throw invalidRequest('file_size must be the exact size in bytes, above 0.', [{ field: 'file_size', message: 'must be an integer above 0' }]);
    }
    // An undefined mime_type is left out by JSON.stringify.
    const json = { filename: req.filename, file_size: req.file_size, mime_type: req.mime_type };
    return this.#requester.requestJson(
      { method: 'POST', path: '/upload/presign', json, idempotencyKey: resolveIdempotencyKey(opts.idempotencyKey) },
      PresignResponseSchema,
      opts,
    );
  }

  /** POST /upload/finalize: the document, usable from now on. */
  async finalize(finalizeToken: string, opts: RequestOptions & { idempotencyKey?: string } = {}): Promise<Document> {
    if (typeof finalizeToken !== 'string' || finalizeToken === '') {
      throw invalidRequest('finalize_token is required.', [{ field: 'finalize_token', message: 'is required' }]);
    }
    const res = await this.#requester.requestJson(
      { method: 'POST', path: '/upload/finalize', json: { finalize_token: finalizeToken }, idempotencyKey: resolveIdempotencyKey(opts.idempotencyKey) },
      FinalizeResponseSchema,
      { ...opts, timeoutMs: Math.max(opts.timeoutMs ?? 0, FINALIZE_TIMEOUT_MS) },
    );
    return res.document;
  }

  async #sizeOf(filePath: string): Promise<number> {
    try {
      const st = await stat(filePath);
      if (!st.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
      return st.size;
    } catch (err) {
      throw new LocalFileError('The file to upload could not be read.', err);
    }
  }

  /** Presign + PUT, retried as a unit; returns the address that holds the file and the bytes sent. */
  async #presignAndPut(filePath: string, filename: string, opts: UploadFileOptions): Promise<{ presigned: PresignResponse; size: number }> {
    const signal = opts.signal;
    return this.#requester.withRetry({ method: 'PUT', path: UPLOAD_DESCRIPTION, signal }, async () => {
      for (let fresh = 0; ; fresh++) {
        const size = await this.#sizeOf(filePath);
        const presigned = await this.presign({ filename, file_size: size, mime_type: opts.mimeType }, { maxRetries: 0, signal });
        const uploadUrl = assertServerUrl(presigned.upload_url, 'an upload address');
        try {
          await putFile(this.#requester.transport, {
            url: uploadUrl.href,
            headers: presigned.upload_headers,
            filePath,
            size,
            signal,
            onProgress: opts.onProgress,
            idleTimeoutMs: opts.idleTimeoutMs,
          });
          return { presigned, size };
        } catch (err) {
          if (isAddressProblem(err) && fresh < MAX_FRESH_ADDRESSES) {
            this.#logger.info(`upload address refused (HTTP ${(err as { status?: number }).status}); requesting a new one`);
            continue;
          }
          throw err;
        }
      }
    });
  }

  /** Streams a file from disk through presign, PUT and finalize; returns the confirmed document. */
  async uploadFile(filePath: string, opts: UploadFileOptions = {}): Promise<Document> {
    const filename = opts.filename ?? basename(filePath);
    const signal = opts.signal;
    const onProgress = opts.onProgress;
    /** Bytes of the transfer whose finalize token was refused; undefined until that restart. */
    let sentBefore: number | undefined;
    const putOptions = (): UploadFileOptions => {
      const before = sentBefore;
      if (onProgress === undefined || before === undefined) return opts;
      return { ...opts, onProgress: (sent, total) => onProgress(before + sent, before + total) };
    };
    for (let notFound = 0; ;) {
      const { presigned, size } = await this.#presignAndPut(filePath, filename, putOptions());
      try {
        return await this.finalize(presigned.finalize_token, { signal });
      } catch (err) {
        if (isDocTranslateError(err) && err.status === 410 && notFound < MAX_FRESH_ADDRESSES) {
          notFound++;
          this.#logger.info('the upload was not found at finalize; uploading again to a new address');
          continue;
        }
        if (err instanceof FinalizeTokenError && sentBefore === undefined) {
          // Once only: the spec says not to retry a 401 blindly, and a second refusal means the
          // transfer outlasts the token every time (or the token is refused for another reason).
          this.#logger.info('the finalize token was refused (invalid or expired); uploading the file again to a new address');
          sentBefore = size;
          continue;
        }
        throw err;
      }
    }
  }
}
