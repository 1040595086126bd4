import type { EmulatorApp } from '../app.ts';
import { notFound, validationError } from '../errors.ts';
import { referencedDocument, tagView } from '../library/organise.ts';
import { library, owned, page, type TagRecord } from '../library/store.ts';
import { Fields } from '../validation.ts';

const COLOR = /^#[0-9a-f]{6}$/i;

/**
 * Tags (spec 4.12): addressed by id, names are display text (two tags may share a name). Bodies are
 * the emulator's choice: create `{ name, color? }`, attach `{ tag_id }`.
 */
export function register(app: EmulatorApp): void {
  const api = app.api;
  const ownedTag = (accountId: string, id: string): TagRecord => owned(library(app).tags.get(id), accountId, 'tag', 'tag');

  api.get('/tags', (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const all = [...library(app).tags.values()].filter((t) => t.accountId === accountId);
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map((t) => tagView(app, t)) } };
  });

  api.post('/tags', async (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const fields = new Fields(await ctx.object());
    const name = fields.string('name', { minChars: 1, maxChars: 64 });
    const color = fields.string('color', { optional: true });
    if (color !== undefined && !COLOR.test(color)) fields.add('color', 'must be #rrggbb');
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const t: TagRecord = { id: app.state.newId('tag'), accountId, name: name!, color: color ?? null, documentIds: [], created_at: app.clock.nowIso() };
    library(app).tags.set(t.id, t);
    return { status: 201, body: tagView(app, t) };
  });

  api.delete('/tags/:tag_id', (ctx) => {
    const t = ownedTag(ctx.requireAuth().account.id, ctx.params.tag_id!);
    library(app).tags.delete(t.id);
    return { status: 204 };
  });

  api.post('/tags/documents/:document_id', async (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const fields = new Fields(await ctx.object());
    const tagId = fields.string('tag_id', { minChars: 1 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const doc = referencedDocument(app, accountId, ctx.params.document_id!);
    const t = ownedTag(accountId, tagId!);
    if (!t.documentIds.includes(doc.id)) t.documentIds.push(doc.id);
    const tagIds = [...library(app).tags.values()].filter((x) => x.accountId === accountId && x.documentIds.includes(doc.id)).map((x) => x.id);
    return { status: 200, body: { document_id: doc.id, tag_ids: tagIds } };
  });

  api.delete('/tags/documents/:document_id/:tag_id', (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const doc = referencedDocument(app, accountId, ctx.params.document_id!);
    const t = ownedTag(accountId, ctx.params.tag_id!);
    const at = t.documentIds.indexOf(doc.id);
    if (at === -1) throw notFound('Tag on this document');
    t.documentIds.splice(at, 1);
    return { status: 204 };
  });
}
