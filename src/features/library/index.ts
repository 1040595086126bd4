import * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import { itemCommands } from './commands/items.ts';
import { organiseCommands } from './commands/organise.ts';
import { searchCommands } from './commands/search.ts';
import { shareCommands } from './commands/shares.ts';
import { storageCommands } from './commands/storage.ts';
import { LIBRARY_SCHEME, LibraryFiles } from './files.ts';
import type { SectionKind } from './nodes.ts';
import { librarySnapshot } from './snapshot.ts';
import { LibraryTree } from './tree.ts';

/**
 * The service's library in the editor: the Library view (Documents, Projects, Tags, Shares, Storage),
 * Search Library, share links of results (also from the Jobs view's artifact rows), storage links and
 * permissions. Everything is fetched when shown, never at activation.
 */
export function activateLibrary(p: Platform): vscode.Disposable[] {
  const tree = new LibraryTree(p.clients);
  const files = new LibraryFiles(p);
  const view = vscode.window.createTreeView(ViewId.library, { treeDataProvider: tree, showCollapseAll: true });
  return [
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(LIBRARY_SCHEME, files),
    // A new key or service address shows another account's library.
    p.clients.onDidChange(() => tree.refresh()),
    ...registerCommands([
      { id: CommandId.libraryRefresh, run: () => tree.refresh() },
      { id: CommandId.librarySnapshot, run: (opts?: { expand?: SectionKind[] }) => librarySnapshot(tree, opts) },
      ...itemCommands({ ...pick(p), tree, files }),
      ...organiseCommands({ clients: p.clients, shortcuts: p.shortcuts, tree }),
      ...shareCommands({ clients: p.clients, prompter: p.prompter, shortcuts: p.shortcuts, tree }),
      ...storageCommands({ clients: p.clients, shortcuts: p.shortcuts, tree }),
      ...searchCommands({ clients: p.clients, shortcuts: p.shortcuts, files }),
    ]),
  ];
}

function pick(p: Platform): Pick<Platform, 'clients' | 'prompter' | 'shortcuts' | 'settings' | 'writer'> {
  return { clients: p.clients, prompter: p.prompter, shortcuts: p.shortcuts, settings: p.settings, writer: p.writer };
}
