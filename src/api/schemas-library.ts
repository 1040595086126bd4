/**
 * Projects, tags, search, shares, workspace, storage permissions and links (spec 4.12, 4.13).
 * Their bodies are "not shown" in the spec (4.14), so every shape is loose: only the identifier a
 * client needs to address the record is required, everything else passes through untouched.
 */
import * as z from 'zod/mini';
import { looseListSchema } from './schemas.ts';

export const ProjectSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  document_ids: z.optional(z.array(z.string())),
});
export type Project = z.infer<typeof ProjectSchema>;
export const ProjectListSchema = looseListSchema(ProjectSchema, ['projects']);

export const TagSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  document_ids: z.optional(z.array(z.string())),
});
export type Tag = z.infer<typeof TagSchema>;
export const TagListSchema = looseListSchema(TagSchema, ['tags']);

/** The token is the share's address and a secret: never log it. */
export const ShareSchema = z.looseObject({
  token: z.string(),
  artifact_id: z.optional(z.string()),
  expires_at: z.optional(z.nullable(z.string())),
  download_url: z.optional(z.string()),
});
export type Share = z.infer<typeof ShareSchema>;
export const ShareListSchema = looseListSchema(ShareSchema, ['shares']);

export const SearchHitSchema = z.looseObject({
  type: z.string(),
  id: z.string(),
  title: z.optional(z.string()),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;
export const SearchResultSchema = looseListSchema(SearchHitSchema, ['results', 'hits']);

export const WorkspaceListSchema = looseListSchema(z.looseObject({}), ['entries', 'apps', 'files']);
export type WorkspaceItem = Record<string, unknown>;

export const GrantSchema = z.looseObject({ id: z.string() });
export type Grant = z.infer<typeof GrantSchema>;
export const GrantListSchema = looseListSchema(GrantSchema, ['permissions', 'grants']);

/** A library link; its token and url are secrets (they download without a key). */
export const LinkSchema = z.looseObject({ id: z.string(), url: z.optional(z.string()), token: z.optional(z.string()) });
export type Link = z.infer<typeof LinkSchema>;
export const LinkListSchema = looseListSchema(LinkSchema, ['links']);

export const DownloadTicketSchema = z.looseObject({ url: z.string(), filename: z.optional(z.string()) });
export type DownloadTicket = z.infer<typeof DownloadTicketSchema>;
