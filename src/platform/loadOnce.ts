/**
 * A view's list read from the service once, shared by every read until `reset()` (Refresh, a new
 * key); a failed read is tried again by the next one. `run()` says why it failed, for a message row.
 */
export class LoadOnce {
  private pending: Promise<void> | undefined;

  constructor(private readonly load: () => Promise<void>) {}

  /** Waits for the list; undefined when it is there, else the reason it could not be read. */
  async run(): Promise<string | undefined> {
    this.pending ??= this.load().catch((err: unknown) => {
      this.pending = undefined;
      throw err;
    });
    try {
      await this.pending;
      return undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** The next run reads the service again. */
  reset(): void {
    this.pending = undefined;
  }
}
