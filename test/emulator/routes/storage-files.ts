import type { EmulatorApp } from '../app.ts';
import { accessibleFile, fileView, requireCapability, visibleFiles } from '../library/files.ts';
import { page } from '../library/store.ts';
import type { RequestContext } from '../router.ts';
import { issueDownloadUrl } from '../storage.ts';

/** Lifetime of a content redirect or download ticket on the storage origin. */
export const TICKET_TTL_SECONDS = 60;

function issue(app: EmulatorApp, ctx: RequestContext): { url: string; expiresAt: number; filename: string } {
  const { file, caps } = accessibleFile(app, ctx);
  requireCapability(caps, 'can_download', 'download_not_allowed', 'This item may not be downloaded');
  const { url, expiresAt } = issueDownloadUrl(app, {
    path: file.storagePath,
    filename: file.name,
    contentType: file.content_type,
    ttlSeconds: TICKET_TTL_SECONDS,
    attachment: true,
    etag: file.etag,
  });
  return { url, expiresAt, filename: file.name };
}

/** The unified file library (spec 2.8, 4.13): items, one item, content redirect, download tickets. */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/storage/files', (ctx) => {
    const all = visibleFiles(app, ctx.requireAuth().account.id);
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map((v) => fileView(v.file, v.caps)) } };
  });

  api.get('/storage/files/:file_id', (ctx) => {
    const { file, caps } = accessibleFile(app, ctx);
    return { status: 200, body: fileView(file, caps) };
  });

  api.get('/storage/files/:file_id/content', (ctx) => {
    const { url } = issue(app, ctx);
    return { status: 302, headers: { Location: url, 'Cache-Control': 'no-store' } };
  });

  api.post('/storage/files/:file_id/download-ticket', (ctx) => {
    const { url, expiresAt, filename } = issue(app, ctx);
    return { status: 200, body: { url, filename, expires_in: TICKET_TTL_SECONDS, expires_at: new Date(expiresAt).toISOString() } };
  });
}
