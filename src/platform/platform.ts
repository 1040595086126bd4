import * as vscode from 'vscode';
import type { Logger } from '../api/index.ts';
import { BalanceService } from './balance.ts';
import { ClientService } from './clientService.ts';
import { ContextKey } from '../shared/ids.ts';
import { ContextKeys } from './contextKeys.ts';
import { DownloadCache } from './downloadCache.ts';
import { setTranslator } from './l10n.ts';
import { outputLogger } from './logger.ts';
import { Prompter } from './prompter.ts';
import { RecentLanguages } from './recentLanguages.ts';
import { ApiKeyStore } from './secrets.ts';
import { SafeWriter } from './safeWriter.ts';
import { Settings } from './settings.ts';

/**
 * The editor services every feature uses, built once in activate(). Features take what they use
 * from here (a command receives only the parts it needs); nothing here knows any feature.
 */
export interface Platform {
  readonly context: vscode.ExtensionContext;
  readonly settings: Settings;
  readonly keys: ApiKeyStore;
  readonly clients: ClientService;
  readonly balance: BalanceService;
  readonly output: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly contextKeys: ContextKeys;
  readonly recentLanguages: RecentLanguages;
  /** Every question asked of the person: confirmations, typed values, picks, file dialogs. */
  readonly prompter: Prompter;
  /** The one writer into the workspace. */
  readonly writer: SafeWriter;
  /** Downloads kept in the extension's storage, reused across sessions. */
  readonly downloads: DownloadCache;
}

/** Builds the services in dependency order; each disposable goes to context.subscriptions. */
export function createPlatform(context: vscode.ExtensionContext): Platform {
  const own = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  // The pure modules' messages follow VS Code's display language from here on.
  setTranslator(vscode.l10n.t as Parameters<typeof setTranslator>[0]);
  const output = own(vscode.window.createOutputChannel('Doc Translate', { log: true }));
  const logger = outputLogger(output);
  const contextKeys = new ContextKeys(context.globalState, [
    ContextKey.savedServiceUrl,
    ContextKey.storedApiKey,
    ContextKey.translatedSelection,
    ContextKey.translatedDocument,
    ContextKey.startedTranslateFiles,
  ]);
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  const settings = own(new Settings());
  const keys = own(new ApiKeyStore(context.secrets, () => settings.baseUrl));
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
  const balance = own(new BalanceService(clients));
  if (settings.workspaceSetsBaseUrl) {
    logger.warn('docTranslate.baseUrl in workspace settings is ignored: the service URL is read from user settings only.');
  }
  const recentLanguages = new RecentLanguages(context.globalState);
  const prompter = new Prompter(testMode);
  const writer = new SafeWriter(prompter);
  const downloads = new DownloadCache(vscode.Uri.joinPath(context.globalStorageUri, 'downloads').fsPath, () => settings.downloadCacheLimits);
  // Pruned once per activation, after the workbench has settled (never on the activation path).
  const prune = setTimeout(() => {
    void downloads.prune().then(
      (r) => r.removed > 0 && logger.info(`Download cache: removed ${r.removed} old download(s), ${r.bytes} bytes.`),
      (err: unknown) => logger.warn(`Download cache: pruning failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  }, 10_000);
  own({ dispose: () => clearTimeout(prune) });
  return { context, settings, keys, clients, balance, output, logger, contextKeys, recentLanguages, prompter, writer, downloads };
}
