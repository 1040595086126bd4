// Set Up Localization… on a real documentation site, as a new user meets it: the riverpod.dev
// Docusaurus site (test/sites/docusaurus-riverpod) lives in website/ of the repository that is open,
// with two French pages written by people before any set-up. Set Up reads docusaurus.config.js
// (framework, locales) and writes website/doc-translate.json; the view shows that set-up with the
// repository root open; the French pages are "existing translation (not adopted)" until Adopt
// records them; Add Language… adds a language the site does not build yet and says what to add to
// docusaurus.config.js; the update into that language writes one file per source page and changes
// no existing translation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { AddLanguageResult } from '../../../src/features/localization/commands/addLanguage.ts';
import type { AdoptResult } from '../../../src/features/localization/commands/adopt.ts';
import type { SetupResult } from '../../../src/features/localization/commands/setup.ts';
import type { UpdateResult } from '../../../src/features/localization/commands/update.ts';
import type { LocalizationRow, LocalizationSnapshot } from '../../../src/features/localization/snapshot.ts';
import { loadConfig, parseLock, planStatus } from '../../../src/localize/index.ts';
import { clearFaults, closeAllEditors, configureExtension, looksTranslated, testEnv, testingHooks, writeWorkspaceFile, answered } from './helpers.ts';

/** The site in the repository (the suite runs from out/test/suite). */
const SITE = path.resolve(__dirname, '..', '..', '..', 'test', 'sites', 'docusaurus-riverpod', 'website');
/** Source pages copied, relative to the site. */
const PAGES = ['docs/concepts/about_hooks.mdx', 'docs/concepts/about_code_generation.mdx', 'docs/how_to/select.mdx'];
const FR = 'i18n/fr/docusaurus-plugin-content-docs/current';
/** The two French pages: the site's own translations (from before the pages moved to concepts/), where Docusaurus expects them now. */
const FRENCH: Record<string, string> = {
  [`${FR}/concepts/about_hooks.mdx`]: `${FR}/about_hooks.mdx`,
  [`${FR}/concepts/about_code_generation.mdx`]: `${FR}/about_code_generation.mdx`,
};
const LOCALES = ['fr', 'ko', 'ja', 'es', 'bn', 'de', 'it', 'ru', 'tr', 'ar', 'zh-Hans'];

const ws = (): string => testEnv().workspace;
const inSite = (rel: string): string => path.join(ws(), 'website', rel);
const read = (rel: string): string => fs.readFileSync(inSite(rel), 'utf8');
const snapshot = (refresh = false): Thenable<LocalizationSnapshot> =>
  vscode.commands.executeCommand<LocalizationSnapshot>('_docTranslate.localization.snapshot', { refresh });
const setUp = (answers: Record<string, unknown>): Promise<SetupResult> => answered<SetupResult>(answers, 'docTranslate.localization.setUp');

/** The row of a translation: folder row, file row, language row (the view groups files by folder). */
function child(s: LocalizationSnapshot, source: string, lang: string): LocalizationRow {
  const folder = s.rows.find((r) => r.label === path.posix.dirname(source));
  const file = folder?.children?.find((r) => r.label === path.posix.basename(source));
  const found = file?.children?.find((c) => c.label.endsWith(`(${lang})`));
  assert.ok(found, `a ${lang} row of ${source} in ${JSON.stringify(s.rows.map((r) => [r.label, r.children?.map((c) => [c.label, c.description])]))}`);
  return found;
}
const fileRow = (s: LocalizationSnapshot, source: string): LocalizationRow | undefined =>
  s.rows.find((r) => r.label === path.posix.dirname(source))?.children?.find((r) => r.label === path.posix.basename(source));

describe('Localization set-up of a Docusaurus site in website/', function () {
  this.timeout(180_000);
  let testing: NonNullable<DocTranslateExports['testing']>;
  const french = new Map<string, string>();

  before(async () => {
    await configureExtension();
    testing = await testingHooks();
    // Only what Set Up and the engine read: the framework's config, three source pages, two French pages.
    writeWorkspaceFile('website/docusaurus.config.js', fs.readFileSync(path.join(SITE, 'docusaurus.config.js')));
    for (const p of PAGES) writeWorkspaceFile(`website/${p}`, fs.readFileSync(path.join(SITE, p)));
    for (const [to, from] of Object.entries(FRENCH)) {
      const text = fs.readFileSync(path.join(SITE, from), 'utf8');
      french.set(to, text);
      writeWorkspaceFile(`website/${to}`, text);
    }
  });

  after(async () => {
    await clearFaults();
    await closeAllEditors();
    fs.rmSync(path.join(ws(), 'website'), { recursive: true, force: true });
    await snapshot(true);
  });

  it('Set Up reads docusaurus.config.js: Docusaurus in website/, its locales preselected, website/doc-translate.json written', async () => {
    const asked = testing.prompter.asked.length;
    testing.prompter.answerNext('Set Up');
    const r = await setUp({ targetLanguages: ['fr'] });
    assert.equal(r.written, true, JSON.stringify(r));
    assert.deepEqual([r.site, r.detected], ['website', 'docusaurus']);
    assert.deepEqual(r.preselected, LOCALES, "the site's own locales, not the generic default");
    for (const line of [
      'Framework: Docusaurus',
      'Config file: website/docusaurus.config.js',
      'Source folder: website/docs',
      'Source language: en',
      `Locales found: ${LOCALES.join(', ')}`,
      'Layout: docusaurus',
    ]) {
      assert.ok(r.findings?.includes(line), `${line} in ${JSON.stringify(r.findings)}`);
    }
    // One question, with the findings and the file as it will be written.
    assert.deepEqual(testing.prompter.asked.slice(asked), ['Set up localization of the Docusaurus site in website/?']);
    const detail = testing.prompter.details.at(-1) ?? '';
    assert.match(detail, /Framework: Docusaurus/);
    assert.match(detail, /website\/doc-translate\.json will hold:/);
    assert.equal(r.path, inSite('doc-translate.json'));
    assert.deepEqual(JSON.parse(read('doc-translate.json')), { source: 'docs', sourceLanguage: 'en', targetLanguages: ['fr'], layout: 'docusaurus' });
    assert.equal(read('.doc-translate/.gitignore'), '*\n');
    assert.ok(!fs.existsSync(path.join(ws(), 'doc-translate.json')), 'nothing at the repository root');
    assert.equal(r.frameworkNeeds, undefined, 'French is declared in docusaurus.config.js');
  });

  it('with the repository root open the view shows the set-up; the French pages are existing translations, not adopted', async () => {
    const s = await snapshot(true);
    assert.deepEqual(
      s.rows.map((r) => r.label),
      ['docs/concepts', 'docs/how_to'],
      'the set-up at website/ (one set-up: its folders at the top)',
    );
    for (const target of Object.keys(FRENCH)) {
      const source = `docs/${target.slice(FR.length + 1)}`;
      const row = child(s, source, 'fr');
      assert.deepEqual([row.description, row.contextValue, row.icon], ['existing translation (not adopted)', 'localization.target.untracked', 'question']);
      const tooltip = (row.tooltip ?? '').replace(/&nbsp;/g, ' ').replace(/\\/g, '');
      assert.match(tooltip, /Adopt Existing Translations records it/);
      assert.doesNotMatch(tooltip, /conflict/i);
      assert.equal(fileRow(s, source)?.description, 'fr not adopted');
    }
    assert.equal(child(s, 'docs/how_to/select.mdx', 'fr').description, 'missing');
    assert.equal(s.rows[0]!.description, '2 not adopted');
    assert.match(s.status.text, /Localization: 1 missing, 2 not adopted$/);
    assert.ok(!s.decorations.some((d) => d.badge === '!'), 'no conflict badge on a human translation');
  });

  it('running Set Up again preselects what website/doc-translate.json configures', async () => {
    const before = read('doc-translate.json');
    testing.prompter.answerNext(undefined);
    const r = await setUp({ targetLanguages: ['fr', 'de'] });
    assert.deepEqual([r.written, r.reason, r.preselected], [false, 'cancelled', ['fr']]);
    assert.equal(testing.prompter.asked.at(-1), 'Change the target languages in website/doc-translate.json?');
    assert.equal(read('doc-translate.json'), before, 'declined: unchanged');
  });

  it('Adopt Existing Translations asks with the count, records both pages in the lock and leaves them as they are', async () => {
    testing.prompter.answerNext('Adopt');
    const r = await vscode.commands.executeCommand<AdoptResult>('docTranslate.localization.adopt');
    assert.equal(testing.prompter.asked.at(-1), 'Adopt 2 existing translations?');
    assert.equal(r.adopted, 2, JSON.stringify(r));
    assert.deepEqual(r.skipped, []);
    const lock = parseLock(read('doc-translate.lock'));
    assert.deepEqual([...lock.files.keys()].sort(), Object.keys(FRENCH).sort());
    for (const [target, text] of french) assert.equal(read(target), text, `${target} unchanged`);
    // The view shows what the engine says of each adopted page (up to date where every section aligned).
    const status = await planStatus({ config: await loadConfig(inSite('')) });
    const s = await snapshot(true);
    for (const target of Object.keys(FRENCH)) {
      const source = `docs/${target.slice(FR.length + 1)}`;
      const row = child(s, source, 'fr');
      const engine = status.targets.find((t) => t.target === target)!;
      assert.notEqual(row.contextValue, 'localization.target.untracked');
      assert.equal(row.contextValue, `localization.target.${engine.state}`);
      assert.ok(['up-to-date', 'stale', 'conflict'].includes(engine.state), engine.state);
      assert.ok(!engine.conflicts.some((c) => c.reason === 'untracked'));
    }
    assert.doesNotMatch(s.status.text, /not adopted/);
  });

  it('Add Language… adds Portuguese and says what docusaurus.config.js needs; the update into it writes one file per source page and changes no existing translation', async () => {
    const added = await answered<AddLanguageResult>({ language: 'pt' }, 'docTranslate.localization.addLanguage');
    assert.deepEqual([added.added, added.missing], ['pt', PAGES.length], JSON.stringify(added));
    assert.deepEqual(JSON.parse(read('doc-translate.json')).targetLanguages, ['fr', 'pt']);
    assert.equal(added.frameworkNeeds?.file, 'website/docusaurus.config.js');
    assert.equal(added.frameworkNeeds?.setting, 'i18n.locales');
    assert.match(added.frameworkNeeds?.snippet ?? '', /locales: \["en", "fr", .*"zh-Hans", "pt"\]/);
    const lockBefore = parseLock(read('doc-translate.lock'));
    const result = await answered<UpdateResult>({ confirm: 'Update' }, 'docTranslate.localization.update', { languages: ['pt'] });
    assert.equal(result.started, true, JSON.stringify(result));
    const written = result.reports!.flatMap((x) => x.written).sort();
    const expected = PAGES.map((p) => `i18n/pt/docusaurus-plugin-content-docs/current/${p.slice('docs/'.length)}`).sort();
    assert.deepEqual(written, expected, 'one file per source page, in Portuguese only');
    for (const p of expected) assert.ok(looksTranslated(read(p), 'pt'), p);
    for (const [target, text] of french) assert.equal(read(target), text, `${target} unchanged`);
    const lockAfter = parseLock(read('doc-translate.lock'));
    for (const target of Object.keys(FRENCH)) assert.deepEqual(lockAfter.files.get(target), lockBefore.files.get(target), `${target}'s lock entry unchanged`);
    const s = await snapshot(true);
    for (const p of PAGES) assert.equal(child(s, p, 'pt').description, 'up to date');
  });
});
