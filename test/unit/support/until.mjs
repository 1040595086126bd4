// Waiting for a condition in tests, instead of sleeping a fixed time or writing a deadline loop.
// Plain JavaScript so that the unit tests (run through tsx) and the Playwright UI tests (plain Node)
// share it; types in until.d.mts.

/** @param {unknown} value */
const done = (value) => value !== undefined && value !== null && value !== false;

/**
 * Calls `check` until it returns something other than undefined, null or false, and resolves with
 * that. The limit is generous on purpose (a loaded machine only makes the wait longer, never the
 * test wrong); on timeout it throws with `what` (a function is called then, so it can show the
 * last state seen).
 *
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {import('./until.d.mts').UntilOptions} options
 * @returns {Promise<Exclude<T, undefined | null | false>>}
 */
export async function until(check, { what, timeoutMs = 15_000, intervalMs = 20, ignore, stop }) {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void stop?.then(
    () => (stopped = true),
    () => (stopped = true),
  );
  for (;;) {
    // Only a check that began after `stop` settled proves the condition will never hold.
    const checkedAfterStop = stopped;
    let value;
    let failure;
    try {
      value = await check();
    } catch (err) {
      if (ignore === undefined || !ignore(err)) throw err;
      failure = err;
    }
    if (done(value)) return /** @type {Exclude<T, undefined | null | false>} */ (value);
    const describe = () => (typeof what === 'function' ? what() : what) + (failure !== undefined ? ` (last error: ${String(failure)})` : '');
    if (checkedAfterStop) throw new Error(`it ended before ${describe()}`);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${describe()}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * A barrier: a promise and the functions that settle it (Promise.withResolvers, which Node 20
 * lacks). A test awaits `promise` to know that code under test reached a point.
 *
 * @template T
 * @returns {{ promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void }}
 */
export function deferred() {
  /** @type {(value: T) => void} */
  let resolve = () => {};
  /** @type {(reason: unknown) => void} */
  let reject = () => {};
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
