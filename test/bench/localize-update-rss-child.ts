/**
 * Child of the localize-update-rss benchmark: `<folder>` runs the first full update of a generated
 * set-up (every translation missing) with a local stand-in translator in a fresh process and prints
 * `{ baseMb, peakMb, written, requests, pending, ms, cpuMs }`: the RSS after module loading and the config read
 * (`baseMb`) and the process's peak RSS (`process.resourceUsage().maxRSS`).
 * `<folder> live` runs the same update but collects garbage every 250 ms and prints `{ baseLiveMb,
 * maxLiveMb, written }`: the heap still in use after a full collection, before the update and at its
 * largest during it (what the update holds, garbage aside; the collections change the RSS, so it is a
 * run of its own).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { BatchRequest, BatchResponse } from '../../src/api/index.ts';
import { loadConfig, update } from '../../src/localize/index.ts';

// An answer equal to its source counts as untranslated (pending): the stand-in marks each one.
const echo = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    const segments = req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()} ${s.text}` }));
    return Promise.resolve({ segments } as BatchResponse);
  },
};

const MB = 1048576;

async function live(folder: string): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const config = await loadConfig(folder);
  gc();
  const baseLiveMb = process.memoryUsage().heapUsed / MB;
  let maxLiveMb = baseLiveMb;
  const sample = (): void => {
    gc();
    maxLiveMb = Math.max(maxLiveMb, process.memoryUsage().heapUsed / MB);
  };
  const timer = setInterval(sample, 250);
  const r = await update({ config, client: echo });
  clearInterval(timer);
  sample();
  process.stdout.write(`${JSON.stringify({ baseLiveMb, maxLiveMb, written: r.written.length })}\n`);
}

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder === undefined) throw new Error('usage: <folder> [live]');
  if (process.argv[3] === 'live') return live(folder);
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
