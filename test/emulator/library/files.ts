import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, notOwned } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import { library, type Capabilities, type StorageFileRecord } from './store.ts';

export const ALL_CAPABILITIES: Capabilities = { can_view: true, can_download: true, can_update: true, can_delete: true, can_share: true };
/** Job results are read-only in the library: they can be viewed, downloaded and shared, not changed. */
const RESULT_CAPABILITIES: Capabilities = { ...ALL_CAPABILITIES, can_update: false, can_delete: false };

/**
 * The unified library holds every live translation input and job result of the account (one item
 * each, created on first sight, so its file_id is stable), plus files added through the control API.
 * Items keep the order in which they entered the library, so offset paging is stable while items are added.
 */
export function syncLibrary(app: EmulatorApp): void {
  const lib = library(app);
  const add = (accountId: string, kind: 'document' | 'artifact', sourceId: string, createdAt: string, storagePath: string, etag: string | undefined): void => {
    if (lib.fileBySource.has(sourceId)) return;
    const id = app.state.newId('file');
    lib.fileBySource.set(sourceId, id);
    const origin =
      kind === 'document'
        ? { product_code: 'translate', display_name: 'Translation inputs' }
        : { product_code: 'translate', display_name: 'Translation results' };
    lib.files.set(id, {
      id,
      accountId,
      name: '',
      content_type: '',
      size_bytes: 0,
      storagePath,
      etag,
      origin,
      capabilities: kind === 'document' ? { ...ALL_CAPABILITIES } : { ...RESULT_CAPABILITIES },
      source: { kind, id: sourceId },
      created_at: createdAt,
      updated_at: createdAt,
      deleted: false,
    });
  };
  for (const doc of app.state.documents.values()) if (!doc.deleted) add(doc.accountId, 'document', doc.id, doc.created_at, doc.storagePath, undefined);
  for (const a of app.state.artifacts.values()) add(a.accountId, 'artifact', a.id, a.created_at, a.storagePath, a.etag);
}

/** The item as it is now: inputs and results follow their document or artifact (renames, deletes). */
export function current(app: EmulatorApp, f: StorageFileRecord): StorageFileRecord | undefined {
  if (f.deleted) return undefined;
  if (f.source.kind === 'document') {
    const doc = app.state.documents.get(f.source.id);
    if (!doc || doc.deleted) return undefined;
    return { ...f, name: doc.basename, content_type: doc.mime_type, size_bytes: doc.file_size, updated_at: doc.updated_at };
  }
  if (f.source.kind === 'artifact') {
    const a = app.state.artifacts.get(f.source.id);
    if (!a) return undefined;
    return { ...f, name: a.filename, content_type: a.mime_type, size_bytes: a.size };
  }
  return f;
}

/** What the caller may do: the owner has the item's capabilities; a grantee those of its role. */
export function capabilitiesFor(app: EmulatorApp, f: StorageFileRecord, accountId: string): Capabilities | undefined {
  if (f.accountId === accountId) return f.capabilities;
  const grants = [...library(app).grants.values()].filter((g) => g.fileId === f.id && g.grantee === accountId);
  if (grants.length === 0) return undefined;
  const editor = grants.some((g) => g.role === 'editor');
  return { can_view: true, can_download: f.capabilities.can_download, can_update: editor && f.capabilities.can_update, can_delete: false, can_share: false };
}

export function fileView(f: StorageFileRecord, caps: Capabilities): Record<string, unknown> {
  return {
    id: f.id,
    name: f.name,
    content_type: f.content_type,
    size_bytes: f.size_bytes,
    status: 'ready',
    publication_status: 'draft',
    origin: f.origin,
    capabilities: caps,
    source: f.source,
    created_at: f.created_at,
    updated_at: f.updated_at,
  };
}

/** Every item the account may view, in library order. */
export function visibleFiles(app: EmulatorApp, accountId: string): { file: StorageFileRecord; caps: Capabilities }[] {
  syncLibrary(app);
  const out: { file: StorageFileRecord; caps: Capabilities }[] = [];
  for (const f of library(app).files.values()) {
    const file = current(app, f);
    const caps = file && capabilitiesFor(app, file, accountId);
    if (file && caps?.can_view) out.push({ file, caps });
  }
  return out;
}

/** The item at `:file_id` for the caller: unknown 404 (a document_id is unknown here), not visible 403 `file_not_owned`. */
export function accessibleFile(app: EmulatorApp, ctx: RequestContext): { file: StorageFileRecord; caps: Capabilities; accountId: string } {
  const accountId = ctx.requireAuth().account.id;
  syncLibrary(app);
  const record = library(app).files.get(ctx.params.file_id!);
  const file = record && current(app, record);
  if (!file) throw notFound('File');
  const caps = capabilitiesFor(app, file, accountId);
  if (!caps?.can_view) throw notOwned('file', 'file');
  return { file, caps, accountId };
}

export function requireCapability(caps: Capabilities, name: keyof Capabilities, code: string, message: string): void {
  if (!caps[name]) throw new HttpError(403, code, message);
}
