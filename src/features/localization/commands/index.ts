// The Localization commands, bundled apart (dist/localization-commands.js) and loaded by the first
// command that runs, so activation carries only the view, the badges and the status item.
import * as vscode from 'vscode';
import type { Command } from '../../../platform/commands.ts';
import { setTranslator } from '../../../platform/l10n.ts';
import { itemCommands, type ItemDeps } from './items.ts';
import { setupCommand, type SetupDeps } from './setup.ts';
import { updateCommands, type UpdateDeps } from './update.ts';

// This bundle carries its own copy of the pure modules' translator: point it at VS Code's as well.
setTranslator(vscode.l10n.t as Parameters<typeof setTranslator>[0]);

export type CommandDeps = SetupDeps & UpdateDeps & ItemDeps;

export function localizationCommands(d: CommandDeps): Command[] {
  return [setupCommand(d), ...updateCommands(d), ...itemCommands(d)];
}
