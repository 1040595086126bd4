// The Operations view's data, the pollers, the capabilities and the tools' commands: their own
// bundle (dist/documentTools-ui.js), loaded when the view is first shown or a tool first runs.
import type * as vscode from 'vscode';
import type { Part } from '../../../platform/deferred.ts';
import { documentToolsCommands } from '../commands.ts';
import { DocumentToolsFeature, type ToolsPlatform } from '../feature.ts';
import type { OutputFiles } from '../outputs.ts';
import type { OperationsTreeProvider } from '../tree.ts';

export interface DocumentToolsPart extends Part {
  readonly tree: OperationsTreeProvider;
  readonly outputs: OutputFiles;
}

export function documentToolsPart(p: ToolsPlatform, view: vscode.TreeView<unknown>): DocumentToolsPart {
  const feature = new DocumentToolsFeature(p, view);
  return { tree: feature.tree, outputs: feature.outputs, commands: documentToolsCommands(feature), dispose: () => feature.dispose() };
}
