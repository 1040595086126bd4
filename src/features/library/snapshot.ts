// The internal `_docTranslate.library.snapshot` command: the Library tree as plain data for the
// extension-host tests. It expands only the sections asked for (Storage fetches nothing unless
// asked or already loaded), so tests can count requests. Not contributed.
import type * as vscode from 'vscode';
import { SectionNode, type LibraryNode, type SectionKind } from './nodes.ts';
import type { LibraryTree } from './tree.ts';

export interface LibraryRow {
  label: string;
  description: string;
  contextValue: string;
  children?: LibraryRow[];
}

function row(node: vscode.TreeItem): LibraryRow {
  const label = typeof node.label === 'string' ? node.label : (node.label?.label ?? '');
  return { label, description: typeof node.description === 'string' ? node.description : '', contextValue: node.contextValue ?? '' };
}

async function expand(tree: LibraryTree, node: LibraryNode, depth: number): Promise<LibraryRow> {
  const out = row(node);
  if (depth > 0) {
    const children = await tree.getChildren(node);
    out.children = await Promise.all(children.map((c) => expand(tree, c, depth - 1)));
  }
  return out;
}

/** The sections by kind, and `order`: the root as shown (the service's workspace entries, or today's order). */
export async function librarySnapshot(
  tree: LibraryTree,
  opts: { expand?: SectionKind[] } = {},
): Promise<{ sections: Record<string, LibraryRow>; order: SectionKind[] }> {
  const wanted = new Set(opts.expand ?? ['documents', 'projects', 'tags', 'shares']);
  if (tree.storage.loaded) wanted.add('storage');
  const sections: Record<string, LibraryRow> = {};
  const order = (await tree.roots()).filter((n): n is SectionNode => n instanceof SectionNode).map((n) => n.section);
  for (const kind of order) sections[kind] = await expand(tree, tree.section(kind), wanted.has(kind) ? 2 : 0);
  return { sections, order };
}
