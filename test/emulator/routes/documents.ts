import { rm } from 'node:fs/promises';
import type { EmulatorApp } from '../app.ts';
import { sanitizeBasename } from '../documents/basename.ts';
import { documentView, findOwnedDocument } from '../documents/records.ts';
import { validationError } from '../errors.ts';
import { extensionOf, formatOf } from '../formats.ts';
import { page } from '../paging.ts';
import { Fields } from '../validation.ts';

export const DEFAULT_DOCUMENT_LIMIT = 20;
export const MAX_DOCUMENT_LIMIT = 100;

/**
 * Translation input documents (spec 4.13 last paragraph; shapes are the emulator's choice, see
 * README): list newest first with offset paging, detail, rename, delete.
 */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/documents', (ctx) => {
    const auth = ctx.requireAuth();
    // Map insertion order is creation order; newest first.
    const all = [...app.state.documents.values()].filter((d) => d.accountId === auth.account.id && !d.deleted).reverse();
    const body = page(ctx, all, { defaultLimit: DEFAULT_DOCUMENT_LIMIT, maxLimit: MAX_DOCUMENT_LIMIT });
    return { status: 200, body: { ...body, items: body.items.map(documentView) } };
  });

  api.get('/documents/:document_id', (ctx) => {
    const doc = findOwnedDocument(app.state, ctx.requireAuth().account.id, ctx.params.document_id!);
    return { status: 200, body: documentView(doc) };
  });

  api.patch('/documents/:document_id', async (ctx) => {
    const doc = findOwnedDocument(app.state, ctx.requireAuth().account.id, ctx.params.document_id!);
    const fields = new Fields(await ctx.object());
    const requested = fields.string('basename', { minChars: 1, maxChars: 1024 });
    if (requested !== undefined && formatOf(requested)?.format !== doc.format) {
      fields.add('basename', `must keep the file type (.${extensionOf(doc.basename)})`);
    }
    if (fields.errors.length > 0) throw validationError(fields.errors);
    doc.basename = sanitizeBasename(requested!, doc.format);
    doc.updated_at = app.clock.nowIso();
    return { status: 200, body: documentView(doc) };
  });

  api.delete('/documents/:document_id', async (ctx) => {
    const doc = findOwnedDocument(app.state, ctx.requireAuth().account.id, ctx.params.document_id!);
    doc.deleted = true;
    doc.updated_at = app.clock.nowIso();
    await rm(doc.storagePath, { force: true });
    return { status: 204 };
  });
}
