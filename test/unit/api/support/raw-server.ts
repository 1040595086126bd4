/**
 * Tiny loopback HTTP servers for transport-level tests: each request is recorded (method, url,
 * headers, body) and answered by a handler the test supplies.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** Client-side port of the TCP connection: equal ports mean a reused connection. */
  remotePort: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, recorded: Recorded, index: number) => void;

export interface RawServer {
  origin: string;
  baseUrl: string;
  requests: Recorded[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startRawServer(handler: Handler): Promise<RawServer> {
  let current = handler;
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        remotePort: req.socket.remotePort ?? 0,
      };
      requests.push(recorded);
      current(req, res, recorded, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    requests,
    setHandler(h: Handler) {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
