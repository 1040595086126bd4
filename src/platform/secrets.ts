import * as vscode from 'vscode';
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
    return value !== undefined && value !== '' ? value : undefined;
  }

  // Fired here as well as by SecretStorage (which may arrive later, or come from another
  // window), so a request right after a change never uses the previous key.
  /** Stores `key` for the origin of `baseUrl` (the address it was checked against). */
  async set(key: string, baseUrl = this.baseUrl()): Promise<void> {
    const origin = serviceOrigin(baseUrl);
    if (origin === undefined) throw new Error(vscode.l10n.t('Set the service URL before the API key.'));
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

  private secretName(): string | undefined {
    const origin = serviceOrigin(this.baseUrl());
    return origin !== undefined ? apiKeySecretName(origin) : undefined;
  }
}
