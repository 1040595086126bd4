/**
 * The GitHub workflow (src/localize/ciWorkflow.ts): the README's "Localize in CI" block is exactly
 * what it makes for docs/ at the repository root; it parses as YAML with the jobs a documentation
 * repository needs; every doc-translate command in it is one the CLI takes, pinned to the
 * package's version; a set-up in a subfolder gets its paths.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { parseArgs } from '../../../src/localize/cli.ts';
import { ciWorkflow } from '../../../src/localize/ciWorkflow.ts';

const ROOT = join(__dirname, '..', '..', '..');
const version = (JSON.parse(readFileSync(join(ROOT, 'cli/package.json'), 'utf8')) as { version: string }).version;

interface Workflow {
  on: { pull_request: { paths?: string[] } | null; push: { branches: string[]; paths: string[] } };
  jobs: Record<string, { if?: string; needs?: string; steps: { run?: string; uses?: string }[]; strategy?: { matrix: { shard: number[] } } }>;
}

/** The doc-translate invocations of a workflow, as argv. */
function commands(text: string): string[][] {
  return [...text.matchAll(/npx --yes doc-translate@([\w.-]+) ([^\n]+)/g)].map((m) => {
    assert.equal(m[1], version, 'pinned to the package version');
    return m[2]!
      .replace(/\$\{\{ matrix\.shard \}\}/g, '1')
      .split(' ')
      .map((a) => a.replace(/^["']|["']$/g, ''));
  });
}

describe('localize: the CI workflow', () => {
  it('the README block is the workflow for docs/ at the root, pinned to the package version', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const block = /```yaml\n# \.github\/workflows\/doc-translate\.yml\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(block !== undefined, 'README has the workflow');
    assert.equal(block, ciWorkflow({ folder: '.', source: 'docs', sourceLanguage: 'en', targetLanguages: ['de', 'fr'], version }));
  });

  it('parses: a check on pull requests (no key), a sharded update on main, merge-locks of every shard, a commit', () => {
    const text = ciWorkflow({ folder: '.', source: 'docs', sourceLanguage: 'en', targetLanguages: ['de', 'fr'], version });
    const wf = parse(text) as Workflow;
    assert.deepEqual(Object.keys(wf.jobs), ['check', 'translate', 'commit']);
    assert.equal(wf.on.pull_request, null);
    assert.deepEqual(wf.on.push, { branches: ['main'], paths: ['docs/**', 'doc-translate.json'] });
    assert.doesNotMatch(JSON.stringify(wf.jobs['check']), /API_KEY/, 'the pull-request check needs no key');
    assert.deepEqual(wf.jobs['translate']!.strategy!.matrix.shard, [1, 2, 3, 4]);
    assert.equal(wf.jobs['commit']!.needs, 'translate');
    const argv = commands(text);
    assert.deepEqual(
      argv.map((a) => a[0]),
      ['check', 'update', 'merge-locks', 'check'],
    );
    for (const a of argv) assert.doesNotThrow(() => parseArgs(a), a.join(' '));
    const merge = parseArgs(argv[2]!);
    assert.deepEqual(
      merge.mergeLocks?.map((p) => p.replace('$RUNNER_TEMP/shards/', '')),
      ['shard-1.lock', 'shard-2.lock', 'shard-3.lock', 'shard-4.lock'],
    );
    assert.equal(parseArgs(argv[0]!).format, 'github');
  });

  it('a set-up in a subfolder: its paths, its folder in every command, its languages in the header', () => {
    const text = ciWorkflow({ folder: 'website', source: 'docs', sourceLanguage: 'en', targetLanguages: ['ja', 'ko'], version, shards: 2 });
    const wf = parse(text) as Workflow;
    assert.deepEqual(wf.on.pull_request, { paths: ['website/**'] });
    assert.deepEqual(wf.on.push.paths, ['website/docs/**', 'website/doc-translate.json']);
    assert.match(text, /^# Translations of website\/docs\/ \(en\) into ja, ko with doc-translate@/);
    assert.match(text, /cp 'website\/doc-translate\.lock'/);
    for (const a of commands(text)) assert.equal(parseArgs(a).folder, 'website', a.join(' '));
    assert.deepEqual(wf.jobs['translate']!.strategy!.matrix.shard, [1, 2]);
  });
});
