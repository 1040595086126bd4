import { rm } from 'node:fs/promises';
import type { EmulatorApp } from '../app.ts';
import { sanitizeBasename } from '../documents/basename.ts';
import { documentView, findOwnedDocument } from '../documents/records.ts';
import { validationError } from '../errors.ts';
import { extensionOf, formatOf } from '../formats.ts';
import type { RequestContext } from '../router.ts';
import { Fields } from '../validation.ts';

export const DEFAULT_DOCUMENT_LIMIT = 20;
export const MAX_DOCUMENT_LIMIT = 100;

function queryInt(ctx: RequestContext, fields: Fields, name: string, def: number, min: number, max: number): number {
  const raw = ctx.query.get(name);
  if (raw === null) return def;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    fields.add(name, `must be an integer between ${min} and ${max}`);
    return def;
  }
  return n;
}

/**
 * Translation input documents (spec 4.13 last paragraph; shapes are the emulator's choice, see
 * README): list newest first with offset paging, detail, rename, delete.
 */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/documents', (ctx) => {
    const auth = ctx.requireAuth();
    const fields = new Fields({});
    const limit = queryInt(ctx, fields, 'limit', DEFAULT_DOCUMENT_LIMIT, 1, MAX_DOCUMENT_LIMIT);
    const offset = queryInt(ctx, fields, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    if (fields.errors.length > 0) throw validationError(fields.errors);
    // Map insertion order is creation order; newest first.
    const all = [...app.state.documents.values()].filter((d) => d.accountId === auth.account.id && !d.deleted).reverse();
    const items = all.slice(offset, offset + limit).map(documentView);
    return { status: 200, body: { items, has_more: offset + items.length < all.length, next_offset: offset + items.length } };
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
