/** Cancellation helpers shared by the transport and the retry loop. */
import { AbortError } from './error-classes.ts';

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortError();
}

/** A wait of `ms` milliseconds that rejects with AbortError when `signal` aborts (`sleep` below, or a test's stand-in). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * Waits `ms` milliseconds, rejecting with AbortError the moment `signal` aborts. Never resolves
 * early: timers may fire a millisecond before their deadline, so the remainder is waited out.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortError());
      return;
    }
    const deadline = Date.now() + Math.max(0, ms);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      reject(new AbortError());
    };
    const tick = (): void => {
      const left = deadline - Date.now();
      if (left > 0) {
        timer = setTimeout(tick, left);
        return;
      }
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(tick, Math.max(0, ms));
  });
}
