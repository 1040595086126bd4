import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, validationError } from '../errors.ts';
import { accessibleFile, current, requireCapability } from '../library/files.ts';
import { expiryFrom, gone, isoOrNull, library, page, type GrantRecord, type LinkRecord } from '../library/store.ts';
import { fileEtag, sendFileDownload } from '../storage.ts';
import { Fields } from '../validation.ts';

const ROLES = ['viewer', 'editor'] as const;
const AUDIENCES = ['anyone', 'restricted'] as const;

function grantView(g: GrantRecord): Record<string, unknown> {
  return { id: g.id, file_id: g.fileId, grantee: g.grantee, role: g.role, created_at: g.created_at };
}

function linkView(app: EmulatorApp, l: LinkRecord): Record<string, unknown> {
  const expired = l.expiresAt !== null && app.clock.now() >= l.expiresAt;
  const exhausted = l.maxDownloads !== null && l.downloads >= l.maxDownloads;
  return {
    id: l.id,
    file_id: l.fileId,
    token: l.token,
    url: `${app.storageUrl}/links/${l.token}`,
    audience: l.audience,
    allow_download: l.allowDownload,
    expires_at: isoOrNull(l.expiresAt),
    max_downloads: l.maxDownloads,
    download_count: l.downloads,
    status: expired ? 'expired' : exhausted ? 'exhausted' : 'active',
    created_at: l.created_at,
  };
}

/**
 * Permissions (grants to another account id or an e-mail address) and public links of library
 * items (spec 4.13; bodies are the emulator's choice). Both need the item's `can_share`; a link
 * that allows downloading also needs `can_download`. Link tokens download on the storage origin
 * without a key, until deleted, expired or used up.
 */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.get('/storage/files/:file_id/permissions', (ctx) => {
    const { file } = accessibleFile(app, ctx);
    const all = [...library(app).grants.values()].filter((g) => g.fileId === file.id);
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map(grantView) } };
  });

  api.post('/storage/files/:file_id/permissions', async (ctx) => {
    const { file, caps } = accessibleFile(app, ctx);
    requireCapability(caps, 'can_share', 'share_not_allowed', 'This item may not be shared');
    const fields = new Fields(await ctx.object());
    const grantee = fields.string('grantee', { minChars: 1, maxChars: 254 });
    const role = fields.string('role', { optional: true }) ?? 'viewer';
    if (!(ROLES as readonly string[]).includes(role)) fields.add('role', 'must be viewer or editor');
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const g: GrantRecord = {
      id: app.state.newId('grt'),
      fileId: file.id,
      grantee: grantee!,
      role: role as GrantRecord['role'],
      created_at: app.clock.nowIso(),
    };
    library(app).grants.set(g.id, g);
    return { status: 201, body: grantView(g) };
  });

  api.delete('/storage/files/:file_id/permissions/:grant_id', (ctx) => {
    const { file, caps } = accessibleFile(app, ctx);
    requireCapability(caps, 'can_share', 'share_not_allowed', 'This item may not be shared');
    const g = library(app).grants.get(ctx.params.grant_id!);
    if (!g || g.fileId !== file.id) throw notFound('Permission');
    library(app).grants.delete(g.id);
    return { status: 204 };
  });

  api.get('/storage/files/:file_id/links', (ctx) => {
    const { file } = accessibleFile(app, ctx);
    const all = [...library(app).links.values()].filter((l) => l.fileId === file.id && !l.deleted);
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map((l) => linkView(app, l)) } };
  });

  api.post('/storage/files/:file_id/links', async (ctx) => {
    const { file, caps, accountId } = accessibleFile(app, ctx);
    requireCapability(caps, 'can_share', 'share_not_allowed', 'This item may not be shared');
    const fields = new Fields(await ctx.object());
    const audience = fields.string('audience', { optional: true }) ?? 'anyone';
    if (!(AUDIENCES as readonly string[]).includes(audience)) fields.add('audience', 'must be anyone or restricted');
    const allowDownload = fields.boolean('allow_download') ?? true;
    const now = app.clock.now();
    const expiresAt = expiryFrom(now, fields);
    const maxDownloads = fields.integer('max_downloads', { optional: true, min: 1, max: 10_000 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    if (allowDownload) requireCapability(caps, 'can_download', 'download_not_allowed', 'This item may not be downloaded');
    const l: LinkRecord = {
      id: app.state.newId('lnk'),
      token: `lt_${app.state.rng.hex(32)}`,
      fileId: file.id,
      accountId,
      audience: audience as LinkRecord['audience'],
      allowDownload,
      expiresAt: expiresAt ?? null,
      maxDownloads: maxDownloads ?? null,
      downloads: 0,
      created_at: new Date(now).toISOString(),
      deleted: false,
    };
    library(app).links.set(l.id, l);
    return { status: 201, body: linkView(app, l) };
  });

  api.delete('/storage/files/:file_id/links/:link_id', (ctx) => {
    const { file, caps } = accessibleFile(app, ctx);
    requireCapability(caps, 'can_share', 'share_not_allowed', 'This item may not be shared');
    const l = library(app).links.get(ctx.params.link_id!);
    if (!l || l.deleted || l.fileId !== file.id) throw notFound('Link');
    l.deleted = true;
    return { status: 204 };
  });

  app.storage.get('/links/:token', async (ctx) => {
    const l = [...library(app).links.values()].find((x) => x.token === ctx.params.token);
    if (!l || l.deleted) throw notFound('Link');
    if (l.expiresAt !== null && app.clock.now() >= l.expiresAt) throw gone('link_expired', 'The link has expired');
    if (l.maxDownloads !== null && l.downloads >= l.maxDownloads) throw gone('link_exhausted', 'The link has been used up');
    if (l.audience === 'restricted') throw new HttpError(403, 'audience_restricted', 'This link is for signed-in members only');
    if (!l.allowDownload) throw new HttpError(403, 'download_not_allowed', 'This link does not allow downloading');
    const record = library(app).files.get(l.fileId);
    const file = record && current(app, record);
    if (!file) throw notFound('File');
    l.downloads += 1;
    const etag = file.etag ?? (await fileEtag(file.storagePath).catch(() => '"0"'));
    await sendFileDownload(ctx, { path: file.storagePath, filename: file.name, contentType: file.content_type, etag, attachment: true });
  });
}
