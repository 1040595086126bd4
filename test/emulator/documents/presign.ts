import { join } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import { HttpError, validationError } from '../errors.ts';
import { SUPPORTED_EXTENSIONS, extensionOf, formatOf } from '../formats.ts';
import type { Reply, RequestContext } from '../router.ts';
import { Fields } from '../validation.ts';
import { sanitizeBasename } from './basename.ts';
import { ADDRESS_TTL_SECONDS, FINALIZE_TOKEN_TTL_SECONDS, documentsDir, uploads } from './uploads.ts';
import type { UploadRecord } from './uploads.ts';

const RATE_WINDOW_MS = 60_000;

/** Spec 8 leaves the rate "not shown": a sliding minute of issued addresses per account. */
function checkRate(app: EmulatorApp, accountId: string, now: number): void {
  const store = uploads(app);
  const recent = (store.presignTimes.get(accountId) ?? []).filter((t) => t > now - RATE_WINDOW_MS);
  store.presignTimes.set(accountId, recent);
  if (recent.length >= store.limits.presignsPerMinute) {
    const retryAfter = Math.max(1, Math.ceil((recent[0]! + RATE_WINDOW_MS - now) / 1000));
    throw new HttpError(429, 'rate_limited', `Uploads too frequent: at most ${store.limits.presignsPerMinute} per minute`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}

/** POST /upload/presign (spec 4.2, 2.1). */
export async function presign(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const auth = ctx.requireAuth();
  const body = await ctx.object();
  const fields = new Fields(body);
  const filename = fields.string('filename', { minChars: 1, maxChars: 1024 });
  const fileSize = fields.integer('file_size', { min: 1 });
  // mime_type is optional and ignored (the extension decides the type).
  if (fields.errors.length > 0) {
    // Spec 7: an invalid file size is a 400 on presign; other field problems are the general 422.
    if (fields.errors.some((e) => e.field === 'file_size')) {
      throw new HttpError(400, 'invalid_file_size', 'file_size must be the exact size in bytes, an integer above 0', fields.errors);
    }
    throw validationError(fields.errors);
  }
  const info = formatOf(filename!);
  if (!info) {
    const ext = extensionOf(filename!);
    throw new HttpError(
      415,
      'unsupported_format',
      `Unsupported file type ${ext ? `.${ext}` : '(no extension)'}; supported: ${SUPPORTED_EXTENSIONS.join(', ')}`,
    );
  }
  const store = uploads(app);
  if (fileSize! > store.limits.maxFileSize) {
    throw new HttpError(413, 'file_too_large', `The file exceeds the single-file limit of ${store.limits.maxFileSize} bytes`);
  }
  const now = app.clock.now();
  checkRate(app, auth.account.id, now);
  store.presignTimes.get(auth.account.id)!.push(now);

  const state = app.state;
  const documentId = state.newId('doc');
  const record: UploadRecord = {
    documentId,
    accountId: auth.account.id,
    keyId: auth.key.id,
    filename: filename!,
    basename: sanitizeBasename(filename!, info.format),
    info,
    declaredSize: fileSize!,
    uploadToken: state.rng.hex(32),
    finalizeToken: `ft_${state.rng.hex(32)}`,
    createdAt: now,
    addressExpiresAt: now + ADDRESS_TTL_SECONDS * 1000,
    tokenExpiresAt: now + FINALIZE_TOKEN_TTL_SECONDS * 1000,
    state: 'pending',
    receivedBytes: 0,
    filePath: join(documentsDir(app), documentId),
  };
  store.byDocument.set(documentId, record);
  store.byUploadToken.set(record.uploadToken, record);
  store.byFinalizeToken.set(record.finalizeToken, record);
  return {
    status: 200,
    body: {
      document_id: documentId,
      upload_url: `${app.storageUrl}/uploads/${record.uploadToken}`,
      upload_headers: { 'Content-Type': info.mimeType, 'If-None-Match': '*' },
      finalize_token: record.finalizeToken,
      expires_in: ADDRESS_TTL_SECONDS,
    },
  };
}
