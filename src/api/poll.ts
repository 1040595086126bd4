/**
 * The client's one "poll until done" loop, for resources that send no events (media jobs,
 * document operations): read, report, stop when ended, otherwise wait an interval that grows 1.5x
 * per poll up to a ceiling. The wait is the client's `sleep` (injectable), and an abort ends it at
 * once with AbortError.
 */
import { throwIfAborted, type Sleep } from './abort.ts';

export interface PollOptions<T> {
  signal?: AbortSignal;
  /** First wait between polls (default 1000 ms); grows 1.5x per poll up to `maxIntervalMs` (default 10 s). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Called with every state read, including the last. */
  onUpdate?: (value: T) => void;
}

/** Reads with `read` until `ended` says so and resolves with that last state. */
export async function pollUntil<T>(
  read: (opts: { signal?: AbortSignal }) => Promise<T>,
  ended: (value: T) => boolean,
  sleep: Sleep,
  opts: PollOptions<T> = {},
): Promise<T> {
  const max = Math.max(1, opts.maxIntervalMs ?? 10_000);
  let wait = Math.min(max, Math.max(1, opts.intervalMs ?? 1000));
  for (;;) {
    throwIfAborted(opts.signal);
    const value = await read({ signal: opts.signal });
    opts.onUpdate?.(value);
    if (ended(value)) return value;
    await sleep(wait, opts.signal);
    wait = Math.min(max, Math.ceil(wait * 1.5));
  }
}
