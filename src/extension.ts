import type * as vscode from 'vscode';
import { registerCommands } from './platform/commands.ts';
import { textTranslationCommands } from './features/textTranslation/index.ts';
import { activateJobs } from './features/jobs/index.ts';
import { createServices } from './platform/platform.ts';
import { TargetLanguageStatus } from './features/textTranslation/targetLanguageStatus.ts';

/** What activate() returns: diagnostics only (the activation benchmark reads it). */
export interface DocTranslateExports {
  /** Wall time of activate() itself, in milliseconds. */
  readonly activationMs: number;
}

/**
 * Composition root: services first, then commands and UI, each disposable owned by the context.
 * The client and segmentation modules load on first use, not here.
 */
export function activate(context: vscode.ExtensionContext): DocTranslateExports {
  const started = performance.now();
  const services = createServices(context);
  context.subscriptions.push(
    ...registerCommands(textTranslationCommands(services)),
    new TargetLanguageStatus(services.settings),
    ...activateJobs(services),
  );
  const activationMs = performance.now() - started;
  services.logger.info(`Activated in ${activationMs.toFixed(1)} ms.`);
  return { activationMs };
}

export function deactivate(): void {}
