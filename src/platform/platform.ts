import * as vscode from 'vscode';
import type { Logger } from '../api/index.ts';
import { RecentLanguages } from './recentLanguages.ts';
import { Settings } from './settings.ts';
import { TranslationPairs } from '../features/textTranslation/translationPairs.ts';
import { ApiKeyStore } from './secrets.ts';
import { ContextKeys } from './contextKeys.ts';
import { ClientService } from './clientService.ts';
import { outputLogger } from './logger.ts';

/** The extension's long-lived services, built once in activate() and handed to features. */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly settings: Settings;
  readonly keys: ApiKeyStore;
  readonly clients: ClientService;
  readonly output: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly contextKeys: ContextKeys;
  readonly translations: TranslationPairs;
  readonly recentLanguages: RecentLanguages;
}

/** Builds the services in dependency order; each disposable goes to context.subscriptions. */
export function createServices(context: vscode.ExtensionContext): Services {
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  const output = own(vscode.window.createOutputChannel('Doc Translate', { log: true }));
  const logger = outputLogger(output);
  const contextKeys = new ContextKeys();
  const settings = own(new Settings());
  const keys = own(new ApiKeyStore(context.secrets));
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const clients = own(
    new ClientService({
      settings,
      keys,
      logger,
      contextKeys,
      userAgent: `doc-translate-vscode/${version} (VS Code ${vscode.version})`,
    }),
  );
  if (settings.workspaceSetsBaseUrl) {
    logger.warn('docTranslate.baseUrl in workspace settings is ignored: the service URL is read from user settings only.');
  }
  const translations = own(new TranslationPairs(contextKeys));
  const recentLanguages = new RecentLanguages(context.globalState);
  return { context, settings, keys, clients, output, logger, contextKeys, translations, recentLanguages };
}
