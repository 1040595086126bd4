/**
 * setup-scan-ms, setup-scan-max-block-ms: reading a hostile repository's set-up, as the Localization
 * view does after activation (the engine's planStatus: list the sources through the patterns of
 * doc-translate.json, hash them, plan every translation).
 * - The repository: 2,000 Markdown pages under docs/, a quarter of them 32 folders deep
 *   (docs/d/d/…/d/), and doc-translate.json with the most patterns the config accepts (256 per
 *   list, 16 `**` each, such as `docs/d/` then `** /d/` sixteen times then `z.md` (without the space),
 *   that never match: the worst case for a backtracking matcher) besides the pattern of all Markdown.
 * - setup-scan-ms: the time of planStatus on that set-up (median of 3), against the same tree with
 *   the default patterns, measured in the same run (goal: at most 5 times the reference).
 * - setup-scan-max-block-ms: the longest the event loop was blocked during those runs (a
 *   setImmediate ticker's largest gap), against the goal of 50 ms.
 * - On stderr, for scale: the matcher before this bench (a RegExp per pattern, kept in
 *   test/unit/localize/support/old-glob.ts) on one such path with 8 and 10 `**`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GLOB_LIMITS } from '../../src/localize/config.ts';
import { loadConfig, planStatus } from '../../src/localize/index.ts';
import { globToRegExp as oldGlobToRegExp } from '../unit/localize/support/old-glob.ts';
import { atMost, median, note, type Figure } from './lib/figures.ts';

const FILES = 2000;
const DEEP = 32;
export const SETUP_SCAN_MAX_BLOCK_MS = 50;

function writeRepo(dir: string): void {
  for (let i = 0; i < FILES; i++) {
    const folder = i % 4 === 0 ? Array(DEEP).fill('d').join('/') : `section-${i % 20}`;
    const path = join(dir, 'docs', folder, `page-${i}.md`);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, `# Page ${i}\n\nA paragraph of page ${i} about the set-up.\n`);
  }
}

/** `docs/d`, then `globstars` times a `**` folder and a `d`, then `name`: never matches a file of the tree. */
function hostile(name: string, globstars: number = GLOB_LIMITS.globstars): string {
  return `docs/${Array(globstars + 1)
    .fill('d')
    .join('/**/')}/${name}`;
}

function writeConfig(dir: string, patterns: 'hostile' | 'default'): void {
  const n = GLOB_LIMITS.patterns;
  const config =
    patterns === 'default'
      ? { targetLanguages: ['de'], layout: 'vitepress' }
      : {
          targetLanguages: ['de'],
          layout: 'vitepress',
          include: ['**/*.md', ...Array.from({ length: n - 1 }, (_, i) => hostile(`z-${i}.md`))],
          exclude: Array.from({ length: n }, (_, i) => hostile(`x-${i}.md`)),
          files: Array.from({ length: n }, (_, i) => hostile(`y-${i}.pdf`)),
        };
  for (const p of [...(config.include ?? []), ...(config.exclude ?? []), ...(config.files ?? [])]) {
    if (p.length > GLOB_LIMITS.chars) throw new Error(`bench pattern too long: ${p.length}`);
  }
  writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify(config));
}

/** Runs fn with a setImmediate ticker; the largest gap between ticks (and fn's start and end). */
async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; maxBlockMs: number }> {
  let last = performance.now();
  let maxBlock = 0;
  let running = true;
  const tick = (): void => {
    const now = performance.now();
    maxBlock = Math.max(maxBlock, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  running = false;
  maxBlock = Math.max(maxBlock, performance.now() - last);
  return { ms, maxBlockMs: maxBlock };
}

async function runs(dir: string): Promise<{ ms: number; maxBlockMs: number; sources: number }> {
  const config = await loadConfig(dir);
  let sources = 0;
  const results = [];
  for (let r = 0; r < 3; r++) {
    results.push(
      await timed(async () => {
        sources = (await planStatus({ config })).targets.length;
      }),
    );
  }
  return { ms: median(results.map((x) => x.ms)), maxBlockMs: Math.max(...results.map((x) => x.maxBlockMs)), sources };
}

export async function benchSetupScan(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-setup-scan-'));
  try {
    writeRepo(dir);
    writeConfig(dir, 'default');
    const reference = await runs(dir);
    note(`setup-scan: default patterns: ${reference.ms.toFixed(0)} ms, longest block ${reference.maxBlockMs.toFixed(1)} ms, ${reference.sources} targets`);
    writeConfig(dir, 'hostile');
    const hostileRun = await runs(dir);
    note(
      `setup-scan: ${3 * GLOB_LIMITS.patterns} patterns of ${GLOB_LIMITS.globstars} "**": ${hostileRun.ms.toFixed(0)} ms, longest block ${hostileRun.maxBlockMs.toFixed(1)} ms, ${hostileRun.sources} targets`,
    );
    if (hostileRun.sources !== reference.sources) throw new Error(`the hostile set-up found ${hostileRun.sources} targets, the default ${reference.sources}`);
    const deepPath = `docs/${Array(DEEP).fill('d').join('/')}/page-0.md`;
    for (const k of [8, 10]) {
      const re = oldGlobToRegExp(hostile('z.md', k));
      const t0 = performance.now();
      re.test(deepPath);
      note(`setup-scan: the old RegExp matcher, one ${DEEP}-folder path, ${k} "**": ${(performance.now() - t0).toFixed(0)} ms (one pattern, one path)`);
    }
    return [
      { name: 'setup-scan-ms', value: hostileRun.ms, unit: 'ms', ref: reference.ms, goal: 'ratio<=5', met: atMost(5) },
      { name: 'setup-scan-max-block-ms', value: hostileRun.maxBlockMs, unit: 'ms', ref: SETUP_SCAN_MAX_BLOCK_MS, goal: 'ratio<=1', met: atMost(1) },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
