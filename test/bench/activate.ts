/**
 * activate-ms: median over 3 fresh extension hosts (activate-host.mjs runs them through the
 * test/vscode harness) of the real `await ext.activate()` as a caller in the host sees it: the host
 * loading the bundle, building the extension context, and the extension's activate(); the goal
 * applies to it. activate-own-ms (information): loading the bundle plus activate()'s own time, the
 * part the extension controls.
 *
 * Where the time goes (CPU profiles and the host's own performance marks, printed per host): the
 * host reads package.json and compiles and runs the bundle; its requests for the extension's storage
 * (globalState, workspaceState) are queued before that but written to the workbench by a timer, so
 * they leave only after the load; activate() is called when both answers are back. The first load
 * also makes the extension's `vscode` API object, which the second copy timed as loadMs reuses. The
 * clock starts after round trips to the workbench, once it answers promptly (host/activate.test.ts
 * says why).
 */
import { atMost, failedFigure, median, note, type Figure } from './lib/figures.ts';
import { runJsonChildMjs } from './lib/processes.ts';

export const HOSTS = 3;

export async function benchActivate(bundle: string): Promise<Figure[]> {
  const r = (await runJsonChildMjs('activate-host.mjs', [String(HOSTS), bundle])) as {
    samples: { activateMs: number; loadMs: number; ownMs: number; phases?: Record<string, number>; roundTrips?: number[] }[];
    failures: string[];
  };
  for (const f of r.failures) note(`activate: a host failed: ${f}`);
  if (r.samples.length === 0) return [failedFigure('activate-ms', 'ms', 50, 'ratio<=1'), failedFigure('activate-own-ms', 'ms', 50, 'info')];
  const act = r.samples.map((s) => s.activateMs);
  const load = r.samples.map((s) => s.loadMs);
  const own = r.samples.map((s) => s.ownMs);
  const cost = r.samples.map((s) => s.loadMs + s.ownMs);
  const list = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(', ');
  for (const s of r.samples) {
    const phases = Object.entries(s.phases ?? {});
    if (phases.length > 0) note(`activate: host marks: ${phases.map(([k, v]) => `${k} ${v}`).join(', ')} ms (of ${s.activateMs.toFixed(1)})`);
    if (s.roundTrips !== undefined)
      note(`activate: round trips to the workbench before the clock starts: ${s.roundTrips.map((x) => x.toFixed(1)).join(', ')} ms`);
  }
  note(`activate: loading the bundle ${list(load)} ms; activate() itself ${list(own)} ms; await ext.activate() ${list(act)} ms`);
  return [
    { name: 'activate-ms', value: Number(median(act).toFixed(1)), unit: 'ms', ref: 50, goal: 'ratio<=1', met: atMost(1) },
    { name: 'activate-own-ms', value: Number(median(cost).toFixed(1)), unit: 'ms', ref: 50, goal: 'info' },
  ];
}
