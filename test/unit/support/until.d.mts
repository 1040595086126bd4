export interface UntilOptions {
  /** The condition, as the error on timeout says it ("the job to complete"); a function is called then. */
  what: string | (() => string);
  /** Default 15 s: a limit for a wedged test, not a measure of speed. */
  timeoutMs?: number;
  /** Pause between checks (default 20 ms). */
  intervalMs?: number;
  /** Errors of `check` that mean "not yet" (others end the wait at once). */
  ignore?: (err: unknown) => boolean;
  /** When this settles (a child process exits, say) and a check made after it still fails, the wait fails at once. */
  stop?: Promise<unknown>;
}

export function until<T>(check: () => T | Promise<T>, options: UntilOptions): Promise<Exclude<T, undefined | null | false>>;

export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void };
