import * as vscode from 'vscode';
import { CommandId } from '../../shared/ids.ts';
import { SettingKey } from '../../platform/settingKeys.ts';
import type { Settings } from '../../platform/settings.ts';
import { languageName } from '../../platform/languages.ts';

/** Status bar item showing the target language; clicking it changes the language. */
export class TargetLanguageStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly settings: Settings) {
    this.item = vscode.window.createStatusBarItem('docTranslate.targetLanguage', vscode.StatusBarAlignment.Right, 100);
    this.item.name = 'Doc Translate: Target Language';
    this.item.command = CommandId.changeTargetLanguage;
    this.subscription = settings.onDidChange((keys) => {
      if (keys.has(SettingKey.targetLanguage)) this.update();
    });
    this.item.text = `$(globe) ${settings.targetLanguage.toUpperCase()}`;
    this.item.show();
    // Language display names load ICU data (several ms): not on the activation path.
    this.pending = setTimeout(() => this.update(), 0);
  }

  private pending: ReturnType<typeof setTimeout> | undefined;

  private update(): void {
    const code = this.settings.targetLanguage;
    this.item.text = `$(globe) ${code.toUpperCase()}`;
    this.item.tooltip = `Doc Translate: translating into ${languageName(code, vscode.env.language)} (${code}). Click to change.`;
    this.item.accessibilityInformation = { label: `Doc Translate target language: ${languageName(code)}` };
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.subscription.dispose();
    this.item.dispose();
  }
}
