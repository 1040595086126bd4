import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { withMilestone } from '../../platform/milestones.ts';
import type { Platform } from '../../platform/platform.ts';
import { CommandId, ContextKey } from '../../shared/ids.ts';
import { apiKeyCommands } from './apiKey.ts';
import { serviceUrlCommands } from './serviceUrl.ts';

/**
 * Setup: the service URL, the API key (stored per service origin) and the log. A saved URL and a
 * stored key complete their walkthrough steps (contributes.walkthroughs in package.json); so does
 * a URL or key already present (ClientService), and every milestone is remembered in globalState
 * (ContextKeys), so the walkthrough shows what was done before it was opened.
 */
export function activateSetup(p: Platform): vscode.Disposable[] {
  return registerCommands([
    ...serviceUrlCommands(p).map((c) => withMilestone(c, p.contextKeys, ContextKey.savedServiceUrl, (r) => r['saved'] === true)),
    ...apiKeyCommands(p).map((c) => withMilestone(c, p.contextKeys, ContextKey.storedApiKey, (r) => r['stored'] === true)),
    { id: CommandId.showLog, run: () => p.output.show(true) },
  ]);
}
