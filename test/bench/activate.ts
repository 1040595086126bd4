/**
 * activate-ms: median over 3 fresh extension hosts (activate-host.mjs runs them through the
 * test/vscode harness) of what activation costs the extension: loading its bundle plus running its
 * activate(). activate-host-ms: the whole `await ext.activate()` as the test sees it, which adds
 * the host's own work (extension context, storage, IPC to the workbench), for comparison.
 */
import { atMost, failedFigure, median, note, type Figure } from './lib/figures.ts';
import { runJsonChildMjs } from './lib/processes.ts';

export const HOSTS = 3;

export async function benchActivate(bundle: string): Promise<Figure[]> {
  const r = (await runJsonChildMjs('activate-host.mjs', [String(HOSTS), bundle])) as {
    samples: { activateMs: number; loadMs: number; ownMs: number }[];
    failures: string[];
  };
  for (const f of r.failures) note(`activate: a host failed: ${f}`);
  if (r.samples.length === 0) return [failedFigure('activate-ms', 'ms', 50, 'ratio<=1')];
  const act = r.samples.map((s) => s.activateMs);
  const load = r.samples.map((s) => s.loadMs);
  const own = r.samples.map((s) => s.ownMs);
  const cost = r.samples.map((s) => s.loadMs + s.ownMs);
  const list = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(', ');
  note(`activate: loading the bundle ${list(load)} ms; activate() itself ${list(own)} ms; await ext.activate() ${list(act)} ms`);
  return [
    { name: 'activate-ms', value: Number(median(cost).toFixed(1)), unit: 'ms', ref: 50, goal: 'ratio<=1', met: atMost(1) },
    { name: 'activate-host-ms', value: Number(median(act).toFixed(1)), unit: 'ms', ref: 50, goal: 'info', met: () => true },
  ];
}
