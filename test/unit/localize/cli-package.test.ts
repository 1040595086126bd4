/**
 * The npm package `doc-translate` (cli/) as a user gets it (issue 22): `npm pack` (its prepack
 * builds cli/dist/doc-translate.js and the engine it loads), the tarball installed offline into a fresh documentation
 * repository in the temporary folder (no access to this repository's node_modules: the bundle
 * needs no dependency), then `npx doc-translate init`, `check`, `update`, `status` and
 * `check --format github` against the emulator: exit codes, files written, JSON shapes.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestEmulator } from '../api/support/emulator.ts';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'cli');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Only what npm and the CLI need: no NODE_PATH, no npm_* of an enclosing `npm test`.
    const base: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir() };
    const child = spawn(cmd, args, { cwd, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const PAGES: Record<string, string> = {
  'docs/index.md': 'node_modules/eventsource-parser/README.md',
  'docs/guide/diff.md': 'node_modules/node-diff3/README.md',
  'docs/guide/yaml.md': 'node_modules/yaml/README.md',
};

const MKDOCS = `site_name: Demo
docs_dir: docs
plugins:
  - i18n:
      docs_structure: suffix
      languages:
        - locale: en
          default: true
          name: English
        - locale: de
          name: Deutsch
`;

describe('localize: the doc-translate npm package, installed and run', function () {
  this.timeout(120_000);
  let emu: TestEmulator;
  let tmp: string;
  let repo: string;
  let tarball: string;
  const version = (JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as { version: string }).version;
  const npx = (args: string[], env: Record<string, string> = {}): Promise<Run> => run('npx', ['--offline', '--no', '--', 'doc-translate', ...args], repo, env);
  const service = (): Record<string, string> => ({ DOC_TRANSLATE_BASE_URL: emu.emu.baseUrl, DOC_TRANSLATE_API_KEY: emu.emu.apiKey });

  before(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'dt-cli-package-'));
    emu = await TestEmulator.start();
  });
  after(async () => {
    await emu?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('npm pack: the two bundle files, package.json and README only; no dependencies; Node 20.18+; a bin', async () => {
    const packed = await run('npm', ['pack', '--json', '--pack-destination', tmp], CLI);
    assert.equal(packed.code, 0, packed.stderr);
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
      filename: string;
      size: number;
      unpackedSize: number;
      files: { path: string; size: number }[];
    }[];
    assert.deepEqual(info!.files.map((f) => f.path).sort(), ['README.md', 'dist/doc-translate-engine.js', 'dist/doc-translate.js', 'package.json']);
    tarball = join(tmp, info!.filename);
    assert.ok(existsSync(tarball));
    const manifest = JSON.parse(readFileSync(join(CLI, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.deepEqual(manifest['bin'], { 'doc-translate': 'dist/doc-translate.js' });
    assert.deepEqual(manifest['engines'], { node: '>=20.18' });
    assert.equal(manifest['dependencies'], undefined);
    assert.equal(
      version,
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
      'released with the extension, the same version',
    );
    assert.match(readFileSync(join(CLI, 'dist/doc-translate.js'), 'utf8').slice(0, 30), /^#!\/usr\/bin\/env node\n/);
    process.stdout.write(
      `      ${info!.filename}: ${info!.size} bytes packed, ${info!.unpackedSize} unpacked (${info!.files.map((f) => `${f.path} ${f.size}`).join(', ')})\n`,
    );
  });

  it('installed offline into a fresh documentation repository: init, check, update, status, check --format github', async () => {
    repo = join(tmp, 'docs-repo');
    mkdirSync(repo);
    assert.equal((await run('npm', ['init', '-y'], repo)).code, 0);
    const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], repo);
    assert.equal(installed.code, 0, installed.stderr);
    assert.deepEqual(
      readdirSync(join(repo, 'node_modules')).filter((n) => !n.startsWith('.')),
      ['doc-translate'],
      'nothing else installed',
    );
    writeFileSync(join(repo, 'mkdocs.yml'), MKDOCS);
    for (const [page, from] of Object.entries(PAGES)) {
      mkdirSync(join(repo, page, '..'), { recursive: true });
      copyFileSync(join(ROOT, from), join(repo, page));
    }

    const v = await npx(['--version']);
    assert.deepEqual([v.code, v.stdout], [0, `${version}\n`]);
    // --version and --help never read the engine's file: they answer with it moved away.
    const engine = join(repo, 'node_modules/doc-translate/dist/doc-translate-engine.js');
    renameSync(engine, `${engine}.away`);
    try {
      assert.deepEqual([(await npx(['--version'])).stdout, (await npx(['--help'])).code], [`${version}\n`, 0]);
      assert.notEqual((await npx(['status'])).code, 0, 'a real command needs the engine');
    } finally {
      renameSync(`${engine}.away`, engine);
    }

    const init = await npx(['init', '--lang', 'de,fr', '--yes']);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /framework:\s+mkdocs/);
    const config = JSON.parse(readFileSync(join(repo, 'doc-translate.json'), 'utf8')) as { targetLanguages: string[]; layout: unknown };
    assert.deepEqual([config.targetLanguages, config.layout], [['de', 'fr'], 'mkdocs-suffix']);
    assert.equal(readFileSync(join(repo, '.doc-translate/.gitignore'), 'utf8'), '*\n');

    const before = await npx(['check', '--json']);
    assert.equal(before.code, 1, before.stderr);
    assert.deepEqual(JSON.parse(before.stdout), { files: 3, stale: 0, missing: 6, conflicts: 0, segments_sent: 0, chars_sent: 0, requests: 0, written: 0 });

    const noKey = await npx(['update']);
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /^doc-translate: DOC_TRANSLATE_BASE_URL is not set/);

    // Off a terminal: one line per language, then the summary and the estimate next to the charge; no progress line drawn.
    const up = await npx(['update'], service());
    assert.equal(up.code, 0, up.stderr);
    assert.doesNotMatch(up.stdout + up.stderr, /[\r\x1b]/);
    const lines = up.stdout.trimEnd().split('\n');
    assert.deepEqual(
      lines.map((l) => l.split(':')[0]),
      ['de', 'fr', '3 source files', 'cost'],
    );
    assert.match(lines[3]!, /^cost: estimated [\d.]+ credits, charged [\d.]+ credits \(the account's settled credits before and after\)$/);
    assert.match(lines[0]!, /^de: [\d,]+ segments \([\d,]+ characters\), \d+ requests?, [\d.]+ s$/);
    assert.match(lines[2]!, /^3 source files: wrote 6 translations; sent \d+ segments/);
    for (const page of Object.keys(PAGES)) for (const l of ['de', 'fr']) assert.ok(existsSync(join(repo, page.replace(/\.md$/, `.${l}.md`))), `${page} ${l}`);
    assert.ok(existsSync(join(repo, 'doc-translate.lock')));

    const status = await npx(['status', '--json']);
    assert.equal(status.code, 0, status.stderr);
    const s = JSON.parse(status.stdout) as {
      files: number;
      languages: { lang: string; up_to_date: number }[];
      total: Record<string, number>;
      orphaned: string[];
      reviewed: { lang: string; segments: number; reviewed: number }[];
    };
    const { reviewed, ...counts } = s;
    assert.deepEqual(
      reviewed.map((r) => [r.lang, r.reviewed, r.segments > 0]),
      [
        ['de', 0, true],
        ['fr', 0, true],
      ],
    );
    assert.deepEqual(counts, {
      files: 3,
      languages: ['de', 'fr'].map((lang) => ({
        lang,
        up_to_date: 3,
        stale: 0,
        missing: 0,
        edited: 0,
        conflicts: 0,
        terms: 0,
        pending: 0,
        segments: 0,
        chars: 0,
      })),
      total: { up_to_date: 6, stale: 0, missing: 0, edited: 0, conflicts: 0, terms: 0, pending: 0, segments: 0, chars: 0 },
      orphaned: [],
    });
    const table = await npx(['status']);
    assert.match(table.stdout, /^language\s+up to date\s+stale\s+missing\s+edited\s+conflicts\s+segments\s+characters\nde\s+3\s+0/);

    const clean = await npx(['check']);
    assert.equal(clean.code, 0, clean.stdout + clean.stderr);

    // A changed paragraph: the pull-request check fails with an annotation on each translation.
    const page = join(repo, 'docs/guide/diff.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nOne more paragraph at the end.\n`);
    const summary = join(tmp, 'summary.md');
    const gh = await npx(['check', '--format', 'github'], { GITHUB_WORKSPACE: repo, GITHUB_STEP_SUMMARY: summary });
    assert.equal(gh.code, 1, gh.stderr);
    assert.deepEqual(
      gh.stdout.split('\n').filter((l) => l.startsWith('::')),
      [
        '::warning file=docs/guide/diff.de.md,title=Stale translation::stale: 1 paragraph changed in docs/guide/diff.md',
        '::warning file=docs/guide/diff.fr.md,title=Stale translation::stale: 1 paragraph changed in docs/guide/diff.md',
      ],
    );
    assert.match(readFileSync(summary, 'utf8'), /\| de \| 2 \| 1 \| 0 \| 0 \| 0 \| 1 \|/);

    const again = await npx(['update', '--json'], service());
    assert.equal(again.code, 0, again.stderr);
    const u = JSON.parse(again.stdout) as Record<string, number>;
    assert.deepEqual(Object.keys(u), ['files', 'stale', 'missing', 'conflicts', 'segments_sent', 'chars_sent', 'requests', 'written', 'budget']);
    assert.deepEqual([u['stale'], u['written'], u['segments_sent']], [2, 2, 2]);
  });
});
