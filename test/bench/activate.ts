/** activate-ms: median of 3 fresh extension hosts (activate-host.mjs runs them through the test/vscode harness). */
import { atMost, failedFigure, median, note, type Figure } from './lib/figures.ts';
import { runJsonChildMjs } from './lib/processes.ts';

export const HOSTS = 3;

export async function benchActivate(bundle: string): Promise<Figure[]> {
  const r = (await runJsonChildMjs('activate-host.mjs', [String(HOSTS), bundle])) as {
    samples: { activateMs: number; loadMs: number }[];
    failures: string[];
  };
  for (const f of r.failures) note(`activate: a host failed: ${f}`);
  if (r.samples.length === 0) return [failedFigure('activate-ms', 'ms', 50, 'ratio<=1')];
  const act = r.samples.map((s) => s.activateMs);
  const load = r.samples.map((s) => s.loadMs);
  note(`activate: activate() ${act.map((x) => x.toFixed(1)).join(', ')} ms; loading a copy of the bundle alone ${load.map((x) => x.toFixed(1)).join(', ')} ms`);
  return [{ name: 'activate-ms', value: Number(median(act).toFixed(1)), unit: 'ms', ref: 50, goal: 'ratio<=1', met: atMost(1) }];
}
