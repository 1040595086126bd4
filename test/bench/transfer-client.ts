/**
 * The client side of one 1 GiB transfer, alone in its process so that its peak RSS is the
 * client's. Usage:
 *   transfer-client.ts upload <baseUrl> <file>            (API key in DOC_TRANSLATE_BENCH_KEY)
 *   transfer-client.ts download <baseUrl> <url> <target>
 * Prints one JSON line: { ms, bytes, warmRssMb, warmPeakRssMb, settleMs, baselineRssMb, peakRssMb,
 * quarterRssMb, latePeakRssMb }: the RSS right after the warm-up request and its peak while the
 * process settled, how long that took, the RSS then (the baseline), the peak during the transfer,
 * the RSS when a quarter of the file had passed and the highest RSS sampled after that.
 *
 * Why it waits for the process to settle: the warm-up's first request instantiates undici's HTTP
 * parser (WebAssembly), and V8 then optimises it with TurboFan on a worker thread for about a
 * second, with about 30 MB of compiler memory (`perf record` of the arena's growth:
 * `wasm::BuildTFGraph` in a `BackgroundCompileJob`). Measured from right after that request, the
 * transfer's RSS growth included that compile (upload 30-40 MB; 4.5-6.6 with `--liftoff-only`). It
 * happens once per process, after its first request, whatever is sent; what the process grows by
 * meanwhile is reported apart (`warmPeakRssMb`, transfer-rss-warmup-mb).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DocTranslateClient, downloadToFile } from '../../src/api/index.ts';

const MB = 1024 * 1024;
/** The process counts as settled once no thread but the main one used CPU for this long. */
const QUIET_MS = 300;
/** Never waits longer than this for it. */
const SETTLE_MAX_MS = 10_000;

/** CPU clock ticks used so far by every thread of this process except the main one. */
function otherThreadsTicks(): number {
  let ticks = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    if (tid === String(process.pid)) continue;
    try {
      // utime and stime are the 14th and 15th fields, after the command name in parentheses.
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ticks;
}

/**
 * Waits until the process's other threads (V8's compiler and collector, libuv's pool) are idle;
 * where /proc is not there to tell, waits twice the compile's usual second.
 */
async function settle(): Promise<number> {
  const t0 = performance.now();
  let last: number;
  try {
    last = otherThreadsTicks();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return performance.now() - t0;
  }
  let quietSince = t0;
  while (performance.now() - t0 < SETTLE_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = otherThreadsTicks();
    if (now !== last) {
      last = now;
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= QUIET_MS) break;
  }
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const [mode, baseUrl, a, b] = process.argv.slice(2);
  const apiKey = process.env['DOC_TRANSLATE_BENCH_KEY'] ?? '';
  if (baseUrl === undefined || a === undefined || (mode !== 'upload' && mode !== 'download') || (mode === 'download' && b === undefined)) {
    throw new Error('usage: transfer-client.ts upload <baseUrl> <file> | download <baseUrl> <url> <target>');
  }
  const client = new DocTranslateClient({ baseUrl, apiKey });
  // Load and warm everything the transfer uses (modules, the connection pool, undici's parser)
  // before the baseline, and let the work that starts in the background finish (see above).
  await client.getBalance();
  const warm = process.memoryUsage.rss();
  let warmPeak = warm;
  const warmSampler = setInterval(() => (warmPeak = Math.max(warmPeak, process.memoryUsage.rss())), 20);
  const settleMs = await settle();
  clearInterval(warmSampler);
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  let peak = baseline;
  let quarter: number | undefined;
  let latePeak = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    peak = Math.max(peak, rss);
    if (quarter !== undefined) latePeak = Math.max(latePeak, rss);
  }, 20);
  const onProgress = (done: number, total?: number): void => {
    if (quarter === undefined && total !== undefined && done >= total / 4) quarter = process.memoryUsage.rss();
  };
  const t0 = performance.now();
  let bytes: number;
  if (mode === 'upload') {
    const doc = await client.uploads.uploadFile(a, { filename: 'bench.png', onProgress });
    bytes = doc.file_size;
  } else {
    const r = await downloadToFile(client.requester, { url: a }, { targetPath: b!, overwrite: true, onProgress });
    if (r.notModified) throw new Error('unexpected 304');
    bytes = r.bytes;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  // The kernel's peak covers spikes between samples; it counts only if it rose during the transfer
  // (the process's start-up, e.g. compiling TypeScript, may have peaked higher than the baseline).
  const maxRssAfter = process.resourceUsage().maxRSS * 1024;
  if (maxRssAfter > maxRssBefore) peak = Math.max(peak, maxRssAfter);
  await client.close();
  const quarterRssMb = (quarter ?? Number.NaN) / MB;
  const latePeakRssMb = Math.max(latePeak, quarter ?? 0) / MB;
  process.stdout.write(
    `${JSON.stringify({ ms, bytes, warmRssMb: warm / MB, warmPeakRssMb: warmPeak / MB, settleMs, baselineRssMb: baseline / MB, peakRssMb: peak / MB, quarterRssMb, latePeakRssMb })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench transfer] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
