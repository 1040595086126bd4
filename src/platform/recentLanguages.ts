import type * as vscode from 'vscode';
import { GlobalStateKey } from './state.ts';
import { rememberRecent } from './languages.ts';

/** Recently chosen target languages, kept in globalState across windows. */
export class RecentLanguages {
  constructor(private readonly state: vscode.Memento) {}

  get(): string[] {
    const value = this.state.get<unknown>(GlobalStateKey.recentTargetLanguages);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  async remember(code: string): Promise<void> {
    await this.state.update(GlobalStateKey.recentTargetLanguages, rememberRecent(this.get(), code));
  }
}
