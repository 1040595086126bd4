import * as vscode from 'vscode';
import type { CommandId } from '../shared/ids.ts';

/** One command: its id and what it runs. Features export lists of these. */
export interface Command {
  readonly id: CommandId;
  run(...args: unknown[]): unknown;
}

export function registerCommands(commands: Iterable<Command>): vscode.Disposable[] {
  return Array.from(commands, (c) => vscode.commands.registerCommand(c.id, (...args: unknown[]) => c.run(...args)));
}
