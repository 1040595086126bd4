/**
 * localize-noop-ms, localize-incremental-chars, localize-requests, localize-status-10k-ms: the
 * localization engine (src/localize) on generated docs folders, against the emulator in another
 * process.
 * - noop: 60 pages in two languages, translated once, then updated with nothing changed (hashing
 *   only, no request): median of 5 runs, goal 1000 ms.
 * - incremental: 3 paragraphs edited in each of 50 pages and one inserted at the top of 10 more
 *   (160 paragraphs, two languages): characters sent over the changed paragraphs' characters
 *   (goal 1.05), and requests over the minimum for all changed segments together (goal 1.1).
 * - status-10k: planStatus over 10,000 pages with two translations each, nothing changed, in a
 *   fresh child process that reports its time and peak RSS; the child runs as the CLI ships
 *   (bundled and minified, `buildShipped`), its time under tsx is noted. It runs as the command line
 *   does from the site's folder (`npx doc-translate status` in CI: files statted by their paths
 *   relative to it, as git does from its worktree); the editor's status (run from elsewhere) is
 *   timed in the same rounds and noted. The tree is also a git repository
 *   (everything committed): the first status builds the stat cache (its time is printed), then 9
 *   statuses alternate with 9 `git status --porcelain` on the same tree (after one untimed, which
 *   refreshes git's index as the first status fills the cache): median against median, goal
 *   ratio <= 2; largest RSS of all the statuses, goal 300 MB. Git's automatic gc is off: the commit
 *   of 30,000 loose objects started one in the background, which packed during the timed runs and
 *   wrote into the tree while it was being removed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocTranslateClient } from '../../src/api/index.ts';
import { loadConfig, update, type LocalizeConfig } from '../../src/localize/index.ts';
import { minimumRequests } from '../../src/translate/index.ts';
import { pagePath, writeDocs } from '../unit/localize/support/docs.ts';
import { atMost, median, note, type Figure } from './lib/figures.ts';
import { control, runJsonChild, runJsonScript, type EmulatorProcess } from './lib/processes.ts';
import { withShipped } from './lib/shipped.ts';

const NOOP_FILES = 60;
const STATUS_FILES = 10_000;
/** Statuses and `git status` runs alternated: 9 each, so that one moment of the machine's noise moves neither median. */
const STATUS_ROUNDS = 9;

async function aiRequests(emu: EmulatorProcess): Promise<number> {
  return ((await control(emu.controlUrl, 'GET', '/requests?path_prefix=/api/v1/ai/')) as { requests: unknown[] }).requests.length;
}

function editParagraphs(dir: string, config: LocalizeConfig): string[] {
  const changed: string[] = [];
  for (let i = 0; i < 60; i++) {
    const path = join(dir, pagePath(i));
    let text = readFileSync(path, 'utf8');
    if (i < 50) {
      for (const k of [1, 3, 5]) {
        const p = `Paragraph ${k} of page ${i}: edited for the benchmark with new words on ${['caching', 'limits', 'releases'][k % 3]} and \`npm test\`, run ${i}.`;
        text = text.replace(new RegExp(`^Paragraph ${k} of page ${i}:.*$`, 'm'), p);
        changed.push(p);
      }
    } else {
      const p = `A new first paragraph for page ${i}, inserted above its heading by the benchmark.`;
      text = text.replace(/^# /m, `${p}\n\n# `);
      changed.push(p);
    }
    writeFileSync(path, text);
  }
  note(`localize: edited ${changed.length} paragraphs in ${config.targetLanguages.length} languages`);
  return changed;
}

export async function benchLocalize(emu: EmulatorProcess): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-localize-'));
  const client = new DocTranslateClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey });
  try {
    await control(emu.controlUrl, 'DELETE', '/faults');
    await control(emu.controlUrl, 'POST', `/accounts/${emu.accountId}/credits`, { millicredits: 50_000_000 });
    writeDocs(dir, { files: NOOP_FILES });
    const config = await loadConfig(dir);
    const first = await update({ config, client });
    note(`localize: first run wrote ${first.written.length} files, ${first.segments_sent} segments in ${first.requests} requests`);

    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      await control(emu.controlUrl, 'DELETE', '/requests');
      const t0 = performance.now();
      const r = await update({ config, client });
      times.push(performance.now() - t0);
      if (r.requests !== 0 || r.written.length !== 0 || (await aiRequests(emu)) !== 0) throw new Error('the no-op update sent requests or wrote files');
    }
    note(`localize: no-op update of ${NOOP_FILES} pages x 2 languages: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    figures.push({ name: 'localize-noop-ms', value: median(times), unit: 'ms', ref: 1000, goal: 'ratio<=1', met: atMost(1) });

    const changed = editParagraphs(dir, config);
    const changedChars = changed.reduce((s, p) => s + p.length, 0) * config.targetLanguages.length;
    const minimum = minimumRequests(changed.map((text, i) => ({ id: `c${i}`, text }))) * config.targetLanguages.length;
    await control(emu.controlUrl, 'DELETE', '/requests');
    const r = await update({ config, client });
    const sent = await aiRequests(emu);
    note(
      `localize: incremental run sent ${r.segments_sent} segments, ${r.chars_sent} characters (changed: ${changedChars}) in ${sent} requests (minimum ${minimum}); wrote ${r.written.length} files`,
    );
    figures.push({ name: 'localize-incremental-chars', value: r.chars_sent, unit: 'chars', ref: changedChars, goal: 'ratio<=1.05', met: atMost(1.05) });
    figures.push({ name: 'localize-requests', value: sent, unit: 'requests', ref: minimum, goal: 'ratio<=1.1', met: atMost(1.1) });
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const big = mkdtempSync(join(tmpdir(), 'doc-translate-bench-localize-10k-'));
  try {
    const { setupMs } = (await runJsonChild('localize-status-child.ts', ['setup', big, String(STATUS_FILES)], 300_000)) as { setupMs: number };
    const git = (...args: string[]): void =>
      void execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', '-c', 'gc.auto=0', ...args], {
        cwd: big,
        stdio: 'ignore',
        maxBuffer: 1 << 26,
      });
    const t0 = performance.now();
    git('init', '-q');
    git('add', '-A');
    git('commit', '-q', '-m', 'bench');
    const gitSetupMs = performance.now() - t0;
    type Run = { ms: number; cpuMs: number; rssMb: number; counts: Record<string, number>; workers: number; load: number };
    // The bundle beside the tree, not in it: git would list it as untracked.
    await withShipped('test/bench/localize-status-child.ts', async (shipped) => {
      const status = async (as: 'cli' | 'editor' = 'cli'): Promise<Run> => (await runJsonScript(shipped, ['status', big, as], 120_000)) as Run;
      const gitStatus = (): number => {
        const t = performance.now();
        git('status', '--porcelain');
        return performance.now() - t;
      };
      // The first of each fills its cache (the stat cache; git's index refresh): timed apart.
      const cold = await status();
      const gitFirst = gitStatus();
      const runs: Run[] = [];
      const gitRuns: number[] = [];
      const editorRuns: Run[] = [];
      for (let i = 0; i < STATUS_ROUNDS; i++) {
        runs.push(await status());
        gitRuns.push(gitStatus());
        editorRuns.push(await status('editor'));
      }
      note(
        `localize: status of ${STATUS_FILES} pages x 2 languages (fresh processes): first ${cold.ms.toFixed(0)} ms / ${cold.rssMb.toFixed(0)} MB (builds the stat cache), then ${runs.map((r) => `${r.ms.toFixed(0)} ms (CPU ${r.cpuMs.toFixed(0)} ms) / ${r.rssMb.toFixed(0)} MB / ${r.workers} worker${r.workers === 1 ? '' : 's'} at load ${r.load.toFixed(1)}`).join(', ')}; git status --porcelain: first ${gitFirst.toFixed(0)} ms, then ${gitRuns.map((t) => t.toFixed(0)).join(', ')} ms (setup ${(setupMs / 1000).toFixed(1)} s, git add+commit ${(gitSetupMs / 1000).toFixed(1)} s); ${JSON.stringify(runs[0]!.counts)}`,
      );
      note(
        `localize: the same status as the editor runs it (working directory elsewhere, absolute paths): ${editorRuns.map((r) => `${r.ms.toFixed(0)} ms`).join(', ')}; median ${median(editorRuns.map((r) => r.ms)).toFixed(0)} ms against ${median(runs.map((r) => r.ms)).toFixed(0)} ms from the folder`,
      );
      const tsx = (await runJsonChild('localize-status-child.ts', ['status', big], 120_000)) as Run;
      note(
        `localize: the same status under tsx (not shipped: every module through its loader, every function wrapped): ${tsx.ms.toFixed(0)} ms / ${tsx.rssMb.toFixed(0)} MB`,
      );
      if ([cold, ...runs, ...editorRuns, tsx].some((r) => r.counts['up-to-date'] !== STATUS_FILES * 2))
        throw new Error('the 10k status did not find every translation up to date');
      figures.push({
        name: 'localize-status-10k-ms',
        value: median(runs.map((r) => r.ms)),
        unit: 'ms',
        ref: median(gitRuns),
        goal: 'ratio<=2',
        met: atMost(2),
      });
      figures.push({
        name: 'localize-status-10k-rss-mb',
        value: Math.max(...[cold, ...runs].map((r) => r.rssMb)),
        unit: 'MB',
        ref: 300,
        goal: 'ratio<=1',
        met: atMost(1),
      });
    });
  } finally {
    rmSync(big, { recursive: true, force: true });
  }
  return figures;
}
