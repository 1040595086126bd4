import type { EmulatorApp } from '../app.ts';
import { notFound, validationError } from '../errors.ts';
import { projectView, referencedDocument } from '../library/organise.ts';
import { library, owned, page, type ProjectRecord } from '../library/store.ts';
import type { RequestContext } from '../router.ts';
import { Fields } from '../validation.ts';

function ownedProject(app: EmulatorApp, ctx: RequestContext): ProjectRecord {
  return owned(library(app).projects.get(ctx.params.project_id!), ctx.requireAuth().account.id, 'project', 'project');
}

/**
 * Projects (spec 4.12; bodies are the emulator's choice, see README): `{ name, description? }`;
 * adding a document only records membership (same id, same owner, no copy).
 */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/projects', (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const all = [...library(app).projects.values()].filter((p) => p.accountId === accountId).reverse();
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map((p) => projectView(app, p)) } };
  });

  api.post('/projects', async (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const fields = new Fields(await ctx.object());
    const name = fields.string('name', { minChars: 1, maxChars: 200 });
    const description = fields.string('description', { optional: true, maxChars: 2000 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const now = app.clock.nowIso();
    const p: ProjectRecord = {
      id: app.state.newId('prj'),
      accountId,
      name: name!,
      description: description ?? '',
      documentIds: [],
      created_at: now,
      updated_at: now,
    };
    library(app).projects.set(p.id, p);
    return { status: 201, body: projectView(app, p), headers: { Location: `${app.baseUrl}/projects/${p.id}` } };
  });

  api.get('/projects/:project_id', (ctx) => ({ status: 200, body: projectView(app, ownedProject(app, ctx)) }));

  api.patch('/projects/:project_id', async (ctx) => {
    const p = ownedProject(app, ctx);
    const body = await ctx.object();
    const fields = new Fields(body);
    const name = fields.string('name', { optional: true, minChars: 1, maxChars: 200 });
    const description = fields.string('description', { optional: true, maxChars: 2000 });
    for (const key of ['name', 'description']) if (body[key] === null) fields.add(key, 'must not be null');
    if (name === undefined && description === undefined && fields.errors.length === 0) fields.add('name', 'name or description is required');
    if (fields.errors.length > 0) throw validationError(fields.errors);
    if (name !== undefined) p.name = name;
    if (description !== undefined) p.description = description;
    p.updated_at = app.clock.nowIso();
    return { status: 200, body: projectView(app, p) };
  });

  api.delete('/projects/:project_id', (ctx) => {
    const p = ownedProject(app, ctx);
    library(app).projects.delete(p.id);
    return { status: 204 };
  });

  api.post('/projects/:project_id/documents', async (ctx) => {
    const p = ownedProject(app, ctx);
    const fields = new Fields(await ctx.object());
    const documentId = fields.string('document_id', { minChars: 1 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const doc = referencedDocument(app, p.accountId, documentId!);
    if (!p.documentIds.includes(doc.id)) {
      p.documentIds.push(doc.id);
      p.updated_at = app.clock.nowIso();
    }
    return { status: 200, body: projectView(app, p) };
  });

  api.delete('/projects/:project_id/documents/:document_id', (ctx) => {
    const p = ownedProject(app, ctx);
    const at = p.documentIds.indexOf(ctx.params.document_id!);
    if (at === -1 || app.state.documents.get(ctx.params.document_id!)?.deleted !== false) throw notFound('Document in this project');
    p.documentIds.splice(at, 1);
    p.updated_at = app.clock.nowIso();
    return { status: 204 };
  });
}
