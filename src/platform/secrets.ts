import * as vscode from 'vscode';
import { rememberSecret } from '../shared/secretValues.ts';
import { serviceOrigin } from '../shared/serviceUrl.ts';

/** SecretStorage key of the API key for one service origin: a key belongs to the host it was made for. */
export function apiKeySecretName(origin: string): string {
  return `docTranslate.apiKey@${origin}`;
}

/** Where keys were kept before they were tied to an origin; removed, never sent anywhere. */
const LEGACY_SECRET = 'docTranslate.apiKey';

/**
 * The API key lives only in SecretStorage, stored per service origin; this is the single place
 * that reads or writes it. Changing the service URL to another host means no key until the user
 * sets one for that host, so a stored key is never sent to a host it was not given for.
 */
export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  /** `baseUrl` reads the configured service address ('' when none). */
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly baseUrl: () => string,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      const name = this.secretName();
      if (name !== undefined && e.key === name) this.changed.fire();
    });
    void Promise.resolve(secrets.delete(LEGACY_SECRET)).catch(() => undefined);
  }

  /** The key stored for the configured service's origin. */
  async get(): Promise<string | undefined> {
    const name = this.secretName();
    if (name === undefined) return undefined;
    const value = await this.secrets.get(name);
    if (value === undefined || value === '') return undefined;
    this.remember(value);
    return value;
  }

  // Fired here as well as by SecretStorage (which may arrive later, or come from another
  // window), so a request right after a change never uses the previous key.
  /** Stores `key` for the origin of `baseUrl` (the address it was checked against). */
  async set(key: string, baseUrl = this.baseUrl()): Promise<void> {
    const origin = serviceOrigin(baseUrl);
    if (origin === undefined) throw new Error(vscode.l10n.t('Set the service URL before the API key.'));
    this.remember(key);
    await this.secrets.store(apiKeySecretName(origin), key.trim());
    this.changed.fire();
  }

  async clear(): Promise<void> {
    const name = this.secretName();
    if (name !== undefined) await this.secrets.delete(name);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  /** Keys this store handed out or stored: masked by value in every log line and message (once each). */
  private readonly remembered = new Set<string>();

  private remember(key: string): void {
    const value = key.trim();
    if (this.remembered.has(value)) return;
    this.remembered.add(value);
    rememberSecret(value);
  }

  private secretName(): string | undefined {
    const origin = serviceOrigin(this.baseUrl());
    return origin !== undefined ? apiKeySecretName(origin) : undefined;
  }
}
