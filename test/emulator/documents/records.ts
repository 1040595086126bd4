import { HttpError, notFound } from '../errors.ts';
import type { DocumentRecord, EmulatorState } from '../state.ts';

/** Wire shape of a document: the spec 2.2 fields plus the emulator's extras. */
export interface DocumentView {
  id: string;
  basename: string;
  file_size: number;
  mime_type: string;
  created_at: string;
  updated_at: string;
  format: string;
  char_count: number;
  page_count: number | null;
}

export function documentView(doc: DocumentRecord): DocumentView {
  return {
    id: doc.id,
    basename: doc.basename,
    file_size: doc.file_size,
    mime_type: doc.mime_type,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    format: doc.format,
    char_count: doc.charCount,
    page_count: doc.pageCount,
  };
}

/**
 * The account's live document. Unknown or deleted: 404 `not_found`; another account's:
 * 403 `document_not_owned` (spec 7 lists "document not owned by the account" under 403).
 */
export function findOwnedDocument(state: EmulatorState, accountId: string, id: string): DocumentRecord {
  const doc = state.documents.get(id);
  if (!doc || doc.deleted) throw notFound('Document');
  if (doc.accountId !== accountId) throw new HttpError(403, 'document_not_owned', 'The document belongs to another account');
  return doc;
}
