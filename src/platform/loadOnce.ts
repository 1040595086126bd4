import { lazy } from './lazy.ts';

/**
 * A view's list read from the service once, shared by every read until `reset()` (Refresh, a new
 * key); a failed read is tried again by the next one. `run()` says why it failed, for a message row.
 */
export class LoadOnce {
  private once: () => Promise<void>;

  constructor(private readonly load: () => Promise<void>) {
    this.once = lazy(load);
  }

  /** Waits for the list; undefined when it is there, else the reason it could not be read. */
  async run(): Promise<string | undefined> {
    try {
      await this.once();
      return undefined;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /** The next run reads the service again. */
  reset(): void {
    this.once = lazy(this.load);
  }
}
