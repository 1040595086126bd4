/**
 * Records the headers of every request the in-process emulator's servers receive (both origins),
 * through Node's `http.server.request.start` diagnostics channel, so tests can prove what a
 * request to the storage origin or a share address did not carry.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

export interface SeenRequest {
  port: number;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export class HeaderSpy {
  readonly seen: SeenRequest[] = [];
  readonly #onStart = (message: unknown): void => {
    const req = (message as { request: IncomingMessage }).request;
    this.seen.push({ port: req.socket.localPort ?? 0, method: req.method ?? '', path: req.url ?? '', headers: { ...req.headers } });
  };

  start(): this {
    subscribe('http.server.request.start', this.#onStart);
    return this;
  }

  stop(): void {
    unsubscribe('http.server.request.start', this.#onStart);
  }

  /** Requests received on the origin of `url`. */
  to(url: string): SeenRequest[] {
    const port = Number(new URL(url).port);
    return this.seen.filter((r) => r.port === port);
  }

  /** Header names whose value contains any of `secrets`, plus credential headers, per request. */
  static leaks(requests: readonly SeenRequest[], secrets: readonly string[]): string[] {
    const out: string[] = [];
    for (const r of requests) {
      for (const [name, value] of Object.entries(r.headers)) {
        const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
        if (name === 'x-api-key' || name === 'authorization' || secrets.some((s) => text.includes(s))) out.push(`${r.method} ${name}`);
      }
    }
    return out;
  }
}
