import * as vscode from 'vscode';
import type { Balance } from '../../api/index.ts';
import { defineCommand, type RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import { registerCommands } from '../../platform/commands.ts';
import { formatCredits } from '../../platform/format.ts';
import { lazy } from '../../platform/lazy.ts';
import type { Platform } from '../../platform/platform.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import { RECEIPT_SCHEME } from './scheme.ts';

type AccountDeps = Pick<Platform, 'clients' | 'balance' | 'settings'>;
type Ui = Pick<typeof import('./ui/index.ts'), 'AccountView' | 'openReceipt' | 'receiptContent' | 'webhookCommands'>;
type View = InstanceType<Ui['AccountView']>;

/**
 * Account: Show Balance (a free call; the command returns the balance), the Account view (balance,
 * key budget, usage by day, credit operations with receipts, webhooks) and the webhook commands.
 * Activation registers only small stand-ins: the view, receipts and webhook commands are their own
 * bundle (./ui, dist/account-ui.js), loaded when the view is first shown or a command first runs.
 */
export function activateAccount(p: Platform): vscode.Disposable[] {
  // The part loads on first use; a failed load is tried again by the next use.
  const loadUi = lazy(async (): Promise<Ui> => {
    const { AccountView, openReceipt, receiptContent, webhookCommands } = await import('./ui/index.ts');
    return { AccountView, openReceipt, receiptContent, webhookCommands };
  });
  let view: View | undefined;
  const disposables: vscode.Disposable[] = [{ dispose: () => view?.dispose() }];
  const accountView = async (): Promise<View> => {
    const m = await loadUi();
    view ??= new m.AccountView(p);
    return view;
  };
  let webhooks: Command[] | undefined;
  const webhook = (id: CommandId): Command => ({
    id,
    run: async (...args: unknown[]) => {
      webhooks ??= (await loadUi()).webhookCommands(p, () => view?.invalidate());
      return webhooks.find((c) => c.id === id)?.run(...args);
    },
  });
  return [
    ...disposables,
    vscode.window.registerWebviewViewProvider(ViewId.account, {
      resolveWebviewView: async (webviewView) => (await accountView()).resolveWebviewView(webviewView),
    }),
    vscode.workspace.registerTextDocumentContentProvider(RECEIPT_SCHEME, {
      provideTextDocumentContent: async (uri) => (await loadUi()).receiptContent(p, uri),
    }),
    ...registerCommands([
      defineCommand(p, {
        id: CommandId.showBalance,
        operation: () => vscode.l10n.t('Fetching the balance'),
        failed: () => undefined,
        run: (ctx) => showBalance(p, ctx),
      }),
      { id: CommandId.accountRefresh, run: async () => (await accountView()).refresh() },
      defineCommand(p, {
        id: CommandId.accountOpenReceipt,
        operation: () => vscode.l10n.t('Fetching the receipt'),
        failed: () => undefined,
        run: async (ctx, id?: unknown) => (await loadUi()).openReceipt(ctx, id),
      }),
      ...(process.env.NODE_ENV !== 'production' ? [{ id: CommandId.accountSnapshot, run: async () => (await accountView()).snapshot() }] : []),
      webhook(CommandId.webhooksAdd),
      webhook(CommandId.webhooksEdit),
      webhook(CommandId.webhooksEnable),
      webhook(CommandId.webhooksDelete),
    ]),
  ];
}

async function showBalance(s: AccountDeps, ctx: RunContext): Promise<Balance | undefined> {
  await ctx.client();
  const balance = await withCancellableProgress(vscode.l10n.t('Doc Translate: fetching the balance'), (signal) => s.balance.fetch({ signal }));
  if (balance === undefined) return undefined;
  const message =
    balance.debt > 0
      ? vscode.l10n.t('Doc Translate: {0} available, debt {1}.', formatCredits(balance.available), formatCredits(balance.debt))
      : vscode.l10n.t('Doc Translate: {0} available.', formatCredits(balance.available));
  void vscode.window.showInformationMessage(message);
  return balance;
}
