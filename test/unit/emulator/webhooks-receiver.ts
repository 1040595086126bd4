import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received (signatures are computed over it). */
  raw: string;
}

/** What the receiver answers: a status (with headers; `endless`: the body never ends), or 'hang' to never answer. */
export type Answer = { status: number; headers?: Record<string, string>; endless?: boolean } | 'hang';

/** A local webhook receiver on 127.0.0.1:0 that records every request. */
export class Receiver {
  readonly received: Received[] = [];
  answer: Answer = { status: 200 };
  /** Answers with an endless body that the sender closed before their end. */
  dropped = 0;
  private hanging: ServerResponse[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(path = '/hook'): Promise<Receiver> {
    // The handler needs the instance, which needs the server's port.
    const holder: { rx?: Receiver } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        holder.rx!.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
        const answer = holder.rx!.answer;
        if (answer === 'hang') {
          holder.rx!.hanging.push(res);
          return;
        }
        res.writeHead(answer.status, answer.headers ?? {});
        if (answer.endless) {
          res.write('partial');
          res.on('close', () => {
            if (!res.writableFinished) holder.rx!.dropped++;
          });
          holder.rx!.hanging.push(res);
        } else {
          res.end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    holder.rx = new Receiver(server, `http://127.0.0.1:${port}${path}`);
    return holder.rx;
  }

  /** Parsed JSON body of the n-th request. */
  json(n: number): Record<string, unknown> {
    return JSON.parse(this.received[n]!.raw) as Record<string, unknown>;
  }

  close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
