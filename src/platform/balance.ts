import * as vscode from 'vscode';
import type { Balance } from '../api/index.ts';
import type { ClientService } from './clientService.ts';

/**
 * The one way to read the account balance (a free call): commands ask for it, the status bar and
 * confirmations show the latest value. Each successful read is announced to listeners.
 */
export class BalanceService implements vscode.Disposable {
  private last: Balance | undefined;
  private readonly changed = new vscode.EventEmitter<Balance>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly clients: ClientService) {}

  /** The last balance read in this window, if any. */
  get latest(): Balance | undefined {
    return this.last;
  }

  /** Reads the balance; throws the client's error. Undefined when no client can be built (URL or key missing). */
  async fetch(opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Balance | undefined> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') return undefined;
    const balance = await state.client.billing.balance({ timeoutMs: opts.timeoutMs ?? 10_000, signal: opts.signal });
    this.last = balance;
    this.changed.fire(balance);
    return balance;
  }

  /** Like fetch, but a failure leaves the last value and yields undefined (for tooltips and hints). */
  async refresh(opts: { timeoutMs?: number } = {}): Promise<Balance | undefined> {
    try {
      return await this.fetch(opts);
    } catch {
      return undefined;
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
