/**
 * Search and the unified workspace (spec 4.12; free). Search returns only documents and jobs the
 * account may read; the workspace's files, entries and apps are used as returned (with their
 * capabilities), never turned into application URLs by the client.
 */
import { invalidRequest } from '../error-classes.ts';
import type { RequestOptions, Requester } from '../requester.ts';
import type { LooseList } from '../schemas.ts';
import { SearchResultSchema, WorkspaceListSchema, type SearchHit, type WorkspaceItem } from '../schemas-library.ts';
import type { PageOptions } from './projects.ts';

export interface SearchOptions extends RequestOptions {
  limit?: number;
}

export class Search {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** GET /search?q=&limit= (free). An empty query is refused before sending. */
  async query(q: string, opts: SearchOptions = {}): Promise<LooseList<SearchHit>> {
    if (typeof q !== 'string' || q.trim() === '') throw invalidRequest('A search needs some text.', [{ field: 'q', message: 'must not be empty' }]);
    return this.#requester.requestJson({ method: 'GET', path: '/search', query: { q: q.trim(), limit: opts.limit } }, SearchResultSchema, opts);
  }
}

export class Workspace {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  files(opts: PageOptions = {}): Promise<LooseList<WorkspaceItem>> {
    return this.#requester.requestJson(
      { method: 'GET', path: '/workspace/files', query: { limit: opts.limit, offset: opts.offset } },
      WorkspaceListSchema,
      opts,
    );
  }

  entries(opts: RequestOptions = {}): Promise<LooseList<WorkspaceItem>> {
    return this.#requester.requestJson({ method: 'GET', path: '/workspace/entries' }, WorkspaceListSchema, opts);
  }

  apps(opts: RequestOptions = {}): Promise<LooseList<WorkspaceItem>> {
    return this.#requester.requestJson({ method: 'GET', path: '/workspace/apps' }, WorkspaceListSchema, opts);
  }
}
