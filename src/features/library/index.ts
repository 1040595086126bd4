import * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { Deferred } from '../../platform/deferred.ts';
import type { Platform } from '../../platform/platform.ts';
import { servicesOf } from '../../platform/services.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import { LIBRARY_SCHEME } from './scheme.ts';
import type { LibraryPlatform } from './ui/index.ts';

const COMMANDS = [
  CommandId.libraryRefresh,
  CommandId.libraryLoadMore,
  CommandId.libraryOpen,
  CommandId.libraryDownload,
  CommandId.libraryTranslateAgain,
  CommandId.libraryRename,
  CommandId.libraryDelete,
  CommandId.libraryAddToProject,
  CommandId.libraryTag,
  CommandId.libraryNewProject,
  CommandId.libraryNewTag,
  CommandId.librarySearch,
  CommandId.libraryCreateShareLink,
  CommandId.libraryCopyShareLink,
  CommandId.libraryRevokeShare,
  CommandId.libraryCreateStorageLink,
  CommandId.libraryGrantAccess,
  CommandId.libraryRemoveFromProject,
  CommandId.libraryUntag,
  CommandId.libraryManageLinks,
  CommandId.libraryManageAccess,
  CommandId.libraryPreview,
  CommandId.libraryCopyDownloadLink,
  CommandId.libraryShowDetails,
  CommandId.libraryDownloadShare,
  // What the extension's tests read of the views: in development and test builds only, never in the package.
  ...(process.env.NODE_ENV !== 'production' ? [CommandId.librarySnapshot] : []),
] as const;

/**
 * The service's library in the editor: the Library view (Documents, Projects, Tags, Shares, Storage,
 * Apps, ordered as the service's workspace entries say), Search Library, share links of results
 * (also from the Jobs view's artifact rows), storage links and permissions (made, listed, revoked),
 * Remove from Project / Untag, Preview and Copy Download Link, read-only details. Everything is fetched when shown, never at activation; the view's code is its own
 * bundle (./ui, dist/library-ui.js), loaded when the view first shows or a command first runs.
 */
export function activateLibrary(p: Platform): vscode.Disposable[] {
  const deps: LibraryPlatform = servicesOf(p, 'clients', 'balance', 'prompter', 'settings', 'writer', 'downloads');
  const part = new Deferred(COMMANDS, async () => (await import('./ui/index.ts')).libraryPart(deps));
  const tree = part.tree((l) => l.tree);
  return [
    part,
    tree,
    vscode.window.createTreeView(ViewId.library, { treeDataProvider: tree, showCollapseAll: true }),
    vscode.workspace.registerTextDocumentContentProvider(
      LIBRARY_SCHEME,
      part.content((l) => l.content),
    ),
    ...registerCommands(part.commands()),
  ];
}
