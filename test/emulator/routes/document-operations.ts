import type { EmulatorApp } from '../app.ts';
import { assertKeyAboveThreshold, assertKeyBudgetLeft, available } from '../billing.ts';
import { findOwnedDocument } from '../documents/records.ts';
import { HttpError, validationError } from '../errors.ts';
import { idempotencyKeyOf, withIdempotency } from '../idempotency.ts';
import type { Reply, RequestContext } from '../router.ts';
import { fileEtag, sendFileDownload } from '../storage.ts';
import { Fields, queryInteger } from '../validation.ts';
import {
  OPERATION_KINDS,
  VISUAL_EXTRACT_MAX_PAGES,
  VISUAL_EXTRACT_MILLICREDITS_PER_PAGE,
  assertOpen,
  closedTools,
  fileToolCapabilities,
  inputFormats,
  isToolKind,
  operationCapabilities,
  setToolOpen,
  type OperationKind,
} from '../doctools/capabilities.ts';
import { cancelOperation, createOperation, fail, isEnded, operationView, ownedOperation, setHold, stopAll, store } from '../doctools/operations.ts';

export const DEFAULT_OPERATION_LIMIT = 20;
export const MAX_OPERATION_LIMIT = 100;

/**
 * POST /document-operations. Order of checks: Idempotency-Key missing 400
 * `idempotency_key_required` (invalid 422) → fields 422 → closed kind 422 `operation_unavailable`
 * → document 404 / 403 → input format 415 → visual_extract over 20 pages 422
 * `page_limit_exceeded` → key budget used up 429 → balance below one page 402 → the key's remaining
 * budget not above one page 402 (part 8 rule 1). Nothing is charged
 * at creation; a refused request creates nothing.
 */
async function create(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const auth = ctx.requireAuth();
  if (idempotencyKeyOf(ctx) === undefined) {
    throw new HttpError(400, 'idempotency_key_required', 'POST /document-operations requires an Idempotency-Key header', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }
  const body = await ctx.object();
  return withIdempotency(
    app,
    ctx,
    {
      endpoint: '/document-operations',
      body,
      // "Replay returns the same operation": its current state, not a stale snapshot.
      onReplay: (record) => {
        const op = record.resourceId !== undefined ? store(app).operations.get(record.resourceId) : undefined;
        if (op === undefined) return undefined;
        return { status: 201, body: operationView(op), headers: { 'Idempotent-Replayed': 'true', Location: `/api/v1/document-operations/${op.id}` } };
      },
    },
    async () => {
      const f = new Fields(body);
      const documentId = f.string('document_id', { minChars: 1 });
      const kind = f.string('kind', { minChars: 1 });
      if (kind !== undefined && !(OPERATION_KINDS as readonly string[]).includes(kind)) f.add('kind', `must be one of ${OPERATION_KINDS.join(', ')}`);
      for (const name of Object.keys(body)) if (name !== 'document_id' && name !== 'kind') f.add(name, 'is not a field of this request');
      if (f.errors.length > 0) throw validationError(f.errors);
      const k = kind as OperationKind;
      assertOpen(app, k, 'kind');
      const doc = findOwnedDocument(app.state, auth.account.id, documentId!);
      const formats = inputFormats(k);
      if (!formats.includes(doc.format)) {
        throw new HttpError(415, 'unsupported_format', `${k} takes ${formats.join(', ')} documents, not ${doc.format}`, [
          { field: 'document_id', message: `must be a ${formats.join(' or ')} document (this one is ${doc.format})` },
        ]);
      }
      if (k === 'visual_extract') {
        const pages = doc.pageCount ?? 1;
        if (pages > VISUAL_EXTRACT_MAX_PAGES) {
          throw new HttpError(422, 'page_limit_exceeded', `visual_extract takes at most ${VISUAL_EXTRACT_MAX_PAGES} pages; this document has ${pages}`, [
            { field: 'document_id', message: `has ${pages} pages (at most ${VISUAL_EXTRACT_MAX_PAGES})` },
          ]);
        }
        assertKeyBudgetLeft(auth.key, 'operations');
        const balance = available(auth.account, app.clock.now());
        if (balance < VISUAL_EXTRACT_MILLICREDITS_PER_PAGE) {
          throw new HttpError(
            402,
            'insufficient_credits',
            `Available credits (${balance} millicredits) are less than one page (${VISUAL_EXTRACT_MILLICREDITS_PER_PAGE} millicredits)`,
          );
        }
        // Part 8 rule 1: the key's remaining quota must also be above the threshold (one page).
        assertKeyAboveThreshold(auth.key, VISUAL_EXTRACT_MILLICREDITS_PER_PAGE, 'a visual extraction');
      }
      const op = createOperation(app, { accountId: auth.account.id, keyId: auth.key.id, kind: k, doc, idempotencyKey: idempotencyKeyOf(ctx) ?? null });
      return { status: 201, body: operationView(op), headers: { Location: `/api/v1/document-operations/${op.id}` }, resourceId: op.id };
    },
  );
}

function list(app: EmulatorApp, ctx: RequestContext): Reply {
  const auth = ctx.requireAuth();
  const fields = new Fields({});
  const limit = queryInteger(ctx.query, fields, 'limit', DEFAULT_OPERATION_LIMIT, 1, MAX_OPERATION_LIMIT);
  if (fields.errors.length > 0) throw validationError(fields.errors);
  // Only the calling key's operations (spec 4.5, 5), newest first.
  const mine = [...store(app).operations.values()].filter((o) => o.accountId === auth.account.id && o.keyId === auth.key.id).reverse();
  const items = mine.slice(0, limit).map(operationView);
  return { status: 200, body: { items, has_more: mine.length > items.length } };
}

/** GET /documents/{id}/download: the bytes of any document of the account (uploads and operation outputs). */
async function downloadDocument(app: EmulatorApp, ctx: RequestContext): Promise<void> {
  const doc = findOwnedDocument(app.state, ctx.requireAuth().account.id, ctx.params.document_id!);
  const etag = await fileEtag(doc.storagePath).catch(() => undefined);
  if (etag === undefined) throw new HttpError(404, 'not_found', 'Document content not found');
  await sendFileDownload(ctx, { path: doc.storagePath, filename: doc.basename, contentType: doc.mime_type, etag, attachment: true });
}

/** Document operations (spec 4.5), both capabilities listings, document downloads and their control routes. */
export function register(app: EmulatorApp): void {
  const api = app.api;
  app.onReset(() => stopAll(app));

  api.get('/document-operations/capabilities', () => ({ status: 200, body: operationCapabilities(app) }));
  api.get('/artifacts/convert/capabilities', () => ({ status: 200, body: fileToolCapabilities(app) }));
  api.post('/document-operations', (ctx) => create(app, ctx));
  api.get('/document-operations', (ctx) => list(app, ctx));
  api.get('/document-operations/:operation_id', (ctx) => {
    const auth = ctx.requireAuth();
    return { status: 200, body: operationView(ownedOperation(app, auth.account.id, auth.key.id, ctx.params.operation_id!)) };
  });
  api.post('/document-operations/:operation_id/cancel', (ctx) => {
    const auth = ctx.requireAuth();
    const op = ownedOperation(app, auth.account.id, auth.key.id, ctx.params.operation_id!);
    cancelOperation(app, op);
    return { status: 200, body: operationView(op) };
  });
  api.get('/documents/:document_id/download', (ctx) => downloadDocument(app, ctx));

  const c = app.control;
  c.get('/document-tools/capabilities', () => ({ status: 200, body: { closed: closedTools(app) } }));
  c.post('/document-tools/capabilities', async (ctx) => {
    const f = new Fields(await ctx.object());
    const kind = f.string('kind', { minChars: 1 });
    if (kind !== undefined && !isToolKind(kind)) f.add('kind', 'is not a document operation or file tool');
    const open = f.boolean('open');
    if (open === undefined) f.add('open', 'is required');
    const reason = f.string('reason', { optional: true, minChars: 1, maxChars: 500 }) ?? 'Temporarily unavailable';
    if (f.errors.length > 0) throw validationError(f.errors);
    setToolOpen(app, kind as OperationKind, open!, reason);
    return { status: 200, body: { closed: closedTools(app) } };
  });
  c.get('/document-operations/settings', () => ({ status: 200, body: store(app).settings }));
  c.post('/document-operations/settings', async (ctx) => {
    const f = new Fields(await ctx.object());
    const hold = f.boolean('hold_new');
    if (f.errors.length > 0) throw validationError(f.errors);
    if (hold !== undefined) store(app).settings.hold_new = hold;
    return { status: 200, body: store(app).settings };
  });
  const anyOperation = (ctx: RequestContext) => {
    const op = store(app).operations.get(ctx.params.operation_id!);
    if (!op) throw new HttpError(404, 'not_found', 'Document operation not found');
    return op;
  };
  c.get('/document-operations/:operation_id', (ctx) => ({ status: 200, body: operationView(anyOperation(ctx)) }));
  c.post('/document-operations/:operation_id/hold', async (ctx) => {
    const f = new Fields(await ctx.object());
    const hold = f.boolean('hold');
    if (hold === undefined) f.add('hold', 'is required');
    if (f.errors.length > 0) throw validationError(f.errors);
    const op = anyOperation(ctx);
    setHold(app, op, hold!);
    return { status: 200, body: operationView(op) };
  });
  c.post('/document-operations/:operation_id/fail', async (ctx) => {
    const f = new Fields(await ctx.object());
    const message = f.string('error_msg', { optional: true, minChars: 1 }) ?? 'Processing failed';
    if (f.errors.length > 0) throw validationError(f.errors);
    const op = anyOperation(ctx);
    if (isEnded(op)) throw new HttpError(409, 'operation_already_ended', `The document operation has already ended (${op.status})`);
    fail(app, op, message);
    return { status: 200, body: operationView(op) };
  });
}
