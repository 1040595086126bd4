import type { EmulatorApp } from '../app.ts';
import { HttpError } from '../errors.ts';
import type { DocumentRecord } from '../state.ts';
import type { ProjectRecord, TagRecord } from './store.ts';

/**
 * A document referenced in a body (project or tag membership): 404 `document_not_found` when
 * unknown or deleted (as POST /jobs), 403 `document_not_owned` when another account's. A file_id
 * is not a document_id, so it is unknown here.
 */
export function referencedDocument(app: EmulatorApp, accountId: string, id: string): DocumentRecord {
  const doc = app.state.documents.get(id);
  if (!doc || doc.deleted) throw new HttpError(404, 'document_not_found', 'The document does not exist or was deleted');
  if (doc.accountId !== accountId) throw new HttpError(403, 'document_not_owned', 'The document belongs to another account');
  return doc;
}

/** Live documents only: a deleted document leaves every project and tag. */
export function liveDocumentIds(app: EmulatorApp, ids: readonly string[]): string[] {
  return ids.filter((id) => app.state.documents.get(id)?.deleted === false);
}

export function projectView(app: EmulatorApp, p: ProjectRecord): Record<string, unknown> {
  const documentIds = liveDocumentIds(app, p.documentIds);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    document_ids: documentIds,
    document_count: documentIds.length,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export function tagView(app: EmulatorApp, t: TagRecord): Record<string, unknown> {
  const documentIds = liveDocumentIds(app, t.documentIds);
  return { id: t.id, name: t.name, color: t.color, document_ids: documentIds, document_count: documentIds.length, created_at: t.created_at };
}
