/**
 * `npm run bench`: every figure against a reference taken in the same run. Progress and details go
 * to stderr; stdout ends with one `BENCH ...` line per figure. Exits 0 whether or not goals are met
 * (benchmarks are not tests), and a figure that could not be measured prints value=NaN.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchActivate } from './activate.ts';
import { benchBatch } from './batch.ts';
import { BUNDLE_BUDGET, benchBundle } from './bundle.ts';
import { CLI_START_GOAL, CLI_STATUS_GOAL, benchCliStart } from './cliStart.ts';
import { benchLine, failedFigure, note, ratioOf, type Figure } from './lib/figures.ts';
import { startEmulatorProcess, type EmulatorProcess } from './lib/processes.ts';
import { benchLocalize } from './localize.ts';
import { benchLocalizeUpdateRss, UPDATE_RSS_GOAL } from './localizeUpdateRss.ts';
import { benchLocalizeSite } from './localizeSite.ts';
import { PDF_PAGECOUNT_BUDGET_MS, benchPdfPages } from './pdfPages.ts';
import { benchSegmentThroughput } from './segmentThroughput.ts';
import { benchSegments } from './segments.ts';
import { SETUP_SCAN_MAX_BLOCK_MS, benchSetupScan } from './setupScan.ts';
import { benchSse } from './sse.ts';
import { benchTransfer } from './transfer.ts';

/** Seconds into the run before which the transfers get two rounds. */
const TWO_ROUNDS_IF_BEFORE_S = 200;

type Placeholder = [name: string, unit: string, ref: number, goal: string];

/** `DOC_TRANSLATE_BENCH_ONLY=batch,sse` runs only those groups (for working on one figure). */
const only = process.env['DOC_TRANSLATE_BENCH_ONLY']
  ?.split(',')
  .map((s) => s.trim())
  .filter((s) => s !== '');

async function measure(label: string, placeholders: Placeholder[], fn: () => Promise<Figure[]> | Figure[]): Promise<Figure[]> {
  if (only !== undefined && !only.includes(label)) return [];
  const t0 = performance.now();
  try {
    return await fn();
  } catch (err) {
    note(`${label} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return placeholders.map((p) => failedFigure(...p));
  } finally {
    note(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const figures: Figure[] = [];
  const bundleCopy = join(tmpdir(), `doc-translate-bench-${process.pid}-dist`);
  try {
    figures.push(
      ...(await measure(
        'bundle',
        [
          ['bundle-bytes', 'bytes', BUNDLE_BUDGET, 'ratio<=1'],
          ['bundle-total-bytes', 'bytes', 400_000, 'ratio<=1'],
          ['bundle-parts-bytes', 'bytes', BUNDLE_BUDGET, 'info'],
          ['bundle-segmentation-bytes', 'bytes', 1_000_000, 'info'],
        ],
        () => benchBundle(bundleCopy),
      )),
    );
    figures.push(
      ...(await measure(
        'activate',
        [
          ['activate-ms', 'ms', 50, 'ratio<=1'],
          ['activate-own-ms', 'ms', 50, 'info'],
        ],
        () => benchActivate(bundleCopy),
      )),
    );
  } finally {
    rmSync(bundleCopy, { recursive: true, force: true });
  }

  figures.push(
    ...(await measure(
      'segments',
      [
        ['segments-per-block', 'segments', 1, 'ratio<=1.05'],
        ['segments-per-block-generated', 'segments', 1, 'ratio<=1.05'],
        ['segments-per-block-fragments', 'segments', 1, 'info'],
        ['fallback-rate', 'blocks', 1, 'value=0'],
        ['kept-source-parts', 'parts', 1, 'value=0'],
      ],
      () => benchSegments(),
    )),
  );
  figures.push(...(await measure('segment-throughput', [['segment-throughput', 'MB/s', Number.NaN, 'ratio>=0.5']], () => benchSegmentThroughput())));
  figures.push(
    ...(await measure(
      'setupscan',
      [
        ['setup-scan-ms', 'ms', Number.NaN, 'ratio<=5'],
        ['setup-scan-max-block-ms', 'ms', SETUP_SCAN_MAX_BLOCK_MS, 'ratio<=1'],
      ],
      () => benchSetupScan(),
    )),
  );
  figures.push(
    ...(await measure(
      'localize-site',
      [
        ['localize-site-dryrun-ms', 'ms', 3000, 'ratio<=1'],
        ['localize-site-update-rss-mb', 'MB', 200, 'ratio<=1'],
      ],
      () => benchLocalizeSite(),
    )),
  );
  figures.push(
    ...(await measure(
      'localize-update-rss',
      [
        ['localize-update-rss-growth', 'MB', Number.NaN, `ratio<=${UPDATE_RSS_GOAL}`],
        ['localize-update-live-growth', 'MB', Number.NaN, 'info'],
      ],
      () => benchLocalizeUpdateRss(),
    )),
  );
  figures.push(
    ...(await measure(
      'cli',
      [
        ['cli-start-ms', 'ms', Number.NaN, `ratio<=${CLI_START_GOAL}`],
        ['cli-start-status-ms', 'ms', Number.NaN, `ratio<=${CLI_STATUS_GOAL}`],
      ],
      () => benchCliStart(),
    )),
  );
  figures.push(...(await measure('pdfpages', [['pdf-pagecount-hostile-ms', 'ms', PDF_PAGECOUNT_BUDGET_MS, 'ratio<=1']], () => benchPdfPages())));

  let emu: EmulatorProcess | undefined;
  try {
    emu = await startEmulatorProcess();
    const e = emu;
    figures.push(
      ...(await measure(
        'batch',
        [
          ['batch-requests', 'requests', Number.NaN, 'ratio<=1.1'],
          ['batch-wall', 'ms', Number.NaN, 'ratio<=1.3'],
          ['batch-naive-speedup', 'x', 1, 'ratio>=1'],
        ],
        () => benchBatch(e),
      )),
    );
    figures.push(
      ...(await measure(
        'transfer',
        [
          ['upload-throughput', 'MB/s', Number.NaN, 'ratio>=0.9'],
          ['download-throughput', 'MB/s', Number.NaN, 'ratio>=0.9'],
          ['transfer-rss-mb', 'MB', 64, 'ratio<=1'],
          ['transfer-rss-late-mb', 'MB', 64, 'info'],
          ['transfer-rss-warmup-mb', 'MB', 64, 'info'],
        ],
        () => {
          // Two rounds (three of uploads) when the run can afford them (5-minute budget on a slow
          // machine: here the transfers start at about 165 s and take about 50 s), else one (two).
          const rounds = (performance.now() - started) / 1000 < TWO_ROUNDS_IF_BEFORE_S ? 2 : 1;
          return benchTransfer(e, rounds);
        },
      )),
    );
    figures.push(...(await measure('sse', [['sse-latency-ms', 'ms', 1000, 'ratio<=0.05']], () => benchSse(e))));
    figures.push(
      ...(await measure(
        'localize',
        [
          ['localize-noop-ms', 'ms', 1000, 'ratio<=1'],
          ['localize-incremental-chars', 'chars', Number.NaN, 'ratio<=1.05'],
          ['localize-requests', 'requests', Number.NaN, 'ratio<=1.1'],
          ['localize-status-10k-ms', 'ms', Number.NaN, 'ratio<=2'],
          ['localize-status-10k-rss-mb', 'MB', 300, 'ratio<=1'],
        ],
        () => benchLocalize(e),
      )),
    );
  } catch (err) {
    note(`emulator: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await emu?.stop();
  }

  const order = [
    'bundle-bytes',
    'bundle-total-bytes',
    'bundle-parts-bytes',
    'activate-ms',
    'activate-own-ms',
    'batch-requests',
    'batch-wall',
    'batch-naive-speedup',
    'upload-throughput',
    'download-throughput',
    'transfer-rss-mb',
    'transfer-rss-late-mb',
    'transfer-rss-warmup-mb',
    'sse-latency-ms',
    'localize-noop-ms',
    'localize-incremental-chars',
    'localize-requests',
    'localize-status-10k-ms',
    'localize-status-10k-rss-mb',
    'localize-site-dryrun-ms',
    'localize-site-update-rss-mb',
    'localize-update-rss-growth',
    'localize-update-live-growth',
    'cli-start-ms',
    'cli-start-status-ms',
    'segment-throughput',
    'segments-per-block',
    'segments-per-block-generated',
    'segments-per-block-fragments',
    'fallback-rate',
    'kept-source-parts',
    'pdf-pagecount-hostile-ms',
    'setup-scan-ms',
    'setup-scan-max-block-ms',
  ];
  for (const name of order) if (!figures.some((f) => f.name === name)) figures.push(failedFigure(name, '', Number.NaN, 'not measured'));
  figures.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  // An information figure has no goal to miss (one that was not measured is listed: its goal reads 'not measured').
  const unmet = figures.filter((f) => f.goal !== 'info' && (f.met === undefined || !f.met(ratioOf(f)))).map((f) => f.name);
  note(`done in ${((performance.now() - started) / 1000).toFixed(1)} s; goals not met: ${unmet.length === 0 ? 'none' : unmet.join(', ')}`);
  process.stdout.write(figures.map(benchLine).join('\n') + '\n');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`[bench] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(0);
  },
);
