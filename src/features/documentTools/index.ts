import * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { Deferred } from '../../platform/deferred.ts';
import type { Platform } from '../../platform/platform.ts';
import { servicesOf } from '../../platform/services.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import type { ToolsPlatform } from './feature.ts';
import { applyMenus } from './menus.ts';
import { OUTPUT_SCHEME } from './scheme.ts';
import { offerOf } from './tools.ts';

const COMMANDS = [
  CommandId.toolsExtractText,
  CommandId.toolsPdfToHtml,
  CommandId.toolsVisualExtract,
  CommandId.toolsMergePdfs,
  CommandId.toolsSplitPdf,
  CommandId.toolsCompressPdf,
  CommandId.toolsConvertImage,
  CommandId.toolsCompressImage,
  CommandId.operationsRefresh,
  CommandId.operationsCancel,
  CommandId.operationsOpenOutput,
  CommandId.operationsSaveNextToSource,
  CommandId.operationsTranslateOutput,
  CommandId.operationsShowReceipt,
  // What the extension's tests read of the views: in development and test builds only, never in the package.
  ...(process.env.NODE_ENV !== 'production' ? [CommandId.operationsSnapshot] : []),
] as const;

/**
 * Document tools: Extract Text, Convert PDF to HTML, Visual Extract…, Merge PDFs, Split PDF…,
 * Compress PDF, Convert Image…, Compress Image on Explorer files (offered as the service's
 * capabilities say at run time), and the Operations view with open, save next to source,
 * translate, receipt and cancel. Until the service is asked, the menus offer what the spec
 * describes; the code is its own bundle (./ui, dist/documentTools-ui.js), loaded when the view
 * first shows or a tool first runs.
 */
export function activateDocumentTools(p: Platform): vscode.Disposable[] {
  applyMenus(p.contextKeys, (tool) => offerOf(tool, undefined));
  const deps: ToolsPlatform = servicesOf(p, 'context', 'clients', 'settings', 'logger', 'prompter', 'writer', 'downloads', 'balance', 'contextKeys');
  const part = new Deferred(COMMANDS, async () => (await import('./ui/index.ts')).documentToolsPart(deps, view));
  const tree = part.tree((d) => d.tree);
  // The view exists before anything can load the part: loading starts with its first use.
  const view: vscode.TreeView<unknown> = vscode.window.createTreeView(ViewId.operations, { treeDataProvider: tree });
  return [
    part,
    tree,
    view,
    vscode.workspace.registerTextDocumentContentProvider(
      OUTPUT_SCHEME,
      part.content((d) => d.outputs),
    ),
    ...registerCommands(part.commands()),
  ];
}
