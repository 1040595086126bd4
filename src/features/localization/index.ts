import * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { CommandId, ContextKey, ViewId } from '../../shared/ids.ts';
import { CONFLICT_SCHEME, ConflictPages, itemCommands } from './commands/items.ts';
import { setupCommand } from './commands/setup.ts';
import { updateCommands } from './commands/update.ts';
import { LocalizationDecorations } from './decorations.ts';
import { localizationSnapshot } from './snapshot.ts';
import { LocalizationState } from './state.ts';
import { LocalizationStatusItem } from './statusBar.ts';
import { LocalizationTree } from './tree.ts';

/**
 * Localization of a documentation folder (doc-translate.json, the engine in src/localize): the
 * Localization view, Explorer badges on stale translations, the status bar item, Set Up
 * Localization…, Update Translations, Check Translations and conflicts. The engine is loaded only
 * when a set-up is looked for (shortly after activation) or a command runs.
 */
export function activateLocalization(p: Platform): vscode.Disposable[] {
  const state = new LocalizationState(p.logger);
  const tree = new LocalizationTree(state);
  const view = vscode.window.createTreeView(ViewId.localization, { treeDataProvider: tree, showCollapseAll: true });
  const status = new LocalizationStatusItem(state);
  const decorations = new LocalizationDecorations(state);
  const pages = new ConflictPages();
  return [
    state,
    tree,
    view,
    status,
    decorations,
    vscode.workspace.registerTextDocumentContentProvider(CONFLICT_SCHEME, pages),
    state.onDidChange(() => p.contextKeys.set(ContextKey.localizationHasSetup, state.all().length > 0)),
    ...registerCommands([
      { id: CommandId.localizationRefresh, run: () => state.refreshNow() },
      { id: CommandId.localizationSnapshot, run: (opts?: { refresh?: boolean }) => localizationSnapshot({ state, tree, status, decorations }, opts) },
      setupCommand({ writer: p.writer, shortcuts: p.shortcuts, settings: p.settings, state }),
      ...updateCommands({ clients: p.clients, prompter: p.prompter, shortcuts: p.shortcuts, settings: p.settings, logger: p.logger, contextKeys: p.contextKeys, balance: p.balance, state, status }),
      ...itemCommands({ prompter: p.prompter, state, pages }),
    ]),
  ];
}
