/**
 * File tools (spec 4.6): synchronous PDF merge, split and compress, image convert and compress.
 * Input documents must belong to the account and match the type. Each answer is a file: it is
 * streamed to a temporary file beside the target and renamed (download.ts), named from
 * Content-Disposition through the same safe basename rules as every download, never buffered.
 * The request bodies of both compress tools are not shown (4.14): the caller's options are sent
 * as given. A tool call carries no Idempotency-Key, so it is never retried after it was sent.
 */
import { downloadToFile, type DownloadOptions, type DownloadResult } from '../download.ts';
import { invalidRequest, UnexpectedResponseError } from '../error-classes.ts';
import type { RequestOptions, Requester } from '../requester.ts';
import { CapabilitiesSchema, type ToolCapabilities } from '../schemas-doctools.ts';

/** A tool's answer saved to disk. */
export type SavedFile = Extract<DownloadResult, { notModified: false }>;

/** Where and how the answer is saved; as for downloads, without ETags (tool answers are fresh). */
export type FileToolOptions = Omit<DownloadOptions, 'etag'>;

/** Spec 4.6: "a page or page range written as from-to", pages counted from 1. */
const RANGE = /^(\d+)(?:-(\d+))?$/;

/** Whether `range` is "4" or "2-3" with 1 <= from <= to. */
export function isPageRange(range: unknown): range is string {
  if (typeof range !== 'string') return false;
  const m = RANGE.exec(range);
  if (m === null) return false;
  const from = Number(m[1]);
  const to = m[2] !== undefined ? Number(m[2]) : from;
  return Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && from <= to;
}

function requireId(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidRequest(`${field} must be a non-empty string.`, [{ field, message: 'must be a non-empty string' }]);
  return value;
}

/** Options given for a body the spec does not show: a plain object, sent as is (undefined values dropped). */
function extra(options: Record<string, unknown> | undefined, reserved: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options ?? {})) {
    if (v === undefined) continue;
    if (reserved.includes(k)) throw invalidRequest(`${k} is set by the method, not in the options.`, [{ field: k, message: 'is set by the method' }]);
    out[k] = v;
  }
  return out;
}

export class FileTools {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** GET /artifacts/convert/capabilities (free): the open file tools with formats and limits, and the unavailable ones. */
  async capabilities(opts: RequestOptions = {}): Promise<ToolCapabilities> {
    return this.#requester.requestJson({ method: 'GET', path: '/artifacts/convert/capabilities' }, CapabilitiesSchema, opts);
  }

  /** POST /file-tools/pdf/merge: one PDF of the documents' pages, in the order given. */
  async mergePdfs(documentIds: readonly string[], opts: FileToolOptions = {}): Promise<SavedFile> {
    if (!Array.isArray(documentIds) || documentIds.length < 2) {
      throw invalidRequest('A merge needs at least two documents.', [{ field: 'document_ids', message: 'must hold at least two document ids' }]);
    }
    const ids = documentIds.map((id, i) => requireId(id, `document_ids[${i}]`));
    return this.#post('/file-tools/pdf/merge', { document_ids: ids }, 'merged.pdf', opts);
  }

  /** POST /file-tools/pdf/split: `ranges` such as "1" and "2-3" (the service decides the answer's type for several). */
  async splitPdf(documentId: string, ranges: readonly string[], opts: FileToolOptions = {}): Promise<SavedFile> {
    const id = requireId(documentId, 'document_id');
    if (!Array.isArray(ranges) || ranges.length === 0) {
      throw invalidRequest('A split needs at least one page range.', [{ field: 'ranges', message: 'must hold at least one page range' }]);
    }
    const bad = ranges.map((r, i) => ({ r, i })).filter(({ r }) => !isPageRange(r));
    if (bad.length > 0) {
      throw invalidRequest(
        `Page ranges are written as a page ("4") or from-to ("2-3"), counting from 1: ${bad.map(({ r }) => JSON.stringify(r)).join(', ')} is not.`,
        bad.map(({ i }) => ({ field: `ranges[${i}]`, message: 'must be a page or a range from-to with from <= to' })),
      );
    }
    return this.#post('/file-tools/pdf/split', { document_id: id, ranges: [...ranges] }, `split-${id}.pdf`, opts);
  }

  /** POST /file-tools/pdf/compress; `options` (e.g. `{ level }`) are the service's own (body not shown). */
  async compressPdf(documentId: string, options?: Record<string, unknown>, opts: FileToolOptions = {}): Promise<SavedFile> {
    const id = requireId(documentId, 'document_id');
    return this.#post('/file-tools/pdf/compress', { document_id: id, ...extra(options, ['document_id']) }, `compressed-${id}.pdf`, opts);
  }

  /** POST /file-tools/image/convert: `target_format` (e.g. png, jpg) and `quality` (an integer; its range is the service's). */
  async convertImage(documentId: string, req: { target_format: string; quality?: number }, opts: FileToolOptions = {}): Promise<SavedFile> {
    const id = requireId(documentId, 'document_id');
    const target = requireId(req.target_format, 'target_format');
    const body: Record<string, unknown> = { document_id: id, target_format: target };
    if (req.quality !== undefined) {
      if (!Number.isSafeInteger(req.quality)) throw invalidRequest('quality must be an integer.', [{ field: 'quality', message: 'must be an integer' }]);
      body['quality'] = req.quality;
    }
    return this.#post('/file-tools/image/convert', body, `converted-${id}.${target.replace(/[^a-z0-9]/gi, '')}`, opts);
  }

  /** POST /file-tools/image/compress; `options` (e.g. `{ quality }`) are the service's own (body not shown). */
  async compressImage(documentId: string, options?: Record<string, unknown>, opts: FileToolOptions = {}): Promise<SavedFile> {
    const id = requireId(documentId, 'document_id');
    return this.#post('/file-tools/image/compress', { document_id: id, ...extra(options, ['document_id']) }, `compressed-${id}`, opts);
  }

  async #post(path: string, json: Record<string, unknown>, fallbackFilename: string, opts: FileToolOptions): Promise<SavedFile> {
    const result = await downloadToFile(this.#requester, { path, json }, { fallbackFilename, ...opts });
    // No ETag was sent, so the service has no reason for a 304; a file is always written.
    if (result.notModified)
      throw new UnexpectedResponseError('The service answered a file tool with 304 Not Modified.', { code: 'unexpected_status', status: 304 });
    return result;
  }
}
