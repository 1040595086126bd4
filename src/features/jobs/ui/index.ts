// File translation jobs, all but their stand-ins: the store, watchers, artifacts, the Jobs view's
// data, the status item and the commands, their own bundle (dist/jobs-ui.js), loaded when the view
// first shows, a command first runs, an artifact document opens or jobs of the last window are
// watched again.
import type * as vscode from 'vscode';
import type { Part } from '../../../platform/deferred.ts';
import { ArtifactContentProvider } from '../artifacts/contentProvider.ts';
import { jobsCommands } from '../commands/index.ts';
import { JobsFeature, type JobsPlatform } from '../feature.ts';
import { translateFilesCommand } from '../translateFiles/command.ts';
import type { OptionDeps } from '../translateFiles/options.ts';
import type { JobsTreeNode } from '../view/nodes.ts';
import type { JobsTreeProvider } from '../view/tree.ts';

export interface JobsPart extends Part {
  readonly tree: JobsTreeProvider;
  readonly artifactContent: vscode.TextDocumentContentProvider;
}

export function jobsPart(p: JobsPlatform & OptionDeps, treeView: vscode.TreeView<JobsTreeNode>, restoreAt: number): JobsPart {
  const feature = new JobsFeature(p, treeView, restoreAt);
  return {
    tree: feature.tree,
    artifactContent: new ArtifactContentProvider(feature.artifacts),
    commands: [translateFilesCommand(feature, p), ...jobsCommands(feature)],
    dispose: () => feature.dispose(),
  };
}
