import * as vscode from 'vscode';
import type { DocTranslateClient } from '../api/index.ts';
import { CommandId } from '../shared/ids.ts';
import type { ClientService } from './clientService.ts';

/** What to ask for (a function: the wording follows the display language). */
const questions = () =>
  ({
    serviceUrl: {
      message: vscode.l10n.t('Doc Translate: set the address of the translation service first.'),
      label: vscode.l10n.t('Set Service URL'),
      command: CommandId.setServiceUrl,
    },
    apiKey: {
      message: vscode.l10n.t('Doc Translate: set your API key first.'),
      label: vscode.l10n.t('Set API Key'),
      command: CommandId.setApiKey,
    },
  }) as const;

/**
 * The client, or undefined after asking the user for what is missing (the service URL or the
 * key). The question is not awaited, so the calling command returns at once.
 */
export async function requireClient(clients: ClientService): Promise<DocTranslateClient | undefined> {
  const state = await clients.get();
  if (state.kind === 'ready') return state.client;
  const ask = questions()[state.missing];
  void Promise.resolve(vscode.window.showWarningMessage(ask.message, ask.label)).then((picked) => {
    if (picked === ask.label) void vscode.commands.executeCommand(ask.command);
  });
  return undefined;
}
