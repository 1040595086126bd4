import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, notOwned } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import { page as pageBy } from '../paging.ts';
import type { Fields } from '../validation.ts';

/** Projects, tags, shares and the unified storage library (spec 4.12, 4.13): the emulator's records. */
export interface ProjectRecord {
  id: string;
  accountId: string;
  name: string;
  description: string;
  documentIds: string[];
  created_at: string;
  updated_at: string;
}

export interface TagRecord {
  id: string;
  accountId: string;
  name: string;
  color: string | null;
  documentIds: string[];
  created_at: string;
}

export interface ShareRecord {
  token: string;
  accountId: string;
  artifactId: string;
  /** Virtual-clock ms, or null for no expiry. */
  expiresAt: number | null;
  created_at: string;
  deleted: boolean;
}

export interface Capabilities {
  can_view: boolean;
  can_download: boolean;
  can_update: boolean;
  can_delete: boolean;
  can_share: boolean;
}

export interface StorageFileRecord {
  id: string;
  accountId: string;
  name: string;
  content_type: string;
  size_bytes: number;
  storagePath: string;
  etag: string | undefined;
  origin: { product_code: string; display_name: string };
  capabilities: Capabilities;
  /** What the item stands for: a translation input, a job result, or a file of its own. */
  source: { kind: 'document' | 'artifact' | 'file'; id: string };
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface GrantRecord {
  id: string;
  fileId: string;
  grantee: string;
  role: 'viewer' | 'editor';
  created_at: string;
}

export interface LinkRecord {
  id: string;
  token: string;
  fileId: string;
  accountId: string;
  audience: 'anyone' | 'restricted';
  allowDownload: boolean;
  expiresAt: number | null;
  maxDownloads: number | null;
  downloads: number;
  created_at: string;
  deleted: boolean;
}

export interface LibraryState {
  projects: Map<string, ProjectRecord>;
  tags: Map<string, TagRecord>;
  shares: Map<string, ShareRecord>;
  files: Map<string, StorageFileRecord>;
  /** document or artifact id to its file id (the library item is created once, lazily). */
  fileBySource: Map<string, string>;
  grants: Map<string, GrantRecord>;
  links: Map<string, LinkRecord>;
}

export function library(app: EmulatorApp): LibraryState {
  return app.state.ext('library', () => ({
    projects: new Map(),
    tags: new Map(),
    shares: new Map(),
    files: new Map(),
    fileBySource: new Map(),
    grants: new Map(),
    links: new Map(),
  }));
}

/** Unknown 404 `not_found`; another account's 403 `<resource>_not_owned` (the one ownership rule). */
export function owned<T extends { accountId: string }>(record: T | undefined, accountId: string, resource: string, what: string): T {
  if (record === undefined || (record as { deleted?: boolean }).deleted === true) throw notFound(what[0]!.toUpperCase() + what.slice(1));
  if (record.accountId !== accountId) throw notOwned(resource, what);
  return record;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `offset`/`limit` paging of the library's lists (limit 1-100, default 20; more is refused). */
export function page<T>(ctx: RequestContext, all: readonly T[]): { items: T[]; has_more: boolean; next_offset: number } {
  return pageBy(ctx, all, { defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT });
}

/** `expires_in_days`: integer 1-365, absent (or null) for no expiry, counted from `now` (the instant the record's created_at shows). */
export function expiryFrom(now: number, fields: Fields): number | null | undefined {
  const days = fields.integer('expires_in_days', { optional: true, min: 1, max: 365 });
  if (days === undefined) return fields.errors.some((e) => e.field === 'expires_in_days') ? undefined : null;
  return now + days * 86_400_000;
}

export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export const gone = (code: string, message: string): HttpError => new HttpError(410, code, message);
