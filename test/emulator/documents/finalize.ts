import { rm } from 'node:fs/promises';
import type { EmulatorApp } from '../app.ts';
import { HttpError, validationError } from '../errors.ts';
import type { Reply, RequestContext } from '../router.ts';
import type { DocumentRecord } from '../state.ts';
import { Fields } from '../validation.ts';
import { ContentError, analyzeFile } from './analyze.ts';
import { documentView } from './records.ts';
import { uploads } from './uploads.ts';
import type { UploadRecord } from './uploads.ts';

function reject(record: UploadRecord, code: string, message: string): never {
  record.state = 'rejected';
  record.rejection = { code, message };
  void rm(record.filePath, { force: true });
  throw new HttpError(400, code, message);
}

async function confirm(app: EmulatorApp, record: UploadRecord): Promise<void> {
  if (record.receivedBytes !== record.declaredSize) {
    reject(record, 'file_size_mismatch', `The uploaded file has ${record.receivedBytes} bytes, but file_size was ${record.declaredSize}`);
  }
  let analysis;
  try {
    analysis = await analyzeFile(record.filePath, record.info, record.receivedBytes);
  } catch (err) {
    if (err instanceof ContentError) reject(record, 'content_mismatch', `${err.message} (.${record.info.format} upload)`);
    throw err;
  }
  const at = app.clock.nowIso();
  const doc: DocumentRecord = {
    id: record.documentId,
    accountId: record.accountId,
    keyId: record.keyId,
    basename: record.basename,
    format: record.info.format,
    file_size: record.receivedBytes,
    mime_type: record.info.mimeType,
    created_at: at,
    updated_at: at,
    storagePath: record.filePath,
    charCount: analysis.charCount,
    pageCount: analysis.pageCount,
    deleted: false,
  };
  app.state.documents.set(doc.id, doc);
  record.state = 'finalized';
}

/**
 * POST /upload/finalize (spec 4.2). Order of checks: token unknown 401 `invalid_finalize_token`,
 * expired 401 `finalize_token_expired`, another account's 403 `finalize_token_not_owned`, nothing
 * uploaded 410 `upload_not_found`, size or content mismatch 400. A finalize repeated with the same
 * token answers the same document again (a retry after a timeout must not fail).
 */
export async function finalize(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const auth = ctx.requireAuth();
  const fields = new Fields(await ctx.object());
  const token = fields.string('finalize_token', { minChars: 1 });
  if (fields.errors.length > 0) throw validationError(fields.errors);
  const store = uploads(app);
  const record = store.byFinalizeToken.get(token!);
  if (!record) throw new HttpError(401, 'invalid_finalize_token', 'The finalize_token is invalid');
  if (store.expireNextFinalizeTokens > 0 && app.clock.now() < record.tokenExpiresAt) {
    // Control API: this token expires now, as if the transfer had outlasted it.
    store.expireNextFinalizeTokens -= 1;
    record.tokenExpiresAt = app.clock.now();
  }
  if (app.clock.now() >= record.tokenExpiresAt) {
    throw new HttpError(401, 'finalize_token_expired', 'The finalize_token has expired; upload the file again');
  }
  if (record.accountId !== auth.account.id) {
    throw new HttpError(403, 'finalize_token_not_owned', 'The finalize_token belongs to another account');
  }
  if (record.state === 'finalizing') await record.finalizing;
  if (record.state === 'finalized') {
    const doc = app.state.documents.get(record.documentId);
    if (!doc || doc.deleted) throw new HttpError(410, 'document_deleted', 'The document of this upload has been deleted');
    return { status: 200, body: { document: documentView(doc) } };
  }
  if (record.state === 'rejected') throw new HttpError(400, record.rejection!.code, record.rejection!.message);
  if (record.state !== 'uploaded') {
    const why = app.clock.now() >= record.addressExpiresAt ? 'the upload address expired before a file arrived' : 'the transfer is unfinished';
    throw new HttpError(410, 'upload_not_found', `No uploaded file (${why}); request a new address`);
  }
  record.state = 'finalizing';
  const done = confirm(app, record);
  app.track(done);
  record.finalizing = done.catch(() => undefined);
  try {
    await done;
  } catch (err) {
    if (record.state === 'finalizing') record.state = 'uploaded';
    throw err;
  }
  return { status: 200, body: { document: documentView(app.state.documents.get(record.documentId)!) } };
}
