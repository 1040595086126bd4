import * as vscode from 'vscode';
import { apiKeyProblem, maskApiKey } from '../../shared/apiKey.ts';
import { describeError, isCancellation } from '../../platform/errorMessages.ts';
import type { Platform } from '../../platform/platform.ts';
import { formatCredits } from '../../platform/format.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { errorCode, showError } from '../../platform/showError.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import type { SetApiKeyResult } from './results.ts';

type KeyDeps = Pick<Platform, 'settings' | 'clients' | 'keys' | 'logger' | 'prompter'>;

/** Set API Key and Clear API Key. An argument never stands in for the key: it is typed or pasted. */
export function apiKeyCommands(s: KeyDeps): Command[] {
  return [
    { id: CommandId.setApiKey, run: () => setApiKey(s) },
    { id: CommandId.clearApiKey, run: () => clearApiKey(s) },
  ];
}

async function setApiKey(s: KeyDeps): Promise<SetApiKeyResult> {
  // The box stays open while the key is checked, so it is not one the prompter wraps: a scripted
  // answer (the extension's tests) goes through the same checks without it.
  const scripted = s.prompter.scriptedAnswer('apiKey');
  if (scripted === undefined) return askForKey(s);
  if (typeof scripted.value !== 'string') return { stored: false, reason: 'cancelled' };
  const given = scripted.value;
  const problem = apiKeyProblem(given);
  if (problem !== undefined) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', problem));
    return { stored: false, reason: 'invalid' };
  }
  const baseUrl = s.settings.baseUrl;
  if (baseUrl === '') {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: set the service URL first, then the API key.'));
    return { stored: false, reason: 'missingServiceUrl' };
  }
  try {
    await withCancellableProgress(vscode.l10n.t('Doc Translate: checking the API key'), (signal) => checkAndStore(s, given.trim(), baseUrl, signal));
    return { stored: true };
  } catch (err) {
    return keyCheckFailed(err, baseUrl);
  }
}

/** A free call proves the key before anything is stored; throws the client's error. */
async function checkAndStore(s: KeyDeps, key: string, baseUrl: string, signal: AbortSignal): Promise<void> {
  const client = await s.clients.create(baseUrl, key);
  try {
    const balance = await client.getBalance({ signal });
    await s.keys.set(key, baseUrl);
    s.logger.info('API key checked with the service and stored in secret storage');
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Doc Translate: API key {0} saved ({1} available).', maskApiKey(key), formatCredits(balance.available)),
    );
  } finally {
    void client.close().catch(() => undefined);
  }
}

/**
 * The input box stays open while the key is checked and after a rejection, showing why, so the
 * user can paste again; it closes when the key is stored or on Escape.
 */
async function askForKey(s: KeyDeps): Promise<SetApiKeyResult> {
  if (s.settings.baseUrl === '') await vscode.commands.executeCommand(CommandId.setServiceUrl);
  const baseUrl = s.settings.baseUrl;
  if (baseUrl === '') {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: set the service URL first, then the API key.'));
    return { stored: false, reason: 'missingServiceUrl' };
  }
  const box = vscode.window.createInputBox();
  box.title = vscode.l10n.t('Doc Translate: Set API Key');
  box.prompt = vscode.l10n.t('Paste your API key. It is checked with the service and kept in VS Code secret storage.');
  box.placeholder = 'sk_…';
  box.password = true;
  box.ignoreFocusOut = true;
  const abort = new AbortController();
  box.onDidChangeValue((v) => {
    box.validationMessage = v === '' ? undefined : apiKeyProblem(v);
  });
  return new Promise<SetApiKeyResult>((resolve) => {
    let result: SetApiKeyResult = { stored: false, reason: 'cancelled' };
    box.onDidAccept(async () => {
      const problem = apiKeyProblem(box.value);
      if (problem !== undefined || box.busy) {
        box.validationMessage = problem;
        return;
      }
      box.busy = true;
      box.enabled = false;
      box.validationMessage = undefined;
      try {
        await checkAndStore(s, box.value.trim(), baseUrl, abort.signal);
        result = { stored: true };
        box.hide();
      } catch (err) {
        if (isCancellation(err)) return;
        const rejected = err instanceof Error && err.name === 'AuthenticationError';
        box.validationMessage = rejected
          ? vscode.l10n.t('The service rejected this key (401); it was not saved. Paste another key, or press Escape.')
          : vscode.l10n.t('{0} Try again, or press Escape.', describeError(err, { operation: vscode.l10n.t('Checking the API key'), baseUrl }).message);
        // The command's result: the host tests compare it whole (deepStrictEqual), where `error: undefined` would differ.
        result = { stored: false, reason: rejected ? 'rejected' : 'failed', ...(errorCode(err) !== undefined ? { error: errorCode(err)! } : {}) };
      } finally {
        box.busy = false;
        box.enabled = true;
      }
    });
    box.onDidHide(() => {
      abort.abort();
      box.dispose();
      resolve(result);
    });
    box.show();
  });
}

function keyCheckFailed(err: unknown, baseUrl: string): SetApiKeyResult {
  if (isCancellation(err)) return { stored: false, reason: 'cancelled' };
  if (err instanceof Error && err.name === 'AuthenticationError') {
    const retry = vscode.l10n.t('Set API Key');
    void Promise.resolve(
      vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: the service rejected this API key (401). It was not saved.'), retry),
    ).then((picked) => {
      if (picked === retry) void vscode.commands.executeCommand(CommandId.setApiKey);
    });
    return { stored: false, reason: 'rejected', error: errorCode(err) ?? 'authentication_failed' };
  }
  void showError(err, { operation: vscode.l10n.t('Checking the API key'), baseUrl });
  const code = errorCode(err);
  return code !== undefined ? { stored: false, reason: 'failed', error: code } : { stored: false, reason: 'failed' };
}

async function clearApiKey(s: KeyDeps): Promise<boolean> {
  await s.keys.clear();
  s.logger.info('API key removed from secret storage');
  void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: API key removed from secret storage.'));
  return true;
}
