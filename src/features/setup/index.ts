import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { CommandId } from '../../shared/ids.ts';
import { apiKeyCommands } from './apiKey.ts';
import { serviceUrlCommands } from './serviceUrl.ts';

/** Setup: the service URL, the API key (stored per service origin) and the log. */
export function activateSetup(p: Platform): vscode.Disposable[] {
  return registerCommands([
    ...serviceUrlCommands(p),
    ...apiKeyCommands(p),
    { id: CommandId.showLog, run: () => p.output.show(true) },
  ]);
}
