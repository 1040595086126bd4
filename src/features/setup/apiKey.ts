import * as vscode from 'vscode';
import { apiKeyProblem, maskApiKey } from '../../shared/apiKey.ts';
import { isCancellation } from '../../platform/errorMessages.ts';
import type { Platform } from '../../platform/platform.ts';
import { formatCredits } from '../../platform/format.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { errorCode, showError } from '../../platform/showError.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { SetApiKeyResult } from './results.ts';

type KeyDeps = Pick<Platform, 'settings' | 'clients' | 'keys' | 'logger' | 'shortcuts'>;

/** Set API Key (optional argument: the key, which skips the input box) and Clear API Key. */
export function apiKeyCommands(s: KeyDeps): Command[] {
  return [
    { id: CommandId.setApiKey, run: (key?: unknown) => setApiKey(s, typeof key === 'string' && s.shortcuts.enabled ? key : undefined) },
    { id: CommandId.clearApiKey, run: () => clearApiKey(s) },
  ];
}

async function setApiKey(s: KeyDeps, given: string | undefined): Promise<SetApiKeyResult> {
  const entered =
    given ??
    (await vscode.window.showInputBox({
      title: 'Doc Translate: Set API Key',
      prompt: 'Paste your API key. It is checked with the service and kept in VS Code secret storage.',
      placeHolder: 'sk_…',
      password: true,
      ignoreFocusOut: true,
      validateInput: apiKeyProblem,
    }));
  if (entered === undefined) return { stored: false, reason: 'cancelled' };
  const problem = apiKeyProblem(entered);
  if (problem !== undefined) {
    void vscode.window.showErrorMessage(`Doc Translate: ${problem}`);
    return { stored: false, reason: 'invalid' };
  }
  const key = entered.trim();

  let baseUrl = s.settings.baseUrl;
  if (baseUrl === '' && given === undefined) {
    await vscode.commands.executeCommand(CommandId.setServiceUrl);
    baseUrl = s.settings.baseUrl;
  }
  if (baseUrl === '') {
    void vscode.window.showWarningMessage('Doc Translate: set the service URL first, then the API key.');
    return { stored: false, reason: 'missingServiceUrl' };
  }

  // A free call proves the key before anything is stored.
  const client = await s.clients.create(baseUrl, key);
  try {
    const balance = await withCancellableProgress('Doc Translate: checking the API key', (signal) =>
      client.getBalance({ signal }),
    );
    await s.keys.set(key, baseUrl);
    s.logger.info('API key checked with the service and stored in secret storage');
    void vscode.window.showInformationMessage(
      `Doc Translate: API key ${maskApiKey(key)} saved (${formatCredits(balance.available)} available).`,
    );
    return { stored: true };
  } catch (err) {
    return keyCheckFailed(err, baseUrl);
  } finally {
    void client.close().catch(() => undefined);
  }
}

function keyCheckFailed(err: unknown, baseUrl: string): SetApiKeyResult {
  if (isCancellation(err)) return { stored: false, reason: 'cancelled' };
  if (err instanceof Error && err.name === 'AuthenticationError') {
    const retry = 'Set API Key';
    void Promise.resolve(
      vscode.window.showErrorMessage('Doc Translate: the service rejected this API key (401). It was not saved.', retry),
    ).then((picked) => {
      if (picked === retry) void vscode.commands.executeCommand(CommandId.setApiKey);
    });
    return { stored: false, reason: 'rejected', error: errorCode(err) ?? 'authentication_failed' };
  }
  void showError(err, { operation: 'Checking the API key', baseUrl });
  const code = errorCode(err);
  return code !== undefined ? { stored: false, reason: 'failed', error: code } : { stored: false, reason: 'failed' };
}

async function clearApiKey(s: KeyDeps): Promise<boolean> {
  await s.keys.clear();
  s.logger.info('API key removed from secret storage');
  void vscode.window.showInformationMessage('Doc Translate: API key removed from secret storage.');
  return true;
}
