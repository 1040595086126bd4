// Add Language…: one more target language in an existing set-up's doc-translate.json (every other
// key kept as written), through the engine's guarded editor access; what the framework's own config
// must declare for it is said (never written); then the update into that language alone is offered.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Command } from '../../../platform/commands.ts';
import { COMMON_LANGUAGES, isLanguageCode, languageName } from '../../../platform/languages.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { editorFs, editorReadFs, loadEngine } from '../engine.ts';
import type { SetupStatus } from '../model.ts';
import { frameworkNeeds, languageChoices, withTargetLanguages, type FrameworkNeeds } from '../siteSetup.ts';
import type { LocalizationState } from '../state.ts';
import { setupRow } from './scope.ts';
import { pickLanguages, sitesIn, tellFrameworkNeeds } from './setup.ts';

export type AddLanguageDeps = Pick<Platform, 'prompter'> & { state: LocalizationState };

export interface AddLanguageResult {
  added?: string;
  path?: string;
  reason?: 'noSetup' | 'cancelled' | 'invalid' | 'present' | 'failed';
  /** Translations the new language needs (missing), after the change. */
  missing?: number;
  frameworkNeeds?: FrameworkNeeds;
}

async function pickSetup(d: AddLanguageDeps, arg: unknown): Promise<SetupStatus | undefined> {
  const state = d.state;
  const row = setupRow(arg);
  if (row !== undefined) return row.setup;
  await state.ready();
  if (arg instanceof vscode.Uri) return state.setupOf(arg.fsPath);
  const all = state.all();
  if (all.length <= 1) return all[0];
  return (
    await d.prompter.pick(
      'setup',
      all.map((s) => ({ label: s.name, description: s.folder, s })),
      { title: vscode.l10n.t('Doc Translate: add a language to which set-up?') },
    )
  )?.s;
}

export function addLanguageCommand(d: AddLanguageDeps): Command {
  return {
    id: CommandId.localizationAddLanguage,
    run: async (arg?: unknown): Promise<AddLanguageResult> => {
      const setup = await pickSetup(d, arg);
      if (setup === undefined) {
        const SET_UP = vscode.l10n.t('Set Up Localization…');
        void Promise.resolve(
          vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: no localization set-up (doc-translate.json) covers this.'), SET_UP),
        ).then((picked) => picked === SET_UP && vscode.commands.executeCommand(CommandId.localizationSetUp));
        return { reason: 'noSetup' };
      }
      const engine = await loadEngine();
      const configPath = path.join(setup.folder, 'doc-translate.json');
      const shown = vscode.workspace.asRelativePath(configPath);
      let config;
      let text: string | undefined;
      try {
        config = await engine.loadConfig(setup.folder);
        text = await editorReadFs(engine, setup.folder).readText(configPath);
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
        return { reason: 'invalid' };
      }
      // The site the set-up localizes (its framework's config in the set-up's folder or one folder down).
      const site = await sitesIn(engine, setup.folder).then(
        (r) => r.sites.find((s) => s.siteRoot === '') ?? r.sites[0],
        () => undefined,
      );
      const picked = await pickLanguages(
        d.prompter,
        'language',
        languageChoices({ preselected: [], site, common: COMMON_LANGUAGES, sourceLanguage: config.sourceLanguage, exclude: config.targetLanguages }),
        vscode.l10n.t('Doc Translate: add which language to {0}?', shown),
        site?.configFile,
        false,
      );
      const code = picked?.[0]?.trim();
      if (code === undefined || code === '') return { reason: 'cancelled' };
      if (config.targetLanguages.includes(code) || code === config.sourceLanguage) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} already translates into {1}.', shown, code));
        return { reason: 'present' };
      }
      let next: string;
      try {
        if (text === undefined || !isLanguageCode(code)) throw new Error(vscode.l10n.t('{0} is not a language code.', code));
        next = withTargetLanguages(text, [...config.targetLanguages, code]);
        engine.resolveConfig(setup.folder, JSON.parse(next));
      } catch (err) {
        void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
        return { reason: 'invalid' };
      }
      try {
        await editorFs(engine, setup.folder).writeText!(configPath, next, { kind: 'asRead', content: text });
      } catch (err) {
        const changed = err instanceof engine.ChangedError;
        void vscode.window.showWarningMessage(
          changed
            ? vscode.l10n.t('Doc Translate: {0} changed meanwhile; nothing was written. Run Add Language… again.', shown)
            : vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)),
        );
        return { reason: 'failed' };
      }
      const lacking = site !== undefined ? frameworkNeeds(site, [code]) : undefined;
      const needs =
        site !== undefined && lacking !== undefined
          ? { ...lacking, file: vscode.workspace.asRelativePath(path.join(setup.folder, site.siteRoot, site.configFile)) }
          : undefined;
      if (site !== undefined && needs !== undefined) tellFrameworkNeeds(site, needs);
      await d.state.refreshNow();
      const missing = d.state.setupOf(setup.folder)?.report?.targets.filter((t) => t.lang === code && t.state === 'missing').length ?? 0;
      const name = languageName(code, vscode.env.language);
      const UPDATE = vscode.l10n.t('Update Translations into {0}', name);
      void Promise.resolve(
        vscode.window.showInformationMessage(
          vscode.l10n.t('Doc Translate: {0} ({1}) added to {2}: {3} translations to write.', name, code, shown, missing),
          UPDATE,
        ),
      ).then((p) => p === UPDATE && vscode.commands.executeCommand(CommandId.localizationUpdate, { languages: [code] }));
      return { added: code, path: configPath, missing, frameworkNeeds: needs };
    },
  };
}
