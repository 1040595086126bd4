import * as vscode from 'vscode';
import { activateAccount } from './features/account/index.ts';
import { activateDocumentTools } from './features/documentTools/index.ts';
import { activateJobs } from './features/jobs/index.ts';
import { activateLibrary } from './features/library/index.ts';
import { activateLocalization } from './features/localization/index.ts';
import { activateMedia } from './features/media/index.ts';
import { activateSetup } from './features/setup/index.ts';
import { activateTextTranslation } from './features/textTranslation/index.ts';
import { createPlatform, type Platform } from './platform/platform.ts';

/** What activate() returns: diagnostics only (the activation benchmark reads it). */
export interface DocTranslateExports {
  /** Wall time of activate() itself, in milliseconds. */
  readonly activationMs: number;
  /** Only under the extension's own tests (ExtensionMode.Test): scripted answers and switches. */
  readonly testing?: Pick<Platform, 'prompter' | 'settings' | 'contextKeys'> & { readonly secrets: vscode.SecretStorage };
}

/** Set by activate(): stops the features and closes the client's connections. */
let shutdown: (() => Promise<void>) | undefined;

/**
 * Composition root: the platform first, then each feature, each disposable owned by the context.
 * The client and segmentation modules load on first use, not here.
 */
export function activate(context: vscode.ExtensionContext): DocTranslateExports {
  const started = performance.now();
  const platform = createPlatform(context);
  const features = [
    ...activateSetup(platform),
    ...activateTextTranslation(platform),
    ...activateJobs(platform),
    ...activateLocalization(platform),
    ...activateLibrary(platform),
    ...activateMedia(platform),
    ...activateDocumentTools(platform),
    ...activateAccount(platform),
  ];
  context.subscriptions.push(...features);
  shutdown = async () => {
    for (const d of [...features].reverse()) d.dispose();
    await platform.clients.close();
  };
  const activationMs = performance.now() - started;
  platform.logger.info(`Activated in ${activationMs.toFixed(1)} ms.`);
  const testing =
    context.extensionMode === vscode.ExtensionMode.Test
      ? { prompter: platform.prompter, settings: platform.settings, contextKeys: platform.contextKeys, secrets: context.secrets }
      : undefined;
  // The published extension's API has no `testing` key at all (`'testing' in api` is false), not one that is undefined.
  return { activationMs, ...(testing !== undefined ? { testing } : {}) };
}

/** Stops watchers and closes the client's connection pools before the extension host unloads it. */
export async function deactivate(): Promise<void> {
  const stop = shutdown;
  shutdown = undefined;
  await stop?.();
}
