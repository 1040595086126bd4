// The choices of Translate Files: pickers, with the last choices remembered in globalState and a
// quick "use last settings" path. An options argument skips all of this (tests, other commands).
import * as vscode from 'vscode';
import type { Platform } from '../../../platform/platform.ts';
import { GlobalStateKey } from '../../../platform/state.ts';
import { pickLanguages } from '../../../platform/languagePicker.ts';
import { describeOptions, parseOptions, type TranslateFilesOptions } from './optionValues.ts';

/** What the option pickers use of the platform. */
export type OptionDeps = Pick<Platform, 'context' | 'recentLanguages' | 'settings' | 'prompter'>;
/** The service's default configuration (spec 4.3); the service lists no others, so any id can be typed. */
const KNOWN_ENGINES = ['xr-397b'];

export function lastOptions(s: OptionDeps): TranslateFilesOptions | undefined {
  const value = parseOptions(s.context.globalState.get<unknown>(GlobalStateKey.translateFilesLastOptions));
  return value !== undefined && value.targetLanguages.length > 0 ? value : undefined;
}

export async function rememberOptions(s: OptionDeps, options: TranslateFilesOptions): Promise<void> {
  await s.context.globalState.update(GlobalStateKey.translateFilesLastOptions, options);
  for (const lang of [...options.targetLanguages].reverse()) await s.recentLanguages.remember(lang);
}

/** Asks for everything; undefined when the user cancels at any step. */
export async function pickOptions(s: OptionDeps): Promise<TranslateFilesOptions | undefined> {
  const last = lastOptions(s);
  // Step n of all the steps shown: the "use last settings" question counts when it is asked.
  const total = last !== undefined ? 5 : 4;
  const step = (n: number): string => `${n + total - 4}/${total}`;
  if (last !== undefined) {
    const useLast = { label: vscode.l10n.t('$(history) Use last settings'), detail: describeOptions(last) };
    const choose = { label: vscode.l10n.t('$(settings) Choose settings…') };
    const picked = await s.prompter.pick('useLast', [useLast, choose], { title: vscode.l10n.t('Doc Translate: Translate Files ({0})', `1/${total}`) });
    if (picked === undefined) return undefined;
    if (picked === useLast) return last;
  }
  const targetLanguages = await pickLanguages({
    title: vscode.l10n.t('Doc Translate: target languages ({0})', step(1)),
    current: last?.targetLanguages ?? [s.settings.targetLanguage],
    recent: s.recentLanguages.get(),
  });
  if (targetLanguages === undefined || targetLanguages.length === 0) return undefined;
  // Documentation wants the translated file, not both languages: single first unless bilingual was chosen last.
  const modes = [
    { label: vscode.l10n.t('Single'), description: vscode.l10n.t('the translated file only (for documentation)'), value: 'single' as const },
    { label: vscode.l10n.t('Bilingual'), description: vscode.l10n.t('source and translation together'), value: 'bilingual' as const },
  ];
  if (last?.outputMode === 'bilingual') modes.reverse();
  const mode = await s.prompter.pick('outputMode', modes, { title: vscode.l10n.t('Doc Translate: output ({0})', step(2)) });
  if (mode === undefined) return undefined;
  const engine = await pickEngine(s, last?.engine, step(3));
  if (engine === undefined) return undefined;
  const extras = await pickExtras(s, last, step(4));
  if (extras === undefined) return undefined;
  return { targetLanguages, outputMode: mode.value, engine, ...extras };
}

async function pickEngine(s: OptionDeps, last: string | undefined, step: string): Promise<string | undefined> {
  const engines = [...new Set([last, s.settings.engine, ...KNOWN_ENGINES].filter((e): e is string => e !== undefined))];
  const other = { label: vscode.l10n.t('$(edit) Other…'), description: vscode.l10n.t('enter a translation configuration id') };
  // The service does not list its configurations (only their ids): each id says where it comes from.
  const origin = (e: string): string =>
    [
      e === s.settings.engine ? vscode.l10n.t('from settings') : undefined,
      e === last ? vscode.l10n.t('used last time') : undefined,
      KNOWN_ENGINES.includes(e) ? vscode.l10n.t("the service's default") : undefined,
    ]
      .filter((x) => x !== undefined)
      .join(' · ');
  const picked = await s.prompter.pick(
    'engine',
    [...engines.map((e) => ({ label: e, description: origin(e), detail: vscode.l10n.t('Translation configuration id') })), other],
    {
      title: vscode.l10n.t('Doc Translate: engine ({0})', step),
    },
  );
  if (picked === undefined) return undefined;
  if (picked !== other) return picked.label;
  const typed = await s.prompter.input('engineId', {
    title: vscode.l10n.t('Doc Translate: engine'),
    prompt: vscode.l10n.t('Translation configuration id'),
    value: last ?? '',
  });
  return typed?.trim() || undefined;
}

type Extras = Pick<TranslateFilesOptions, 'includeImages' | 'contextTranslation' | 'glossaryId' | 'stylePreset'>;

async function pickExtras(s: OptionDeps, last: TranslateFilesOptions | undefined, step: string): Promise<Extras | undefined> {
  const items = [
    { label: vscode.l10n.t('Translate text in images'), key: 'includeImages', picked: last?.includeImages === true },
    { label: vscode.l10n.t('Context translation'), key: 'contextTranslation', picked: last?.contextTranslation === true },
    { label: vscode.l10n.t('Use a glossary…'), key: 'glossary', picked: last?.glossaryId !== undefined },
    { label: vscode.l10n.t('Style preset…'), key: 'style', picked: last?.stylePreset !== undefined },
  ];
  const picked = await s.prompter.pickMany('extras', items, { title: vscode.l10n.t('Doc Translate: options ({0}), Enter for none', step) });
  if (picked === undefined) return undefined;
  const has = (key: string): boolean => picked.some((p) => p.key === key);
  const out: Extras = { includeImages: has('includeImages'), contextTranslation: has('contextTranslation') };
  if (has('glossary')) {
    const id = await s.prompter.input('glossaryId', { title: vscode.l10n.t('Doc Translate: glossary id'), value: last?.glossaryId ?? '' });
    if (id === undefined) return undefined;
    if (id.trim() !== '') out.glossaryId = id.trim();
  }
  if (has('style')) {
    const style = await s.prompter.input('stylePreset', { title: vscode.l10n.t('Doc Translate: style preset'), value: last?.stylePreset ?? '' });
    if (style === undefined) return undefined;
    if (style.trim() !== '') out.stylePreset = style.trim();
  }
  return out;
}
