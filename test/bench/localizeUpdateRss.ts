/**
 * localize-update-rss-growth: does the memory of a first full update grow with the number of
 * files? Generated sites (`writeDocs`) of N and 4N pages in two languages, each updated in a fresh
 * process (`localize-update-rss-child.ts`) with a local stand-in translator: the growth of the
 * process's peak RSS above its RSS after module loading, at 4N pages (value) against N pages (ref),
 * the smaller of two runs of each size.
 * Goal: ratio <= 1.5 (flat: what an update holds does not grow with the files' texts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDocs } from '../unit/localize/support/docs.ts';
import { atMost, note, type Figure } from './lib/figures.ts';
import { runJsonChild } from './lib/processes.ts';

export const UPDATE_RSS_PAGES = Number(process.env['DOC_TRANSLATE_BENCH_RSS_PAGES'] ?? 250);
export const UPDATE_RSS_GOAL = 1.5;

interface Run {
  baseMb: number;
  peakMb: number;
  written: number;
  requests: number;
  ms: number;
  cpuMs: number;
}

async function run(pages: number): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-rss-'));
  try {
    writeDocs(dir, { files: pages, languages: ['de', 'fr'] });
    const r = (await runJsonChild('localize-update-rss-child.ts', [dir], 900_000)) as Run & { error?: string };
    if (r.error !== undefined) throw new Error(r.error);
    if (r.written !== pages * 2) throw new Error(`${r.written} files written, expected ${pages * 2}`);
    return r;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchLocalizeUpdateRss(): Promise<Figure[]> {
  const growth = (r: Run): number => Math.max(1, r.peakMb - r.baseMb);
  // Two runs of each size, the smaller growth kept: when the collector runs late (a loaded machine), garbage inflates a peak.
  const least = (a: Run, b: Run): Run => (growth(a) <= growth(b) ? a : b);
  const small = least(await run(UPDATE_RSS_PAGES), await run(UPDATE_RSS_PAGES));
  const large = least(await run(UPDATE_RSS_PAGES * 4), await run(UPDATE_RSS_PAGES * 4));
  const line = (n: number, r: Run): string =>
    `${n} pages: ${r.written} files, ${r.requests} requests, RSS ${r.baseMb.toFixed(0)} MB after loading, peak ${r.peakMb.toFixed(0)} MB (+${growth(r).toFixed(0)}), ${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s)`;
  note(`localize-update-rss: ${line(UPDATE_RSS_PAGES, small)}; ${line(UPDATE_RSS_PAGES * 4, large)}`);
  return [
    {
      name: 'localize-update-rss-growth',
      value: Math.round(growth(large) * 10) / 10,
      unit: 'MB',
      ref: Math.round(growth(small) * 10) / 10,
      goal: `ratio<=${UPDATE_RSS_GOAL}`,
      met: atMost(UPDATE_RSS_GOAL),
    },
  ];
}
