import * as vscode from 'vscode';
import { isCancellation } from '../../platform/errorMessages.ts';
import { errorActions, showError } from '../../platform/showError.ts';
import { describeToolError, type ToolErrorContext } from './errorText.ts';
import type { DocTranslateClient } from '../../api/index.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import type { DocumentToolsFeature, ToolsPlatform } from './feature.ts';
import type { Offer, ToolId } from './tools.ts';

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

/**
 * The client and the tool's offer as the capabilities say now (read again when old). A failure from
 * here on is reported as a refused tool: with the formats known before (`about.formats`) until the
 * capabilities are read, then with theirs.
 */
export async function currentOffer(
  f: Pick<DocumentToolsFeature, 'balance' | 'settings' | 'capabilities' | 'offer'>,
  ctx: RunContext,
  tool: ToolId,
  about: Required<Pick<ToolErrorContext, 'tool' | 'files' | 'formats'>>,
): Promise<{ client: DocTranslateClient; offer: Offer }> {
  const client = await ctx.client();
  let formats = about.formats;
  ctx.reportWith((err) => showToolError(f, err, { tool: about.tool, files: about.files, formats }));
  await f.capabilities(client);
  const offer = f.offer(tool);
  formats = offer.formats;
  return { client, offer };
}
