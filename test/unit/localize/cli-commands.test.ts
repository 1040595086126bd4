/**
 * The command line's commands (issue 22), in process: parsing (the new commands and today's
 * `<folder> [--check]` and `--merge-locks` forms), `--help` and `--version`, `status` as a table by
 * language, `check --format github` (annotations and the job summary, snapshots of a site with one
 * stale, one missing and one conflicting translation), and the progress line's renderer.
 * Snapshots live in test/unit/localize/snapshots/; `UPDATE_SNAPSHOTS=1` rewrites them.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { parseArgs, runCli, type CliIo } from '../../../src/localize/cli.ts';
import { COMMANDS, VERSION } from '../../../src/localize/cliHelp.ts';
import { clock, UpdateProgressView } from '../../../src/localize/cliProgress.ts';
import { fileHash } from '../../../src/localize/hash.ts';
import { loadConfig, parseLock, serializeLock, update, type BatchTranslator } from '../../../src/localize/index.ts';

const SNAPSHOTS = join(__dirname, 'snapshots');

function matchSnapshot(name: string, actual: string): void {
  const file = join(SNAPSHOTS, name);
  if (process.env['UPDATE_SNAPSHOTS'] === '1' || !existsSync(file)) {
    mkdirSync(SNAPSHOTS, { recursive: true });
    writeFileSync(file, actual);
    if (process.env['UPDATE_SNAPSHOTS'] !== '1') assert.fail(`${name}: snapshot written; check it and run again`);
    return;
  }
  assert.equal(actual, readFileSync(file, 'utf8'), `${name} differs from its snapshot (UPDATE_SNAPSHOTS=1 rewrites it)`);
}

async function cli(argv: string[], env: Record<string, string> = {}, extra: Partial<CliIo> = {}): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env, out: (l) => out.push(l), err: (l) => err.push(l), interactive: false, ...extra });
  return { code, out, err };
}

const upper: BatchTranslator = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    return Promise.resolve({
      segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang}: ${s.text.toUpperCase()}` })),
    } as BatchResponse);
  },
};

describe("localize: the command line's commands", () => {
  describe('parsing', () => {
    it('names the command; the default is update; a folder named like a command is ./check', () => {
      const p = (...a: string[]) => parseArgs(a);
      assert.deepEqual([p('docs').command, p('docs').name, p('docs').folder], ['run', 'update', 'docs']);
      assert.deepEqual([p('update').command, p('update').folder, p('update').check], ['run', '.', false]);
      assert.deepEqual([p('check', 'site').command, p('check', 'site').check, p('check', 'site').folder], ['run', true, 'site']);
      assert.deepEqual([p('docs', '--check').check, p('docs', '--dry-run').dryRun], [true, true]);
      assert.deepEqual([p('status').command, p('init').command, p('adopt', 'x').command, p('adopt', 'x').folder], ['status', 'init', 'adopt', 'x']);
      assert.deepEqual([p('./check').command, p('./check').folder], ['run', './check']);
      assert.deepEqual(p('check', '--format', 'github').format, 'github');
      assert.deepEqual(p('check', '--format=github', '--lang', 'de,fr', '--shard=1/2').langs, ['de', 'fr']);
      assert.deepEqual(p('update', '--quiet').quiet, true);
    });

    it("merge-locks <locks…> and today's <folder> --merge-locks <locks…>", () => {
      const m = parseArgs(['merge-locks', 'a.lock', 'b.lock', '--folder', 'site']);
      assert.deepEqual([m.command, m.mergeLocks, m.folder], ['merge', ['a.lock', 'b.lock'], 'site']);
      const old = parseArgs(['site', '--merge-locks', 'a.lock', 'b.lock']);
      assert.deepEqual([old.command, old.mergeLocks, old.folder], ['merge', ['a.lock', 'b.lock'], 'site']);
      assert.throws(() => parseArgs(['merge-locks']), /needs the lock of every shard/);
    });

    it('refuses what a command does not take, and contradictions', () => {
      assert.throws(() => parseArgs(['status', '--dry-run']), /status does not take --dry-run/);
      assert.throws(() => parseArgs(['adopt', '--check']), /adopt takes only/);
      assert.throws(() => parseArgs(['check', '--format', 'xml']), /text or github/);
      assert.throws(() => parseArgs(['check', '--json', '--format', 'github']), /exclude each other/);
      assert.throws(() => parseArgs(['docs', '--check', '--dry-run']), /exclude each other/);
      assert.throws(() => parseArgs(['check', 'a', 'b']), /unexpected argument b/);
      assert.throws(() => parseArgs(['check', '--nope']), /unknown option --nope/);
      assert.throws(() => parseArgs([]), /name a command/);
    });

    it('the words as node:util parseArgs splits them: --x=v, a value in the next word, -h/-V, -- ends the options', () => {
      const p = (...a: string[]) => parseArgs(a);
      assert.deepEqual([p('check', '--shard', '2/3').shard, p('check', '--shard=2/3').shard], ['2/3', '2/3']);
      assert.deepEqual(p('docs', '--lang', ' de , fr ').langs, ['de', 'fr']);
      assert.deepEqual([p('-h').help, p('status', '-h').help, p('-V').version], [true, true, true]);
      assert.deepEqual([p('check', '--', '--odd-folder').folder, p('check', '-').folder], ['--odd-folder', '-']);
      assert.throws(() => parseArgs(['check', '--shard']), /^Error: --shard needs a value$/);
      assert.throws(() => parseArgs(['check', '--shard=']), /^Error: --shard needs a value$/);
      assert.throws(() => parseArgs(['check', '--nope=1']), /^Error: unknown option --nope=1$/);
      assert.throws(() => parseArgs(['status', '-x']), /^Error: unknown option -x$/);
      assert.throws(() => parseArgs(['check', '--version']), /^Error: unknown option --version$/, "a command's --version is not an option of it");
      assert.throws(() => parseArgs(['init', '--shard', '1/2']), /^Error: init takes only \[folder\] --lang --yes --json$/);
      assert.throws(() => parseArgs(['docs', '--check', '--merge-locks']), /--merge-locks takes only the locks/);
      assert.throws(() => parseArgs(['docs', '--merge-locks']), /--merge-locks needs the lock of every shard/);
    });
  });

  it("--help for the program and each command (snapshot), --version; usage errors exit 2 with the command's usage", async () => {
    const texts: string[] = [];
    const main = await cli(['--help']);
    assert.equal(main.code, 0);
    texts.push(`$ doc-translate --help\n${main.out.join('\n')}`);
    for (const c of COMMANDS) {
      const r = await cli([c, '--help']);
      assert.equal(r.code, 0, c);
      texts.push(`$ doc-translate ${c} --help\n${r.out.join('\n')}`);
    }
    matchSnapshot('cli-help.txt', `${texts.join('\n\n')}\n`);
    assert.deepEqual((await cli(['--version'])).out, [VERSION]);
    const bad = await cli(['status', '--dry-run']);
    assert.equal(bad.code, 2);
    assert.deepEqual(bad.err, [
      'doc-translate: status does not take --dry-run',
      'usage: doc-translate status [folder] [options] (doc-translate status --help)',
    ]);
  });

  describe('a site with one stale, one missing and one conflicting translation', () => {
    let tmp: string;
    let site: string;
    before(async () => {
      tmp = mkdtempSync(join(tmpdir(), 'dt-cli-commands-'));
      site = join(tmp, 'site');
      mkdirSync(join(site, 'docs'), { recursive: true });
      writeFileSync(
        join(site, 'doc-translate.json'),
        JSON.stringify({ source: 'docs', sourceLanguage: 'en', targetLanguages: ['de', 'fr'], layout: 'vitepress', detect: false, labels: false }),
      );
      writeFileSync(join(site, 'docs/guide.md'), '# Guide\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird paragraph.\n\nFourth paragraph.\n');
      writeFileSync(join(site, 'docs/intro.md'), '# Intro\n\nWelcome here.\n\nRead the guide.\n');
      writeFileSync(join(site, 'docs/faq.md'), '# FAQ\n\nAsk away.\n');
      const config = await loadConfig(site);
      await update({ config, client: upper });
      // Stale: three paragraphs of the guide changed.
      writeFileSync(
        join(site, 'docs/guide.md'),
        '# Guide\n\nFirst paragraph, changed.\n\nSecond paragraph, changed.\n\nThird paragraph, changed.\n\nFourth paragraph.\n',
      );
      // Missing: a new page.
      writeFileSync(join(site, 'docs/new.md'), '# New\n\nFresh text.\n');
      // Conflict (de): a person edited a paragraph whose source changed too.
      const de = join(site, 'docs/de/intro.md');
      writeFileSync(de, readFileSync(de, 'utf8').replace('de: READ THE GUIDE.', 'Lies den Leitfaden, bitte.'));
      writeFileSync(join(site, 'docs/intro.md'), '# Intro\n\nWelcome here.\n\nRead the guide first.\n');
      // Conflict (fr): markers a merge left, recorded as written.
      const fr = join(site, 'docs/fr/faq.md');
      const merged = readFileSync(fr, 'utf8').replace('fr: ASK AWAY.', '<<<<<<< ours\nfr: ASK AWAY.\n=======\nDemandez.\n>>>>>>> theirs');
      writeFileSync(fr, merged);
      const lockPath = join(site, 'doc-translate.lock');
      const lock = parseLock(readFileSync(lockPath, 'utf8'));
      lock.files.get('docs/fr/faq.md')!.output = fileHash(merged);
      writeFileSync(lockPath, serializeLock(lock));
    });
    after(() => rmSync(tmp, { recursive: true, force: true }));

    it('check --format github: annotations (snapshot), exit 1, the summary appended to $GITHUB_STEP_SUMMARY', async () => {
      const summary = join(tmp, 'step_summary.md');
      writeFileSync(summary, '## An earlier step\n');
      const r = await cli(['check', site, '--format', 'github'], { GITHUB_WORKSPACE: tmp, GITHUB_STEP_SUMMARY: summary });
      assert.equal(r.code, 1, r.err.join('\n'));
      assert.deepEqual(r.err, []);
      matchSnapshot('cli-check-github.txt', `${r.out.join('\n')}\n\n--- $GITHUB_STEP_SUMMARY ---\n${readFileSync(summary, 'utf8')}`);
      assert.match(readFileSync(summary, 'utf8'), /^## An earlier step\n\n### doc-translate check: site\n/);
      // Without GITHUB_WORKSPACE the paths are relative to the working directory.
      const here = await cli(['check', site, '--format', 'github'], {}, { cwd: site });
      assert.ok(
        here.out.some((l) => l.startsWith('::warning file=docs/de/guide.md,title=Stale translation::stale: 3 paragraphs changed in docs/guide.md')),
        here.out.join('\n'),
      );
    });

    it('status: a table by language, exit 0; --json by language', async () => {
      const r = await cli(['status', site]);
      assert.equal(r.code, 0);
      assert.deepEqual(r.out, [
        'language  up to date  stale  missing  edited  conflicts  segments  characters',
        'de                 1      1        1       0          1         6         111',
        'fr                 0      2        1       0          1         6         111',
        'all                1      3        2       0          2        12         222',
        '4 source files; an update would send 12 segments (222 characters)',
        'reviewed: de 0% (0 of 10 segments), fr 0% (0 of 10 segments)',
      ]);
      const j = await cli(['status', site, '--json', '--lang', 'fr']);
      assert.deepEqual(JSON.parse(j.out[0]!), {
        files: 4,
        languages: [{ lang: 'fr', up_to_date: 0, stale: 2, missing: 1, edited: 0, conflicts: 1, terms: 0, pending: 0, segments: 6, chars: 111 }],
        total: { up_to_date: 0, stale: 2, missing: 1, edited: 0, conflicts: 1, terms: 0, pending: 0, segments: 6, chars: 111 },
        orphaned: [],
        reviewed: [{ lang: 'fr', segments: 10, reviewed: 0 }],
      });
    });

    it("check as text and as today's <folder> --check: the same lines, exit 1", async () => {
      const a = await cli(['check', site]);
      const b = await cli([site, '--check']);
      assert.equal(a.code, 1);
      assert.deepEqual(a, b);
      assert.match(a.out.at(-1)!, /4 source files, 8 translations: 1 up to date, 3 stale, 2 missing, 0 edited, 2 in conflict/);
    });
  });

  describe('progress', () => {
    const work = {
      files: 4,
      segments: 30,
      chars: 3000,
      languages: [
        { lang: 'de', segments: 20, chars: 2000 },
        { lang: 'fr', segments: 10, chars: 1000 },
      ],
    };
    const fakeClient = (): BatchTranslator & { resolve: () => void } => {
      const pending: (() => void)[] = [];
      return {
        translateBatch: (req: BatchRequest) =>
          new Promise<BatchResponse>((res) =>
            pending.push(() => res({ segments: req.segments.map((s) => ({ id: s.id, translated_text: s.text })) } as BatchResponse)),
          ),
        resolve: () => pending.shift()?.(),
      };
    };

    it('on a terminal: one line redrawn in place with files, segments, characters, requests in flight, elapsed and remaining time', async () => {
      let t = 0;
      const written: string[] = [];
      const view = new UpdateProgressView({ terminal: { write: (s) => written.push(s), columns: () => 200 }, now: () => t, intervalMs: 0 });
      const base = fakeClient();
      const client = view.track(base);
      view.onProgress({ phase: 'scan', done: 0, total: 1 });
      assert.equal(view.line(), 'scanning... 0:00');
      t = 2000;
      view.onProgress({ phase: 'translate', done: 0, total: 3000, work });
      const call = client.translateBatch({ segments: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, text: 'x'.repeat(100) })), target_lang: 'de' });
      void client.translateBatch({ segments: [{ id: 'a', text: 'y' }], target_lang: 'de' });
      assert.match(view.line(), /\| 2 in flight \|/);
      t = 12_000;
      base.resolve();
      await call;
      view.onProgress({ phase: 'translate', done: 1000, total: 3000, lang: 'de', work });
      assert.equal(view.line(), 'de | files 0/4 | segments 10/30 | chars 1,000/3,000 | 1 in flight | 0:12 elapsed | 0:20 left');
      assert.ok(
        written.every((w) => w.startsWith('\r') && w.endsWith('\x1b[K')),
        'redrawn in place',
      );
      view.onProgress({ phase: 'write', done: 4, total: 4, work });
      view.finish();
      assert.equal(written.at(-1), '\r\x1b[K', 'the line is removed at the end');
      // Cut to the terminal's width.
      const narrow: string[] = [];
      const v2 = new UpdateProgressView({ terminal: { write: (s) => narrow.push(s), columns: () => 30 }, now: () => 0, intervalMs: 0 });
      v2.onProgress({ phase: 'translate', done: 0, total: 3000, work });
      assert.ok(
        narrow.every((w) => w.length <= '\r'.length + 29 + '\x1b[K'.length),
        narrow.join('|'),
      );
    });

    it('off a terminal: one line per language when its segments are done; nothing drawn', async () => {
      let t = 0;
      const lines: string[] = [];
      const view = new UpdateProgressView({ log: (l) => lines.push(l), now: () => t });
      const base = fakeClient();
      const client = view.track(base);
      view.onProgress({ phase: 'translate', done: 0, total: 3000, work });
      const de = client.translateBatch({ segments: [{ id: 'a', text: 'x' }], target_lang: 'de' });
      view.onProgress({ phase: 'translate', done: 0, total: 3000, lang: 'de', work });
      t = 1500;
      base.resolve();
      await de;
      const fr = client.translateBatch({ segments: [{ id: 'b', text: 'y' }], target_lang: 'fr' });
      view.onProgress({ phase: 'translate', done: 2000, total: 3000, lang: 'fr', work });
      base.resolve();
      await fr;
      view.onProgress({ phase: 'write', done: 0, total: 4, work });
      view.finish();
      assert.deepEqual(lines, ['de: 20 segments (2,000 characters), 1 request, 1.5 s', 'fr: 10 segments (1,000 characters), 1 request, 0.0 s']);
      assert.equal(clock(3_725_000), '1:02:05');
    });
  });
});
