/**
 * Translation input documents under /documents (spec 4.13, last paragraph). Methods and shapes are
 * "not shown" in the spec beyond the document fields of 2.2, so responses are read loosely: only
 * `id` is required, everything else passes through.
 */
import * as z from 'zod/mini';
import { invalidRequest } from '../error-classes.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { looseListSchema, type LooseList } from '../schemas.ts';

export const DocumentInfoSchema = z.looseObject({
  id: z.string(),
  basename: z.optional(z.string()),
  file_size: z.optional(z.number()),
  mime_type: z.optional(z.string()),
  created_at: z.optional(z.string()),
});
export type DocumentInfo = z.infer<typeof DocumentInfoSchema>;

const DocumentListSchema = looseListSchema(DocumentInfoSchema, ['documents']);

export interface ListDocumentsOptions extends RequestOptions {
  limit?: number;
  offset?: number;
}

export class Documents {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  async list(opts: ListDocumentsOptions = {}): Promise<LooseList<DocumentInfo>> {
    return this.#requester.requestJson({ method: 'GET', path: '/documents', query: { limit: opts.limit, offset: opts.offset } }, DocumentListSchema, opts);
  }

  async get(documentId: string, opts: RequestOptions = {}): Promise<DocumentInfo> {
    return this.#requester.requestJson({ method: 'GET', path: `/documents/${pathSegment(documentId)}` }, DocumentInfoSchema, opts);
  }

  /** PATCH with only the fields to change (e.g. `{ basename }`); null values are refused before sending. */
  async update(documentId: string, changes: Record<string, unknown>, opts: RequestOptions = {}): Promise<DocumentInfo> {
    const nulls = Object.entries(changes)
      .filter(([, v]) => v === null || v === undefined)
      .map(([k]) => k);
    if (nulls.length > 0 || Object.keys(changes).length === 0) {
      throw invalidRequest(
        'An update needs at least one field and no empty values.',
        nulls.map((field) => ({ field, message: 'must not be null' })),
      );
    }
    return this.#requester.requestJson({ method: 'PATCH', path: `/documents/${pathSegment(documentId)}`, json: changes }, DocumentInfoSchema, opts);
  }

  async delete(documentId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson({ method: 'DELETE', path: `/documents/${pathSegment(documentId)}` }, z.unknown(), opts);
  }
}
