/**
 * Uploads (spec 4.2): presign, PUT to the one-time address, finalize. `uploadFile` runs the three
 * steps with the client's retry decisions:
 * - presign and finalize carry an Idempotency-Key (one per call, reused on its retries): a repeated
 *   presign only yields another address and a repeated finalize answers the same document;
 * - a PUT that fails transiently (network, 5xx, 429) is retried with backoff on a FRESH address,
 *   since an address is writable once and a partial PUT may have used it up;
 * - an address the storage refuses (expired 410, already written 412, unknown 404, 403) and a
 *   finalize answering 410 (nothing arrived, address expired) get a fresh address at once, a few
 *   times at most.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { assertServerUrl } from '../config.ts';
import { invalidRequest, isDocTranslateError } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { pickRequestOptions, type RequestOptions, type Requester } from '../requester.ts';
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
  /** Bytes handed to the connection so far, and the file size; restarts at 0 on a retried PUT. */
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
    const json: Record<string, unknown> = { filename: req.filename, file_size: req.file_size };
    if (req.mime_type !== undefined) json['mime_type'] = req.mime_type;
    return this.#requester.requestJson(
      { method: 'POST', path: '/upload/presign', json, idempotencyKey: resolveIdempotencyKey(opts.idempotencyKey), ...pickRequestOptions(opts) },
      PresignResponseSchema,
    );
  }

  /** POST /upload/finalize: the document, usable from now on. */
  async finalize(finalizeToken: string, opts: RequestOptions & { idempotencyKey?: string } = {}): Promise<Document> {
    if (typeof finalizeToken !== 'string' || finalizeToken === '') {
      throw invalidRequest('finalize_token is required.', [{ field: 'finalize_token', message: 'is required' }]);
    }
    const res = await this.#requester.requestJson(
      {
        method: 'POST',
        path: '/upload/finalize',
        json: { finalize_token: finalizeToken },
        idempotencyKey: resolveIdempotencyKey(opts.idempotencyKey),
        ...pickRequestOptions(opts),
        timeoutMs: Math.max(opts.timeoutMs ?? 0, FINALIZE_TIMEOUT_MS),
      },
      FinalizeResponseSchema,
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

  /** Presign + PUT, retried as a unit; returns the address that holds the file. */
  async #presignAndPut(filePath: string, filename: string, opts: UploadFileOptions): Promise<PresignResponse> {
    const signal = opts.signal;
    return this.#requester.withRetry({ method: 'PUT', path: UPLOAD_DESCRIPTION, ...(signal !== undefined ? { signal } : {}) }, async () => {
      for (let fresh = 0; ; fresh++) {
        const size = await this.#sizeOf(filePath);
        const req: PresignRequest = { filename, file_size: size };
        if (opts.mimeType !== undefined) req.mime_type = opts.mimeType;
        const presigned = await this.presign(req, { maxRetries: 0, ...(signal !== undefined ? { signal } : {}) });
        const uploadUrl = assertServerUrl(presigned.upload_url, 'an upload address');
        try {
          await putFile(this.#requester.transport, {
            url: uploadUrl.href,
            headers: presigned.upload_headers,
            filePath,
            size,
            ...(signal !== undefined ? { signal } : {}),
            ...(opts.onProgress !== undefined ? { onProgress: opts.onProgress } : {}),
            ...(opts.idleTimeoutMs !== undefined ? { idleTimeoutMs: opts.idleTimeoutMs } : {}),
          });
          return presigned;
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
    for (let round = 0; ; round++) {
      const presigned = await this.#presignAndPut(filePath, filename, opts);
      try {
        return await this.finalize(presigned.finalize_token, signal !== undefined ? { signal } : {});
      } catch (err) {
        if (isDocTranslateError(err) && err.status === 410 && round < MAX_FRESH_ADDRESSES) {
          this.#logger.info('the upload was not found at finalize; uploading again to a new address');
          continue;
        }
        throw err;
      }
    }
  }
}
