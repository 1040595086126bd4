/**
 * localize-update-rss-growth: does the memory of a first full update grow with the number of
 * files? Generated sites (`writeDocs`) of N and 4N pages in two languages, each updated in a fresh
 * process (`localize-update-rss-child.ts`, bundled as it ships: `buildShipped`; under tsx its
 * transformer's own heap, already grown when the base is read, hid part of the growth at N pages)
 * with a local stand-in translator: the growth of the
 * process's peak RSS above its RSS after module loading, at 4N pages (value) against N pages (ref),
 * the smaller of two runs of each size.
 * Goal: ratio <= 1.5 (flat: what an update holds does not grow with the files' texts).
 * localize-update-live-growth (information): the same two updates once more, with a full
 * collection every 250 ms: the largest heap in use after one, above the heap before the update.
 * It tells what the update holds from garbage V8 has not collected yet: V8 lets its old generation
 * grow to a few times what survived the last full collection before it runs the next, so the RSS of
 * a run that ends before that collection and of one that passes it differ by garbage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDocs } from '../unit/localize/support/docs.ts';
import { atMost, note, type Figure } from './lib/figures.ts';
import { runJsonScript } from './lib/processes.ts';
import { withShipped } from './lib/shipped.ts';

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

interface LiveRun {
  baseLiveMb: number;
  maxLiveMb: number;
  written: number;
}

async function run<R extends { written: number }>(child: string, pages: number, mode: 'rss' | 'live'): Promise<R> {
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-rss-'));
  try {
    writeDocs(dir, { files: pages, languages: ['de', 'fr'] });
    const r = (await runJsonScript(child, mode === 'live' ? [dir, 'live'] : [dir], 900_000)) as R & { error?: string };
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
  const { small, large, liveSmall, liveLarge } = await withShipped('test/bench/localize-update-rss-child.ts', async (child) => ({
    small: least(await run<Run>(child, UPDATE_RSS_PAGES, 'rss'), await run<Run>(child, UPDATE_RSS_PAGES, 'rss')),
    large: least(await run<Run>(child, UPDATE_RSS_PAGES * 4, 'rss'), await run<Run>(child, UPDATE_RSS_PAGES * 4, 'rss')),
    liveSmall: await run<LiveRun>(child, UPDATE_RSS_PAGES, 'live'),
    liveLarge: await run<LiveRun>(child, UPDATE_RSS_PAGES * 4, 'live'),
  }));
  const liveGrowth = (r: LiveRun): number => Math.max(0.1, r.maxLiveMb - r.baseLiveMb);
  const line = (n: number, r: Run): string =>
    `${n} pages: ${r.written} files, ${r.requests} requests, RSS ${r.baseMb.toFixed(0)} MB after loading, peak ${r.peakMb.toFixed(0)} MB (+${growth(r).toFixed(0)}), ${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s)`;
  note(`localize-update-rss: ${line(UPDATE_RSS_PAGES, small)}; ${line(UPDATE_RSS_PAGES * 4, large)}`);
  const liveLine = (n: number, r: LiveRun): string =>
    `${n} pages: ${r.baseLiveMb.toFixed(1)} -> at most ${r.maxLiveMb.toFixed(1)} MB (+${liveGrowth(r).toFixed(1)})`;
  note(`localize-update-rss: heap in use after full collections, ${liveLine(UPDATE_RSS_PAGES, liveSmall)}; ${liveLine(UPDATE_RSS_PAGES * 4, liveLarge)}`);
  return [
    {
      name: 'localize-update-rss-growth',
      value: Math.round(growth(large) * 10) / 10,
      unit: 'MB',
      ref: Math.round(growth(small) * 10) / 10,
      goal: `ratio<=${UPDATE_RSS_GOAL}`,
      met: atMost(UPDATE_RSS_GOAL),
    },
    {
      name: 'localize-update-live-growth',
      value: Math.round(liveGrowth(liveLarge) * 10) / 10,
      unit: 'MB',
      ref: Math.round(liveGrowth(liveSmall) * 10) / 10,
      goal: 'info',
    },
  ];
}
