/**
 * The client side of one 1 GiB transfer, alone in its process so that its peak RSS is the
 * client's. Usage:
 *   transfer-client.ts upload <baseUrl> <file>            (API key in DOC_TRANSLATE_BENCH_KEY)
 *   transfer-client.ts download <baseUrl> <url> <target>
 * Prints one JSON line: { ms, bytes, baselineRssMb, peakRssMb, quarterRssMb, latePeakRssMb }: the
 * RSS when a quarter of the file had passed, and the highest RSS sampled after that.
 */
import { DocTranslateClient, downloadToFile } from '../../src/api/index.ts';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const [mode, baseUrl, a, b] = process.argv.slice(2);
  const apiKey = process.env['DOC_TRANSLATE_BENCH_KEY'] ?? '';
  if (baseUrl === undefined || a === undefined || (mode !== 'upload' && mode !== 'download') || (mode === 'download' && b === undefined)) {
    throw new Error('usage: transfer-client.ts upload <baseUrl> <file> | download <baseUrl> <url> <target>');
  }
  const client = new DocTranslateClient({ baseUrl, apiKey });
  // Load and warm everything the transfer uses (modules, the connection pool) before the baseline.
  await client.getBalance();
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
  process.stdout.write(`${JSON.stringify({ ms, bytes, baselineRssMb: baseline / MB, peakRssMb: peak / MB, quarterRssMb, latePeakRssMb })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench transfer] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
