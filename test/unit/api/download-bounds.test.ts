/**
 * Download bounds against hostile servers on 127.0.0.1: an announced size over `maxBytes` fails
 * before anything is written, an endless stream stops at `maxBytes`, a body longer than its own
 * Content-Length is refused, and the overall deadline ends a download that never finishes. In
 * every case no file and no temp file is left in the target folder.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DEFAULT_DOWNLOAD_DEADLINE_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  DocTranslateClient,
  downloadToFile,
  DownloadTooLargeError,
  TimeoutError,
  UnexpectedResponseError,
} from '../../../src/api/index.ts';
import type { Requester } from '../../../src/api/requester.ts';
import type { SendResult } from '../../../src/api/transport.ts';
import { startRawServer, type RawServer } from './support/raw-server.ts';

const API_KEY = 'sk_test_bounds_0123456789abcdef';
const freshDir = (): string => mkdtempSync(join(tmpdir(), 'dt-bounds-'));

/** A raw TCP server writing HTTP responses by hand (Node's http server would not exceed Content-Length). */
async function startNetServer(onRequest: (socket: Socket) => void): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let seen = '';
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (seen.includes('\r\n\r\n')) {
        seen = '';
        onRequest(socket);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('api/download bounds (hostile servers)', () => {
  let server: RawServer;
  let client: DocTranslateClient;
  const open = new Set<{ destroy(): void }>();

  before(async () => {
    server = await startRawServer((_req, res) => res.writeHead(404).end());
    client = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: API_KEY, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  });
  afterEach(() => {
    for (const s of open) s.destroy();
    open.clear();
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  it('has generous documented defaults: 2 GiB and 30 minutes', () => {
    assert.equal(DEFAULT_MAX_DOWNLOAD_BYTES, 2 * 1024 ** 3);
    assert.equal(DEFAULT_DOWNLOAD_DEADLINE_MS, 30 * 60_000);
  });

  it('fails before writing anything when the announced Content-Length exceeds maxBytes', async () => {
    let sent = 0;
    server.setHandler((_req, res) => {
      open.add(res.socket!);
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024), 'content-disposition': 'attachment; filename="huge.bin"' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      const pump = (): void => {
        while (sent < 50 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
      };
      res.on('drain', pump);
      pump();
    });
    const dir = freshDir();
    const progress: number[] = [];
    server.requests.length = 0;
    await assert.rejects(client.artifacts.download('a1', { targetDir: dir, maxBytes: 1024 * 1024, onProgress: (n) => progress.push(n) }), (e: unknown) => {
      assert.ok(e instanceof DownloadTooLargeError, String(e));
      assert.equal(e.code, 'download_too_large');
      assert.equal(e.limitBytes, 1024 * 1024);
      assert.match(e.message, /1 MiB/);
      assert.match(e.message, /maxBytes|maxSizeMB/);
      assert.ok(!e.message.includes(API_KEY));
      return true;
    });
    assert.deepEqual(progress, [], 'no byte was taken');
    assert.deepEqual(readdirSync(dir), [], 'no file and no temp file');
    assert.equal(server.requests.length, 1, 'not retried');
  });

  it("applies the client's maxDownloadBytes, read at each download, when a download sets no maxBytes", async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-length': String(3 * 1024 * 1024), 'content-disposition': 'attachment; filename="big.bin"' });
      res.end(Buffer.alloc(3 * 1024 * 1024, 5));
    });
    let limitMb = 1;
    const limited = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: API_KEY, maxDownloadBytes: () => limitMb * 1024 * 1024 });
    try {
      const dir = freshDir();
      await assert.rejects(limited.artifacts.download('a1', { targetDir: dir }), DownloadTooLargeError);
      assert.deepEqual(readdirSync(dir), []);
      limitMb = 4;
      const r = await limited.artifacts.download('a1', { targetDir: dir });
      assert.equal(r.notModified === false && r.bytes, 3 * 1024 * 1024, 'a raised limit applies to the next download');
    } finally {
      await limited.close();
    }
  });

  it('stops an endless stream without Content-Length at maxBytes and keeps nothing', async () => {
    server.setHandler((_req, res) => {
      open.add(res.socket!);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="endless.bin"' });
      const chunk = Buffer.alloc(64 * 1024, 3);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const dir = freshDir();
    let received = 0;
    const limit = 2 * 1024 * 1024;
    await assert.rejects(client.artifacts.download('a1', { targetDir: dir, maxBytes: limit, onProgress: (n) => (received = n) }), (e: unknown) => {
      assert.ok(e instanceof DownloadTooLargeError, String(e));
      assert.match(e.message, /2 MiB/);
      return true;
    });
    assert.ok(received <= limit, `never more than the limit taken (${received})`);
    assert.deepEqual(readdirSync(dir), [], 'no file and no temp file');
  });

  it('stops reading a body that runs past its announced Content-Length (10 announced, 1 MB offered)', async () => {
    // The guard itself, on a transport that passes every byte on: the body must be dropped at the
    // first chunk past the announced length, not read to its end.
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < 16; i++) {
          pulled += 64 * 1024;
          yield Buffer.alloc(64 * 1024, 9);
        }
      })(),
      { objectMode: false, highWaterMark: 1 },
    );
    const send = async (): Promise<SendResult> => ({
      status: 200,
      headers: { 'content-length': '10', 'content-disposition': 'attachment; filename="liar.bin"' },
      body: body as unknown as SendResult['body'],
      describe: { method: 'GET', path: '/artifacts/a1/download' },
    });
    const requester = {
      transport: { base: { origin: 'http://127.0.0.1:9', basePath: '/api/v1' }, send, scrub: (t: string) => t },
      withRetry: <T>(_ctx: unknown, attempt: (i: number) => Promise<T>) => attempt(0),
    } as unknown as Requester;
    const dir = freshDir();
    await assert.rejects(downloadToFile(requester, { path: '/artifacts/a1/download' }, { targetDir: dir }), (e: unknown) => {
      assert.ok(e instanceof UnexpectedResponseError, String(e));
      assert.equal(e.code, 'unexpected_response');
      assert.match(e.message, /the server sent more than the 10 bytes it announced/i);
      return true;
    });
    assert.ok(body.destroyed, 'the body is destroyed');
    assert.ok(pulled < 16 * 64 * 1024, `stopped at once, not read to the end (${pulled} bytes pulled)`);
    assert.deepEqual(readdirSync(dir), [], 'no file and no temp file');
  });

  it('never keeps more than the announced bytes from a real socket sending 1 MB after Content-Length: 10', async () => {
    // undici itself ends the body at Content-Length and discards the connection with the rest, so
    // what reaches the file is exactly the announced 10 bytes, never the megabyte behind them.
    const net = await startNetServer((socket) => {
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\ncontent-length: 10\r\ncontent-disposition: attachment; filename="liar.bin"\r\n\r\n',
      );
      socket.write(Buffer.alloc(1024 * 1024, 9));
    });
    const liar = new DocTranslateClient({ baseUrl: net.baseUrl, apiKey: API_KEY, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
    try {
      const dir = freshDir();
      const outcome = await liar.artifacts.download('a1', { targetDir: dir, maxRetries: 0 }).then(
        (r) => r,
        (e: unknown) => e,
      );
      const files = readdirSync(dir);
      assert.deepEqual(
        files.filter((f) => /\.(part|tmp)$/.test(f)),
        [],
        'no temp file',
      );
      for (const f of files) assert.ok(statSync(join(dir, f)).size <= 10, `${f} holds more than the announced 10 bytes`);
      if (outcome instanceof Error) assert.ok(outcome instanceof UnexpectedResponseError, String(outcome));
    } finally {
      await liar.close();
      await net.close();
    }
  });

  it('ends a download that never finishes at the overall deadline and keeps nothing', async () => {
    server.setHandler((_req, res) => {
      open.add(res.socket!);
      res.writeHead(200, { 'content-length': '1000000', 'content-disposition': 'attachment; filename="stall.bin"' });
      res.write(Buffer.alloc(1000, 1)); // then silence, forever (well within the idle timeout)
    });
    const dir = freshDir();
    await assert.rejects(client.artifacts.download('a1', { targetDir: dir, deadlineMs: 200 }), (e: unknown) => {
      assert.ok(e instanceof TimeoutError, String(e));
      assert.match(e.message, /did not finish within 200 ms/);
      return true;
    });
    assert.deepEqual(readdirSync(dir), [], 'no file and no temp file');
  });

  it('ends a download whose headers never come at the deadline, through the storage ticket path too', async () => {
    server.setHandler((req, res) => {
      open.add(res.socket!);
      if (req.url?.endsWith('/download-ticket')) {
        const body = JSON.stringify({ url: `${server.origin}/storage/blob?sig=secret-signature-value`, filename: 'x.bin' });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
        return;
      }
      // never answers
    });
    const dir = freshDir();
    await assert.rejects(client.storage.download('f1', { targetDir: dir, deadlineMs: 200 }), (e: unknown) => {
      assert.ok(e instanceof TimeoutError, String(e));
      assert.ok(!e.message.includes('secret-signature-value'));
      return true;
    });
    assert.deepEqual(readdirSync(dir), []);
  });
});
