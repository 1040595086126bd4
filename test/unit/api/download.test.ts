/**
 * Streaming downloads: against the emulator (direct and download-link paths, ETag and 304, naming
 * and overwrite rules) and against a raw server for failures mid-stream (abort, dropped
 * connection, short body): the temp file is always removed and the target never half-written.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AbortError,
  ConnectionError,
  DocTranslateClient,
  FileExistsError,
  ValidationError,
  type Artifact,
  type DownloadResult,
} from '../../../src/api/index.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';
import { TestEmulator } from './support/emulator.ts';

const freshDir = (): string => mkdtempSync(join(tmpdir(), 'dt-dl-'));
const noTemp = (dir: string): void =>
  assert.deepEqual(
    readdirSync(dir).filter((f) => /\.(part|tmp)$/.test(f)),
    [],
    'temp files left behind',
  );

function saved(r: DownloadResult): Extract<DownloadResult, { notModified: false }> {
  assert.equal(r.notModified, false);
  return r as Extract<DownloadResult, { notModified: false }>;
}

describe('api/download against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let artifact: Artifact;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 50 });
    client = emu.client();
    const doc = await emu.upload(client, 'Über uns.md', '# Über uns\n\nWe translate documents.\n');
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de', output_mode: 'single' });
    await client.jobs.watch(job.id, { pollIntervalMs: 50 });
    const list = await client.artifacts.list(job.id);
    assert.ok(list.length >= 1);
    artifact = list[0]!;
    assert.equal((await client.artifacts.get(artifact.id)).id, artifact.id);
  });
  afterEach(() => emu.jobsSettings({ download_link_url: true, download_redirect_status: 0 }));
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  it('streams an artifact into a folder under its Content-Disposition name, with its ETag', async () => {
    const dir = freshDir();
    const progress: number[] = [];
    const r = saved(await client.downloadArtifact(artifact.id, { targetDir: dir, onProgress: (n) => progress.push(n) }));
    assert.equal(r.path, join(dir, r.filename));
    assert.match(r.filename, /\.md$/);
    assert.ok(r.filename.includes('Über uns') || r.filename.includes('ber'), r.filename);
    const text = readFileSync(r.path, 'utf8');
    assert.match(text, /DE·/);
    assert.equal(r.bytes, Buffer.byteLength(text));
    assert.equal(progress.at(-1), r.bytes);
    assert.ok(r.etag && r.etag.startsWith('"'));
    assert.ok(r.contentType);
    noTemp(dir);
  });

  it('sends the stored ETag; a 304 leaves the file untouched', async () => {
    const dir = freshDir();
    const first = saved(await client.artifacts.download(artifact.id, { targetDir: dir }));
    writeFileSync(first.path, 'local edit');
    const before = statSync(first.path).mtimeMs;
    const second = await client.artifacts.download(artifact.id, { targetPath: first.path, etag: first.etag! });
    assert.deepEqual(second, { notModified: true, etag: first.etag, path: first.path });
    assert.equal(readFileSync(first.path, 'utf8'), 'local edit');
    assert.equal(statSync(first.path).mtimeMs, before);
    const viaLink = await client.artifacts.download(artifact.id, { targetPath: first.path, etag: first.etag!, via: 'link' });
    assert.equal(viaLink.notModified, true, 'the storage address honours If-None-Match too');
    const stale = saved(await client.artifacts.download(artifact.id, { targetPath: first.path, etag: '"stale"', overwrite: true }));
    assert.notEqual(readFileSync(stale.path, 'utf8'), 'local edit');
    noTemp(dir);
  });

  it('never overwrites silently: unique names in a folder, FileExistsError for an exact path', async () => {
    const dir = freshDir();
    const a = saved(await client.artifacts.download(artifact.id, { targetDir: dir }));
    const b = saved(await client.artifacts.download(artifact.id, { targetDir: dir }));
    assert.notEqual(a.path, b.path);
    assert.match(b.filename, / \(1\)\.md$/);
    writeFileSync(join(dir, 'mine.md'), 'keep me');
    await emu.control('DELETE', '/requests');
    await assert.rejects(client.artifacts.download(artifact.id, { targetPath: join(dir, 'mine.md') }), FileExistsError);
    assert.equal((await emu.requests('/api/v1/artifacts')).length, 0, 'refused before any transfer');
    await assert.rejects(client.artifacts.download(artifact.id, {}), ValidationError);
    assert.equal(readFileSync(join(dir, 'mine.md'), 'utf8'), 'keep me');
    await assert.rejects(client.artifacts.download(artifact.id, { targetDir: dir, ifExists: 'error' }), FileExistsError);
    const replaced = saved(await client.artifacts.download(artifact.id, { targetPath: join(dir, 'mine.md'), overwrite: true }));
    assert.equal(readFileSync(replaced.path, 'utf8'), readFileSync(a.path, 'utf8'));
    noTemp(dir);
  });

  it('downloads through the download-link address, and through the direct endpoint when url is null', async () => {
    const link = await client.artifacts.downloadLink(artifact.id);
    assert.ok(link.url && link.url.startsWith(emu.emu.storageUrl));
    const dir = freshDir();
    const viaLink = saved(await client.artifacts.download(artifact.id, { targetDir: dir, via: 'link' }));
    await emu.jobsSettings({ download_link_url: false });
    assert.equal((await client.artifacts.downloadLink(artifact.id)).url, null);
    const viaDirect = saved(await client.artifacts.download(artifact.id, { targetDir: dir, via: 'link' }));
    assert.equal(readFileSync(viaLink.path, 'utf8'), readFileSync(viaDirect.path, 'utf8'));
    const preview = await client.artifacts.previewUrl(artifact.id);
    assert.equal(typeof preview['url'], 'string');
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`follows the emulator's ${status} redirect to the storage origin without credentials`, async () => {
      await emu.jobsSettings({ download_redirect_status: status });
      const r = saved(await client.artifacts.download(artifact.id, { targetDir: freshDir() }));
      assert.match(readFileSync(r.path, 'utf8'), /DE·/);
    });
  }
});

describe('api/download failures mid-stream (raw server)', () => {
  let server: RawServer;
  let client: DocTranslateClient;

  before(async () => {
    server = await startRawServer((_req, res) => sendJson(res, 404, {}));
    client = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_download_0123456789abcdef', retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  const partial = (total: number, sent: number, then: 'stall' | 'drop') =>
    server.setHandler((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(total),
        'content-disposition': 'attachment; filename="big.bin"',
      });
      res.write(Buffer.alloc(sent, 1));
      if (then === 'drop') setTimeout(() => res.socket?.destroy(), 20);
    });

  it('removes the temp file when the caller aborts mid-stream', async () => {
    partial(10_000_000, 1_000_000, 'stall');
    const dir = freshDir();
    const ac = new AbortController();
    const p = client.artifacts.download('a1', { targetDir: dir, signal: ac.signal, onProgress: (n) => n >= 1_000_000 && ac.abort() });
    await assert.rejects(p, AbortError);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('removes the temp file when the server drops the connection, after retrying from scratch', async () => {
    partial(10_000_000, 500_000, 'drop');
    const dir = freshDir();
    server.requests.length = 0;
    await assert.rejects(client.artifacts.download('a1', { targetDir: dir, maxRetries: 2 }), ConnectionError);
    assert.equal(server.requests.length, 3);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('treats a body shorter than its Content-Length as a failure', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write(Buffer.alloc(10), () => res.socket?.end());
    });
    const dir = freshDir();
    await assert.rejects(client.artifacts.download('a1', { targetDir: dir, maxRetries: 0 }), ConnectionError);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('maps error statuses to typed errors and writes nothing', async () => {
    server.setHandler((_req, res) => sendJson(res, 404, { error: { code: 'not_found', message: 'no such artifact' } }));
    const dir = freshDir();
    await assert.rejects(client.artifacts.download('missing', { targetDir: dir }), (e: unknown) => (e as { name?: string }).name === 'NotFoundError');
    assert.deepEqual(readdirSync(dir), []);
  });

  it('reports a missing target folder as the file system error, without retrying', async () => {
    server.setHandler((_req, res) => res.writeHead(200, { 'content-length': '3' }).end('abc'));
    server.requests.length = 0;
    await assert.rejects(
      client.artifacts.download('a1', { targetDir: join(freshDir(), 'missing') }),
      (e: unknown) => (e as { code?: string }).code === 'ENOENT',
    );
    assert.equal(server.requests.length, 1);
  });

  it('uses a safe fallback name when the response has no Content-Disposition', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-length': '3' });
      res.end('abc');
    });
    const r = saved(await client.artifacts.download('../../etc/passwd', { targetDir: freshDir() }));
    assert.equal(r.filename, 'passwd', 'the fallback is reduced to a basename too');
    assert.equal(readFileSync(r.path, 'utf8'), 'abc');
  });
});
