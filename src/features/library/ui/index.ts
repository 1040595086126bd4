// The Library view's data, its documents and its commands: their own bundle (dist/library-ui.js),
// loaded when the view is first shown, a library document opens or a command first runs.
import type * as vscode from 'vscode';
import type { Part } from '../../../platform/deferred.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { accessCommands } from '../commands/access.ts';
import { itemCommands } from '../commands/items.ts';
import { organiseCommands } from '../commands/organise.ts';
import { searchCommands } from '../commands/search.ts';
import { shareCommands } from '../commands/shares.ts';
import { quickLookCommands } from '../commands/quickLook.ts';
import { storageCommands } from '../commands/storage.ts';
import { DETAILS_AUTHORITY, detailsCommands, LibraryDetails } from '../details.ts';
import { LibraryFiles } from '../files.ts';
import type { SectionKind } from '../nodes.ts';
import { librarySnapshot } from '../snapshot.ts';
import { LibraryTree } from '../tree.ts';

export type LibraryPlatform = Pick<Platform, 'clients' | 'balance' | 'prompter' | 'settings' | 'writer' | 'downloads'>;

export interface LibraryPart extends Part {
  readonly tree: LibraryTree;
  readonly files: LibraryFiles;
  /** The library scheme's documents: files (doc-translate-library:/<id>/<name>) and details (…://details/…). */
  readonly content: vscode.TextDocumentContentProvider;
}

export function libraryPart(p: LibraryPlatform): LibraryPart {
  const tree = new LibraryTree(p.clients);
  const files = new LibraryFiles(p);
  const details = new LibraryDetails();
  const owned: vscode.Disposable[] = [
    tree,
    // A new key or service address shows another account's library.
    p.clients.onDidChange(() => tree.refresh()),
  ];
  return {
    tree,
    files,
    content: {
      provideTextDocumentContent: (uri) =>
        uri.authority === DETAILS_AUTHORITY ? details.provideTextDocumentContent(uri) : files.provideTextDocumentContent(uri),
    },
    commands: [
      { id: CommandId.libraryRefresh, run: () => tree.refresh() },
      ...(process.env.NODE_ENV !== 'production'
        ? [{ id: CommandId.librarySnapshot, run: (opts?: { expand?: SectionKind[] }) => librarySnapshot(tree, opts) }]
        : []),
      ...itemCommands({ clients: p.clients, balance: p.balance, prompter: p.prompter, settings: p.settings, writer: p.writer, tree, files }),
      ...organiseCommands({ clients: p.clients, prompter: p.prompter, tree }),
      ...shareCommands({ clients: p.clients, prompter: p.prompter, downloads: p.downloads, writer: p.writer, tree }),
      ...accessCommands({ clients: p.clients, prompter: p.prompter }),
      ...quickLookCommands({ clients: p.clients }),
      ...detailsCommands(p, details),
      ...storageCommands({ clients: p.clients, prompter: p.prompter, tree }),
      ...searchCommands({ clients: p.clients, prompter: p.prompter, files }),
    ],
    dispose: () => {
      for (const d of owned.splice(0).reverse()) d.dispose();
    },
  };
}
