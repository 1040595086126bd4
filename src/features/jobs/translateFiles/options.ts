// The choices of Translate Files: pickers, with the last choices remembered in globalState and a
// quick "use last settings" path. An options argument skips all of this (tests, other commands).
import * as vscode from 'vscode';
import type { Platform } from '../../../platform/platform.ts';
import { GlobalStateKey } from '../../../platform/state.ts';
import { pickLanguages } from '../../../platform/languagePicker.ts';
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
  // Step n of all the steps shown: the "use last settings" question counts when it is asked.
  const total = last !== undefined ? 5 : 4;
  const step = (n: number): string => `${n + total - 4}/${total}`;
  if (last !== undefined) {
    const useLast = { label: '$(history) Use last settings', detail: describeOptions(last) };
    const choose = { label: '$(settings) Choose settings…' };
    const picked = await vscode.window.showQuickPick([useLast, choose], { title: `Doc Translate: Translate Files (1/${total})` });
    if (picked === undefined) return undefined;
    if (picked === useLast) return last;
  }
  const targetLanguages = await pickLanguages({
    title: `Doc Translate: target languages (${step(1)})`,
    current: last?.targetLanguages ?? [s.settings.targetLanguage],
    recent: s.recentLanguages.get(),
  });
  if (targetLanguages === undefined || targetLanguages.length === 0) return undefined;
  // Documentation wants the translated file, not both languages: single first unless bilingual was chosen last.
  const modes = [
    { label: 'Single', description: 'the translated file only (for documentation)', value: 'single' as const },
    { label: 'Bilingual', description: 'source and translation together', value: 'bilingual' as const },
  ];
  if (last?.outputMode === 'bilingual') modes.reverse();
  const mode = await vscode.window.showQuickPick(modes, { title: `Doc Translate: output (${step(2)})` });
  if (mode === undefined) return undefined;
  const engine = await pickEngine(s, last?.engine, step(3));
  if (engine === undefined) return undefined;
  const extras = await pickExtras(last, step(4));
  if (extras === undefined) return undefined;
  return { targetLanguages, outputMode: mode.value, engine, ...extras };
}

async function pickEngine(s: OptionDeps, last: string | undefined, step: string): Promise<string | undefined> {
  const engines = [...new Set([last, s.settings.engine, ...KNOWN_ENGINES].filter((e): e is string => e !== undefined))];
  const other = { label: '$(edit) Other…', description: 'enter a translation configuration id' };
  const picked = await vscode.window.showQuickPick([...engines.map((e) => ({ label: e, description: e === s.settings.engine ? 'from settings' : '' })), other], {
    title: `Doc Translate: engine (${step})`,
  });
  if (picked === undefined) return undefined;
  if (picked !== other) return picked.label;
  const typed = await vscode.window.showInputBox({ title: 'Doc Translate: engine', prompt: 'Translation configuration id', value: last ?? '' });
  return typed?.trim() || undefined;
}

type Extras = Pick<TranslateFilesOptions, 'includeImages' | 'contextTranslation' | 'glossaryId' | 'stylePreset'>;

async function pickExtras(last: TranslateFilesOptions | undefined, step: string): Promise<Extras | undefined> {
  const items = [
    { label: 'Translate text in images', key: 'includeImages', picked: last?.includeImages === true },
    { label: 'Context translation', key: 'contextTranslation', picked: last?.contextTranslation === true },
    { label: 'Use a glossary…', key: 'glossary', picked: last?.glossaryId !== undefined },
    { label: 'Style preset…', key: 'style', picked: last?.stylePreset !== undefined },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: `Doc Translate: options (${step}), Enter for none`, canPickMany: true });
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
