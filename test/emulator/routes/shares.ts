import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, validationError } from '../errors.ts';
import { expiryFrom, gone, isoOrNull, library, owned, page, type ShareRecord } from '../library/store.ts';
import type { RequestContext } from '../router.ts';
import { sendFileDownload } from '../storage.ts';
import { Fields } from '../validation.ts';

function shareView(app: EmulatorApp, s: ShareRecord): Record<string, unknown> {
  const artifact = app.state.artifacts.get(s.artifactId);
  const expired = s.expiresAt !== null && app.clock.now() >= s.expiresAt;
  return {
    token: s.token,
    artifact_id: s.artifactId,
    job_id: artifact?.job_id ?? null,
    filename: artifact?.filename ?? null,
    format: artifact?.format ?? null,
    access: 'read',
    status: expired ? 'expired' : 'active',
    expires_at: isoOrNull(s.expiresAt),
    created_at: s.created_at,
    download_url: `${app.baseUrl}/shares/${s.token}/download`,
  };
}

function ownedShare(app: EmulatorApp, ctx: RequestContext): ShareRecord {
  return owned(library(app).shares.get(ctx.params.token!), ctx.requireAuth().account.id, 'share', 'share');
}

/**
 * Read-only share links of artifacts (spec 4.12, part 8 "Share expires_in_days"). The token is the
 * address: `GET /shares/{token}/download` needs no key and stops after DELETE or expiry.
 */
export function register(app: EmulatorApp): void {
  const api = app.api;

  api.post('/shares', async (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const fields = new Fields(await ctx.object());
    const artifactId = fields.string('artifact_id', { minChars: 1 });
    const now = app.clock.now();
    const expiresAt = expiryFrom(now, fields);
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const artifact = app.state.artifacts.get(artifactId!);
    if (!artifact) throw new HttpError(404, 'artifact_not_found', 'The artifact does not exist');
    if (artifact.accountId !== accountId) throw new HttpError(403, 'artifact_not_owned', 'The artifact belongs to another account');
    const s: ShareRecord = {
      token: `shr_${app.state.rng.hex(32)}`,
      accountId,
      artifactId: artifact.id,
      expiresAt: expiresAt ?? null,
      created_at: new Date(now).toISOString(),
      deleted: false,
    };
    library(app).shares.set(s.token, s);
    return { status: 201, body: shareView(app, s) };
  });

  api.get('/shares', (ctx) => {
    const accountId = ctx.requireAuth().account.id;
    const all = [...library(app).shares.values()].filter((s) => s.accountId === accountId && !s.deleted).reverse();
    const body = page(ctx, all);
    return { status: 200, body: { ...body, items: body.items.map((s) => shareView(app, s)) } };
  });

  api.get('/shares/:token', (ctx) => ({ status: 200, body: shareView(app, ownedShare(app, ctx)) }));

  api.delete('/shares/:token', (ctx) => {
    ownedShare(app, ctx).deleted = true;
    return { status: 204 };
  });

  api.get(
    '/shares/:token/download',
    async (ctx) => {
      const s = library(app).shares.get(ctx.params.token!);
      if (!s || s.deleted) throw notFound('Share');
      if (s.expiresAt !== null && app.clock.now() >= s.expiresAt) throw gone('share_expired', 'The share link has expired');
      const artifact = app.state.artifacts.get(s.artifactId);
      if (!artifact) throw notFound('Shared file');
      await sendFileDownload(ctx, {
        path: artifact.storagePath,
        filename: artifact.filename,
        contentType: artifact.mime_type,
        etag: artifact.etag,
        attachment: true,
      });
    },
    { auth: false },
  );
}
