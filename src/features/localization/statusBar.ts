// "Localization: 3 stale" in the status bar while a set-up exists; a click shows the view.
import * as vscode from 'vscode';
import { CommandId } from '../../shared/ids.ts';
import { statusText, statusTooltip, totals } from './model.ts';
import type { LocalizationState } from './state.ts';

export class LocalizationStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('docTranslate.localization', vscode.StatusBarAlignment.Left, 40);
  private readonly subscription: vscode.Disposable;
  private updating = false;

  constructor(private readonly state: LocalizationState) {
    this.item.name = vscode.l10n.t('Doc Translate: Localization');
    this.item.command = CommandId.localizationFocus;
    this.subscription = state.onDidChange(() => this.show());
  }

  /** While an update runs the item says so (and a click cancels it through the palette command). */
  setUpdating(updating: boolean): void {
    this.updating = updating;
    this.show();
  }

  snapshot(): { visible: boolean; text: string; tooltip: string } {
    const tooltip = this.item.tooltip;
    return { visible: this.visible, text: this.item.text, tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '') };
  }

  private visible = false;

  private show(): void {
    const setups = this.state.all();
    if (setups.length === 0) {
      this.visible = false;
      this.item.hide();
      return;
    }
    const t = totals(setups);
    const attention = t.stale + t.missing + t.conflict > 0;
    this.item.text = this.updating ? vscode.l10n.t('$(sync~spin) Localization: updating…') : `$(${attention ? 'globe' : 'check'}) ${statusText(t)}`;
    this.item.tooltip = this.updating ? vscode.l10n.t('Updating translations (Doc Translate: Cancel Translation Update stops it).') : statusTooltip(t);
    // Screen readers read the text without its icon's name ("globe", "check").
    this.item.accessibilityInformation = {
      label: this.updating ? vscode.l10n.t('Doc Translate: updating translations') : vscode.l10n.t('Doc Translate: {0}', statusText(t)),
    };
    this.item.command = this.updating ? CommandId.localizationCancelUpdate : CommandId.localizationFocus;
    this.item.backgroundColor = t.conflict > 0 && !this.updating ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.visible = true;
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
