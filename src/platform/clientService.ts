import * as vscode from 'vscode';
import type { DocTranslateClient, Logger } from '../api/index.ts';
import { ContextKey } from '../shared/ids.ts';
import { loadApi } from './api.ts';
import { SettingKey } from './settingKeys.ts';
import type { Settings } from './settings.ts';
import type { ApiKeyStore } from './secrets.ts';
import type { ContextKeys } from './contextKeys.ts';
import { DisposableStore } from './disposables.ts';

export type ClientState = { kind: 'ready'; client: DocTranslateClient; baseUrl: string } | { kind: 'missing'; missing: 'serviceUrl' | 'apiKey' };

export interface ClientServiceOptions {
  settings: Settings;
  keys: ApiKeyStore;
  logger: Logger;
  userAgent: string;
  contextKeys: ContextKeys;
}

interface Entry {
  baseUrl: string;
  apiKey: string;
  client: Promise<DocTranslateClient>;
}

/**
 * Owns the one DocTranslateClient built from the service URL setting and the stored key.
 * The client module loads on first use (keeps activation light); a change of either input
 * retires the old client and the next request builds a new one.
 */
export class ClientService implements vscode.Disposable {
  private entry: Entry | undefined;
  private apiKey: Promise<string | undefined> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the service URL or the key changed (views and welcome content refresh on it). */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: DisposableStore;

  constructor(private readonly opts: ClientServiceOptions) {
    this.subscriptions = new DisposableStore(
      opts.settings.onDidChange((keys) => {
        if (!keys.has(SettingKey.baseUrl)) return;
        // Keys are stored per origin: another address means another key (or none).
        this.apiKey = undefined;
        this.invalidate();
      }),
      opts.keys.onDidChange(() => {
        this.apiKey = undefined;
        this.invalidate();
      }),
    );
    void this.refreshContext();
  }

  get baseUrl(): string {
    return this.opts.settings.baseUrl;
  }

  async get(): Promise<ClientState> {
    const baseUrl = this.opts.settings.baseUrl;
    const apiKey = await this.readKey();
    this.setContext(baseUrl, apiKey);
    if (baseUrl === '') return { kind: 'missing', missing: 'serviceUrl' };
    if (apiKey === undefined) return { kind: 'missing', missing: 'apiKey' };
    if (this.entry === undefined || this.entry.baseUrl !== baseUrl || this.entry.apiKey !== apiKey) {
      this.retire();
      this.entry = { baseUrl, apiKey, client: this.create(baseUrl, apiKey) };
    }
    return { kind: 'ready', client: await this.entry.client, baseUrl };
  }

  /** A client not cached here, e.g. to verify a key before storing it. The caller closes it. */
  async create(baseUrl: string, apiKey: string): Promise<DocTranslateClient> {
    const api = await loadApi();
    return new api.DocTranslateClient({
      baseUrl,
      apiKey,
      logger: this.opts.logger,
      userAgent: this.opts.userAgent,
      // Read at each download, so a changed setting applies without a new client.
      maxDownloadBytes: () => this.opts.settings.downloadMaxBytes,
    });
  }

  /** Closes the client's connection pools (deactivation waits for this). */
  async close(): Promise<void> {
    const old = this.entry;
    this.entry = undefined;
    if (old !== undefined) await old.client.then((c) => c.close()).catch(() => undefined);
  }

  dispose(): void {
    this.subscriptions.dispose();
    this.retire();
    this.changed.dispose();
  }

  private readKey(): Promise<string | undefined> {
    this.apiKey ??= this.opts.keys.get();
    return this.apiKey;
  }

  private invalidate(): void {
    this.retire();
    void this.refreshContext();
    this.changed.fire();
  }

  private retire(): void {
    const old = this.entry;
    this.entry = undefined;
    if (old !== undefined) {
      void old.client.then((c) => c.close()).catch(() => undefined);
    }
  }

  private async refreshContext(): Promise<void> {
    this.setContext(this.opts.settings.baseUrl, await this.readKey());
  }

  private setContext(baseUrl: string, apiKey: string | undefined): void {
    this.opts.contextKeys.set(ContextKey.hasServiceUrl, baseUrl !== '');
    this.opts.contextKeys.set(ContextKey.hasApiKey, apiKey !== undefined);
  }
}
