import * as vscode from 'vscode';
import { lazy } from '../../platform/lazy.ts';
import { registerCommands, type Command } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { WorkspaceStateKey } from '../../platform/state.ts';
import { CommandId, ContextKey, ViewId } from '../../shared/ids.ts';
import type { CommandDeps } from './commands/index.ts';
import { CONFLICT_SCHEME, ConflictPages } from './conflictPages.ts';
import { LocalizationDecorations } from './decorations.ts';
import { localizationSnapshot } from './snapshot.ts';
import { LocalizationState } from './state.ts';
import { LocalizationStatusItem } from './statusBar.ts';
import { LocalizationTree } from './tree.ts';
import { reviewedShares } from './reviewText.ts';

/** Commands whose code loads on first use (dist/localization-commands.js). */
const LAZY = [
  CommandId.localizationSetUp,
  CommandId.localizationUpdate,
  CommandId.localizationUpdateAll,
  CommandId.localizationCheck,
  CommandId.localizationCancelUpdate,
  CommandId.localizationOpenTranslation,
  CommandId.localizationDiffWithSource,
  CommandId.localizationShowConflict,
  CommandId.localizationCopyCiWorkflow,
  CommandId.localizationAdopt,
  CommandId.localizationAddLanguage,
  CommandId.localizationMarkReviewed,
  CommandId.localizationCheckLinks,
] as const;

/**
 * Localization of a documentation folder (doc-translate.json, the engine in src/localize): the
 * Localization view, Explorer badges on stale translations, the status bar item, Set Up
 * Localization…, Update Translations, Check Translations and conflicts. The engine is loaded only
 * when a set-up is looked for (shortly after activation) or a command runs; the commands' code on
 * the first command.
 */
export function activateLocalization(p: Platform): vscode.Disposable[] {
  const state = new LocalizationState(p.logger);
  // "Show Problems Only": kept per workspace; the context key picks the title bar's icon.
  const memento = p.context.workspaceState;
  const problemsOnly = (): boolean => memento.get<boolean>(WorkspaceStateKey.localizationProblemsOnly, false);
  p.contextKeys.set(ContextKey.localizationProblemsOnly, problemsOnly());
  const tree = new LocalizationTree(state, problemsOnly);
  const filter = async (on: boolean): Promise<boolean> => {
    await memento.update(WorkspaceStateKey.localizationProblemsOnly, on);
    p.contextKeys.set(ContextKey.localizationProblemsOnly, on);
    tree.refresh();
    return on;
  };
  const view = vscode.window.createTreeView(ViewId.localization, { treeDataProvider: tree, showCollapseAll: true });
  const status = new LocalizationStatusItem(state);
  const decorations = new LocalizationDecorations(state);
  const pages = new ConflictPages();
  // Check Links' findings, in the Problems panel.
  const links = vscode.languages.createDiagnosticCollection('doc-translate-links');
  const deps: CommandDeps = {
    clients: p.clients,
    prompter: p.prompter,
    settings: p.settings,
    logger: p.logger,
    contextKeys: p.contextKeys,
    balance: p.balance,
    writer: p.writer,
    state,
    status,
    pages,
    links,
  };
  // The commands' part loads on first use; a failed load is tried again by the next use.
  const loaded = lazy(async () => (await import('./commands/index.ts')).localizationCommands(deps));
  const standIn = (id: (typeof LAZY)[number]): Command => ({
    id,
    run: async (...args: unknown[]) => (await loaded()).find((c) => c.id === id)!.run(...args),
  });
  return [
    state,
    tree,
    view,
    links,
    status,
    decorations,
    vscode.workspace.registerTextDocumentContentProvider(CONFLICT_SCHEME, pages),
    state.onDidChange(() => p.contextKeys.set(ContextKey.localizationHasSetup, state.all().length > 0)),
    // The reviewed share per language beside the view's title (one set-up; several: each set-up row's tooltip).
    state.onDidChange(() => {
      const all = state.all();
      view.description = all.length === 1 ? reviewedShares(all[0]!.reviewed?.languages ?? []) : '';
    }),
    ...registerCommands([
      { id: CommandId.localizationRefresh, run: () => state.refreshNow() },
      { id: CommandId.localizationShowProblemsOnly, run: () => filter(true) },
      { id: CommandId.localizationShowAll, run: () => filter(false) },
      ...(process.env.NODE_ENV !== 'production'
        ? [{ id: CommandId.localizationSnapshot, run: (opts?: { refresh?: boolean }) => localizationSnapshot({ state, tree, status, decorations }, opts) }]
        : []),
      ...LAZY.map(standIn),
    ]),
  ];
}
