// Reading what a Library command was invoked on.
import type { StorageFile } from '../../../api/index.ts';
import type { RunContext } from '../../../platform/commandRunner.ts';
import { DocumentNode, FileNode, ProjectNode, ShareNode, TagNode } from '../nodes.ts';

/** The document id a node stands for (a Documents row, or a Storage item of a translation input). */
export function documentOf(node: unknown): { id: string; name: string } | undefined {
  if (node instanceof DocumentNode) return { id: node.doc.id, name: node.doc.basename ?? node.doc.id };
  if (node instanceof FileNode && node.documentId !== undefined) return { id: node.documentId, name: node.file.name };
  if (typeof node === 'object' && node !== null && typeof (node as { documentId?: unknown }).documentId === 'string') {
    const id = (node as { documentId: string }).documentId;
    return { id, name: id };
  }
  return undefined;
}

function fileOf(node: unknown): StorageFile | undefined {
  return node instanceof FileNode ? node.file : undefined;
}

export type Target =
  | { kind: 'document'; id: string; name: string }
  | { kind: 'project'; id: string; name: string }
  | { kind: 'tag'; id: string; name: string }
  | { kind: 'share'; token: string; name: string };

/** What Rename, Delete and Revoke act on. */
export function targetOf(node: unknown): Target | undefined {
  if (node instanceof ProjectNode) return { kind: 'project', id: node.project.id, name: node.project.name ?? node.project.id };
  if (node instanceof TagNode) return { kind: 'tag', id: node.tag.id, name: node.tag.name ?? node.tag.id };
  if (node instanceof ShareNode) return { kind: 'share', token: node.share.token, name: String(node.label) };
  const doc = documentOf(node);
  return doc === undefined ? undefined : { kind: 'document', ...doc };
}

/** A Storage row, or `{ fileId }` (scripts, tests): then the item is read from the service (free). */
export async function resolveFile(ctx: RunContext, node: unknown): Promise<StorageFile | undefined> {
  const file = fileOf(node);
  if (file !== undefined) return file;
  const id = typeof node === 'object' && node !== null ? (node as { fileId?: unknown }).fileId : undefined;
  if (typeof id !== 'string') return undefined;
  const client = await ctx.client();
  return client.storage.get(id);
}
