// Set Up Localization…: detects the docs framework from the workspace's files, proposes its layout,
// asks for the source folder and the languages, and writes doc-translate.json through the safe writer.
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Command } from '../../../platform/commands.ts';
import { COMMON_LANGUAGES, isLanguageCode, languageName } from '../../../platform/languages.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { loadEngine } from '../engine.ts';
import { configText, layoutChoices, normalizeSource, validateSource, type SetupAnswers } from '../setupModel.ts';
import type { LocalizationState } from '../state.ts';

export type SetupDeps = Pick<Platform, 'writer' | 'shortcuts' | 'settings'> & { state: LocalizationState };

export interface SetupResult {
  written: boolean;
  path?: string;
  config?: unknown;
  detected?: string;
  reason?: string;
}

/** Files of a workspace folder as POSIX paths relative to it (enough for detection: config files and .vitepress/). */
async function workspaceFiles(folder: vscode.WorkspaceFolder): Promise<string[]> {
  const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), '**/node_modules/**', 5000);
  return found.map((u) => path.relative(folder.uri.fsPath, u.fsPath).split(path.sep).join('/')).sort();
}

function readSmall(folder: string, rel: string): string | undefined {
  try {
    const file = path.join(folder, rel);
    return statSync(file).size < 256 * 1024 ? readFileSync(file, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

async function pickFolder(arg: unknown): Promise<vscode.WorkspaceFolder | undefined> {
  if (arg instanceof vscode.Uri) return vscode.workspace.getWorkspaceFolder(arg);
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Doc Translate: which folder holds the documentation?') });
}

async function pickTargetLanguages(current: string, exclude: string): Promise<string[] | undefined> {
  const locale = vscode.env.language;
  const items = COMMON_LANGUAGES.filter((c) => c !== exclude).map((code) => ({ label: languageName(code, locale), description: code, code, picked: code === current }));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Doc Translate: translate the documentation into ({0})', '4/4'), canPickMany: true, matchOnDescription: true });
  return picked?.map((i) => i.code);
}

export function setupCommand(d: SetupDeps): Command {
  return {
    id: CommandId.localizationSetUp,
    run: async (arg?: unknown, answers?: Partial<SetupAnswers>): Promise<SetupResult> => {
      const given = d.shortcuts.enabled && typeof answers === 'object' && answers !== null ? answers : {};
      const folder = await pickFolder(arg);
      if (folder === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: open a folder with documentation to set up localization.'));
        return { written: false, reason: 'noFolder' };
      }
      const configUri = vscode.Uri.joinPath(folder.uri, 'doc-translate.json');
      const engine = await loadEngine();
      const detected = engine.detectFramework(await workspaceFiles(folder), (rel) => readSmall(folder.uri.fsPath, rel));
      const choices = layoutChoices(detected);
      let choice = choices.find((c) => c.layout === given.layout);
      if (choice === undefined) {
        const picked = await vscode.window.showQuickPick(
          choices.map((c) => ({ label: c.label, description: c.detected !== undefined ? vscode.l10n.t('detected ({0})', c.detected) : '', detail: c.mapping, choice: c })),
          { title: vscode.l10n.t('Doc Translate: where do translations go? ({0})', '1/4'), matchOnDetail: true },
        );
        if (picked === undefined) return { written: false, reason: 'cancelled' };
        choice = picked.choice;
      }
      const source = given.source ?? (await vscode.window.showInputBox({ title: vscode.l10n.t('Doc Translate: source folder ({0})', '2/4'), prompt: vscode.l10n.t('The folder of the documentation in its original language, relative to the workspace folder.'), value: choice.source, validateInput: validateSource }));
      if (source === undefined || validateSource(source) !== undefined) return { written: false, reason: 'cancelled' };
      const sourceLanguage = given.sourceLanguage ?? (await vscode.window.showInputBox({
        title: vscode.l10n.t('Doc Translate: language of the source ({0})', '3/4'),
        prompt: vscode.l10n.t('A language code such as en, or auto to let the service detect it.'),
        value: 'en',
        validateInput: (v) => (v.trim() === 'auto' || isLanguageCode(v.trim()) ? undefined : vscode.l10n.t('Enter a language code such as en, or auto.')),
      }))?.trim();
      if (sourceLanguage === undefined) return { written: false, reason: 'cancelled' };
      const defaultTarget = d.settings.targetLanguage !== sourceLanguage ? d.settings.targetLanguage : 'de';
      const targetLanguages = given.targetLanguages ?? (await pickTargetLanguages(defaultTarget, sourceLanguage));
      if (targetLanguages === undefined || targetLanguages.length === 0) return { written: false, reason: 'cancelled' };
      const text = configText({ layout: choice.layout, source: normalizeSource(source), sourceLanguage, targetLanguages });
      // The engine validates what is written, exactly as `npm run localize` will read it.
      const config = JSON.parse(text) as unknown;
      try {
        engine.resolveConfig(folder.uri.fsPath, config);
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
        return { written: false, reason: 'invalid' };
      }
      const outcome = await d.writer.write({ target: configUri, content: new TextEncoder().encode(text), what: vscode.l10n.t('the new localization set-up') });
      if (!outcome.written) {
        if (outcome.reason !== 'kept') void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', outcome.message));
        return { written: false, reason: outcome.reason, path: configUri.fsPath };
      }
      // The last written translations are kept beside the set-up as the base of three-way merges: a cache, never committed.
      await d.writer.write({ target: vscode.Uri.joinPath(folder.uri, '.doc-translate', '.gitignore'), content: new TextEncoder().encode('*\n'), what: vscode.l10n.t('the ignore file of the merge cache') });
      await d.state.refreshNow();
      const report = d.state.setupOf(folder.uri.fsPath)?.report;
      const missing = report?.counts.missing ?? 0;
      void vscode.commands.executeCommand(CommandId.localizationFocus);
      void Promise.resolve(
        vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: localization set up in doc-translate.json: {0} source files, {1} translations to write.', report?.files ?? 0, missing), vscode.l10n.t('Update Translations')),
      ).then((picked) => picked !== undefined && vscode.commands.executeCommand(CommandId.localizationUpdate));
      return { written: true, path: configUri.fsPath, config, ...(detected !== undefined ? { detected: detected.layout } : {}) };
    },
  };
}
