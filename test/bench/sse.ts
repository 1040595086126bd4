/**
 * sse-latency-ms: the delay from the emulator changing a job's stage (control API, stage forced
 * with automatic progress held) to the client's watcher (jobs.watch) delivering the change, over
 * 200 changes. Timed from just before the control request is sent, so the figure also holds that
 * request's own trip: an upper bound.
 */
import { writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_POLL_INTERVAL_MS, DocTranslateClient, type JobProgress } from '../../src/api/index.ts';
import { atMost, median, note, type Figure } from './lib/figures.ts';
import { control, type EmulatorProcess } from './lib/processes.ts';

const CHANGES = 200;

export async function benchSse(emu: EmulatorProcess): Promise<Figure[]> {
  const client = new DocTranslateClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey });
  const file = join(tmpdir(), `doc-translate-bench-${process.pid}.md`);
  const watching = new AbortController();
  try {
    writeFileSync(file, '# Bench\n\nA short document whose job is driven by the benchmark.\n');
    const doc = await client.uploads.uploadFile(file);
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de', output_mode: 'single' });
    await control(emu.controlUrl, 'POST', `/jobs/${job.id}/stage`, { stage: 'translating', stage_progress: 0, stage_message: 'bench start', hold: true });

    let waiting: { message: string; resolve: () => void } | undefined;
    const onUpdate = (p: JobProgress): void => {
      if (waiting !== undefined && p.stage_message === waiting.message) waiting.resolve();
    };
    const modes: string[] = [];
    const watch = client.jobs.watch(job.id, { signal: watching.signal, onUpdate, onMode: (m) => modes.push(m) });
    watch.catch(() => undefined);

    const delivered = (message: string): Promise<void> =>
      new Promise((resolve) => {
        waiting = { message, resolve };
      });
    // The first change also waits for the stream to be connected; it is not counted.
    const samples: number[] = [];
    for (let i = -1; i < CHANGES; i++) {
      const message = `bench change ${i}`;
      const arrived = delivered(message);
      const t0 = performance.now();
      await control(emu.controlUrl, 'POST', `/jobs/${job.id}/stage`, {
        stage: i % 2 === 0 ? 'translating' : 'preflight',
        stage_progress: Math.max(0, i) % 100,
        stage_message: message,
        hold: true,
      });
      await arrived;
      if (i >= 0) samples.push(performance.now() - t0);
    }
    const med = median(samples);
    const sorted = [...samples].sort((a, b) => a - b);
    note(
      `sse: ${samples.length} changes, median ${med.toFixed(2)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms; watcher modes ${modes.join(',') || 'none reported'}`,
    );
    return [{ name: 'sse-latency-ms', value: Number(med.toFixed(2)), unit: 'ms', ref: DEFAULT_POLL_INTERVAL_MS, goal: 'ratio<=0.05', met: atMost(0.05) }];
  } finally {
    watching.abort();
    rmSync(file, { force: true });
    await client.close();
  }
}
