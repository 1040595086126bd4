import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { documentToolsCommands } from './commands.ts';
import { DocumentToolsFeature } from './feature.ts';

/**
 * Document tools: Extract Text, Convert PDF to HTML, Visual Extract…, Merge PDFs, Split PDF…,
 * Compress PDF, Convert Image…, Compress Image on Explorer files (offered as the service's
 * capabilities say at run time), and the Operations view with open, save next to source,
 * translate, receipt and cancel.
 */
export function activateDocumentTools(p: Platform): vscode.Disposable[] {
  const feature = new DocumentToolsFeature(p);
  return [feature, ...registerCommands(documentToolsCommands(feature))];
}
