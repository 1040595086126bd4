import * as vscode from 'vscode';
import { isCancellation } from '../../platform/errorMessages.ts';
import { errorActions, showError } from '../../platform/showError.ts';
import { describeToolError, type ToolErrorContext } from './errorText.ts';
import type { ToolsPlatform } from './feature.ts';

/** Shows a refused tool's message with its fix (never awaited by the caller's flow); other errors get the platform's wording. */
export async function showToolError(p: Pick<ToolsPlatform, 'balance' | 'settings'>, err: unknown, ctx: ToolErrorContext): Promise<void> {
  if (isCancellation(err)) return;
  let context = ctx;
  if (err instanceof Error && err.name === 'InsufficientCreditsError') {
    const balance = await p.balance.refresh();
    if (balance !== undefined) context = { ...ctx, availableMillicredits: balance.available };
  }
  const text = describeToolError(err, context);
  if (text === undefined) {
    await showError(err, { operation: vscode.l10n.t('{0} of {1}', ctx.tool, ctx.files), baseUrl: p.settings.baseUrl });
    return;
  }
  const ACTIONS = errorActions();
  const show = text.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void Promise.resolve(show(vscode.l10n.t('Doc Translate: {0}', text.message), ...text.actions.map((a) => ACTIONS[a].label))).then((picked) => {
    const action = text.actions.find((a) => ACTIONS[a].label === picked);
    if (action !== undefined) void vscode.commands.executeCommand(ACTIONS[action].command);
  });
}
