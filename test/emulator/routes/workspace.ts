import type { EmulatorApp } from '../app.ts';
import { fileView, visibleFiles } from '../library/files.ts';
import { liveDocumentIds } from '../library/organise.ts';
import { library, page } from '../library/store.ts';

const APPS = [
  { code: 'translate', display_name: 'Document translation', available: true, capabilities: { can_open: true, can_create: true, can_upload: true } },
  { code: 'file_tools', display_name: 'PDF and image tools', available: true, capabilities: { can_open: true, can_create: true, can_upload: false } },
  { code: 'media', display_name: 'Audio and video', available: false, capabilities: { can_open: false, can_create: false, can_upload: false } },
];

/**
 * The unified workspace (spec 4.12; shapes are the emulator's choice): `files` are the library
 * items most recently changed first, `entries` the navigation (documents, each project and tag,
 * shares) with counts, `apps` the products with their capabilities. No application URLs.
 */
export function register(app: EmulatorApp): void {
  app.api.get('/workspace/files', (ctx) => {
    const all = visibleFiles(app, ctx.requireAuth().account.id).sort((a, b) =>
      a.file.updated_at < b.file.updated_at ? 1 : a.file.updated_at > b.file.updated_at ? -1 : 0,
    );
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map((v) => fileView(v.file, v.caps)) } };
  });

  app.api.get('/workspace/entries', (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const lib = library(app);
    const documents = [...app.state.documents.values()].filter((d) => d.accountId === accountId && !d.deleted).length;
    const shares = [...lib.shares.values()].filter((s) => s.accountId === accountId && !s.deleted).length;
    const items = [
      { id: 'documents', kind: 'collection', title: 'Documents', count: documents },
      ...[...lib.projects.values()]
        .filter((p) => p.accountId === accountId)
        .map((p) => ({ id: p.id, kind: 'project', title: p.name, count: liveDocumentIds(app, p.documentIds).length })),
      ...[...lib.tags.values()]
        .filter((t) => t.accountId === accountId)
        .map((t) => ({ id: t.id, kind: 'tag', title: t.name, count: liveDocumentIds(app, t.documentIds).length })),
      { id: 'shares', kind: 'collection', title: 'Shares', count: shares },
    ];
    return { status: 200, body: { items } };
  });

  app.api.get('/workspace/apps', (ctx) => {
    ctx.requireAuth();
    return { status: 200, body: { items: APPS } };
  });
}
