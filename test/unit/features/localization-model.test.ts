import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { conflictPage } from '../../../src/features/localization/conflictText.ts';
import {
  decorations,
  dryRunSummary,
  fileSummary,
  folderSummary,
  groupByFolder,
  groupBySource,
  problemsOnly,
  relativeInside,
  scopeOf,
  sourceSummary,
  stateLabel,
  statusText,
  totals,
  type SetupStatus,
} from '../../../src/features/localization/model.ts';
import { configText, layoutChoices, normalizeSource, validateSource } from '../../../src/features/localization/setupModel.ts';
import { detectFramework, planStatus, resolveConfig, type StatusReport, type TargetStatus } from '../../../src/localize/index.ts';

const target = (source: string, lang: string, state: TargetStatus['state'], segments = 0): TargetStatus => ({
  source,
  target: `docs/${lang}/${source.slice(5)}`,
  lang,
  state,
  segments,
  chars: segments * 10,
  conflicts: [],
});
const report = (targets: TargetStatus[]): StatusReport => {
  const counts = { 'up-to-date': 0, stale: 0, missing: 0, edited: 0, conflict: 0, terms: 0 };
  for (const t of targets) counts[t.state]++;
  return { files: new Set(targets.map((t) => t.source)).size, targets, counts, orphaned: [] };
};

describe('localization view model', () => {
  it('states read as the view shows them', () => {
    assert.equal(stateLabel(target('docs/a.md', 'de', 'up-to-date')), 'up to date');
    assert.equal(stateLabel(target('docs/a.md', 'de', 'stale', 3)), 'stale (3 segments)');
    assert.equal(stateLabel(target('docs/a.md', 'de', 'stale', 1)), 'stale (1 segment)');
    assert.equal(stateLabel(target('docs/a.md', 'de', 'stale', 0)), 'stale (nothing to send)');
    assert.equal(stateLabel(target('docs/a.md', 'de', 'missing')), 'missing');
    assert.equal(stateLabel(target('docs/a.md', 'de', 'edited')), 'edited');
    assert.equal(stateLabel(target('docs/a.md', 'de', 'conflict')), 'conflict');
  });

  it('groups by source in path order, languages in the order given; summaries name what needs work', () => {
    const r = report([
      target('docs/b.md', 'de', 'stale', 2),
      target('docs/a.md', 'de', 'up-to-date'),
      target('docs/b.md', 'fr', 'missing'),
      target('docs/a.md', 'fr', 'up-to-date'),
    ]);
    const groups = groupBySource(r);
    assert.deepEqual(
      groups.map((g) => [g.source, g.targets.map((t) => t.lang)]),
      [
        ['docs/a.md', ['de', 'fr']],
        ['docs/b.md', ['de', 'fr']],
      ],
    );
    assert.equal(sourceSummary(groups[0]!.targets), 'up to date');
    assert.equal(sourceSummary(groups[1]!.targets), 'stale: de; missing: fr');
  });

  it('rows by folder: a file row says each language\'s state ("de ✓ fr stale"); Show Problems Only keeps what needs work', () => {
    const r = report([
      target('docs/guide/b.md', 'de', 'up-to-date'),
      target('docs/guide/b.md', 'fr', 'stale', 2),
      target('docs/a.md', 'de', 'up-to-date'),
      target('docs/a.md', 'fr', 'up-to-date'),
      target('docs/guide/c.md', 'de', 'conflict'),
      target('docs/guide/c.md', 'fr', 'edited'),
    ]);
    const entries = groupBySource(r);
    const folders = groupByFolder(entries);
    assert.deepEqual(
      folders.map((f) => [f.dir, f.entries.map((e) => e.source)]),
      [
        ['docs', ['docs/a.md']],
        ['docs/guide', ['docs/guide/b.md', 'docs/guide/c.md']],
      ],
    );
    assert.deepEqual(
      folders[1]!.entries.map((e) => fileSummary(e.targets)),
      ['de ✓ fr stale', 'de conflict fr edited'],
    );
    assert.deepEqual(
      folders.map((f) => folderSummary(f.entries)),
      ['up to date', '1 stale, 1 conflict'],
    );
    const problems = problemsOnly(entries);
    assert.deepEqual(
      problems.map((e) => [e.source, e.targets.map((t) => t.lang)]),
      [
        ['docs/guide/b.md', ['fr']],
        ['docs/guide/c.md', ['de']],
      ],
    );
    assert.deepEqual(
      groupByFolder([{ source: 'top.md', targets: [] }]).map((f) => f.dir),
      [''],
    );
  });

  it('the conflict page never offers a merge where both sides changed the same words; markers are explained', () => {
    const c = {
      source: 'docs/a.md',
      target: 'docs/de/a.md',
      lang: 'de',
      block: 1,
      reason: 'edited' as const,
      base: 'a b',
      theirs: 'a x',
      ours: 'a y',
      sourceBlockHash: 'h',
    };
    const unclean = conflictPage(c, { text: 'a <<<<<<<x =======y >>>>>>>', clean: false });
    assert.ok(!unclean.includes('<<<<<<<'), 'no markers on the page');
    assert.match(unclean, /Not offered: choose in the merge editor/);
    assert.match(conflictPage(c, { text: 'a y', clean: true }), /## Merged word by word \(Merge\)/);
    assert.match(conflictPage({ ...c, block: -1, reason: 'markers' }, undefined), /holds conflict markers/);
  });

  it('the status bar counts stale, missing and conflicts; "up to date" otherwise', () => {
    const setup = (targets: TargetStatus[]): SetupStatus => ({ folder: '/w', name: 'w', report: report(targets) });
    assert.equal(
      statusText(totals([setup([target('docs/a.md', 'de', 'stale', 1), target('docs/b.md', 'de', 'stale', 1), target('docs/c.md', 'de', 'stale', 4)])])),
      'Localization: 3 stale',
    );
    assert.equal(
      statusText(totals([setup([target('docs/a.md', 'de', 'stale', 1), target('docs/b.md', 'de', 'conflict'), target('docs/c.md', 'de', 'missing')])])),
      'Localization: 1 stale, 1 missing, 1 conflict',
    );
    assert.equal(statusText(totals([setup([target('docs/a.md', 'de', 'up-to-date'), target('docs/b.md', 'de', 'edited')])])), 'Localization: up to date');
    assert.equal(statusText(totals([{ folder: '/w', name: 'w', report: undefined, error: 'bad' }])), 'Localization: up to date');
  });

  it('Explorer badges only on stale and conflicting translations', () => {
    const setup: SetupStatus = {
      folder: '/w',
      name: 'w',
      report: report([
        target('docs/a.md', 'de', 'stale', 2),
        target('docs/b.md', 'de', 'up-to-date'),
        target('docs/c.md', 'de', 'missing'),
        target('docs/d.md', 'de', 'conflict'),
        target('docs/e.md', 'de', 'edited'),
      ]),
    };
    const d = decorations(setup, posix.join);
    assert.deepEqual(
      d.map((x) => [x.path, x.badge]),
      [
        ['/w/docs/de/a.md', 'S'],
        ['/w/docs/de/d.md', '!'],
      ],
    );
    assert.equal(d[0]!.tooltip, 'Stale translation of docs/a.md (2 segments to translate)');
  });

  it('the dry run question: per language files and characters, the estimate labelled as one', () => {
    const s = dryRunSummary({
      languages: [
        { lang: 'de', files: 2, fileJobs: 0, segments: 3, chars: 1200, requests: 1, estimatedCredits: 1.2 },
        { lang: 'fr', files: 1, fileJobs: 1, segments: 0, chars: 0, requests: 0, estimatedCredits: 2 },
        { lang: 'es', files: 0, fileJobs: 0, segments: 0, chars: 0, requests: 0, estimatedCredits: 0 },
      ],
      conflicts: [],
    });
    assert.deepEqual([s.files, s.chars, s.credits], [3, 1200, 3.2]);
    assert.equal(s.lines[0], 'de (de): 2 files, 1,200 characters in 3 segments, about 1.2 credits.');
    assert.equal(s.lines[1], 'fr (fr): 1 file (1 as file jobs), 0 characters in 0 segments, about 2 credits.');
    assert.ok(s.lines.some((l) => /estimate only: the service decides/.test(l)));
    assert.ok(!s.lines.some((l) => l.startsWith('es ')), 'a language with nothing to do is not listed');
  });

  it('scopes: the set-up, a folder, a source, or a translation (its source and language)', () => {
    const r = report([target('docs/a.md', 'de', 'stale', 1)]);
    assert.deepEqual(scopeOf(r, ''), {});
    assert.deepEqual(scopeOf(r, 'docs/guide'), { paths: ['docs/guide'] });
    assert.deepEqual(scopeOf(r, 'docs/a.md'), { paths: ['docs/a.md'] });
    assert.deepEqual(scopeOf(r, 'docs/de/a.md'), { paths: ['docs/a.md'], languages: ['de'] });
    assert.equal(relativeInside('/w/site', '/w/site/docs/a.md'), 'docs/a.md');
    assert.equal(relativeInside('/w/site', '/w/site'), '');
    assert.equal(relativeInside('/w/site', '/w/site2/a.md'), undefined);
    assert.equal(relativeInside('C:\\w', 'C:\\w\\docs\\a.md'), 'docs/a.md');
  });

  it('the conflict page shows base, yours, new and the merge', () => {
    const page = conflictPage(
      {
        source: 'docs/a.md',
        target: 'docs/de/a.md',
        lang: 'de',
        block: 2,
        reason: 'edited',
        base: 'Alt',
        theirs: 'Meins ```x```',
        ours: 'Neu',
        sourceBlockHash: 'h',
      },
      { text: 'Gemischt', clean: true },
    );
    assert.match(page, /^# Conflict in docs\/de\/a\.md \(paragraph 3\)/);
    for (const part of ['## Base', '## Yours', '## New', '## Merged', 'Alt', 'Meins ```x```', 'Neu', 'Gemischt']) assert.ok(page.includes(part), part);
    assert.ok(page.includes('````markdown\nMeins'), 'fences longer than any backtick run inside');
  });
});

describe('Set Up Localization model', () => {
  it('the detected layout comes first with its evidence and source folder', () => {
    const detected = detectFramework(['docs/.vitepress/config.mts', 'docs/index.md']);
    const choices = layoutChoices(detected);
    assert.deepEqual([choices[0]!.layout, choices[0]!.source, choices[0]!.detected], ['vitepress', 'docs', 'docs/.vitepress/']);
    assert.equal(choices.length, 7);
    assert.equal(layoutChoices(undefined)[0]!.layout, 'docusaurus');
    assert.equal(
      layoutChoices(detectFramework(['docusaurus.config.ts']))[0]!.mapping,
      'docs/a/b.md → i18n/<lang>/docusaurus-plugin-content-docs/current/a/b.md',
    );
  });

  it('writes a doc-translate.json the engine accepts, without the source language among the targets', () => {
    const text = configText({ layout: 'vitepress', source: './docs/', sourceLanguage: 'en', targetLanguages: ['de', 'en', 'fr', 'de'] });
    assert.equal(text, '{\n  "source": "docs",\n  "sourceLanguage": "en",\n  "targetLanguages": [\n    "de",\n    "fr"\n  ],\n  "layout": "vitepress"\n}\n');
    const config = resolveConfig('/w', JSON.parse(text));
    assert.deepEqual([config.source, config.targetLanguages, config.layout], ['docs', ['de', 'fr'], 'vitepress']);
    const pattern = resolveConfig('/w', JSON.parse(configText({ layout: 'pattern', source: '.', sourceLanguage: 'auto', targetLanguages: ['de'] })));
    assert.deepEqual(pattern.layout, { pattern: '${dir}/${lang}/${name}' });
    assert.equal(normalizeSource(''), '.');
    assert.equal(validateSource('../docs'), 'Enter a folder inside the workspace folder, such as docs.');
    assert.equal(validateSource('/etc'), 'Enter a folder inside the workspace folder, such as docs.');
    assert.equal(validateSource('docs/en'), undefined);
  });

  it('a fresh set-up: every translation missing, then the view model lists them (engine status, no requests)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loc-model-'));
    try {
      mkdirSync(join(dir, 'docs'), { recursive: true });
      writeFileSync(join(dir, 'docs', 'a.md'), '# A\n\nOne.\n');
      writeFileSync(join(dir, 'docs', 'b.md'), '# B\n\nTwo.\n');
      const config = resolveConfig(dir, JSON.parse(configText({ layout: 'vitepress', source: 'docs', sourceLanguage: 'en', targetLanguages: ['de', 'fr'] })));
      const r = await planStatus({ config });
      const groups = groupBySource(r);
      assert.deepEqual(
        groups.map((g) => [g.source, g.targets.map((t) => `${t.target} ${stateLabel(t)}`)]),
        [
          ['docs/a.md', ['docs/de/a.md missing', 'docs/fr/a.md missing']],
          ['docs/b.md', ['docs/de/b.md missing', 'docs/fr/b.md missing']],
        ],
      );
      assert.equal(statusText(totals([{ folder: dir, name: 'w', report: r }])), 'Localization: 4 missing');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Localization menus (package.json) against the view's context values", () => {
  const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
    contributes: { menus: Record<string, { command: string; when?: string }[]> };
  };
  const item = (command: string, group = 'view/item/context'): RegExp => {
    const entry = pkg.contributes.menus[group]!.find((m) => m.command === command && m.when?.includes('view == docTranslate.localization'));
    assert.ok(entry?.when, `${command} in ${group}`);
    const m = /viewItem (?:=~ \/(.+?)\/|== ([\w.-]+))/.exec(entry.when);
    assert.ok(m, entry.when);
    return m[1] !== undefined ? new RegExp(m[1]) : new RegExp(`^${m[2]!.replace(/\./g, '\\.')}$`);
  };
  const target = (state: string): string => `localization.target.${state}`;

  it('Update where something needs it; Show Conflict on conflicts; Diff and Open where a file exists', () => {
    const update = item('docTranslate.localization.update');
    assert.deepEqual(
      ['up-to-date', 'stale', 'missing', 'edited', 'conflict'].filter((s) => update.test(target(s))),
      ['stale', 'missing', 'conflict'],
    );
    assert.ok(update.test('localization.source.open') && !update.test('localization.source') && update.test('localization.setup'));
    const conflict = item('docTranslate.localization.showConflict');
    assert.deepEqual(
      ['up-to-date', 'stale', 'missing', 'edited', 'conflict'].filter((s) => conflict.test(target(s))),
      ['conflict'],
    );
    for (const cmd of ['docTranslate.localization.diffWithSource', 'docTranslate.localization.openTranslation']) {
      assert.deepEqual(
        ['up-to-date', 'stale', 'missing', 'edited', 'conflict'].filter((s) => item(cmd).test(target(s))),
        ['up-to-date', 'stale', 'edited', 'conflict'],
        cmd,
      );
    }
  });
});
