// Set Up Localization…: reads the documentation site from its framework's own config (the engine's
// site model: Docusaurus, Starlight, VitePress, MkDocs, Hugo, at the top of the folder or one folder
// down), says what it found as `localize init` does, preselects the site's locales (or what an
// existing doc-translate.json configures) and writes doc-translate.json at the site's own root
// (website/ for a site there) through the engine's guarded editor access. Without a site it asks for
// the layout, the source folder and the languages and writes doc-translate.json through the safe
// writer. Languages the framework does not build yet are said with what to add where.
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SiteModel } from '../../../localize/index.ts';
import type { Command } from '../../../platform/commands.ts';
import { COMMON_LANGUAGES, isLanguageCode, languageName } from '../../../platform/languages.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { editorFs, editorReadFs, loadEngine, type Engine } from '../engine.ts';
import { isUntracked } from '../model.ts';
import { configText, layoutChoices, normalizeSource, validateSource } from '../setupModel.ts';
import {
  configuredLanguages,
  frameworkName,
  frameworkNeeds,
  frameworkNeedsPage,
  languageChoices,
  preselectedLanguages,
  siteConfig,
  siteFindings,
  siteLabel,
  withTargetLanguages,
  type FrameworkNeeds,
} from '../siteSetup.ts';
import type { Prompter } from '../../../platform/prompter.ts';
import type { LocalizationState } from '../state.ts';

export type SetupDeps = Pick<Platform, 'writer' | 'settings' | 'prompter'> & { state: LocalizationState };

export interface SetupResult {
  written: boolean;
  path?: string;
  config?: unknown;
  detected?: string;
  reason?: string;
  /** The site's folder relative to the workspace folder, when a site was read from its framework's config. */
  site?: string;
  /** The languages the picker offered checked. */
  preselected?: string[];
  /** What was read from the framework's config, one line each. */
  findings?: string[];
  /** What the framework's config must declare for the chosen languages. */
  frameworkNeeds?: FrameworkNeeds;
}

const CONFIG_FILE = 'doc-translate.json';

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

/** Where sites are looked for: a folder the command was started on (Explorer), else the workspace folder. */
function searchRoot(arg: unknown, folder: vscode.WorkspaceFolder): string {
  if (!(arg instanceof vscode.Uri) || arg.scheme !== 'file') return folder.uri.fsPath;
  try {
    return statSync(arg.fsPath).isDirectory() ? arg.fsPath : folder.uri.fsPath;
  } catch {
    return folder.uri.fsPath;
  }
}

/** The language picker: the preselected codes checked and first, the site's locales marked as declared in its config. */
export async function pickLanguages(
  prompter: Prompter,
  key: string,
  choices: ReturnType<typeof languageChoices>,
  title: string,
  configFile: string | undefined,
  many: boolean,
): Promise<string[] | undefined> {
  const locale = vscode.env.language;
  const items = choices.map((c) => ({
    label: languageName(c.code, locale),
    description: c.code,
    detail: c.inSite && configFile !== undefined ? vscode.l10n.t('declared in {0}', configFile) : undefined,
    code: c.code,
    picked: c.picked,
  }));
  if (!many) {
    const one = await prompter.pick(key, items, { title, matchOnDescription: true });
    return one === undefined ? undefined : [one.code];
  }
  const picked = await prompter.pickMany(key, items, { title, matchOnDescription: true });
  return picked?.map((i) => i.code);
}

/** Says which languages the framework does not build yet, with the snippet to add on request. */
export function tellFrameworkNeeds(site: Pick<SiteModel, 'framework'>, needs: FrameworkNeeds): void {
  const SHOW = vscode.l10n.t('Show What to Add');
  const message = vscode.l10n.t(
    'Doc Translate: {0} builds only the languages its config declares: add {1} to {2} in {3}.',
    frameworkName(site.framework),
    needs.languages.join(', '),
    needs.setting,
    needs.file,
  );
  void Promise.resolve(vscode.window.showWarningMessage(message, SHOW)).then(async (picked) => {
    if (picked !== SHOW) return;
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: frameworkNeedsPage(needs, site.framework) });
    await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  });
}

/** The sites of a folder from their frameworks' configs (read through the editor: unsaved text counts). */
export async function sitesIn(engine: Engine, dir: string): Promise<Awaited<ReturnType<Engine['siteRulesFor']>>> {
  const read = editorReadFs(engine, dir);
  return engine.siteRulesFor(read.root, (rel) => read.readText(path.join(dir, rel)));
}

export function setupCommand(d: SetupDeps): Command {
  return {
    id: CommandId.localizationSetUp,
    run: async (arg?: unknown): Promise<SetupResult> => {
      const folder = await pickFolder(arg);
      if (folder === undefined) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: open a folder with documentation to set up localization.'));
        return { written: false, reason: 'noFolder' };
      }
      const engine = await loadEngine();
      const base = searchRoot(arg, folder);
      let rules: Awaited<ReturnType<typeof sitesIn>> | undefined;
      try {
        rules = await sitesIn(engine, base);
      } catch (err) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
      }
      if (rules !== undefined && rules.broken.length > 0) {
        const b = rules.broken[0]!;
        void vscode.window.showErrorMessage(
          vscode.l10n.t('Doc Translate: {0} could not be read ({1}); nothing was written. Fix it, or write doc-translate.json by hand.', b.file, b.message),
        );
        return { written: false, reason: 'broken' };
      }
      const sites = rules?.sites ?? [];
      if (sites.length === 0) return genericSetup(d, engine, folder);
      let site = sites.length === 1 ? sites[0] : undefined;
      if (site === undefined) {
        const picked = await d.prompter.pick(
          'site',
          sites.map((s) => ({ label: siteLabel(s), description: s.locales.map((l) => l.code).join(', '), site: s, siteRoot: s.siteRoot })),
          { title: vscode.l10n.t('Doc Translate: {0} documentation sites found; set up which one?', sites.length) },
        );
        if (picked === undefined) return { written: false, reason: 'cancelled' };
        site = picked.site;
      }
      return siteSetup(
        d,
        engine,
        path.join(base, site.siteRoot),
        site,
        path.relative(folder.uri.fsPath, path.join(base, site.siteRoot)).split(path.sep).join('/'),
      );
    },
  };
}

/** A site read from its framework's config: findings, languages, one confirmation, doc-translate.json at the site's root. */
async function siteSetup(d: SetupDeps, engine: Engine, dir: string, site: SiteModel, rel: string): Promise<SetupResult> {
  const findings = siteFindings(site);
  const configPath = path.join(dir, CONFIG_FILE);
  const shown = vscode.workspace.asRelativePath(configPath);
  const proposal = site.proposal;
  if (proposal === undefined) {
    // The layout or the locales could not be read: the user answers them, at the site's root.
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}: {1}', siteLabel(site), findings.slice(1).join('; ')));
    const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(dir));
    if (folder === undefined) return { written: false, reason: 'noFolder' };
    return { ...(await genericSetup(d, engine, folder, dir)), site: rel, findings };
  }
  const read = editorReadFs(engine, dir);
  const existing = await read.readText(configPath).catch(() => undefined);
  const sourceLanguage = proposal.sourceLanguage === 'auto' ? 'auto' : proposal.sourceLanguage.split(/[-_]/)[0]!.toLowerCase();
  const preselected = preselectedLanguages({ configured: configuredLanguages(existing), site, fallback: d.settings.targetLanguage, sourceLanguage });
  const base = { site: rel, preselected, findings, detected: site.framework };
  const targetLanguages = await pickLanguages(
    d.prompter,
    'targetLanguages',
    languageChoices({ preselected, site, common: COMMON_LANGUAGES, sourceLanguage }),
    vscode.l10n.t('Doc Translate: translate the {0} site in {1} into', frameworkName(site.framework), rel === '' ? '.' : `${rel}/`),
    site.configFile,
    true,
  );
  if (targetLanguages === undefined || targetLanguages.length === 0) return { ...base, written: false, reason: 'cancelled' };
  let text: string;
  try {
    text = existing !== undefined ? withTargetLanguages(existing, targetLanguages) : `${JSON.stringify(siteConfig(proposal, targetLanguages), null, 2)}\n`;
    // The engine validates what is written, exactly as `npm run localize` will read it.
    engine.resolveConfig(dir, JSON.parse(text));
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
    return { ...base, written: false, reason: 'invalid' };
  }
  const SET_UP = vscode.l10n.t('Set Up');
  const question =
    existing === undefined
      ? vscode.l10n.t('Set up localization of the {0} site in {1}?', frameworkName(site.framework), rel === '' ? '.' : `${rel}/`)
      : vscode.l10n.t('Change the target languages in {0}?', shown);
  const detail = [...findings, '', vscode.l10n.t('{0} will hold:', shown), text.trimEnd()].join('\n');
  if ((await d.prompter.choose(question, { modal: true, severity: 'info', detail }, SET_UP)) !== SET_UP)
    return { ...base, written: false, reason: 'cancelled' };
  const fs = editorFs(engine, dir);
  try {
    await fs.writeText!(configPath, text, { kind: 'asRead', content: existing });
  } catch (err) {
    const changed = err instanceof engine.ChangedError;
    void vscode.window.showWarningMessage(
      changed
        ? vscode.l10n.t('Doc Translate: {0} changed meanwhile; nothing was written. Run Set Up Localization… again.', shown)
        : vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)),
    );
    return { ...base, written: false, reason: changed ? 'kept' : 'failed', path: configPath };
  }
  // The last written translations are kept beside the set-up as the base of three-way merges: a cache, never committed.
  await fs.writeText!(path.join(dir, '.doc-translate', '.gitignore'), '*\n', { kind: 'absent' }).catch(() => undefined);
  const lacking = frameworkNeeds(site, targetLanguages);
  const needs = lacking !== undefined ? { ...lacking, file: vscode.workspace.asRelativePath(path.join(dir, site.configFile)) } : undefined;
  if (needs !== undefined) tellFrameworkNeeds(site, needs);
  await d.state.refreshNow();
  announce(d, dir, shown);
  return { ...base, written: true, path: configPath, config: JSON.parse(text) as unknown, frameworkNeeds: needs };
}

/** Shows the set-up and what comes next: adopting the existing translations, or the first update. */
function announce(d: SetupDeps, dir: string, shown: string): void {
  const report = d.state.setupOf(dir)?.report;
  const missing = report?.counts.missing ?? 0;
  const untracked = report?.targets.filter(isUntracked).length ?? 0;
  void vscode.commands.executeCommand(CommandId.localizationFocus);
  const UPDATE = vscode.l10n.t('Update Translations');
  const ADOPT = vscode.l10n.t('Adopt Existing Translations');
  const message =
    untracked > 0
      ? vscode.l10n.t(
          'Doc Translate: localization set up in {0}: {1} source files, {2} translations to write, {3} existing translations not adopted yet.',
          shown,
          report?.files ?? 0,
          missing,
          untracked,
        )
      : vscode.l10n.t('Doc Translate: localization set up in {0}: {1} source files, {2} translations to write.', shown, report?.files ?? 0, missing);
  void Promise.resolve(vscode.window.showInformationMessage(message, ...(untracked > 0 ? [ADOPT, UPDATE] : [UPDATE]))).then((picked) => {
    if (picked === ADOPT) void vscode.commands.executeCommand(CommandId.localizationAdopt);
    else if (picked === UPDATE) void vscode.commands.executeCommand(CommandId.localizationUpdate);
  });
}

/** No site found: the layout, the source folder and the languages are asked; doc-translate.json goes to `dir` (the workspace folder). */
async function genericSetup(d: SetupDeps, engine: Engine, folder: vscode.WorkspaceFolder, dir = folder.uri.fsPath): Promise<SetupResult> {
  const configUri = vscode.Uri.file(path.join(dir, CONFIG_FILE));
  const detected = engine.detectFramework(await workspaceFiles(folder), (rel) => readSmall(folder.uri.fsPath, rel));
  const choices = layoutChoices(detected);
  const picked = await d.prompter.pick(
    'layout',
    choices.map((c) => ({
      label: c.label,
      description: c.detected !== undefined ? vscode.l10n.t('detected ({0})', c.detected) : '',
      detail: c.mapping,
      choice: c,
      layout: c.layout,
    })),
    { title: vscode.l10n.t('Doc Translate: where do translations go? ({0})', '1/4'), matchOnDetail: true },
  );
  if (picked === undefined) return { written: false, reason: 'cancelled' };
  const choice = picked.choice;
  const source = await d.prompter.input('source', {
    title: vscode.l10n.t('Doc Translate: source folder ({0})', '2/4'),
    prompt: vscode.l10n.t('The folder of the documentation in its original language, relative to the workspace folder.'),
    value: choice.source,
    validateInput: validateSource,
  });
  if (source === undefined || validateSource(source) !== undefined) return { written: false, reason: 'cancelled' };
  const sourceLanguage = (
    await d.prompter.input('sourceLanguage', {
      title: vscode.l10n.t('Doc Translate: language of the source ({0})', '3/4'),
      prompt: vscode.l10n.t('A language code such as en, or auto to let the service detect it.'),
      value: 'en',
      validateInput: (v) => (v.trim() === 'auto' || isLanguageCode(v.trim()) ? undefined : vscode.l10n.t('Enter a language code such as en, or auto.')),
    })
  )?.trim();
  if (sourceLanguage === undefined) return { written: false, reason: 'cancelled' };
  const existing = readSmall(dir, CONFIG_FILE);
  const preselected = preselectedLanguages({ configured: configuredLanguages(existing), fallback: d.settings.targetLanguage, sourceLanguage });
  const targetLanguages = await pickLanguages(
    d.prompter,
    'targetLanguages',
    languageChoices({ preselected, common: COMMON_LANGUAGES, sourceLanguage }),
    vscode.l10n.t('Doc Translate: translate the documentation into ({0})', '4/4'),
    undefined,
    true,
  );
  if (targetLanguages === undefined || targetLanguages.length === 0) return { written: false, reason: 'cancelled', preselected };
  const text = configText({ layout: choice.layout, source: normalizeSource(source), sourceLanguage, targetLanguages });
  // The engine validates what is written, exactly as `npm run localize` will read it.
  const config = JSON.parse(text) as unknown;
  try {
    engine.resolveConfig(dir, config);
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
  await d.writer.write({
    target: vscode.Uri.file(path.join(dir, '.doc-translate', '.gitignore')),
    content: new TextEncoder().encode('*\n'),
    what: vscode.l10n.t('the ignore file of the merge cache'),
  });
  await d.state.refreshNow();
  announce(d, dir, vscode.workspace.asRelativePath(configUri));
  return { written: true, path: configUri.fsPath, config, preselected, detected: detected?.layout };
}
