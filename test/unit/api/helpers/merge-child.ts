/**
 * The client side of the merge memory test, alone in its process: upload two PDFs, then merge
 * them through the client, the result streamed to a file; reports the peak RSS growth during the
 * merge over a warmed-up baseline (sampled every 20 ms, plus the kernel's high-water mark when it
 * rose during the merge). Args: <baseUrl> <a.pdf> <b.pdf> <outDir>; key in DT_TEST_KEY.
 */
import { DocTranslateClient } from '../../../../src/api/index.ts';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const [baseUrl, a, b, outDir] = process.argv.slice(2) as [string, string, string, string];
  const client = new DocTranslateClient({ baseUrl, apiKey: process.env['DT_TEST_KEY'] ?? '' });
  const docA = await client.uploadFile(a);
  const docB = await client.uploadFile(b);
  await client.fileTools.capabilities();
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage.rss();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);

  const t0 = performance.now();
  const saved = await client.fileTools.mergePdfs([docA.id, docB.id], { targetDir: outDir });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  if (maxAfter > maxBefore) peak = Math.max(peak, maxAfter);
  await client.close();
  process.stdout.write(
    `${JSON.stringify({
      path: saved.path,
      filename: saved.filename,
      bytes: saved.bytes,
      contentType: saved.contentType,
      mergeMs: Math.round(ms),
      baselineMb: baseline / MB,
      peakMb: peak / MB,
      growthMb: (peak - baseline) / MB,
    })}\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
