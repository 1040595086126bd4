// The choices of Translate Files: pickers, with the last choices remembered in globalState and a
// quick "use last settings" path. An options argument skips all of this (tests, other commands).
import * as vscode from 'vscode';
import type { Platform } from '../../../platform/platform.ts';
import { GlobalStateKey } from '../../../platform/state.ts';
import { COMMON_LANGUAGES, isLanguageCode, languageName, orderLanguages } from '../../../platform/languages.ts';
import { describeOptions, parseOptions, type TranslateFilesOptions } from './optionValues.ts';

/** What the option pickers use of the platform. */
export type OptionDeps = Pick<Platform, 'context' | 'recentLanguages' | 'settings'>;
/** The service's default configuration (spec 4.3); the service lists no others, so any id can be typed. */
const KNOWN_ENGINES = ['xr-397b'];

export function lastOptions(s: OptionDeps): TranslateFilesOptions | undefined {
  const value = parseOptions(s.context.globalState.get<unknown>(GlobalStateKey.translateFilesLastOptions));
  return value !== undefined && value.targetLanguages.length > 0 ? value : undefined;
}

export async function rememberOptions(s: OptionDeps, options: TranslateFilesOptions): Promise<void> {
  const { confirm: _confirm, ...kept } = options;
  await s.context.globalState.update(GlobalStateKey.translateFilesLastOptions, kept);
  for (const lang of [...options.targetLanguages].reverse()) await s.recentLanguages.remember(lang);
}

/** Asks for everything; undefined when the user cancels at any step. */
export async function pickOptions(s: OptionDeps): Promise<TranslateFilesOptions | undefined> {
  const last = lastOptions(s);
  if (last !== undefined) {
    const useLast = { label: '$(history) Use last settings', detail: describeOptions(last) };
    const choose = { label: '$(settings) Choose settings…' };
    const picked = await vscode.window.showQuickPick([useLast, choose], { title: 'Doc Translate: Translate Files' });
    if (picked === undefined) return undefined;
    if (picked === useLast) return last;
  }
  const targetLanguages = await pickLanguages(s, last?.targetLanguages ?? [s.settings.targetLanguage]);
  if (targetLanguages === undefined || targetLanguages.length === 0) return undefined;
  // Documentation wants the translated file, not both languages: single first unless bilingual was chosen last.
  const modes = [
    { label: 'Single', description: 'the translated file only (for documentation)', value: 'single' as const },
    { label: 'Bilingual', description: 'source and translation together', value: 'bilingual' as const },
  ];
  if (last?.outputMode === 'bilingual') modes.reverse();
  const mode = await vscode.window.showQuickPick(modes, { title: 'Doc Translate: output (2/4)' });
  if (mode === undefined) return undefined;
  const engine = await pickEngine(s, last?.engine);
  if (engine === undefined) return undefined;
  const extras = await pickExtras(last);
  if (extras === undefined) return undefined;
  return { targetLanguages, outputMode: mode.value, engine, ...extras };
}

async function pickLanguages(s: OptionDeps, preselected: readonly string[]): Promise<string[] | undefined> {
  const locale = vscode.env.language;
  const ordered = orderLanguages(COMMON_LANGUAGES, [...preselected, ...s.recentLanguages.get()], (c) => languageName(c, locale));
  type Item = vscode.QuickPickItem & { code?: string };
  const item = (code: string): Item => ({ label: languageName(code, locale), description: code, code });
  const base: Item[] = [
    { label: 'recently used', kind: vscode.QuickPickItemKind.Separator },
    ...ordered.recent.map(item),
    { label: 'all languages', kind: vscode.QuickPickItemKind.Separator },
    ...ordered.others.map(item),
  ];
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = 'Doc Translate: target languages (1/4)';
  qp.placeholder = 'Pick one or more languages, or type a code such as pt-BR';
  qp.canSelectMany = true;
  qp.matchOnDescription = true;
  qp.items = base;
  qp.selectedItems = base.filter((i) => i.code !== undefined && preselected.includes(i.code));
  qp.onDidChangeValue((value) => {
    const code = value.trim();
    const known = base.some((i) => i.code === code);
    const selected = qp.selectedItems;
    qp.items = isLanguageCode(code) && !known ? [{ label: code, description: 'language code', code }, ...base] : base;
    qp.selectedItems = qp.items.filter((i) => selected.some((x) => x.code === i.code));
  });
  const result = await new Promise<string[] | undefined>((resolve) => {
    qp.onDidAccept(() => resolve(qp.selectedItems.flatMap((i) => (i.code !== undefined ? [i.code] : []))));
    qp.onDidHide(() => resolve(undefined));
    qp.show();
  });
  qp.dispose();
  return result;
}

async function pickEngine(s: OptionDeps, last: string | undefined): Promise<string | undefined> {
  const engines = [...new Set([last, s.settings.engine, ...KNOWN_ENGINES].filter((e): e is string => e !== undefined))];
  const other = { label: '$(edit) Other…', description: 'enter a translation configuration id' };
  const picked = await vscode.window.showQuickPick([...engines.map((e) => ({ label: e, description: e === s.settings.engine ? 'from settings' : '' })), other], {
    title: 'Doc Translate: engine (3/4)',
  });
  if (picked === undefined) return undefined;
  if (picked !== other) return picked.label;
  const typed = await vscode.window.showInputBox({ title: 'Doc Translate: engine', prompt: 'Translation configuration id', value: last ?? '' });
  return typed?.trim() || undefined;
}

type Extras = Pick<TranslateFilesOptions, 'includeImages' | 'contextTranslation' | 'glossaryId' | 'stylePreset'>;

async function pickExtras(last: TranslateFilesOptions | undefined): Promise<Extras | undefined> {
  const items = [
    { label: 'Translate text in images', key: 'includeImages', picked: last?.includeImages === true },
    { label: 'Context translation', key: 'contextTranslation', picked: last?.contextTranslation === true },
    { label: 'Use a glossary…', key: 'glossary', picked: last?.glossaryId !== undefined },
    { label: 'Style preset…', key: 'style', picked: last?.stylePreset !== undefined },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'Doc Translate: options (4/4), Enter for none', canPickMany: true });
  if (picked === undefined) return undefined;
  const has = (key: string): boolean => picked.some((p) => p.key === key);
  const out: Extras = { includeImages: has('includeImages'), contextTranslation: has('contextTranslation') };
  if (has('glossary')) {
    const id = await vscode.window.showInputBox({ title: 'Doc Translate: glossary id', value: last?.glossaryId ?? '' });
    if (id === undefined) return undefined;
    if (id.trim() !== '') out.glossaryId = id.trim();
  }
  if (has('style')) {
    const style = await vscode.window.showInputBox({ title: 'Doc Translate: style preset', value: last?.stylePreset ?? '' });
    if (style === undefined) return undefined;
    if (style.trim() !== '') out.stylePreset = style.trim();
  }
  return out;
}
