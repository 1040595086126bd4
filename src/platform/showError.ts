import * as vscode from 'vscode';
import { CommandId } from '../shared/ids.ts';
import { describeError, isCancellation, type ErrorAction, type ErrorContext } from './errorMessages.ts';

/** The buttons an error offers (a function: the labels follow the display language). */
export const errorActions = (): Record<ErrorAction, { label: string; command: string }> => ({
  setApiKey: { label: vscode.l10n.t('Set API Key'), command: CommandId.setApiKey },
  setServiceUrl: { label: vscode.l10n.t('Set Service URL'), command: CommandId.setServiceUrl },
  changeTargetLanguage: { label: vscode.l10n.t('Change Target Language'), command: CommandId.changeTargetLanguage },
  showBalance: { label: vscode.l10n.t('Show Balance'), command: CommandId.showBalance },
  showLog: { label: vscode.l10n.t('Show Log'), command: CommandId.showLog },
});

export interface ShowErrorOptions {
  /** Fetches the balance (free) to tell the user how short they are on a 402. */
  availableMillicredits?: () => Promise<number | undefined>;
}

/**
 * Shows the actionable message for an error. Never awaits the user's click, so callers
 * (and tests driving commands) are not held up by an open notification.
 */
export async function showError(err: unknown, ctx: ErrorContext, opts: ShowErrorOptions = {}): Promise<void> {
  if (isCancellation(err)) return;
  let context = ctx;
  if (err instanceof Error && err.name === 'InsufficientCreditsError' && opts.availableMillicredits !== undefined) {
    const available = await opts.availableMillicredits().catch(() => undefined);
    if (available !== undefined) context = { ...ctx, availableMillicredits: available };
  }
  const shown = describeError(err, context);
  if (shown.silent) return;
  const ACTIONS = errorActions();
  const labels = shown.actions.map((a) => ACTIONS[a].label);
  const show = shown.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void Promise.resolve(show(vscode.l10n.t('Doc Translate: {0}', shown.message), ...labels)).then((picked) => {
    const action = shown.actions.find((a) => ACTIONS[a].label === picked);
    if (action !== undefined) void vscode.commands.executeCommand(ACTIONS[action].command);
  });
}

/** The client's reason code of an error, for command results (`error: 'unsupported_language'`). */
export function errorCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
