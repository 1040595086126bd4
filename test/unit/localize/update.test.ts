/**
 * The engine over real HTTP against the emulator, on a generated docs folder of 32 Markdown/MDX
 * pages in two languages: first run, no-op run, an incremental run that must send only the edited
 * paragraphs, a human's edit that survives, a conflict that is reported and not overwritten, and
 * `--check` through the command line.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import type { DocTranslateClient } from '../../../src/api/index.ts';
import { createLayout, loadConfig, planStatus, resolveConflict, update, type LocalizeConfig, type UpdateReport } from '../../../src/localize/index.ts';
import { segmentMarkdown } from '../../../src/translate/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli } from './support/cli.ts';
import { pagePath, writeDocs } from './support/docs.ts';

const FILES = 32;

describe('localize: update against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;
  let config: LocalizeConfig;
  const read = (p: string): string => readFileSync(join(dir, p), 'utf8');
  const write = (p: string, text: string): void => writeFileSync(join(dir, p), text);
  const edit = (p: string, from: RegExp, to: string): void => {
    const before = read(p);
    const after = before.replace(from, to);
    assert.notEqual(after, before, `${p}: nothing matched ${String(from)}`);
    write(p, after);
  };
  const cli = (...args: string[]) => runLocalizeCli([dir, ...args], { DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });
  const run = async (): Promise<{ report: UpdateReport; requests: number }> => {
    await emu.control('DELETE', '/requests');
    const report = await update({ config, client });
    return { report, requests: (await emu.requests('/api/v1/ai/')).length };
  };
  const target = (i: number, lang: string): string => createLayout(config.layout, config.source, config.targetLanguages).target(pagePath(i), lang);

  before(async () => {
    emu = await TestEmulator.start();
    client = emu.client();
    dir = mkdtempSync(join(tmpdir(), 'dt-localize-e2e-'));
    writeDocs(dir, { files: FILES });
    config = await loadConfig(dir);
  });
  after(async () => {
    await emu?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('--check exits 1 before the first update (every translation missing)', async () => {
    const r = await cli('--check', '--json');
    assert.equal(r.code, 1, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, number>;
    assert.deepEqual(out, { files: FILES, stale: 0, missing: FILES * 2, conflicts: 0, segments_sent: 0, chars_sent: 0, requests: 0, written: 0 });
  });

  it('--dry-run reports files, characters and a labelled credit estimate per language, and sends nothing', async () => {
    const r = await cli('--dry-run', '--json');
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { languages: { lang: string; files: number; chars: number; estimatedCredits: number }[]; estimate: { note: string } };
    assert.deepEqual(
      out.languages.map((l) => [l.lang, l.files]),
      [
        ['de', FILES],
        ['fr', FILES],
      ],
    );
    assert.ok(out.languages.every((l) => l.chars > 0 && l.estimatedCredits > 0));
    assert.match(out.estimate.note, /estimate/);
    assert.equal((await emu.requests('/api/v1/')).length, 0);
  });

  it('the first run writes every translation, front matter, links and images included', async () => {
    const { report, requests } = await run();
    assert.equal(report.written.length, FILES * 2);
    assert.equal(report.requests, requests);
    assert.deepEqual(report.conflicts, []);
    for (let i = 0; i < FILES; i++) {
      for (const lang of ['de', 'fr']) {
        const t = read(target(i, lang));
        assert.match(t, new RegExp(`^---\\ntitle: "?${lang.toUpperCase()}· `));
        assert.match(t, new RegExp(`^${lang.toUpperCase()}· Párágráph 1 öf págé ${i}:`, 'm'));
        assert.ok(t.includes('```sh\nnpm install --save doc-translate\n```'));
        // The image resolves to the source's copy, the page link to the translated page.
        const image = /!\[[^\]]*\]\(([^)]+)\)/.exec(t)![1]!;
        assert.equal(posix.normalize(posix.join(posix.dirname(target(i, lang)), image)), 'docs/img/logo.svg');
        const link = /\]\(([^)]+\.mdx?)\)/.exec(t)![1]!;
        assert.equal(posix.normalize(posix.join(posix.dirname(target(i, lang)), link)), target((i + 1) % FILES, lang));
      }
    }
    const lock = JSON.parse(read('doc-translate.lock')) as { files: Record<string, { source: string }> };
    assert.equal(Object.keys(lock.files).length, FILES * 2);
    assert.deepEqual(Object.keys(lock.files), [...Object.keys(lock.files)].sort());
  });

  it('--check exits 0 after the update; a second run sends no request and writes nothing', async () => {
    const r = await cli('--check');
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const lockBefore = read('doc-translate.lock');
    const { report, requests } = await run();
    assert.equal(requests, 0);
    assert.deepEqual([report.requests, report.segments_sent, report.written.length], [0, 0, 0]);
    assert.equal(read('doc-translate.lock'), lockBefore);
  });

  it('after editing 3 paragraphs in 2 files and inserting one at the top of a third, only those 4 are sent', async () => {
    const changed: string[] = [
      'Paragraph 1 of page 1: rewritten with entirely new words about caching and releases, see `npm run build` first.',
      'Paragraph 3 of page 1: also rewritten, now about review and merge queues, with `git merge` in it.',
      'Paragraph 2 of page 2: a corrected sentence on deployment targets and their limits.',
      'A new introduction at the very top of page 3, before its heading.',
    ];
    edit(pagePath(1), /^Paragraph 1 of page 1:.*$/m, changed[0]!);
    edit(pagePath(1), /^Paragraph 3 of page 1:.*$/m, changed[1]!);
    edit(pagePath(2), /^Paragraph 2 of page 2:.*$/m, changed[2]!);
    edit(pagePath(3), /^# Page 3/m, `${changed[3]!}\n\n# Page 3`);
    const untouched = read(target(3, 'de'));
    const { report, requests } = await run();
    const chars = changed.reduce((s, p) => s + p.length, 0) * 2;
    const segments = changed.reduce((n, p) => n + segmentMarkdown(p).parts.filter((x) => x.kind === 'translate').length, 0) * 2;
    assert.equal(report.segments_sent, segments, 'the four paragraphs in two languages (8 with whole-paragraph segments)');
    assert.ok(report.chars_sent <= 1.05 * chars, `sent ${report.chars_sent} characters for ${chars} changed`);
    assert.equal(requests, 2, 'one request per language');
    assert.deepEqual(report.written.sort(), [target(1, 'de'), target(1, 'fr'), target(2, 'de'), target(2, 'fr'), target(3, 'de'), target(3, 'fr')].sort());
    const t3 = read(target(3, 'de'));
    assert.match(t3, /^---[\s\S]*?---\n\nDE· Á ñéw íñtrödüçtíöñ/);
    assert.equal(t3.replace(/^DE· Á ñéw íñtrödüçtíöñ.*\n\n/m, ''), untouched, 'the rest of page 3 is kept as it was');
    assert.match(read(target(1, 'fr')), /^FR· Párágráph 3 öf págé 1: álsö réwríttéñ/m);
  });

  it("a human's correction survives when its source paragraph did not change", async () => {
    const t = target(4, 'de');
    edit(t, /^DE· Párágráph 2 öf págé 4:.*$/m, 'Absatz 2 von Hand korrigiert: so klingt es besser.');
    edit(pagePath(4), /^Paragraph 4 of page 4:.*$/m, 'Paragraph 4 of page 4: a new sentence next to the corrected one.');
    assert.equal((await planStatus({ config })).targets.find((x) => x.target === t)?.state, 'stale');
    const { report } = await run();
    assert.equal(report.segments_sent, 2);
    const after = read(t);
    assert.ok(after.includes('Absatz 2 von Hand korrigiert: so klingt es besser.'));
    assert.match(after, /^DE· Párágráph 4 öf págé 4: á ñéw séñtéñçé/m);
    assert.deepEqual(report.conflicts, []);
  });

  it('a human-edited paragraph whose source changed is a conflict: reported with three versions, not overwritten', async () => {
    const t = target(5, 'de');
    const base = /^DE· Párágráph 1 öf págé 5:.*$/m.exec(read(t))![0];
    edit(t, /^DE· Párágráph 1 öf págé 5:.*$/m, 'Absatz 1, von einem Menschen übersetzt.');
    edit(pagePath(5), /^Paragraph 1 of page 5:.*$/m, 'Paragraph 1 of page 5: the source changed as well.');
    const status = await planStatus({ config });
    assert.equal(status.targets.find((x) => x.target === t)?.state, 'conflict');
    assert.equal(status.targets.find((x) => x.target === target(5, 'fr'))?.state, 'stale');
    const { report } = await run();
    assert.equal(report.conflicts.length, 1);
    const c = report.conflicts[0]!;
    assert.deepEqual([c.target, c.reason, c.theirs, c.base], [t, 'edited', 'Absatz 1, von einem Menschen übersetzt.', base]);
    assert.match(c.ours!, /^DE· Párágráph 1 öf págé 5: thé söürçé çháñgéd ás wéll\.$/);
    assert.ok(read(t).includes('Absatz 1, von einem Menschen übersetzt.'));
    assert.ok(!read(t).includes('söürçé çháñgéd'));
    assert.match(read(target(5, 'fr')), /^FR· Párágráph 1 öf págé 5: thé söürçé çháñgéd/m);
    const check = await cli('--check', '--json');
    assert.equal(check.code, 1);
    assert.equal((JSON.parse(check.stdout) as { conflicts: number }).conflicts, 1);
    // The user picks the new translation: the conflict is gone.
    await resolveConflict(config, c, 'replace');
    assert.ok(read(t).includes('söürçé çháñgéd'));
    assert.equal((await cli('--check')).code, 0);
  });

  it('the command line updates, prints the summary as JSON and exits 0', async () => {
    edit(pagePath(6), /^Paragraph 5 of page 6:.*$/m, 'Paragraph 5 of page 6: changed for the command line.');
    const r = await cli('--json');
    assert.equal(r.code, 0, r.stderr);
    const { budget, ...out } = JSON.parse(r.stdout) as Record<string, number> & { budget: Record<string, unknown> };
    // The estimate next to the charge (the emulator: 1 millicredit per character, as estimated).
    const sent = (2 * 'Paragraph 5 of page 6: changed for the command line.'.length) / 1000;
    assert.deepEqual([budget.max_credits, budget.estimated_credits, budget.charged_credits, budget.stopped], [null, sent, sent, false]);
    assert.deepEqual(out, {
      files: FILES,
      stale: 2,
      missing: 0,
      conflicts: 0,
      segments_sent: 2,
      chars_sent: 2 * 'Paragraph 5 of page 6: changed for the command line.'.length,
      requests: 2,
      written: 2,
    });
    assert.ok(existsSync(join(dir, dirname(target(6, 'fr')))));
  });

  it('exits 2 with a clear message when the key or the config is missing', async () => {
    const r = await runLocalizeCli([dir]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /DOC_TRANSLATE_BASE_URL is not set/);
    const none = await runLocalizeCli([join(dir, 'docs'), '--check']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no doc-translate\.json/);
  });
});
