/**
 * Projects and tags (spec 4.12; free). Adding a document to a project or tagging it changes
 * organisation only: the document keeps its id and owner. Tags are addressed by id; names are
 * display text. Bodies are not shown in the spec, so answers are read loosely.
 */
import * as z from 'zod/mini';
import { invalidRequest } from '../error-classes.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import type { LooseList } from '../schemas.ts';
import { ProjectListSchema, ProjectSchema, TagListSchema, TagSchema, type Project, type Tag } from '../schemas-library.ts';

export interface PageOptions extends RequestOptions {
  limit?: number;
  offset?: number;
}

function nonEmpty(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidRequest(`${field} must not be empty.`, [{ field, message: 'must not be empty' }]);
  return value;
}

export class Projects {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  list(opts: PageOptions = {}): Promise<LooseList<Project>> {
    return this.#requester.requestJson({ method: 'GET', path: '/projects', query: { limit: opts.limit, offset: opts.offset } }, ProjectListSchema, opts);
  }

  async create(body: { name: string; description?: string }, opts: RequestOptions = {}): Promise<Project> {
    nonEmpty(body.name, 'name');
    return this.#requester.requestJson({ method: 'POST', path: '/projects', json: body }, ProjectSchema, opts);
  }

  get(projectId: string, opts: RequestOptions = {}): Promise<Project> {
    return this.#requester.requestJson({ method: 'GET', path: `/projects/${pathSegment(projectId)}` }, ProjectSchema, opts);
  }

  async update(projectId: string, changes: { name?: string; description?: string }, opts: RequestOptions = {}): Promise<Project> {
    if (changes.name !== undefined) nonEmpty(changes.name, 'name');
    return this.#requester.requestJson({ method: 'PATCH', path: `/projects/${pathSegment(projectId)}`, json: changes }, ProjectSchema, opts);
  }

  async delete(projectId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson({ method: 'DELETE', path: `/projects/${pathSegment(projectId)}` }, z.unknown(), opts);
  }

  /** Adds a document (organisation only: no copy, owner unchanged). Adding twice is harmless. */
  async addDocument(projectId: string, documentId: string, opts: RequestOptions = {}): Promise<Project> {
    return this.#requester.requestJson(
      { method: 'POST', path: `/projects/${pathSegment(projectId)}/documents`, json: { document_id: nonEmpty(documentId, 'document_id') } },
      ProjectSchema,
      opts,
    );
  }

  async removeDocument(projectId: string, documentId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson(
      { method: 'DELETE', path: `/projects/${pathSegment(projectId)}/documents/${pathSegment(documentId)}` },
      z.unknown(),
      opts,
    );
  }
}

export class Tags {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  list(opts: PageOptions = {}): Promise<LooseList<Tag>> {
    return this.#requester.requestJson({ method: 'GET', path: '/tags', query: { limit: opts.limit, offset: opts.offset } }, TagListSchema, opts);
  }

  async create(body: { name: string; color?: string }, opts: RequestOptions = {}): Promise<Tag> {
    nonEmpty(body.name, 'name');
    return this.#requester.requestJson({ method: 'POST', path: '/tags', json: body }, TagSchema, opts);
  }

  async delete(tagId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson({ method: 'DELETE', path: `/tags/${pathSegment(tagId)}` }, z.unknown(), opts);
  }

  /** Attaches a tag to a document; the answer's shape is not shown (kept as sent). */
  async attach(documentId: string, tagId: string, opts: RequestOptions = {}): Promise<Record<string, unknown>> {
    return this.#requester.requestJson(
      { method: 'POST', path: `/tags/documents/${pathSegment(documentId)}`, json: { tag_id: nonEmpty(tagId, 'tag_id') } },
      z.looseObject({}),
      opts,
    );
  }

  async detach(documentId: string, tagId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson({ method: 'DELETE', path: `/tags/documents/${pathSegment(documentId)}/${pathSegment(tagId)}` }, z.unknown(), opts);
  }
}
