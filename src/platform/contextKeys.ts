import * as vscode from 'vscode';
import type { ContextKey } from '../shared/ids.ts';

/** Sets `when`-clause context keys, sending each value to the workbench only when it changes. */
export class ContextKeys {
  private readonly values = new Map<ContextKey, unknown>();

  set(key: ContextKey, value: boolean | string | number): void {
    if (this.values.get(key) === value) return;
    this.values.set(key, value);
    void vscode.commands.executeCommand('setContext', key, value);
  }

  /** The value last set by this extension (undefined when never set). */
  value(key: ContextKey): unknown {
    return this.values.get(key);
  }
}
