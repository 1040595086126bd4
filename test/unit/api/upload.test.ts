/**
 * Streaming uploads over real HTTP: against the emulator (presign, PUT to the storage origin,
 * finalize), and against raw servers for the address rules (fresh address on 410/412, retried PUT
 * on a fresh address after a 5xx, never a credential on the PUT).
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbortError, DocTranslateClient, LocalFileError, UPLOAD_CHUNK_BYTES, ValidationError, type Document } from '../../../src/api/index.ts';
import { CapturingLogger } from './support/canary.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';
import { TestEmulator } from './support/emulator.ts';

const KEY = 'sk_test_upload_canary_0123456789abcdef';

describe('api/upload against the emulator', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 20 });
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  it('streams a file through presign, PUT and finalize and reports progress', async () => {
    const client = emu.client();
    const content = `# Guide\n\n${'Some prose to translate. '.repeat(20_000)}\n`;
    const path = emu.file('guide.md', content);
    const progress: number[] = [];
    const doc = await client.uploadFile(path, { onProgress: (sent, total) => progress.push(sent, total) });
    assert.equal(doc.basename, 'guide.md');
    assert.equal(doc.file_size, Buffer.byteLength(content));
    assert.equal(doc.mime_type.split(';')[0], 'text/markdown');
    assert.ok(progress.length >= 2);
    assert.equal(progress[progress.length - 2], Buffer.byteLength(content));
    assert.equal(progress[progress.length - 1], Buffer.byteLength(content));
    const fetched = await client.documents.get(doc.id);
    assert.equal(fetched.id, doc.id);
  });

  it('sends the name given instead of the file basename', async () => {
    const doc = await emu.client().uploadFile(emu.file('x.tmp.txt', 'hello'), { filename: 'notes.txt' });
    assert.equal(doc.basename, 'notes.txt');
  });

  it('retries a PUT that failed with 503 on a fresh address', async () => {
    const client = emu.client();
    await emu.control('POST', '/faults', { origin: 'storage', kind: 'status', status: 503, method: 'PUT', count: 1 });
    await emu.control('DELETE', '/requests');
    const doc = await client.uploadFile(emu.file('retry.txt', 'retry me'));
    assert.equal(doc.file_size, 8);
    const presigns = (await emu.requests('/api/v1/upload/presign')).filter((r) => r.status === 200);
    assert.equal(presigns.length, 2, 'a second address was requested');
  });

  it('refuses an empty file before any request and reports unreadable files as LocalFileError', async () => {
    const client = emu.client();
    await assert.rejects(client.uploadFile(emu.file('empty.txt', '')), ValidationError);
    await assert.rejects(client.uploadFile(emu.file('x', 'y') + '.missing'), LocalFileError);
  });

  it('aborts mid-upload with AbortError', async () => {
    const client = emu.client();
    const ac = new AbortController();
    const path = emu.file('big.txt', 'x'.repeat(8 * 1024 * 1024));
    const p = client.uploadFile(path, { signal: ac.signal, onProgress: (sent) => sent > 1024 * 1024 && ac.abort() });
    await assert.rejects(p, AbortError);
  });
});

describe('api/upload address rules against raw servers', () => {
  let api: RawServer;
  let storage: RawServer;
  const clients: DocTranslateClient[] = [];
  let putAnswers: number[] = [];
  let finalizeAnswers: number[] = [];
  let addresses = 0;

  const storageHandler = (_req: IncomingMessage, res: ServerResponse): void => {
    const status = putAnswers.shift() ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? '' : JSON.stringify({ error: { code: 'x', message: 'refused' } }));
  };

  before(async () => {
    storage = await startRawServer(storageHandler);
    api = await startRawServer((req, res, rec) => {
      if (req.url === '/api/v1/upload/presign') {
        addresses++;
        const body = JSON.parse(rec.body) as { filename: string; file_size: number };
        sendJson(res, 200, {
          document_id: 'doc_1',
          upload_url: `${storage.origin}/up/${addresses}?sig=secret`,
          upload_headers: { 'Content-Type': 'text/plain', 'If-None-Match': '*', 'X-Extra': 'kept' },
          finalize_token: `ft_${addresses}`,
          expires_in: 3600,
          echo: body,
        });
        return;
      }
      const status = finalizeAnswers.shift() ?? 200;
      if (status !== 200) return sendJson(res, status, { error: { code: 'upload_not_found', message: 'no file' } });
      sendJson(res, 200, { document: { id: 'doc_1', basename: 'a.txt', file_size: 5, mime_type: 'text/plain', created_at: '2026-01-01T00:00:00Z' } });
    });
  });
  beforeEach(() => {
    api.requests.length = 0;
    storage.requests.length = 0;
    putAnswers = [];
    finalizeAnswers = [];
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([api.close(), storage.close()]);
  });

  const logger = new CapturingLogger();
  const client = (): DocTranslateClient => {
    const c = new DocTranslateClient({ baseUrl: api.baseUrl, apiKey: KEY, logger, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
    clients.push(c);
    return c;
  };
  let file: string;
  before(() => {
    file = join(mkdtempSync(join(tmpdir(), 'dt-up-')), 'a.txt');
    writeFileSync(file, 'hello');
  });

  const puts = (): { url: string; headers: Record<string, unknown>; body: string }[] =>
    storage.requests.map((r) => ({ url: r.url, headers: r.headers, body: r.body }));

  it('sends the exact upload_headers and Content-Length, and no credential', async () => {
    const doc: Document = await client().uploadFile(file);
    assert.equal(doc.id, 'doc_1');
    const [put] = puts();
    assert.ok(put);
    assert.equal(put.headers['content-type'], 'text/plain');
    assert.equal(put.headers['if-none-match'], '*');
    assert.equal(put.headers['x-extra'], 'kept');
    assert.equal(put.headers['content-length'], '5');
    assert.equal(put.body, 'hello');
    for (const name of ['x-api-key', 'authorization', 'cookie']) assert.equal(put.headers[name], undefined);
    const presign = JSON.parse(api.requests[0]!.body) as Record<string, unknown>;
    assert.deepEqual(presign, { filename: 'a.txt', file_size: 5 });
    assert.equal(JSON.parse(api.requests[1]!.body).finalize_token, 'ft_' + String(addresses));
  });

  for (const status of [410, 412, 404, 403]) {
    it(`takes a fresh address when the storage answers ${status}`, async () => {
      putAnswers = [status];
      await client().uploadFile(file);
      const urls = puts().map((p) => p.url);
      assert.equal(urls.length, 2);
      assert.notEqual(urls[0], urls[1]);
    });
  }

  it('retries a 5xx PUT with backoff on a fresh address and gives up after the retry budget', async () => {
    putAnswers = [500, 502];
    await client().uploadFile(file);
    const urls = puts().map((p) => p.url);
    assert.equal(new Set(urls).size, 3);
    putAnswers = [500, 500, 500, 500, 500, 500];
    storage.requests.length = 0;
    await assert.rejects(client().uploadFile(file), (err: unknown) => (err as { status?: number }).status === 500);
    assert.equal(puts().length, 5, 'one attempt plus four retries');
  });

  it('uploads again to a new address when finalize answers 410', async () => {
    finalizeAnswers = [410];
    await client().uploadFile(file);
    assert.equal(puts().length, 2);
    assert.equal(createHash('sha256').update(readFileSync(file)).digest('hex').length, 64);
  });

  it('keeps the upload address, finalize token and key out of the log', () => {
    assert.ok(logger.lines.length > 0);
    for (const secret of ['sig=secret', '/up/', 'ft_1', KEY.slice(3)]) {
      assert.deepEqual(
        logger.lines.filter((l) => l.includes(secret)),
        [],
        secret,
      );
    }
  });

  it('does not retry a 400 from the storage', async () => {
    putAnswers = [400];
    await assert.rejects(client().uploadFile(file), ValidationError);
    assert.equal(puts().length, 1);
  });
});

describe('api/upload reads the file into reused buffers', () => {
  // The client reads the file into a few buffers in turn (FileChunks): a buffer read into again
  // while the socket still held its bytes would send the wrong ones. This storage reads the body
  // slowly, in small pieces with pauses, so the client's socket stays full, and compares what
  // arrived with the file.
  it('sends every byte of a many-chunk file as it is on disk to a storage that reads slowly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-up-ring-'));
    const file = join(dir, 'random.bin');
    // Chunks that all differ, and a last chunk shorter than the others.
    const content = randomBytes(UPLOAD_CHUNK_BYTES * 9 + 12_345);
    writeFileSync(file, content);
    let received = { bytes: 0, sha: '' };
    const storage = createServer((req, res) => {
      const hash = createHash('sha256');
      let bytes = 0;
      req.pause();
      const pump = (): void => {
        const piece = req.read(64 * 1024) as Buffer | null;
        if (piece === null) {
          if (req.readableEnded) return;
          req.once('readable', pump);
          return;
        }
        hash.update(piece);
        bytes += piece.length;
        setTimeout(pump, 1);
      };
      req.once('end', () => {
        received = { bytes, sha: hash.digest('hex') };
        res.writeHead(200).end();
      });
      req.once('readable', pump);
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const storageOrigin = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
    const api = await startRawServer((req, res) => {
      if (req.url === '/api/v1/upload/presign') {
        sendJson(res, 200, { document_id: 'doc_r', upload_url: `${storageOrigin}/up?sig=s`, upload_headers: {}, finalize_token: 'ft', expires_in: 3600 });
        return;
      }
      sendJson(res, 200, {
        document: { id: 'doc_r', basename: 'random.bin', file_size: content.length, mime_type: 'application/octet-stream', created_at: '2026-01-01T00:00:00Z' },
      });
    });
    const client = new DocTranslateClient({ baseUrl: api.baseUrl, apiKey: KEY, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
    const openOnFile = (): number =>
      !existsSync('/proc/self/fd')
        ? -1
        : readdirSync('/proc/self/fd').filter((fd) => {
            try {
              return readlinkSync(`/proc/self/fd/${fd}`) === file;
            } catch {
              return false;
            }
          }).length;
    try {
      let openWhileSending = -1;
      await client.uploadFile(file, { onProgress: () => void (openWhileSending < 0 && (openWhileSending = openOnFile())) });
      assert.equal(received.bytes, content.length);
      assert.equal(received.sha, createHash('sha256').update(content).digest('hex'));
      // Open while it is sent, closed once the PUT is done (where /proc lists a process's files).
      if (existsSync('/proc/self/fd')) {
        assert.equal(openWhileSending, 1, 'the file is open while it is sent');
        assert.equal(openOnFile(), 0, 'no descriptor left open on the file');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await client.close();
      await api.close();
      storage.closeAllConnections();
      await new Promise<void>((resolve) => storage.close(() => resolve()));
    }
  });
});
