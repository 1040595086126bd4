/**
 * Download redirects toward another origin (reliability notes: openai-node and undici's test): an
 * "origin" API answers every 3xx code with a Location on an "attacker" origin, which records what
 * it receives. It must never see a credential. Non-http(s) targets, https→http, credentials in the
 * target and endless chains are refused without writing a file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocTranslateClient, nextRedirectUrl, UnexpectedResponseError, type DownloadResult } from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, rejection } from './support/canary.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';

const CANARY = 'sk_canary_redirect_5b6c7d8e9f0a1b2c';
const CREDENTIALS = ['x-api-key', 'authorization', 'cookie', 'proxy-authorization'];
const freshDir = (): string => mkdtempSync(join(tmpdir(), 'dt-redir-'));

describe('api/download redirects toward another origin', () => {
  let origin: RawServer;
  let attacker: RawServer;
  let client: DocTranslateClient;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();

  before(async () => {
    attacker = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-disposition': `attachment; filename*=UTF-8''stolen.txt`, etag: '"e1"' });
      res.end('payload from storage');
    });
    origin = await startRawServer((_req, res) => sendJson(res, 404, {}));
    client = new DocTranslateClient({ baseUrl: origin.baseUrl, apiKey: CANARY, logger, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  });
  afterEach(() => {
    origin.requests.length = 0;
    attacker.requests.length = 0;
  });
  after(async () => {
    await client.close();
    await Promise.all([origin.close(), attacker.close()]);
    jar.addLines(logger.lines);
    jar.assertClean(CANARY);
  });

  const redirectTo = (status: number, location: string): void =>
    origin.setHandler((_req, res) => {
      res.writeHead(status, { location, 'set-cookie': 'session=secret' });
      res.end();
    });

  function assertAttackerSawNoCredential(): void {
    assert.ok(attacker.requests.length > 0, 'the redirect was followed');
    for (const r of attacker.requests) {
      for (const name of CREDENTIALS) assert.equal(r.headers[name], undefined, `${name} reached the other origin`);
      assert.ok(!JSON.stringify(r.headers).includes(CANARY.slice(3)));
    }
  }

  for (const status of [301, 302, 303, 307, 308]) {
    it(`follows ${status} to another origin with a fresh header set, without credentials`, async () => {
      redirectTo(status, `${attacker.origin}/files/abc?sig=token`);
      const dir = freshDir();
      const r = (await client.artifacts.download('a1', { targetDir: dir, etag: '"old"' })) as Extract<DownloadResult, { notModified: false }>;
      assert.equal(r.notModified, false);
      assert.equal(readFileSync(r.path, 'utf8'), 'payload from storage');
      assert.equal(r.filename, 'stolen.txt');
      assert.equal(origin.requests[0]!.headers['x-api-key'], CANARY, 'the API itself got the key');
      assertAttackerSawNoCredential();
      assert.equal(attacker.requests[0]!.url, '/files/abc?sig=token');
      assert.equal(attacker.requests[0]!.method, 'GET');
      assert.equal(origin.requests[0]!.headers['if-none-match'], '"old"', 'the stored ETag is sent');
      assert.equal(r.etag, '"e1"', 'the new ETag is returned for storing');
    });
  }

  it('follows a chain (origin → origin, relative → other origin) without credentials after the first hop', async () => {
    origin.setHandler((req, res) => {
      if (req.url!.endsWith('/download')) res.writeHead(302, { location: '/hop2' }).end();
      else res.writeHead(307, { location: `${attacker.origin}/final` }).end();
    });
    await client.artifacts.download('a1', { targetDir: freshDir() });
    assert.equal(origin.requests.length, 2);
    assert.equal(origin.requests[1]!.url, '/hop2');
    for (const name of CREDENTIALS) assert.equal(origin.requests[1]!.headers[name], undefined, 'a hop is a fresh, credential-free request');
    assertAttackerSawNoCredential();
  });

  it('refuses more than 5 redirects, and follows exactly 5', async () => {
    let hops = 0;
    const chain = (limit: number) =>
      attacker.setHandler((_req, res) => {
        hops++;
        if (hops <= limit) return void res.writeHead(302, { location: `${attacker.origin}/h${hops}` }).end();
        res.writeHead(200, { 'content-length': '2' }).end('ok');
      });
    redirectTo(302, `${attacker.origin}/h0`);
    chain(4);
    await client.artifacts.download('a1', { targetDir: freshDir() });
    hops = 0;
    chain(100);
    const dir = freshDir();
    const err = await rejection(() => client.artifacts.download('a1', { targetDir: dir }));
    jar.addError(err);
    assert.ok(err instanceof UnexpectedResponseError && err.code === 'unexpected_redirect');
    assert.equal(hops, 5);
    assert.deepEqual(readdirSync(dir), []);
    attacker.setHandler((_req, res) => res.writeHead(200, { 'content-length': '2' }).end('ok'));
  });

  for (const location of ['file:///etc/passwd', 'ftp://127.0.0.1/x', 'javascript:alert(1)', 'data:text/plain,hi', 'gopher://127.0.0.1:70/']) {
    it(`refuses a redirect to ${location.split(':')[0]}:`, async () => {
      redirectTo(302, location);
      const dir = freshDir();
      const err = await rejection(() => client.artifacts.download('a1', { targetDir: dir }));
      jar.addError(err);
      assert.ok(err instanceof UnexpectedResponseError, String(err));
      assert.equal(err.code, 'unexpected_redirect');
      assert.equal(attacker.requests.length, 0);
      assert.deepEqual(readdirSync(dir), []);
    });
  }

  it('refuses a target with user info, a missing Location, and plain http to a non-loopback host', async () => {
    for (const [location, type] of [
      [`http://user:pass@127.0.0.1:${new URL(attacker.origin).port}/x`, UnexpectedResponseError],
      ['', UnexpectedResponseError],
      ['http://example.invalid/file', UnexpectedResponseError],
    ] as const) {
      redirectTo(301, location);
      const err = await rejection(() => client.artifacts.download('a1', { targetDir: freshDir() }));
      jar.addError(err);
      assert.ok(err instanceof type, `${location}: ${String(err)}`);
    }
    assert.equal(attacker.requests.length, 0);
  });

  it('refuses https → http (and any non-http scheme) in the redirect decision', () => {
    const https = new URL('https://api.example.com/api/v1/artifacts/a1/download');
    assert.throws(
      () => nextRedirectUrl(https, 'http://storage.example.com/f', 302),
      (e: unknown) => e instanceof UnexpectedResponseError && e.code === 'unexpected_redirect',
    );
    assert.throws(() => nextRedirectUrl(https, '//storage.example.com:80/f'.replace('//', 'http://'), 307), UnexpectedResponseError);
    assert.equal(nextRedirectUrl(https, '//cdn.example.com/f', 302).href, 'https://cdn.example.com/f');
    assert.equal(nextRedirectUrl(https, '/other', 303).href, 'https://api.example.com/other');
    assert.equal(nextRedirectUrl(new URL('http://127.0.0.1:1/a'), 'https://cdn.example.com/f', 308).protocol, 'https:');
    assert.throws(() => nextRedirectUrl(https, 'blob:https://x/y', 302), UnexpectedResponseError);
  });
});
