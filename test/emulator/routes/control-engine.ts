import type { EmulatorApp } from '../app.ts';
import { validationError } from '../errors.ts';
import type { MangleKind } from '../mangle.ts';
import { Fields } from '../validation.ts';

/** The translation engine's test switches (reset restores the defaults). */
export interface EngineSettings {
  /** Share 0..1 of instant/batch segments whose markup comes back damaged (mangle.ts). */
  mangleRate: number;
  /** Instant/batch translations move a word behind a code span (word order). */
  reorder: boolean;
  /** Every segment mangled so far: its id (batch) or null (snippet), source text and what was damaged. */
  mangled: { id: string | null; text: string; kind: MangleKind }[];
  /** While true, instant/batch translations wait before answering (`hold`), until released. */
  hold: boolean;
  /** Translations waiting for the hold to be released. */
  held: (() => void)[];
}

/** Waits while the engine is held (control `POST /_emulator/engine { hold: true }`). */
export async function waitWhileHeld(app: EmulatorApp): Promise<void> {
  const e = engineSettings(app);
  if (!e.hold) return;
  await new Promise<void>((resolve) => e.held.push(resolve));
}

export function engineSettings(app: EmulatorApp): EngineSettings {
  return app.state.ext('engine', (): EngineSettings => ({ mangleRate: 0, reorder: true, mangled: [], hold: false, held: [] }));
}

function view(app: EmulatorApp): Record<string, unknown> {
  const e = engineSettings(app);
  return { mangle_rate: e.mangleRate, reorder: e.reorder, mangled: e.mangled, hold: e.hold, held: e.held.length };
}

/** Control API for the pseudo-translation engine (loopback only; see README). */
export function register(app: EmulatorApp): void {
  app.control.get('/engine', () => ({ status: 200, body: view(app) }));
  app.control.post('/engine', async (ctx) => {
    const body = await ctx.object();
    const fields = new Fields(body);
    const rate = body.mangle_rate;
    if (rate !== undefined && (typeof rate !== 'number' || !(rate >= 0 && rate <= 1))) fields.add('mangle_rate', 'must be a number from 0 to 1');
    const reorder = fields.boolean('reorder');
    const hold = fields.boolean('hold');
    if (fields.errors.length > 0) throw validationError(fields.errors);
    const e = engineSettings(app);
    if (typeof rate === 'number') e.mangleRate = rate;
    if (reorder !== undefined) e.reorder = reorder;
    if (hold !== undefined) e.hold = hold;
    if (hold === false) for (const release of e.held.splice(0)) release();
    if (body.clear_log === true) e.mangled.length = 0;
    return { status: 200, body: view(app) };
  });
}
