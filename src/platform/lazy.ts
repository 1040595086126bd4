/**
 * A value made on first use and shared by every later use; a failure is not kept, so the next
 * use tries again (a part that failed to load, a folder that could not be created).
 */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= make().catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
}
