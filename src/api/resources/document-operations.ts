/**
 * Document operations (spec 4.5): structured extraction, PDF to HTML and visual extraction, run
 * asynchronously. A create always carries an Idempotency-Key (required by the service), resolved
 * once per logical create and resent unchanged on every retry, so a timeout never starts (or
 * charges) a second operation. Operations send no events (spec 6.2): `waitFor` polls with a
 * growing interval until the operation ends or the signal aborts. The output is a new document of
 * the account: `downloadOutput` streams it to disk like any document.
 */
import type { DownloadOptions, DownloadResult } from '../download.ts';
import { invalidRequest } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { pollUntil, type PollOptions } from '../poll.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import type { LooseList } from '../schemas.ts';
import {
  CapabilitiesSchema,
  DocumentOperationListSchema,
  DocumentOperationSchema,
  operationOutcome,
  type DocumentOperation,
  type ToolCapabilities,
} from '../schemas-doctools.ts';
import type { StorageFiles } from './storage.ts';

export interface CreateDocumentOperationRequest {
  document_id: string;
  /** extract, pdf_to_html or visual_extract (spec 4.5); other values are sent as given, the capabilities decide. */
  kind: string;
}

export type CreateDocumentOperationOptions = RequestOptions & { idempotencyKey?: string };

/** Interval, growth, abort and updates of `waitFor` (poll.ts). */
export type WaitForOperationOptions = PollOptions<DocumentOperation>;

function checkCreate(req: CreateDocumentOperationRequest): Record<string, unknown> {
  const problems: { field: string; message: string }[] = [];
  for (const field of ['document_id', 'kind'] as const) {
    const value: unknown = req[field];
    if (typeof value !== 'string' || value.trim() === '') problems.push({ field, message: value === undefined ? 'is required' : 'must be a non-empty string' });
  }
  const first = problems[0];
  if (first !== undefined) throw invalidRequest(`${first.field} ${first.message}.`, problems);
  return { document_id: req.document_id, kind: req.kind };
}

export class DocumentOperations {
  readonly #requester: Requester;
  readonly #storage: StorageFiles;

  constructor(requester: Requester, storage: StorageFiles) {
    this.#requester = requester;
    this.#storage = storage;
  }

  /** GET /document-operations/capabilities (free): what can be created now, with formats, billing and limits. */
  async capabilities(opts: RequestOptions = {}): Promise<ToolCapabilities> {
    return this.#requester.requestJson({ method: 'GET', path: '/document-operations/capabilities' }, CapabilitiesSchema, opts);
  }

  /** POST /document-operations (Idempotency-Key required; the same one on every retry). */
  async create(req: CreateDocumentOperationRequest, opts: CreateDocumentOperationOptions = {}): Promise<DocumentOperation> {
    const json = checkCreate(req);
    const idempotencyKey = resolveIdempotencyKey(opts.idempotencyKey);
    return this.#requester.requestJson({ method: 'POST', path: '/document-operations', json, idempotencyKey }, DocumentOperationSchema, opts);
  }

  /** GET /document-operations/{operation_id} (free). */
  async get(operationId: string, opts: RequestOptions = {}): Promise<DocumentOperation> {
    return this.#requester.requestJson({ method: 'GET', path: `/document-operations/${pathSegment(operationId)}` }, DocumentOperationSchema, opts);
  }

  /** GET /document-operations?limit=: only the calling key's operations (spec 5); envelope read loosely. */
  async list(opts: RequestOptions & { limit?: number } = {}): Promise<LooseList<DocumentOperation>> {
    if (opts.limit !== undefined && (!Number.isSafeInteger(opts.limit) || opts.limit < 1)) {
      throw invalidRequest('limit must be a positive integer.', [{ field: 'limit', message: 'must be a positive integer' }]);
    }
    return this.#requester.requestJson({ method: 'GET', path: '/document-operations', query: { limit: opts.limit } }, DocumentOperationListSchema, opts);
  }

  /** POST /document-operations/{operation_id}/cancel; an ended operation is AlreadyEndedError (409). */
  async cancel(operationId: string, opts: RequestOptions = {}): Promise<DocumentOperation> {
    return this.#requester.requestJson({ method: 'POST', path: `/document-operations/${pathSegment(operationId)}/cancel` }, DocumentOperationSchema, opts);
  }

  /**
   * Polls until the operation ends (`operationOutcome` is not `running`) and resolves with its last
   * state; rejects with AbortError the moment the signal aborts (the operation keeps running:
   * cancel it separately). Transient errors of a poll are retried by the client as usual.
   */
  async waitFor(operationId: string, opts: WaitForOperationOptions = {}): Promise<DocumentOperation> {
    return pollUntil(
      (read) => this.get(operationId, read),
      (op) => operationOutcome(op) !== 'running',
      this.#requester.sleep,
      opts,
    );
  }

  /** Streams the output document of a completed operation to disk (see DownloadOptions). */
  async downloadOutput(op: Pick<DocumentOperation, 'id' | 'output_document_id'>, opts: DownloadOptions = {}): Promise<DownloadResult> {
    const documentId = op.output_document_id;
    if (typeof documentId !== 'string' || documentId === '') {
      throw invalidRequest(`The document operation ${op.id} has no output document (yet).`, [{ field: 'output_document_id', message: 'is not set' }]);
    }
    // The spec lists no download of a document by its id for a key; every document of the account
    // is an item of the file library, downloaded with a download ticket (4.13): found by its source.
    for await (const file of this.#storage.iterate({ pageSize: 100, signal: opts.signal })) {
      const source = file.source as { kind?: unknown; id?: unknown } | null | undefined;
      if (!(typeof source === 'object' && source !== null && source.kind === 'document' && source.id === documentId)) continue;
      if (!file.capabilities.can_download)
        throw invalidRequest(`The library item of document ${documentId} cannot be downloaded (its capabilities).`, [
          { field: 'capabilities.can_download', message: 'is false' },
        ]);
      return this.#storage.download(file.id, { fallbackFilename: `document-${documentId}`, ...opts });
    }
    throw invalidRequest(`The output document ${documentId} has no item in the file library (yet).`, [
      { field: 'output_document_id', message: 'not in the library' },
    ]);
  }
}
