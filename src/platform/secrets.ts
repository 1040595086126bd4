import * as vscode from 'vscode';
import { SECRET_API_KEY } from './settingKeys.ts';

export const API_KEY_PREFIX = 'sk_';

/** Pure check used by the input box and the command argument. */
export function apiKeyProblem(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return 'Enter your API key.';
  if (!key.startsWith(API_KEY_PREFIX)) return `API keys start with "${API_KEY_PREFIX}".`;
  if (/\s/.test(key)) return 'An API key contains no spaces.';
  return undefined;
}

/** A short form safe to show: the prefix and the last four characters. */
export function maskApiKey(key: string): string {
  return key.length <= 8 ? `${API_KEY_PREFIX}…` : `${API_KEY_PREFIX}…${key.slice(-4)}`;
}

/** The API key lives only in SecretStorage; this is the single place that reads or writes it. */
export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === SECRET_API_KEY) this.changed.fire();
    });
  }

  async get(): Promise<string | undefined> {
    const value = await this.secrets.get(SECRET_API_KEY);
    return value !== undefined && value !== '' ? value : undefined;
  }

  // Fired here as well as by SecretStorage (which may arrive later, or come from another
  // window), so a request right after a change never uses the previous key.
  async set(key: string): Promise<void> {
    await this.secrets.store(SECRET_API_KEY, key.trim());
    this.changed.fire();
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_API_KEY);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
