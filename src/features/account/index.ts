import * as vscode from 'vscode';
import type { Balance } from '../../api/index.ts';
import { registerCommands } from '../../platform/commands.ts';
import { formatCredits } from '../../platform/format.ts';
import type { Platform } from '../../platform/platform.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { showError } from '../../platform/showError.ts';
import { CommandId } from '../../shared/ids.ts';

type AccountDeps = Pick<Platform, 'clients' | 'balance' | 'settings'>;

/** Account: Show Balance (a free call; the command returns the balance). */
export function activateAccount(p: Platform): vscode.Disposable[] {
  return registerCommands([{ id: CommandId.showBalance, run: () => showBalance(p) }]);
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
