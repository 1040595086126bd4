/**
 * The client side of the memory test, alone in its process: upload a file, download it back
 * through a storage address, and report the peak RSS growth over a warmed-up baseline (sampled
 * every 20 ms, plus the kernel's high-water mark when it rose during the transfers) and the
 * downloaded file's sha256. Args: <baseUrl> <controlUrl> <file> <outDir>; key in DT_TEST_KEY.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { DocTranslateClient, downloadToFile } from '../../../../src/api/index.ts';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const [baseUrl, controlUrl, file, outDir] = process.argv.slice(2) as [string, string, string, string];
  const client = new DocTranslateClient({ baseUrl, apiKey: process.env['DT_TEST_KEY'] ?? '' });
  await client.getBalance();
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage.rss();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);

  const t0 = performance.now();
  const doc = await client.uploadFile(file);
  const t1 = performance.now();
  const uploadPeak = peak;
  const res = await fetch(`${controlUrl}/test/document-download-url`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ document_id: doc.id }),
  });
  const { url } = (await res.json()) as { url: string };
  const result = await downloadToFile(client.requester, { url }, { targetDir: outDir });
  const t2 = performance.now();
  clearInterval(sampler);
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  if (maxAfter > maxBefore) peak = Math.max(peak, maxAfter);
  if (result.notModified) throw new Error('unexpected 304');

  const hash = createHash('sha256');
  await pipeline(createReadStream(result.path), hash);
  await client.close();
  process.stdout.write(
    `${JSON.stringify({
      documentBytes: doc.file_size,
      downloadedBytes: result.bytes,
      path: result.path,
      sha256: hash.digest('hex'),
      uploadMs: Math.round(t1 - t0),
      downloadMs: Math.round(t2 - t1),
      baselineMb: baseline / MB,
      peakMb: peak / MB,
      growthMb: (peak - baseline) / MB,
      uploadGrowthMb: (uploadPeak - baseline) / MB,
    })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
