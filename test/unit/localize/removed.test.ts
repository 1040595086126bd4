/**
 * What an update does with the lock when sources or target languages go away: their entries are
 * dropped, their translation files are left as they are, a removed language's files never become
 * sources, and status and `--check` say nothing about a removed language.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import {
  dryRun,
  loadConfig,
  mergeLocks,
  parseLock,
  planStatus,
  serializeLock,
  update,
  type BatchTranslator,
  type LayoutSpec,
} from '../../../src/localize/index.ts';
import { runLocalizeCli } from './support/cli.ts';

const tagged: BatchTranslator & { sent: string[] } = {
  sent: [],
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    tagged.sent.push(...req.segments.map((s) => `${req.target_lang}:${s.text}`));
    return Promise.resolve({
      segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()}· ${s.text}` })),
    } as BatchResponse);
  },
};

interface LockJson {
  removedLanguages?: string[];
  files: Record<string, { source: string; lang: string }>;
}

const cases: { layout: LayoutSpec; source: string; it: (page: string) => string; de: (page: string) => string }[] = [
  { layout: 'vitepress', source: 'docs', it: (p) => `docs/it/${p}`, de: (p) => `docs/de/${p}` },
  { layout: 'hugo', source: 'content', it: (p) => `content/${p.replace(/\.md$/, '.it.md')}`, de: (p) => `content/${p.replace(/\.md$/, '.de.md')}` },
];

for (const c of cases) {
  describe(`localize: removed sources and languages (${String(c.layout)})`, () => {
    let dir: string;
    const write = (p: string, text: string): void => {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), text);
    };
    const read = (p: string): string => readFileSync(join(dir, p), 'utf8');
    const lock = (): LockJson => JSON.parse(read('doc-translate.lock')) as LockJson;
    const configure = (targetLanguages: string[]): void => write('doc-translate.json', JSON.stringify({ targetLanguages, layout: c.layout, labels: false }));
    const run = async (): Promise<Awaited<ReturnType<typeof update>> & { sent: string[] }> => {
      tagged.sent = [];
      const report = await update({ config: await loadConfig(dir), client: tagged });
      return { ...report, sent: tagged.sent };
    };

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dt-localize-removed-'));
      configure(['de', 'it']);
      write(`${c.source}/a.md`, '# Alpha\n\nFirst page.\n');
      write(`${c.source}/guide/b.md`, '# Beta\n\nSecond page.\n');
      const first = await run();
      assert.equal(first.written.length, 4);
      assert.deepEqual(
        Object.values(lock().files)
          .map((e) => e.lang)
          .sort(),
        ['de', 'de', 'it', 'it'],
      );
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('a language taken out of targetLanguages: status, --check and the dry run say nothing about it, its files never become sources', async () => {
      configure(['de']);
      const italian = [c.it('a.md'), c.it('guide/b.md')];
      const status = await planStatus({ config: await loadConfig(dir) });
      assert.deepEqual(
        status.targets.map((t) => [t.source, t.target, t.state]),
        [
          [`${c.source}/a.md`, c.de('a.md'), 'up-to-date'],
          [`${c.source}/guide/b.md`, c.de('guide/b.md'), 'up-to-date'],
        ],
      );
      assert.equal(status.files, 2);
      assert.deepEqual(status.orphaned, []);
      const check = await runLocalizeCli([dir, '--check']);
      assert.equal(check.code, 0, check.stdout + check.stderr);
      assert.equal(check.stdout, '2 source files, 2 translations: 2 up to date, 0 stale, 0 missing, 0 edited, 0 in conflict\n');
      const dry = await dryRun({ config: await loadConfig(dir) });
      assert.deepEqual(
        dry.languages.map((l) => [l.lang, l.files, l.segments]),
        [['de', 0, 0]],
      );
      // Same after the update has dropped the entries: the lock remembers the language, not its files.
      const r = await run();
      assert.deepEqual(r.sent, []);
      assert.deepEqual(r.written, []);
      assert.deepEqual(r.unconfigured, [...italian].sort());
      assert.deepEqual(Object.keys(lock().files), [c.de('a.md'), c.de('guide/b.md')]);
      assert.deepEqual(lock().removedLanguages, ['it']);
      assert.equal(read(italian[0]!), '# IT· Alpha\n\nIT· First page.\n', 'the files are left alone');
      assert.equal(read(italian[1]!), '# IT· Beta\n\nIT· Second page.\n');
      const after = await planStatus({ config: await loadConfig(dir) });
      assert.deepEqual(
        after.targets.map((t) => [t.target, t.state]),
        [
          [c.de('a.md'), 'up-to-date'],
          [c.de('guide/b.md'), 'up-to-date'],
        ],
      );
      assert.equal((await runLocalizeCli([dir, '--check'])).stdout, check.stdout);
      const lockText = read('doc-translate.lock');
      const again = await run();
      assert.deepEqual([again.sent, again.written, again.unconfigured], [[], [], []]);
      assert.equal(read('doc-translate.lock'), lockText);
    });

    it('an update of one folder drops the entries of that folder only; the next full update the rest', async () => {
      configure(['de']);
      tagged.sent = [];
      const r = await update({ config: await loadConfig(dir), client: tagged, paths: [`${c.source}/guide`] });
      assert.deepEqual(r.unconfigured, [c.it('guide/b.md')]);
      assert.deepEqual(Object.keys(lock().files).sort(), [c.de('a.md'), c.de('guide/b.md'), c.it('a.md')].sort());
      assert.deepEqual((await run()).unconfigured, [c.it('a.md')]);
      assert.deepEqual(
        Object.values(lock().files).map((e) => e.lang),
        ['de', 'de'],
      );
    });

    it('a language added back: its old files have no entry, so they are reported untracked and kept', async () => {
      configure(['de']);
      await run();
      write(`${c.source}/a.md`, '# Alpha\n\nFirst page, changed.\n');
      configure(['de', 'it']);
      const r = await run();
      assert.deepEqual(r.sent, ['de:First page, changed.']);
      assert.deepEqual(
        r.conflicts.map((x) => [x.target, x.reason]).sort(),
        [
          [c.it('a.md'), 'untracked'],
          [c.it('guide/b.md'), 'untracked'],
        ].sort(),
      );
      assert.equal(read(c.it('a.md')), '# IT· Alpha\n\nIT· First page.\n');
      assert.equal(lock().removedLanguages, undefined);
    });

    it('a source that was deleted: status lists its translations as orphaned, an update drops their entries and keeps the files', async () => {
      unlinkSync(join(dir, c.source, 'guide/b.md'));
      const gone = [c.de('guide/b.md'), c.it('guide/b.md')].sort();
      assert.deepEqual((await planStatus({ config: await loadConfig(dir) })).orphaned, gone);
      const r = await run();
      assert.deepEqual(r.orphaned, gone);
      assert.deepEqual(r.written, []);
      assert.deepEqual(Object.keys(lock().files).sort(), [c.de('a.md'), c.it('a.md')].sort());
      for (const t of gone) assert.ok(existsSync(join(dir, t)), `${t} is kept`);
      assert.deepEqual((await planStatus({ config: await loadConfig(dir) })).orphaned, []);
    });
  });
}

describe('localize: the lock records removed languages', () => {
  it('parses, serialises (only when there are any) and merges them', () => {
    const entry = { source: 'docs/a.md', lang: 'de', sourceHash: null, output: 'x', blocks: [] };
    const text = serializeLock({ files: new Map([['docs/de/a.md', entry]]), removedLanguages: ['it', 'fr', 'it'] });
    assert.match(text, /^\{\n {2}"version": 1,\n {2}"removedLanguages": \[\n {4}"fr",\n {4}"it"\n {2}\],\n {2}"files": /);
    assert.equal(serializeLock(parseLock(text)), text);
    assert.doesNotMatch(serializeLock({ files: new Map(), removedLanguages: [] }), /removedLanguages/);
    assert.deepEqual(mergeLocks([parseLock(text), { files: new Map(), removedLanguages: ['es'] }]).removedLanguages, ['es', 'fr', 'it']);
  });
});
