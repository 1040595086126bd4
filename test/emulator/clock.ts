/**
 * Virtual clock: real time plus an offset that tests can advance, so expiry rules
 * (upload addresses, SSE tickets, credit lots) can be exercised without waiting.
 */
export class Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<(deltaMs: number) => void>();

  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  iso(ms: number): string {
    return new Date(ms).toISOString();
  }

  /** Moves virtual time forward and notifies listeners (e.g. job schedulers). */
  advance(seconds: number): void {
    const deltaMs = Math.round(seconds * 1000);
    this.offsetMs += deltaMs;
    for (const listener of this.listeners) listener(deltaMs);
  }

  resetOffset(): void {
    this.offsetMs = 0;
  }

  onAdvance(listener: (deltaMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
