// The internal `_docTranslate.media.snapshot` command: the Media tree as plain data, so
// extension-host tests can read what the user sees. Not contributed.
import type { MediaFeature } from './feature.ts';
import { mediaMenuValues, type MediaMenu } from './menus.ts';
import type { MediaNode } from './tree.ts';

export interface MediaSnapshotRow {
  label: string;
  description: string;
  contextValue: string;
  id?: string;
  children?: MediaSnapshotRow[];
}

export interface MediaSnapshot {
  rows: MediaSnapshotRow[];
  following: number;
  /** The Explorer menus' extensions, by command. */
  menus: Record<MediaMenu, unknown>;
}

async function rowOf(f: MediaFeature, node: MediaNode, depth: number): Promise<MediaSnapshotRow> {
  const row: MediaSnapshotRow = {
    label: typeof node.label === 'string' ? node.label : (node.label?.label ?? ''),
    description: typeof node.description === 'string' ? node.description : '',
    contextValue: node.contextValue ?? '',
  };
  if (node.id !== undefined) row.id = node.id;
  if (depth < 2) {
    const children = await f.tree.getChildren(node);
    if (children.length > 0) row.children = await Promise.all(children.map((c) => rowOf(f, c, depth + 1)));
  }
  return row;
}

export async function mediaSnapshot(f: MediaFeature): Promise<MediaSnapshot> {
  const roots = await f.tree.getChildren();
  return { rows: await Promise.all(roots.map((n) => rowOf(f, n, 0))), following: f.following, menus: mediaMenuValues(f.contextKeys) };
}
