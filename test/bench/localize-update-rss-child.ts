/**
 * Child of the localize-update-rss benchmark: `<folder>` runs the first full update of a generated
 * set-up (every translation missing) with a local stand-in translator in a fresh process and prints
 * `{ baseMb, peakMb, written, requests, pending, ms, cpuMs }`: the RSS after module loading and the config read
 * (`baseMb`) and the process's peak RSS (`process.resourceUsage().maxRSS`).
 */
import type { BatchRequest, BatchResponse } from '../../src/api/index.ts';
import { loadConfig, update } from '../../src/localize/index.ts';

// An answer equal to its source counts as untranslated (pending): the stand-in marks each one.
const echo = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    const segments = req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()} ${s.text}` }));
    return Promise.resolve({ segments } as BatchResponse);
  },
};

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder === undefined) throw new Error('usage: <folder>');
  const config = await loadConfig(folder);
  const baseMb = process.memoryUsage().rss / 1048576;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await update({ config, client: echo });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ baseMb, peakMb, written: r.written.length, requests: r.requests, pending: r.pending, ms, cpuMs })}\n`);
}

main().catch((err: unknown) => {
  process.stdout.write(`${JSON.stringify({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) })}\n`);
  process.exit(1);
});
