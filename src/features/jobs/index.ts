import * as vscode from 'vscode';
import { ARTIFACT_SCHEME } from '../../platform/artifactScheme.ts';
import { registerCommands } from '../../platform/commands.ts';
import { Deferred } from '../../platform/deferred.ts';
import { withMilestone } from '../../platform/milestones.ts';
import type { Platform } from '../../platform/platform.ts';
import { servicesOf } from '../../platform/services.ts';
import { CommandId, ContextKey, ViewId } from '../../shared/ids.ts';
import type { JobsPlatform } from './feature.ts';
import type { OptionDeps } from './translateFiles/options.ts';
import type { JobsTreeNode } from './view/nodes.ts';
import { watchedJobIds } from './watched.ts';

const COMMANDS = [
  CommandId.translateFiles,
  CommandId.jobsRefresh,
  CommandId.jobsCancel,
  CommandId.jobsOpenArtifact,
  CommandId.jobsShowDiff,
  CommandId.jobsSaveNextToSource,
  CommandId.jobsSaveArtifactAs,
  CommandId.jobsCopyJobId,
  CommandId.jobsShowReceipt,
  CommandId.jobsSaveAllNextToSource,
  CommandId.jobsClearFinished,
  CommandId.jobsLoadOlder,
  // What the extension's tests read of the views: in development and test builds only, never in the package.
  ...(process.env.NODE_ENV !== 'production' ? [CommandId.jobsSnapshot] : []),
] as const;

/** Watching again what the last window watched waits until the workbench has settled. */
const RESTORE_DELAY_MS = 1500;

/**
 * File translation jobs: Translate Files…, the Jobs view, live watchers, notifications, results
 * (artifact documents, downloads, saving) and the jobs status item. Activation registers only
 * stand-ins; the code is its own bundle (./ui, dist/jobs-ui.js), loaded when the view first shows,
 * a command first runs, an artifact document opens, or, shortly after activation, when the last
 * window was following jobs.
 */
export function activateJobs(p: Platform): vscode.Disposable[] {
  const deps: JobsPlatform & OptionDeps = servicesOf(
    p,
    'context',
    'clients',
    'settings',
    'logger',
    'balance',
    'writer',
    'prompter',
    'downloads',
    'recentLanguages',
  );
  const restoreAt = Date.now() + RESTORE_DELAY_MS;
  const part = new Deferred(COMMANDS, async () => (await import('./ui/index.ts')).jobsPart(deps, view, restoreAt));
  const tree = part.tree((j) => j.tree);
  // The view exists before anything can load the part: loading starts with its first use.
  const view: vscode.TreeView<JobsTreeNode> = vscode.window.createTreeView(ViewId.jobs, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
  const restore =
    watchedJobIds(p.context.workspaceState).length > 0
      ? setTimeout(() => void part.get().catch((err: unknown) => p.logger.warn(`Jobs could not be restored: ${String(err)}`)), RESTORE_DELAY_MS)
      : undefined;
  const started = (r: Record<string, unknown>): boolean => r['started'] === true && Array.isArray(r['jobs']) && r['jobs'].length > 0;
  return [
    { dispose: () => clearTimeout(restore) },
    part,
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(
      ARTIFACT_SCHEME,
      part.content((j) => j.artifactContent),
    ),
    ...registerCommands(
      part.commands().map((c) => (c.id === CommandId.translateFiles ? withMilestone(c, p.contextKeys, ContextKey.startedTranslateFiles, started) : c)),
    ),
  ];
}
