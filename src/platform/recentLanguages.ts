import type * as vscode from 'vscode';
import { StateKey } from './settingKeys.ts';
import { rememberRecent } from './languages.ts';

/** Recently chosen target languages, kept in globalState across windows. */
export class RecentLanguages {
  constructor(private readonly state: vscode.Memento) {}

  get(): string[] {
    const value = this.state.get<unknown>(StateKey.recentTargetLanguages);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  async remember(code: string): Promise<void> {
    await this.state.update(StateKey.recentTargetLanguages, rememberRecent(this.get(), code));
  }
}
