import * as vscode from 'vscode';
import type { Balance } from '../../api/index.ts';
import { registerCommands } from '../../platform/commands.ts';
import { formatCredits } from '../../platform/format.ts';
import type { Platform } from '../../platform/platform.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { showError } from '../../platform/showError.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import { ReceiptDocuments } from './receipts.ts';
import { AccountView } from './view.ts';
import { webhookCommands } from './webhooks.ts';

type AccountDeps = Pick<Platform, 'clients' | 'balance' | 'settings'>;

/**
 * Account: Show Balance (a free call; the command returns the balance), the Account view (balance,
 * key budget, usage by day, credit operations with receipts, webhooks) and the webhook commands.
 */
export function activateAccount(p: Platform): vscode.Disposable[] {
  const view = new AccountView(p);
  const receipts = new ReceiptDocuments(p);
  return [
    view,
    receipts,
    vscode.window.registerWebviewViewProvider(ViewId.account, view),
    ...registerCommands([
      { id: CommandId.showBalance, run: () => showBalance(p) },
      { id: CommandId.accountRefresh, run: () => view.refresh() },
      { id: CommandId.accountOpenReceipt, run: (id?: unknown) => receipts.open(id) },
      { id: CommandId.accountSnapshot, run: () => view.snapshot() },
      ...webhookCommands(p, () => view.invalidate()),
    ]),
  ];
}

async function showBalance(s: AccountDeps): Promise<Balance | undefined> {
  if ((await requireClient(s.clients)) === undefined) return undefined;
  try {
    const balance = await withCancellableProgress('Doc Translate: fetching the balance', (signal) => s.balance.fetch({ signal }));
    if (balance === undefined) return undefined;
    const debt = balance.debt > 0 ? `, debt ${formatCredits(balance.debt)}` : '';
    void vscode.window.showInformationMessage(`Doc Translate: ${formatCredits(balance.available)} available${debt}.`);
    return balance;
  } catch (err) {
    void showError(err, { operation: 'Fetching the balance', baseUrl: s.settings.baseUrl });
    return undefined;
  }
}
