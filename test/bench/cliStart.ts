/**
 * cli-start-ms, cli-start-status-ms: how fast the npm package's command (cli/dist/doc-translate.js,
 * built as `npm pack` builds it) starts, against `node -e 0` timed in the same run, interleaved:
 * - cli-start-ms: `doc-translate --version` (answered by the entry file, which loads the engine's
 *   file, cli/dist/doc-translate-engine.js, for real commands only);
 * - cli-start-status-ms: `doc-translate status` on 60 generated pages in two languages with a
 *   current lock (written beforehand by an update with a local stand-in translator; no service).
 * Medians of 9 runs of each, wall time of the whole process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../src/api/index.ts';
import { loadConfig, planStatus, update, type BatchTranslator } from '../../src/localize/index.ts';
import { writeDocs } from '../unit/localize/support/docs.ts';
import { atMost, median, note, type Figure } from './lib/figures.ts';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'cli', 'dist', 'doc-translate.js');
const RUNS = 9;
const PAGES = 60;
/**
 * Goals over `node -e 0`: --version reads the 10 KB entry file only (until 2026-11-27 it compiled
 * the whole 1 MB bundle, 2.6-2.9 times `node -e 0`; since the engine is its own file, about 1.2),
 * status also loads and evaluates the engine and hashes 120 translations.
 */
export const CLI_START_GOAL = 3;
export const CLI_STATUS_GOAL = 10;

// An answer equal to its source counts as untranslated (pending), so the stand-in marks each one.
const echo: BatchTranslator = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    const segments = req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()} ${s.text}` }));
    return Promise.resolve({ segments } as BatchResponse);
  },
};

function timed(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env['PATH'] ?? '' } });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
  return ms;
}

export async function benchCliStart(): Promise<Figure[]> {
  const built = spawnSync(process.execPath, ['esbuild.mjs', '--cli'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error('node esbuild.mjs --cli failed');
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-cli-'));
  try {
    writeDocs(dir, { files: PAGES });
    const config = await loadConfig(dir);
    await update({ config, client: echo });
    const s = await planStatus({ config });
    if (s.counts['up-to-date'] !== PAGES * 2) throw new Error(`the lock is not current: ${JSON.stringify(s.counts)}`);
    const node: number[] = [];
    const version: number[] = [];
    const status: number[] = [];
    timed(['-e', '0']);
    timed([BIN, '--version']);
    for (let i = 0; i < RUNS; i++) {
      node.push(timed(['-e', '0']));
      version.push(timed([BIN, '--version']));
      status.push(timed([BIN, 'status', dir]));
    }
    const ref = median(node);
    note(
      `cli-start: node -e 0 ${ref.toFixed(1)} ms, --version ${median(version).toFixed(1)} ms, status (${PAGES} pages, 2 languages) ${median(status).toFixed(1)} ms (medians of ${RUNS})`,
    );
    return [
      {
        name: 'cli-start-ms',
        value: Math.round(median(version) * 10) / 10,
        unit: 'ms',
        ref: Math.round(ref * 10) / 10,
        goal: `ratio<=${CLI_START_GOAL}`,
        met: atMost(CLI_START_GOAL),
      },
      {
        name: 'cli-start-status-ms',
        value: Math.round(median(status) * 10) / 10,
        unit: 'ms',
        ref: Math.round(ref * 10) / 10,
        goal: `ratio<=${CLI_STATUS_GOAL}`,
        met: atMost(CLI_STATUS_GOAL),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
