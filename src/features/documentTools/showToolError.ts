import * as vscode from 'vscode';
import type { ErrorAction } from '../../platform/errorMessages.ts';
import { isCancellation } from '../../platform/errorMessages.ts';
import { showError } from '../../platform/showError.ts';
import { CommandId } from '../../shared/ids.ts';
import { describeToolError, type ToolErrorContext } from './errorText.ts';
import type { ToolsPlatform } from './feature.ts';

const ACTIONS: Record<ErrorAction, { label: string; command: string }> = {
  setApiKey: { label: 'Set API Key', command: CommandId.setApiKey },
  setServiceUrl: { label: 'Set Service URL', command: CommandId.setServiceUrl },
  changeTargetLanguage: { label: 'Change Target Language', command: CommandId.changeTargetLanguage },
  showBalance: { label: 'Show Balance', command: CommandId.showBalance },
  showLog: { label: 'Show Log', command: CommandId.showLog },
};

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
    await showError(err, { operation: `${ctx.tool} of ${ctx.files}`, baseUrl: p.settings.baseUrl });
    return;
  }
  const show = text.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void Promise.resolve(show(`Doc Translate: ${text.message}`, ...text.actions.map((a) => ACTIONS[a].label))).then((picked) => {
    const action = text.actions.find((a) => ACTIONS[a].label === picked);
    if (action !== undefined) void vscode.commands.executeCommand(ACTIONS[action].command);
  });
}
