import * as vscode from 'vscode';
import { COMMON_LANGUAGES, isLanguageCode, languageName, orderLanguages } from './languages.ts';

/**
 * The one language picker: the same wording and the same idea of "recent" wherever a language is
 * chosen. Recently used = the current choice first, then the languages remembered as recent;
 * every other common language follows by name; any code typed in can be used (the service
 * decides what it supports).
 */
export interface LanguagePickOptions {
  /** Quick pick title, e.g. "Doc Translate: Target Language" or "… (2/5)". */
  title: string;
  /** The languages chosen now (marked "current", listed first). */
  current: readonly string[];
  /** Remembered recent languages, most recent first. */
  recent: readonly string[];
}

interface Item extends vscode.QuickPickItem {
  code?: string;
}

function items(o: LanguagePickOptions): Item[] {
  const locale = vscode.env.language;
  const nameOf = (code: string): string => languageName(code, locale);
  const ordered = orderLanguages(COMMON_LANGUAGES, [...o.current, ...o.recent], nameOf);
  const item = (code: string): Item => ({ label: nameOf(code), description: o.current.includes(code) ? vscode.l10n.t('{0} · current', code) : code, code });
  return [
    ...(ordered.recent.length > 0 ? [{ label: vscode.l10n.t('Recently used'), kind: vscode.QuickPickItemKind.Separator }] : []),
    ...ordered.recent.map(item),
    { label: vscode.l10n.t('All languages'), kind: vscode.QuickPickItemKind.Separator },
    ...ordered.others.map(item),
  ];
}

function open(o: LanguagePickOptions, many: boolean): Promise<string[] | undefined> {
  const base = items(o);
  const nameOf = (code: string): string => languageName(code, vscode.env.language);
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = o.title;
  qp.placeholder = many
    ? vscode.l10n.t('Pick one or more languages, or type any language code (e.g. pt-BR)')
    : vscode.l10n.t('Pick a language, or type any language code (e.g. pt-BR)');
  qp.canSelectMany = many;
  qp.matchOnDescription = true;
  qp.items = base;
  if (many) qp.selectedItems = base.filter((i) => i.code !== undefined && o.current.includes(i.code));
  qp.onDidChangeValue((value) => {
    const typed = value.trim();
    const known = base.some((i) => i.code !== undefined && i.code.toLowerCase() === typed.toLowerCase());
    const selected = qp.selectedItems;
    qp.items =
      isLanguageCode(typed) && !known
        ? [{ label: vscode.l10n.t('Use "{0}"', typed), description: nameOf(typed), code: typed, alwaysShow: true }, ...base]
        : base;
    if (many) qp.selectedItems = qp.items.filter((i) => selected.some((x) => x.code === i.code));
  });
  return new Promise((resolve) => {
    let chosen: string[] | undefined;
    qp.onDidAccept(() => {
      const picked = many ? qp.selectedItems : qp.selectedItems.slice(0, 1);
      chosen = picked.flatMap((i) => (i.code !== undefined ? [i.code] : []));
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(chosen);
    });
    qp.show();
  });
}

/** One language (Change Target Language). */
export async function pickLanguage(o: LanguagePickOptions): Promise<string | undefined> {
  return (await open(o, false))?.[0];
}

/** One or more languages (Translate Files). */
export function pickLanguages(o: LanguagePickOptions): Promise<string[] | undefined> {
  return open(o, true);
}
