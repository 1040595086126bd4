import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { API_PREFIX, CONTROL_PREFIX, EmulatorApp } from './app.ts';
import { newRequestId, randomSeed } from './random.ts';
import { guarded, handleApi, handleStorage } from './server.ts';

export { EmulatorApp } from './app.ts';

export interface EmulatorOptions {
  /** 0 = a free port (the default here; the CLI defaults to 8787). */
  port?: number;
  storagePort?: number;
  seed?: number;
  /** Multiplies job progress speed; 1 = default. */
  jobSpeed?: number;
}

export interface RunningEmulator {
  baseUrl: string;
  controlUrl: string;
  storageUrl: string;
  apiKey: string;
  accountId: string;
  close(): Promise<void>;
  /** In-process access for emulator tests; clients should use the HTTP APIs. */
  app: EmulatorApp;
}

const HOST = '127.0.0.1';

/**
 * Every module in routes/ that exports `register(app)` is loaded, so a resource is added by
 * adding one file.
 */
async function registerRoutes(app: EmulatorApp): Promise<void> {
  const dir = join(__dirname, 'routes');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    const mod: unknown = await import(pathToFileURL(join(dir, file)).href);
    const register = (mod as { register?: unknown }).register;
    if (typeof register === 'function') (register as (a: EmulatorApp) => void)(app);
  }
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const dataDir = mkdtempSync(join(tmpdir(), 'doc-translate-emulator-'));
  const app = new EmulatorApp(opts.seed ?? randomSeed(), opts.jobSpeed ?? 1, dataDir);
  await registerRoutes(app);

  const api = createServer(guarded(handleApi, app));
  const storage = createServer(guarded(handleStorage, app));
  // Long translate batches may run minutes; the default request timeout must not cut them.
  for (const server of [api, storage]) {
    server.requestTimeout = 0;
    server.keepAliveTimeout = 5_000;
    // Malformed HTTP never reaches the pipeline; answer it with a request id like everything else.
    server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
      if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(`HTTP/1.1 400 Bad Request\r\nX-Request-Id: ${newRequestId()}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    });
  }
  let apiPort: number;
  let storagePort: number;
  try {
    apiPort = await listen(api, opts.port ?? 0);
    storagePort = await listen(storage, opts.storagePort ?? 0);
  } catch (err) {
    await Promise.all([closeServer(api), closeServer(storage)]);
    app.shutdown();
    await app.removeData();
    throw err;
  }
  app.baseUrl = `http://${HOST}:${apiPort}${API_PREFIX}`;
  app.controlUrl = `http://${HOST}:${apiPort}${CONTROL_PREFIX}`;
  app.storageUrl = `http://${HOST}:${storagePort}`;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: app.baseUrl,
    controlUrl: app.controlUrl,
    storageUrl: app.storageUrl,
    apiKey: app.state.defaultApiKey,
    accountId: app.state.defaultAccountId,
    app,
    close: () => {
      closing ??= (async () => {
        app.shutdown();
        await Promise.all([closeServer(api), closeServer(storage)]);
        await app.removeData();
      })();
      return closing;
    },
  };
}
