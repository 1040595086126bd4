/**
 * The unified file library (spec 2.8, 4.13). Items are addressed by file_id (never a document_id).
 * Download, share and grant rights come only from each item's `capabilities`. Content arrives
 * through `content` (302 to a short-lived storage address, followed without the key) or a
 * download ticket (preferred; asked again once when the address has expired). Link tokens and
 * ticket addresses are secrets: never logged.
 */
import * as z from 'zod/mini';
import { throwIfAborted } from '../abort.ts';
import { assertServerUrl } from '../config.ts';
import { DocTranslateError, UnexpectedResponseError } from '../error-classes.ts';
import { downloadToFile, type DownloadOptions, type DownloadResult } from '../download.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { StorageFileListSchema, StorageFileSchema, type StorageFile, type StorageFileList } from '../schemas.ts';
import {
  DownloadTicketSchema,
  GrantListSchema,
  GrantSchema,
  LinkListSchema,
  LinkSchema,
  type DownloadTicket,
  type Grant,
  type Link,
} from '../schemas-library.ts';
import type { LooseList } from '../schemas.ts';
import { withHiddenTokens } from '../secret-token.ts';
import { rememberSecret } from '../../shared/secretValues.ts';

/** A link's token and address masked by value in every error and log line from now on. */
function rememberLink(link: Link): Link {
  rememberSecret(link.token);
  rememberSecret(link.url);
  return link;
}
import type { PageOptions } from './projects.ts';

export interface IterateOptions extends RequestOptions {
  /** Items per request (the service's `limit`). */
  pageSize?: number;
  /** Where to start (default 0). */
  offset?: number;
}

export interface StorageDownloadOptions extends DownloadOptions {
  /** `ticket` (default, spec 4.13 "preferred"): POST download-ticket. `content`: GET content (302). */
  via?: 'ticket' | 'content';
}

/** Link creation (spec 4.13: audience, download permission, expiry, optional download count). */
export interface CreateLinkRequest {
  audience?: string;
  allow_download?: boolean;
  expires_in_days?: number;
  max_downloads?: number;
}

export class StorageFiles {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** One page: `{ items, has_more, next_offset }`. */
  list(opts: PageOptions = {}): Promise<StorageFileList> {
    return this.#requester.requestJson(
      { method: 'GET', path: '/storage/files', query: { offset: opts.offset, limit: opts.limit } },
      StorageFileListSchema,
      opts,
    );
  }

  /**
   * Every item, page by page: the next request uses `next_offset` as `offset`, until `has_more` is
   * false. Stops at once when `signal` aborts (AbortError). A service that says has_more without
   * moving forward is an error, not an endless loop.
   */
  async *iterate(opts: IterateOptions = {}): AsyncGenerator<StorageFile, void, undefined> {
    let offset = opts.offset ?? 0;
    for (;;) {
      throwIfAborted(opts.signal);
      const page = await this.list({ ...opts, offset, limit: opts.pageSize });
      for (const item of page.items) {
        throwIfAborted(opts.signal);
        yield item;
      }
      if (!page.has_more) return;
      const next = page.next_offset;
      if (next === null || next <= offset) {
        throw new UnexpectedResponseError('The library listing did not move forward (has_more without a larger next_offset).', { code: 'unexpected_response' });
      }
      offset = next;
    }
  }

  get(fileId: string, opts: RequestOptions = {}): Promise<StorageFile> {
    return this.#requester.requestJson({ method: 'GET', path: `/storage/files/${pathSegment(fileId)}` }, StorageFileSchema, opts);
  }

  /** A short-lived download address (a secret: do not log it). */
  ticket(fileId: string, opts: RequestOptions = {}): Promise<DownloadTicket> {
    return this.#requester.requestJson({ method: 'POST', path: `/storage/files/${pathSegment(fileId)}/download-ticket` }, DownloadTicketSchema, opts);
  }

  /** Streams the item to disk; the key goes only to the API, never to the storage address. */
  async download(fileId: string, opts: StorageDownloadOptions = {}): Promise<DownloadResult> {
    const { via, ...rest } = opts;
    const fallbackFilename = rest.fallbackFilename ?? `file-${fileId}`;
    if (via === 'content') {
      return downloadToFile(this.#requester, { path: `/storage/files/${pathSegment(fileId)}/content` }, { ...rest, fallbackFilename });
    }
    // Only the abort: the download's own retry count and deadlines are not the ticket's.
    const request = { signal: rest.signal };
    for (let attempt = 0; ; attempt++) {
      const ticket = await this.ticket(fileId, request);
      const url = assertServerUrl(ticket.url, 'a download address');
      try {
        return await withHiddenTokens(
          () => downloadToFile(this.#requester, { url: url.href }, { ...rest, fallbackFilename: ticket.filename ?? fallbackFilename }),
          url.href,
        );
      } catch (err) {
        // "Request again after expiry" (spec 4.13): one fresh ticket when the address has expired.
        if (attempt === 0 && err instanceof DocTranslateError && err.status === 410) continue;
        throw err;
      }
    }
  }

  listPermissions(fileId: string, opts: PageOptions = {}): Promise<LooseList<Grant>> {
    return this.#requester.requestJson(
      { method: 'GET', path: `/storage/files/${pathSegment(fileId)}/permissions`, query: { limit: opts.limit, offset: opts.offset } },
      GrantListSchema,
      opts,
    );
  }

  /** Request body not shown in the spec: sent as given (the emulator takes `{ grantee, role }`). */
  grant(fileId: string, body: Record<string, unknown>, opts: RequestOptions = {}): Promise<Grant> {
    return this.#requester.requestJson({ method: 'POST', path: `/storage/files/${pathSegment(fileId)}/permissions`, json: body }, GrantSchema, opts);
  }

  async revokePermission(fileId: string, grantId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson(
      { method: 'DELETE', path: `/storage/files/${pathSegment(fileId)}/permissions/${pathSegment(grantId)}` },
      z.unknown(),
      opts,
    );
  }

  async listLinks(fileId: string, opts: PageOptions = {}): Promise<LooseList<Link>> {
    const page = await this.#requester.requestJson(
      { method: 'GET', path: `/storage/files/${pathSegment(fileId)}/links`, query: { limit: opts.limit, offset: opts.offset } },
      LinkListSchema,
      opts,
    );
    page.items.forEach(rememberLink);
    return page;
  }

  async createLink(fileId: string, body: CreateLinkRequest, opts: RequestOptions = {}): Promise<Link> {
    return rememberLink(
      await this.#requester.requestJson({ method: 'POST', path: `/storage/files/${pathSegment(fileId)}/links`, json: { ...body } }, LinkSchema, opts),
    );
  }

  async deleteLink(fileId: string, linkId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson({ method: 'DELETE', path: `/storage/files/${pathSegment(fileId)}/links/${pathSegment(linkId)}` }, z.unknown(), opts);
  }
}
