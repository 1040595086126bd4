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
    this.item.name = vscode.l10n.t('Doc Translate: Target Language');
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
    this.item.tooltip = vscode.l10n.t('Doc Translate: translating into {0} ({1}). Click to change.', languageName(code, vscode.env.language), code);
    this.item.accessibilityInformation = { label: vscode.l10n.t('Doc Translate target language: {0}', languageName(code, vscode.env.language)) };
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.subscription.dispose();
    this.item.dispose();
  }
}
