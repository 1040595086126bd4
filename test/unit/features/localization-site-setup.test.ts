import assert from 'node:assert/strict';
import {
  configuredLanguages,
  frameworkNeeds,
  frameworkNeedsPage,
  languageChoices,
  preselectedLanguages,
  siteConfig,
  siteFindings,
  siteLabel,
  withTargetLanguages,
  type SiteSummary,
} from '../../../src/features/localization/siteSetup.ts';
import {
  fileSummary,
  folderSummary,
  isUntracked,
  sourceSummary,
  stateLabel,
  statusText,
  totals,
  type SetupStatus,
} from '../../../src/features/localization/model.ts';
import type { Conflict, TargetStatus } from '../../../src/localize/index.ts';

const docusaurus: SiteSummary = {
  framework: 'docusaurus',
  siteRoot: 'website',
  configFile: 'docusaurus.config.js',
  sourceLanguage: 'en',
  locales: [
    { code: 'fr', locations: ['i18n/fr/**'] },
    { code: 'ja', locations: ['i18n/ja/**'] },
  ],
  sourceSets: [{ dir: 'docs', role: 'docs' }],
  proposal: { source: 'docs', sourceLanguage: 'en', targetLanguages: ['fr', 'ja'], layout: 'docusaurus' },
  unreadable: [],
  notes: [],
};

const untracked = (target: string): Conflict => ({
  source: 'docs/a.md',
  target,
  lang: 'fr',
  block: -1,
  reason: 'untracked',
  base: undefined,
  theirs: '',
  ours: undefined,
  sourceBlockHash: '',
});
const tgt = (lang: string, state: TargetStatus['state'], conflicts: Conflict[] = []): TargetStatus => ({
  source: 'docs/a.md',
  target: `i18n/${lang}/a.md`,
  lang,
  state,
  segments: 0,
  chars: 0,
  conflicts,
});

describe('localization set-up of a site (pure)', () => {
  it('says what was read as `localize init` does, unreadable values with the setting to add', () => {
    assert.deepEqual(siteFindings(docusaurus), [
      'Framework: Docusaurus',
      'Config file: website/docusaurus.config.js',
      'Source folder: website/docs',
      'Source language: en',
      'Locales found: fr, ja',
      'Layout: docusaurus',
    ]);
    const unreadable = siteFindings(
      {
        ...docusaurus,
        siteRoot: '',
        proposal: undefined,
        layoutGap: 'the locales could not be read',
        unreadable: [
          {
            file: 'docusaurus.config.js',
            key: 'i18n.locales',
            message:
              'docusaurus.config.js: i18n.locales is computed (line 3) and cannot be read without running the config; set "targetLanguages" in doc-translate.json',
          },
        ],
      },
      4,
    );
    assert.equal(unreadable[1], 'Config file: docusaurus.config.js');
    assert.equal(unreadable[3], 'Source pages: 4');
    assert.equal(unreadable[6], 'Layout: (none: the locales could not be read)');
    assert.match(unreadable[7]!, /^Not readable: .*set "targetLanguages" in doc-translate\.json$/);
    assert.equal(siteLabel(docusaurus), 'Docusaurus at website/ (docusaurus.config.js)');
  });

  it("preselects what doc-translate.json configures, else the site's locales, else the user's language (never the source)", () => {
    assert.deepEqual(preselectedLanguages({ configured: ['de'], site: docusaurus, fallback: 'es', sourceLanguage: 'en' }), ['de']);
    assert.deepEqual(preselectedLanguages({ configured: [], site: docusaurus, fallback: 'es', sourceLanguage: 'en' }), ['fr', 'ja']);
    assert.deepEqual(preselectedLanguages({ site: { ...docusaurus, locales: [], proposal: undefined }, fallback: 'es', sourceLanguage: 'en' }), ['es']);
    assert.deepEqual(preselectedLanguages({ fallback: 'en', sourceLanguage: 'en' }), ['de']);
  });

  it("offers the preselected languages checked and first, the site's locales next, without the source or the configured ones", () => {
    const choices = languageChoices({ preselected: ['ja'], site: docusaurus, common: ['de', 'en', 'fr', 'ja'], sourceLanguage: 'en' });
    assert.deepEqual(choices, [
      { code: 'ja', picked: true, inSite: true },
      { code: 'fr', picked: false, inSite: true },
      { code: 'de', picked: false, inSite: false },
    ]);
    assert.deepEqual(
      languageChoices({ preselected: [], site: docusaurus, common: ['de', 'fr'], sourceLanguage: 'en', exclude: ['fr'] }).map((c) => c.code),
      ['ja', 'de'],
    );
  });

  it('writes doc-translate.json as init does; changes only targetLanguages of an existing one', () => {
    assert.deepEqual(siteConfig({ source: 'docs', sourceLanguage: 'en-US', layout: 'docusaurus' }, ['fr', 'en', 'fr']), {
      source: 'docs',
      sourceLanguage: 'en',
      targetLanguages: ['fr'],
      layout: 'docusaurus',
    });
    assert.deepEqual(siteConfig({ source: 'docs', sourceLanguage: 'auto', layout: 'vitepress' }, ['de']), {
      source: 'docs',
      targetLanguages: ['de'],
      layout: 'vitepress',
    });
    const existing = '{\n    "source": "docs",\n    "targetLanguages": ["fr"],\n    "engine": "x",\n    "layout": "docusaurus"\n}\n';
    assert.equal(
      withTargetLanguages(existing, ['fr', 'pt']),
      '{\n    "source": "docs",\n    "targetLanguages": [\n        "fr",\n        "pt"\n    ],\n    "engine": "x",\n    "layout": "docusaurus"\n}\n',
    );
    assert.deepEqual(JSON.parse(withTargetLanguages('{"source":"docs"}', ['de'])), { source: 'docs', targetLanguages: ['de'] });
    assert.throws(() => withTargetLanguages('[1]', ['de']), /not a JSON object/);
    assert.deepEqual(
      [configuredLanguages(existing), configuredLanguages(undefined), configuredLanguages('{'), configuredLanguages('{"targetLanguages":"de"}')],
      [['fr'], [], [], ['de']],
    );
  });

  it("says what each framework's config must declare for a new language, nothing for a declared one", () => {
    assert.equal(frameworkNeeds(docusaurus, ['fr', 'ja', 'en']), undefined);
    const d = frameworkNeeds(docusaurus, ['fr', 'pt'])!;
    assert.deepEqual([d.file, d.setting, d.languages, d.fence], ['website/docusaurus.config.js', 'i18n.locales', ['pt'], 'js']);
    assert.equal(d.snippet, 'i18n: {\n  defaultLocale: "en",\n  locales: ["en", "fr", "ja", "pt"],\n},');
    const base = { siteRoot: '', sourceLanguage: 'en', locales: [] };
    assert.match(
      frameworkNeeds({ ...base, framework: 'starlight', configFile: 'astro.config.mjs' }, ['pt-BR'])!.snippet,
      /^locales: \{\n {2}"pt-br": \{ label: "Português \(Brasil\)", lang: "pt-BR" \},\n\},$/,
    );
    assert.equal(frameworkNeeds({ ...base, framework: 'vitepress', configFile: '.vitepress/config.mts' }, ['de'])!.setting, 'locales');
    assert.equal(frameworkNeeds({ ...base, framework: 'hugo', configFile: 'hugo.toml' }, ['de'])!.snippet, '[languages.de]\nlanguageName = "Deutsch"');
    assert.equal(frameworkNeeds({ ...base, framework: 'hugo', configFile: 'config.yaml' }, ['de'])!.snippet, 'languages:\n  de:\n    languageName: Deutsch');
    assert.equal(
      frameworkNeeds({ ...base, framework: 'mkdocs', configFile: 'mkdocs.yml' }, ['de'])!.snippet,
      'plugins:\n  - i18n:\n      languages:\n        - locale: de\n          name: Deutsch\n          build: true',
    );
    // A Starlight locale declared by its folder with a `lang` tag counts under either.
    assert.equal(
      frameworkNeeds({ ...base, framework: 'starlight', configFile: 'astro.config.mjs', locales: [{ code: 'zh-cn', lang: 'zh-CN', locations: [] }] }, [
        'zh-CN',
      ]),
      undefined,
    );
    const page = frameworkNeedsPage(d, 'docusaurus');
    assert.match(page, /^# Add pt to website\/docusaurus\.config\.js\n/);
    assert.match(page, /never runs or rewrites that file/);
    assert.match(page, /```js\ni18n: \{/);
  });

  it('an existing translation without a lock entry reads "not adopted", apart from conflicts', () => {
    const fr = tgt('fr', 'conflict', [untracked('i18n/fr/a.md')]);
    const de = tgt('de', 'conflict', [{ ...untracked('i18n/de/a.md'), reason: 'edited', block: 2 }]);
    assert.deepEqual([isUntracked(fr), isUntracked(de), isUntracked(tgt('es', 'missing'))], [true, false, false]);
    assert.equal(stateLabel(fr), 'existing translation (not adopted)');
    assert.equal(fileSummary([fr, de, tgt('es', 'up-to-date')]), 'fr not adopted de conflict es ✓');
    assert.equal(sourceSummary([fr, de]), 'not adopted: fr; conflict: de');
    assert.equal(folderSummary([{ source: 'docs/a.md', targets: [fr, de, tgt('es', 'missing')] }]), '1 missing, 1 conflict, 1 not adopted');
    const setup: SetupStatus = {
      folder: '/w/website',
      name: 'w/website',
      report: { files: 1, targets: [fr, de], counts: { 'up-to-date': 0, stale: 0, missing: 0, edited: 0, conflict: 2, terms: 0 }, orphaned: [] },
    };
    const t = totals([setup]);
    assert.deepEqual([t.conflict, t.untracked], [1, 1]);
    assert.equal(statusText(t), 'Localization: 1 conflict, 1 not adopted');
  });
});
