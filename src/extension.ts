import type * as vscode from 'vscode';
import { registerCommands } from './commands/command.ts';
import { textTranslationCommands } from './commands/index.ts';
import { activateJobs } from './jobs/activate.ts';
import { createServices } from './services/container.ts';
import { TargetLanguageStatus } from './status/targetLanguageStatus.ts';

/**
 * Composition root: services first, then commands and UI, each disposable owned by the context.
 * The client and segmentation modules load on first use, not here.
 */
export function activate(context: vscode.ExtensionContext): void {
  const services = createServices(context);
  context.subscriptions.push(
    ...registerCommands(textTranslationCommands(services)),
    new TargetLanguageStatus(services.settings),
    ...activateJobs(services),
  );
}

export function deactivate(): void {}
