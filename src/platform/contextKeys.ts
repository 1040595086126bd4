import * as vscode from 'vscode';
import type { ContextKey } from '../shared/ids.ts';
import { GlobalStateKey } from './state.ts';

/**
 * Sets `when`-clause context keys, sending each value to the workbench only when it changes.
 * The walkthrough's milestones (`persisted`) are also kept in globalState and set again at
 * activation, so the walkthrough shows every step done before, in any window or session.
 *
 * What is set in the task that creates this object (activation: the menus' file types, a dozen
 * keys) is sent right after that task: each `setContext` is a command run through the extension
 * host, work that would otherwise hold up activate(). `value()` has every key at once; later sets
 * are sent at once, in order with whatever else the caller sends.
 */
export class ContextKeys {
  private readonly values = new Map<ContextKey, unknown>();
  private unsent: Map<ContextKey, unknown> | undefined = new Map();

  constructor(
    private readonly store?: vscode.Memento,
    private readonly persisted: readonly ContextKey[] = [],
  ) {
    setTimeout(() => this.sendUnsent(), 0);
    const saved = store?.get<Partial<Record<string, boolean>>>(GlobalStateKey.walkthroughMilestones) ?? {};
    for (const key of persisted) if (saved[key] === true) this.set(key, true);
  }

  /** A list serves `when` clauses such as `resourceExtname in <key>`. */
  set(key: ContextKey, value: boolean | string | number | readonly string[]): void {
    const known = this.values.get(key);
    if (known === value || (Array.isArray(value) && Array.isArray(known) && known.join('\n') === value.join('\n'))) return;
    const copy: unknown = Array.isArray(value) ? [...value] : value;
    this.values.set(key, copy);
    if (this.unsent !== undefined) this.unsent.set(key, copy);
    else void vscode.commands.executeCommand('setContext', key, value);
    if (this.store !== undefined && this.persisted.includes(key) && typeof value === 'boolean') {
      const saved = this.store.get<Partial<Record<string, boolean>>>(GlobalStateKey.walkthroughMilestones) ?? {};
      void this.store.update(GlobalStateKey.walkthroughMilestones, { ...saved, [key]: value });
    }
  }

  private sendUnsent(): void {
    const unsent = this.unsent;
    this.unsent = undefined;
    for (const [key, value] of unsent ?? []) void vscode.commands.executeCommand('setContext', key, value);
  }

  /** The value last set by this extension (undefined when never set). */
  value(key: ContextKey): unknown {
    return this.values.get(key);
  }
}
