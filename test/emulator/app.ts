import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Clock } from './clock.ts';
import { Router } from './router.ts';
import { DEFAULT_ACCOUNT_MILLICREDITS, EmulatorState } from './state.ts';

export const API_PREFIX = '/api/v1';
export const CONTROL_PREFIX = '/_emulator';

/**
 * What every route module receives: the three routers, the clock and the current state.
 * `state` is replaced on reset, so read `app.state` on every request instead of keeping it.
 */
export class EmulatorApp {
  readonly clock = new Clock();
  /** Paths relative to /api/v1; authenticated unless a route says `{ auth: false }`. */
  readonly api = new Router();
  /** Paths relative to /_emulator; loopback peers only, never authenticated. */
  readonly control = new Router();
  /** The separate storage origin (upload and download addresses); never authenticated. */
  readonly storage = new Router();
  state: EmulatorState;
  baseUrl = '';
  controlUrl = '';
  storageUrl = '';
  private readonly resetHooks = new Set<() => void>();
  private readonly closeHooks = new Set<() => void>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  private closed = false;
  /** Promises of work that writes files (started by timers, or a finalize), until they settle. */
  private readonly work = new Set<Promise<unknown>>();
  /** Each state writes under its own generation folder, so a reset never races a write still in flight. */
  private generation = 0;

  constructor(
    readonly seed: number,
    readonly initialJobSpeed: number,
    readonly dataDir: string,
  ) {
    this.state = this.freshState();
  }

  /** Fresh state with the seeded default account: the default key is identical after every reset. */
  reset(): void {
    for (const hook of this.resetHooks) hook();
    this.clock.resetOffset();
    // File writes already queued in libuv's pool (an upload or artifact in progress) may still
    // land in the old generation's folder: it is removed in the background, and a failure there
    // (a write that recreated a folder meanwhile) only leaves it for shutdown to remove.
    const old = this.state.dataDir;
    this.state = this.freshState();
    void rm(old, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 }).catch(() => undefined);
  }

  private freshState(): EmulatorState {
    const dir = join(this.dataDir, `g${this.generation++}`);
    mkdirSync(dir, { recursive: true });
    const state = new EmulatorState(this.seed, this.initialJobSpeed, dir);
    const now = this.clock.now();
    const account = state.createAccount(DEFAULT_ACCOUNT_MILLICREDITS, now);
    state.defaultAccountId = account.id;
    state.defaultApiKey = state.createKey(account.id, now).secret;
    return state;
  }

  /** Runs before the state is replaced (stop schedulers, drop open streams). */
  onReset(hook: () => void): void {
    this.resetHooks.add(hook);
  }

  onClose(hook: () => void): void {
    this.closeHooks.add(hook);
  }

  /**
   * A timer that dies with the emulator. When `fn` returns a promise (work that writes files, such
   * as a job producing its output), closing waits for it before the data folder is removed.
   */
  setTimer(fn: () => unknown, ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const work = fn();
      if (work instanceof Promise) this.track(work);
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  clearTimer(timer: NodeJS.Timeout): void {
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /** Emulated work time; resolves early when the emulator closes. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        this.sleepers.delete(wake);
        resolve();
      };
      this.sleepers.add(wake);
      this.setTimer(wake, ms);
    });
  }

  /** Work that writes files outside a timer (a finalize the client may have stopped waiting for): closing waits for it too. */
  track(work: Promise<unknown>): void {
    this.work.add(work);
    void work.catch(() => undefined).finally(() => this.work.delete(work));
  }

  /** Stops every timer and wakes every sleeper; `removeData` then removes the files once the work they started has settled. */
  shutdown(): void {
    this.closed = true;
    for (const hook of this.closeHooks) hook();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
  }

  /**
   * After `shutdown` (and once the servers have closed, so no request writes any more): waits for
   * the work timers started (a job or operation writing its output when closing woke it), then
   * removes the data folder. Removing it while a write was in flight failed with ENOTEMPTY.
   */
  async removeData(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
