import * as vscode from 'vscode';
import type { Platform } from '../../platform/platform.ts';

type LanguageDeps = Pick<Platform, 'settings' | 'recentLanguages'>;
import { isLanguageCode } from '../../platform/languages.ts';
import { pickLanguage } from '../../platform/languagePicker.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';

/** Change Target Language: QuickPick with recently used first; optional argument: the code. */
export function targetLanguageCommands(s: LanguageDeps): Command[] {
  return [
    {
      id: CommandId.changeTargetLanguage,
      run: (code?: unknown) => changeTargetLanguage(s, typeof code === 'string' ? code : undefined),
    },
  ];
}

async function changeTargetLanguage(s: LanguageDeps, given: string | undefined): Promise<string | undefined> {
  const code = given !== undefined ? given.trim() : await pickTargetLanguage(s);
  if (code === undefined) return undefined;
  if (!isLanguageCode(code)) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: "{0}" is not a language code (examples: de, fr, zh-Hans).', code));
    return undefined;
  }
  await s.settings.setTargetLanguage(code);
  await s.recentLanguages.remember(code);
  return code;
}

function pickTargetLanguage(s: LanguageDeps): Promise<string | undefined> {
  return pickLanguage({ title: vscode.l10n.t('Doc Translate: Target Language'), current: [s.settings.targetLanguage], recent: s.recentLanguages.get() });
}
