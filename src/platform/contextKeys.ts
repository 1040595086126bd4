import * as vscode from 'vscode';
import type { ContextKey } from '../shared/ids.ts';

/** Sets `when`-clause context keys, sending each value to the workbench only when it changes. */
export class ContextKeys {
  private readonly values = new Map<ContextKey, unknown>();

  /** A list serves `when` clauses such as `resourceExtname in <key>`. */
  set(key: ContextKey, value: boolean | string | number | readonly string[]): void {
    const known = this.values.get(key);
    if (known === value || (Array.isArray(value) && Array.isArray(known) && known.join('\n') === value.join('\n'))) return;
    this.values.set(key, Array.isArray(value) ? [...value] : value);
    void vscode.commands.executeCommand('setContext', key, value);
  }

  /** The value last set by this extension (undefined when never set). */
  value(key: ContextKey): unknown {
    return this.values.get(key);
  }
}
