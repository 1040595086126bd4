import type * as vscode from 'vscode';

/**
 * A record kept in a Memento under one key, holding the newest `max` entries (in the order they
 * were remembered): what a feature keeps per workspace about what it started, such as the source
 * file of a job, so Save Next to Source still works after a reload.
 */
export class RememberedRecord<T> {
  constructor(
    private readonly state: vscode.Memento,
    private readonly key: string,
    private readonly max: number,
  ) {}

  get(id: string): T | undefined {
    return this.all()[id];
  }

  /** Every entry; a stored value that is not a record reads as none. */
  all(): Record<string, T> {
    const value = this.state.get<unknown>(this.key);
    return typeof value === 'object' && value !== null ? (value as Record<string, T>) : {};
  }

  /** Adds or replaces the entry; past `max` entries the oldest go. */
  async remember(id: string, value: T): Promise<void> {
    const entries = Object.entries({ ...this.all(), [id]: value });
    await this.state.update(this.key, Object.fromEntries(entries.slice(-this.max)));
  }
}
