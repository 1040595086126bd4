import * as vscode from 'vscode';
import type { Balance } from '../../api/index.ts';
import type { Services } from '../../platform/platform.ts';
import { formatCredits } from '../../platform/format.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { showError } from '../../platform/showError.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';

/** Show Balance (a free call; returns the balance) and Show Log. */
export function accountCommands(s: Services): Command[] {
  return [
    { id: CommandId.showBalance, run: () => showBalance(s) },
    { id: CommandId.showLog, run: () => s.output.show(true) },
  ];
}

async function showBalance(s: Services): Promise<Balance | undefined> {
  const client = await requireClient(s.clients);
  if (client === undefined) return undefined;
  try {
    const balance = await withCancellableProgress('Doc Translate: fetching the balance', (signal) =>
      client.getBalance({ signal }),
    );
    const debt = balance.debt > 0 ? `, debt ${formatCredits(balance.debt)}` : '';
    void vscode.window.showInformationMessage(`Doc Translate: ${formatCredits(balance.available)} available${debt}.`);
    return balance;
  } catch (err) {
    void showError(err, { operation: 'Fetching the balance', baseUrl: s.settings.baseUrl });
    return undefined;
  }
}
