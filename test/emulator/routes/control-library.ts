import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmulatorApp } from '../app.ts';
import { HttpError, validationError } from '../errors.ts';
import { ALL_CAPABILITIES, fileView, syncLibrary } from '../library/files.ts';
import { library, type Capabilities, type StorageFileRecord } from '../library/store.ts';
import { Fields, isObject } from '../validation.ts';

/**
 * Control API: `POST /storage/files` adds library items of their own (not documents, not results)
 * to an account, e.g. enough for several pages, or a read-only item shared by another product.
 * Body `{ account_id?, count? (1-1000, default 1), name? ("{n}" is the item number), content?,
 * content_type?, capabilities?: {...}, product_code?, display_name? }` → 201 `{ items }`.
 */
export function register(app: EmulatorApp): void {
  app.control.post('/storage/files', async (ctx) => {
    const body = await ctx.object();
    const fields = new Fields(body);
    const accountId = fields.string('account_id', { optional: true }) ?? app.state.defaultAccountId;
    const count = fields.integer('count', { optional: true, min: 1, max: 1000 }) ?? 1;
    const name = fields.string('name', { optional: true, minChars: 1 }) ?? 'file-{n}.txt';
    const content = fields.string('content', { optional: true }) ?? 'Library file {n}\n';
    const contentType = fields.string('content_type', { optional: true }) ?? 'text/plain';
    const productCode = fields.string('product_code', { optional: true }) ?? 'drive';
    const displayName = fields.string('display_name', { optional: true }) ?? 'Files';
    const caps: Capabilities = { ...ALL_CAPABILITIES };
    if (body.capabilities !== undefined) {
      if (!isObject(body.capabilities)) fields.add('capabilities', 'must be an object');
      else for (const [k, v] of Object.entries(body.capabilities)) if (k in caps && typeof v === 'boolean') caps[k as keyof Capabilities] = v;
    }
    if (fields.errors.length > 0) throw validationError(fields.errors);
    if (!app.state.accounts.has(accountId)) throw new HttpError(404, 'not_found', 'Account not found');
    syncLibrary(app);
    const dir = join(app.state.dataDir, 'library');
    mkdirSync(dir, { recursive: true });
    const items: Record<string, unknown>[] = [];
    for (let n = 1; n <= count; n++) {
      const id = app.state.newId('file');
      const bytes = Buffer.from(content.replaceAll('{n}', String(n)), 'utf8');
      const storagePath = join(dir, id);
      writeFileSync(storagePath, bytes);
      const now = app.clock.nowIso();
      const f: StorageFileRecord = {
        id,
        accountId,
        name: name.replaceAll('{n}', String(n)),
        content_type: contentType,
        size_bytes: bytes.length,
        storagePath,
        etag: undefined,
        origin: { product_code: productCode, display_name: displayName },
        capabilities: { ...caps },
        source: { kind: 'file', id },
        created_at: now,
        updated_at: now,
        deleted: false,
      };
      library(app).files.set(id, f);
      items.push(fileView(f, f.capabilities));
    }
    return { status: 201, body: { items } };
  });
}
