/**
 * The localization engine never writes what the user did not ask for (issue: guarded writes),
 * over real HTTP against the emulator and, where two runs race, as two CLI processes:
 * - a translation saved, or created, while the batch request is in flight is never overwritten
 *   (the emulator's engine is held until the files were changed);
 * - a symbolic link never leads the engine out of the repository (no request is sent, nothing is
 *   written outside);
 * - planted links at the temporary names the old writer used are never followed;
 * - two updates of one folder for different languages at once keep both languages in the lock.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DocTranslateClient } from '../../../src/api/index.ts';
import { commitLock, loadConfig, localFs, parseLock, planStatus, RUN_LOCK, serializeLock, update } from '../../../src/localize/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';
import { runLocalizeCli, startLocalizeCli } from './support/cli.ts';
import { until } from '../support/until.mjs';

function page(title: string, words: string): string {
  return `---\ntitle: ${title}\n---\n\n# ${title}\n\nThe ${words} paragraph explains the ${title.toLowerCase()} in a few words.\n\nA second paragraph about ${words}.\n`;
}

function makeSite(
  files: Record<string, string>,
  config: Record<string, unknown> = { targetLanguages: ['de', 'fr'], layout: 'vitepress', sourceLanguage: 'en' },
): string {
  const dir = mkdtempSync(join(tmpdir(), 'dt-guarded-'));
  writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify(config));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

/** Waits for a condition that depends on a child process's progress; fails at once if the process ends first. */
async function whileRunning(what: string, cond: () => Promise<boolean> | boolean, exited: Promise<unknown>): Promise<void> {
  await until(async () => (await cond()) || undefined, { what, stop: exited, timeoutMs: 100_000 });
}

describe('localize: guarded writes', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  let client: DocTranslateClient;
  const dirs: string[] = [];
  const env = (): Record<string, string> => ({ DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });
  const held = async (): Promise<number> => (await emu.control<{ held: number }>('GET', '/engine')).held;

  before(async () => {
    emu = await TestEmulator.start();
    client = emu.client();
  });
  afterEach(async () => {
    await emu.control('POST', '/engine', { hold: false });
  });
  after(async () => {
    await emu?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a translation saved or created while the batch request is in flight is left as the person wrote it', async () => {
    const dir = makeSite(
      { 'docs/guide.md': page('Guide', 'install'), 'docs/other.md': page('Other', 'deploy') },
      { targetLanguages: ['de'], layout: 'vitepress', sourceLanguage: 'en' },
    );
    dirs.push(dir);
    const first = await runLocalizeCli([dir], env());
    assert.equal(first.code, 0, first.stderr);
    // The source changes (de/guide.md becomes stale) and a new page arrives (de/new.md is missing).
    writeFileSync(join(dir, 'docs/guide.md'), page('Guide', 'configure'));
    writeFileSync(join(dir, 'docs/new.md'), page('New', 'release'));
    const otherBefore = readFileSync(join(dir, 'docs/de/other.md'), 'utf8');
    await emu.control('POST', '/engine', { hold: true });
    const run = await startLocalizeCli([dir, '--json'], env());
    await whileRunning('the batch request reached the service', async () => (await held()) >= 1, run.done);
    // A person saves their own German text and creates the new page while the request is in flight.
    const mineGuide = '# Anleitung\n\nMein eigener Text, gerade gespeichert.\n';
    const mineNew = '# Neu\n\nVon Hand angelegt.\n';
    writeFileSync(join(dir, 'docs/de/guide.md'), mineGuide);
    writeFileSync(join(dir, 'docs/de/new.md'), mineNew);
    await emu.control('POST', '/engine', { hold: false });
    const r = await run.done;
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(join(dir, 'docs/de/guide.md'), 'utf8'), mineGuide);
    assert.equal(readFileSync(join(dir, 'docs/de/new.md'), 'utf8'), mineNew);
    assert.equal(readFileSync(join(dir, 'docs/de/other.md'), 'utf8'), otherBefore);
    const summary = JSON.parse(r.stdout) as { written: number; conflicts: number };
    assert.equal(summary.written, 0);
    assert.equal(summary.conflicts, 2);
    assert.match(r.stderr, /conflict: docs\/de\/guide\.md: the file changed while the update was running/);
    assert.match(r.stderr, /conflict: docs\/de\/new\.md: the file changed while the update was running/);
    // No temporary file is left behind, and the lock has no entry claiming the person's file.
    assert.deepEqual(
      readdirSync(join(dir, 'docs/de')).filter((f) => f.startsWith('.')),
      [],
    );
    const lock = parseLock(readFileSync(join(dir, 'doc-translate.lock'), 'utf8'));
    assert.equal(lock.files.has('docs/de/new.md'), false);
    // The next run sees them as a person's work: never overwritten.
    const again = await runLocalizeCli([dir], env());
    assert.equal(again.code, 0, again.stderr);
    assert.equal(readFileSync(join(dir, 'docs/de/guide.md'), 'utf8'), mineGuide);
    assert.equal(readFileSync(join(dir, 'docs/de/new.md'), 'utf8'), mineNew);
  });

  it('a source folder that is a symbolic link out of the repository is refused before anything is sent', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'dt-private-'));
    dirs.push(outside);
    writeFileSync(join(outside, 'secret.md'), page('Private notes', 'account'));
    const dir = makeSite({ 'README.md': '# Repo\n' }, { source: 'docs', targetLanguages: ['de'], layout: 'vitepress' });
    dirs.push(dir);
    symlinkSync(outside, join(dir, 'docs'), 'dir');
    await emu.control('DELETE', '/requests');
    for (const args of [[dir], [dir, '--dry-run'], [dir, '--check']]) {
      const r = await runLocalizeCli(args, env());
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /docs leads outside through a symbolic link/);
    }
    assert.deepEqual(await emu.requests('/api/v1/'), []);
    assert.deepEqual(readdirSync(outside), ['secret.md']);
  });

  it('a target folder that is a symbolic link out of the repository receives nothing, and nothing is sent', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'dt-elsewhere-'));
    dirs.push(outside);
    const dir = makeSite({ 'docs/guide.md': page('Guide', 'install') }, { targetLanguages: ['de'], layout: 'vitepress' });
    dirs.push(dir);
    writeFileSync(join(outside, 'guide.md'), "someone else's file\n");
    symlinkSync(outside, join(dir, 'docs/de'), 'dir');
    await emu.control('DELETE', '/requests');
    const r = await runLocalizeCli([dir], env());
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /docs\/de leads outside through a symbolic link/);
    assert.deepEqual(await emu.requests('/api/v1/ai/'), []);
    assert.equal(readFileSync(join(outside, 'guide.md'), 'utf8'), "someone else's file\n");
    assert.deepEqual(readdirSync(outside), ['guide.md']);
  });

  it('base copies never follow a symbolic link out of the repository', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'dt-base-'));
    dirs.push(outside);
    const dir = makeSite({ 'docs/guide.md': page('Guide', 'install') }, { targetLanguages: ['de'], layout: 'vitepress' });
    dirs.push(dir);
    mkdirSync(join(dir, '.doc-translate'));
    symlinkSync(outside, join(dir, '.doc-translate/base'), 'dir');
    const r = await update({ config: await loadConfig(dir), client });
    assert.deepEqual(r.written, ['docs/de/guide.md']);
    assert.deepEqual(readdirSync(outside), []);
  });

  it('links planted at predictable temporary names are never followed', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'dt-victim-'));
    dirs.push(outside);
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'untouched\n');
    const dir = makeSite({ 'docs/guide.md': page('Guide', 'install') }, { targetLanguages: ['de'], layout: 'vitepress', keepBase: false });
    dirs.push(dir);
    mkdirSync(join(dir, 'docs/de'));
    // The names the old writer used: .<name>.<pid>.<counter>.tmp, for this process and the next counters.
    for (let n = 1; n <= 300; n++) {
      symlinkSync(victim, join(dir, 'docs/de', `.guide.md.${process.pid}.${n}.tmp`));
      symlinkSync(victim, join(dir, `.doc-translate.lock.${process.pid}.${n}.tmp`));
    }
    const r = await update({ config: await loadConfig(dir), client });
    assert.deepEqual(r.written, ['docs/de/guide.md']);
    assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
    assert.match(readFileSync(join(dir, 'docs/de/guide.md'), 'utf8'), /^---\ntitle:/);
  });

  it('two updates of one folder at once, for different languages, keep both languages in the lock', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`docs/page-${i}.md`] = page(`Page ${i}`, ['install', 'deploy', 'review'][i % 3]!);
    const dir = makeSite(files);
    dirs.push(dir);
    await emu.control('POST', '/engine', { hold: true });
    const de = await startLocalizeCli([dir, '--lang', 'de'], env());
    await whileRunning('the German update reached the service', async () => (await held()) >= 1, de.done);
    const fr = await startLocalizeCli([dir, '--lang', 'fr'], env());
    // Either both are in flight at once (they would race for the lock), or the second waits for the first.
    await whileRunning(
      'the French update is in flight or waiting',
      async () => (await held()) >= 2 || fr.stderr().includes('waiting for it to finish'),
      fr.done,
    );
    await emu.control('POST', '/engine', { hold: false });
    const [rde, rfr] = await Promise.all([de.done, fr.done]);
    assert.equal(rde.code, 0, rde.stderr);
    assert.equal(rfr.code, 0, rfr.stderr);
    assert.match(rfr.stderr, /another update of this folder is running \(cli \d+/);
    const lock = parseLock(readFileSync(join(dir, 'doc-translate.lock'), 'utf8'));
    const langs = [...lock.files.values()].map((e) => e.lang);
    assert.equal(langs.filter((l) => l === 'de').length, 6);
    assert.equal(langs.filter((l) => l === 'fr').length, 6);
    const check = await runLocalizeCli([dir, '--check'], env());
    assert.equal(check.code, 0, check.stdout + check.stderr);
    assert.equal(existsSync(join(dir, RUN_LOCK)), false);
  });

  it('an update lock left by a process that is gone is taken over', async () => {
    const dir = makeSite({ 'docs/guide.md': page('Guide', 'install') }, { targetLanguages: ['de'], layout: 'vitepress' });
    dirs.push(dir);
    mkdirSync(join(dir, '.doc-translate'));
    // A pid that is not running: a finished child's.
    const gone = await new Promise<number>((resolve) => {
      const c = spawn(process.execPath, ['-e', '0']);
      c.once('exit', () => resolve(c.pid!));
    });
    writeFileSync(
      join(dir, RUN_LOCK),
      JSON.stringify({ pid: gone, host: (await import('node:os')).hostname(), tool: 'cli', started: '2026-01-01T00:00:00.000Z' }),
    );
    const r = await update({ config: await loadConfig(dir), client });
    assert.deepEqual(r.written, ['docs/de/guide.md']);
    assert.equal(existsSync(join(dir, RUN_LOCK)), false);
  });

  it('the lock is written on top of entries another writer added meanwhile', async () => {
    const dir = makeSite({ 'docs/a.md': page('A', 'install') }, { targetLanguages: ['de'], layout: 'vitepress' });
    dirs.push(dir);
    const fs = localFs(dir);
    const entry = (lang: string) => ({ source: 'docs/a.md', lang, sourceHash: 'x', output: 'y', blocks: [] });
    // Read at the start of a run: empty. Meanwhile another writer records fr.
    const other = parseLock(undefined);
    other.files.set('docs/fr/a.md', entry('fr'));
    writeFileSync(join(dir, 'doc-translate.lock'), serializeLock(other));
    await commitLock(fs, dir, undefined, (lock) => void lock.files.set('docs/de/a.md', entry('de')));
    const lock = parseLock(readFileSync(join(dir, 'doc-translate.lock'), 'utf8'));
    assert.deepEqual([...lock.files.keys()].sort(), ['docs/de/a.md', 'docs/fr/a.md']);
    assert.equal((await planStatus({ config: await loadConfig(dir) })).files, 1);
  });
});
