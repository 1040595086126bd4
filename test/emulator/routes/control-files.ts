import type { EmulatorApp } from '../app.ts';
import { uploads } from '../documents/uploads.ts';
import { validationError } from '../errors.ts';
import { Fields } from '../validation.ts';

function limitsView(app: EmulatorApp): Record<string, number> {
  const l = uploads(app).limits;
  return { max_file_size_bytes: l.maxFileSize, presigns_per_minute: l.presignsPerMinute };
}

/** Control API for uploads and the storage origin (loopback only; see README). */
export function register(app: EmulatorApp): void {
  const c = app.control;

  c.delete('/storage/credential-log', () => {
    app.state.storageCredentialLog.length = 0;
    return { status: 204 };
  });

  c.get('/upload-limits', () => ({ status: 200, body: limitsView(app) }));
  c.post('/upload-limits', async (ctx) => {
    const fields = new Fields(await ctx.object());
    const maxSize = fields.integer('max_file_size_bytes', { optional: true, min: 1 });
    const perMinute = fields.integer('presigns_per_minute', { optional: true, min: 1 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const limits = uploads(app).limits;
    if (maxSize !== undefined) limits.maxFileSize = maxSize;
    if (perMinute !== undefined) limits.presignsPerMinute = perMinute;
    return { status: 200, body: limitsView(app) };
  });

  c.get('/uploads/expire-finalize-tokens', () => ({ status: 200, body: { pending: uploads(app).expireNextFinalizeTokens } }));
  c.post('/uploads/expire-finalize-tokens', async (ctx) => {
    const fields = new Fields(await ctx.object());
    const count = fields.integer('count', { optional: true, min: 0, max: 1000 });
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const store = uploads(app);
    store.expireNextFinalizeTokens = count ?? 1;
    return { status: 200, body: { pending: store.expireNextFinalizeTokens } };
  });

  c.get('/uploads', () => {
    const list = [...uploads(app).byDocument.values()].map((u) => ({
      document_id: u.documentId,
      account_id: u.accountId,
      filename: u.filename,
      state: u.state,
      declared_size: u.declaredSize,
      received_bytes: u.receivedBytes,
      address_expires_at: app.clock.iso(u.addressExpiresAt),
      token_expires_at: app.clock.iso(u.tokenExpiresAt),
    }));
    return { status: 200, body: { uploads: list } };
  });
}
