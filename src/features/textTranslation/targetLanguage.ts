import * as vscode from 'vscode';
import type { Platform } from '../../platform/platform.ts';

type LanguageDeps = Pick<Platform, 'settings' | 'recentLanguages'>;
import { COMMON_LANGUAGES, isLanguageCode, languageName, orderLanguages } from '../../platform/languages.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';

interface LanguageItem extends vscode.QuickPickItem {
  code?: string;
}

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
  const code = given !== undefined ? given.trim() : await pickLanguage(s);
  if (code === undefined) return undefined;
  if (!isLanguageCode(code)) {
    void vscode.window.showErrorMessage(`Doc Translate: "${code}" is not a language code (examples: de, fr, zh-Hans).`);
    return undefined;
  }
  await s.settings.setTargetLanguage(code);
  await s.recentLanguages.remember(code);
  return code;
}

function pickLanguage(s: LanguageDeps): Promise<string | undefined> {
  const locale = vscode.env.language;
  const nameOf = (code: string): string => languageName(code, locale);
  const current = s.settings.targetLanguage;
  const { recent, others } = orderLanguages(COMMON_LANGUAGES, s.recentLanguages.get(), nameOf);
  const item = (code: string): LanguageItem => ({
    label: nameOf(code),
    description: code === current ? `${code} · current` : code,
    code,
  });
  const base: LanguageItem[] = [
    ...(recent.length > 0 ? [{ label: 'Recently used', kind: vscode.QuickPickItemKind.Separator }] : []),
    ...recent.map(item),
    { label: 'All languages', kind: vscode.QuickPickItemKind.Separator },
    ...others.map(item),
  ];

  const pick = vscode.window.createQuickPick<LanguageItem>();
  pick.title = 'Doc Translate: Target Language';
  pick.placeholder = `Translate into… (now ${nameOf(current)}, ${current}); type any language code`;
  pick.matchOnDescription = true;
  pick.items = base;
  // A code typed that is not in the list can still be used: the service decides what it supports.
  pick.onDidChangeValue((value) => {
    const typed = value.trim();
    const known = base.some((i) => i.code !== undefined && i.code.toLowerCase() === typed.toLowerCase());
    pick.items =
      isLanguageCode(typed) && !known
        ? [{ label: `Use "${typed}"`, description: nameOf(typed), code: typed, alwaysShow: true }, ...base]
        : base;
  });
  return new Promise((resolve) => {
    let chosen: string | undefined;
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0]?.code;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    pick.show();
  });
}
