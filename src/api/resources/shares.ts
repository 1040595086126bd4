/**
 * Read-only share links of artifacts (spec 4.12, part 5). A token grants downloads to whoever
 * holds it, so it is a secret like the key: paths with it are redacted in logs (redact.ts), errors
 * have it masked (secret-token.ts), and the download goes without the key (`send({ url })`).
 */
import * as z from 'zod/mini';
import { invalidRequest } from '../error-classes.ts';
import { downloadToFile, type DownloadOptions, type DownloadResult } from '../download.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import type { LooseList } from '../schemas.ts';
import { ShareListSchema, ShareSchema, type Share } from '../schemas-library.ts';
import { withHiddenTokens } from '../secret-token.ts';
import type { PageOptions } from './projects.ts';
import { rememberSecret } from '../../shared/secretValues.ts';

/** A share's token (and its download address) masked by value in every error and log line from now on. */
function rememberShare(share: Share): Share {
  rememberSecret(share.token);
  rememberSecret(share.download_url);
  return share;
}

export interface CreateShareRequest {
  artifact_id: string;
  /** 1-365; absent means the link never expires. */
  expires_in_days?: number;
}

export class Shares {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  async create(req: CreateShareRequest, opts: RequestOptions = {}): Promise<Share> {
    if (typeof req.artifact_id !== 'string' || req.artifact_id.trim() === '') {
      throw invalidRequest('artifact_id is required.', [{ field: 'artifact_id', message: 'is required' }]);
    }
    const days = req.expires_in_days;
    if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 365)) {
      throw invalidRequest('expires_in_days must be a whole number of days from 1 to 365.', [
        { field: 'expires_in_days', message: 'must be an integer 1-365' },
      ]);
    }
    const json = days === undefined ? { artifact_id: req.artifact_id } : { artifact_id: req.artifact_id, expires_in_days: days };
    const share = await this.#requester.requestJson({ method: 'POST', path: '/shares', json }, ShareSchema, opts);
    return rememberShare(share);
  }

  async list(opts: PageOptions = {}): Promise<LooseList<Share>> {
    const page = await this.#requester.requestJson(
      { method: 'GET', path: '/shares', query: { limit: opts.limit, offset: opts.offset } },
      ShareListSchema,
      opts,
    );
    page.items.forEach(rememberShare);
    return page;
  }

  get(token: string, opts: RequestOptions = {}): Promise<Share> {
    rememberSecret(token);
    return withHiddenTokens(
      async () => rememberShare(await this.#requester.requestJson({ method: 'GET', path: `/shares/${pathSegment(token)}` }, ShareSchema, opts)),
      token,
    );
  }

  /** Revokes the link: its token stops downloading at once. */
  delete(token: string, opts: RequestOptions = {}): Promise<void> {
    rememberSecret(token);
    return withHiddenTokens(async () => {
      await this.#requester.requestJson({ method: 'DELETE', path: `/shares/${pathSegment(token)}` }, z.unknown(), opts);
    }, token);
  }

  /** The address anyone holding the token downloads from (no key): GET /shares/{token}/download. */
  downloadUrl(token: string): string {
    const base = this.#requester.transport.base;
    return new URL(`${base.basePath}/shares/${pathSegment(token)}/download`, base.origin).href;
  }

  /**
   * Downloads what a share link points at, as a reviewer without a key would: the request never
   * carries the key (an absolute address goes through `send({ url })`).
   */
  download(token: string, opts: DownloadOptions = {}): Promise<DownloadResult> {
    rememberSecret(token);
    return withHiddenTokens(() => downloadToFile(this.#requester, { url: this.downloadUrl(token) }, { fallbackFilename: 'shared-file', ...opts }), token);
  }
}
