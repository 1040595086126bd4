/**
 * Transport behaviour over real loopback HTTP (raw node:http servers): headers and credentials,
 * redirects never followed, other origins never see the key, timeouts, aborts, connection failures.
 */
import assert from 'node:assert/strict';
import {
  AbortError,
  ConnectionError,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  UnexpectedResponseError,
  UnknownBodySchema,
  sleep,
} from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, ClientPool } from './support/canary.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';
import { deferred, until } from '../support/until.mjs';

const CANARY = 'sk_canary_transport_7f3e9a1b2c4d5e6f';
const BALANCE = { available: 1000, debt: 0, spent: 0, expired: 0, today_charged: 0, lots: [], credit_precision: 1 };

describe('api/transport over loopback HTTP', () => {
  let server: RawServer;
  let attacker: RawServer;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();
  const pool = new ClientPool(
    () => ({ baseUrl: server.baseUrl, apiKey: CANARY, logger, clientVersion: '1.2.3', retryBaseDelayMs: 5, retryMaxDelayMs: 20 }),
    jar,
  );
  const { client, fails } = pool;

  before(async () => {
    server = await startRawServer((_req, res) => sendJson(res, 200, BALANCE));
    attacker = await startRawServer((_req, res) => sendJson(res, 200, BALANCE));
  });
  afterEach(() => {
    server.requests.length = 0;
    attacker.requests.length = 0;
    server.setHandler((_req, res) => sendJson(res, 200, BALANCE));
  });
  after(async () => {
    await pool.closeAll();
    await Promise.all([server.close(), attacker.close()]);
    jar.addLines(logger.lines);
    jar.assertClean(CANARY);
  });

  it('sends the key only as X-API-Key, with User-Agent, Accept and JSON Content-Type', async () => {
    server.setHandler((_req, res) => sendJson(res, 200, { segments: [{ id: 'a', translated_text: 'A' }] }));
    await client().translateBatch({ segments: [{ id: 'a', text: 'x' }], target_lang: 'de' });
    const [req] = server.requests;
    assert.equal(req!.method, 'POST');
    assert.equal(req!.url, '/api/v1/ai/translate-batch');
    assert.equal(req!.headers['x-api-key'], CANARY);
    assert.equal(req!.headers['authorization'], undefined);
    assert.equal(req!.headers['user-agent'], 'doc-translate-vscode/1.2.3');
    assert.equal(req!.headers['accept'], 'application/json');
    assert.equal(req!.headers['content-type'], 'application/json');
    assert.match(String(req!.headers['idempotency-key']), /^dt-/);
    assert.deepEqual(JSON.parse(req!.body), { segments: [{ id: 'a', text: 'x' }], target_lang: 'de' });
  });

  it('reuses keep-alive connections for consecutive calls', async () => {
    const c = client();
    for (let i = 0; i < 6; i++) await c.getBalance();
    assert.equal(server.requests.length, 6);
    // undici may open a second socket while the first finishes its response bookkeeping.
    assert.ok(new Set(server.requests.map((r) => r.remotePort)).size <= 2);
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`never follows a ${status} redirect; the other origin sees nothing`, async () => {
      server.setHandler((_req, res) => {
        res.writeHead(status, { location: `${attacker.baseUrl}/billing/credits/balance`, 'x-request-id': `rid-${status}` });
        res.end();
      });
      const err = await fails(() => client().getBalance());
      assert.ok(err instanceof UnexpectedResponseError, String(err));
      assert.equal(err.code, 'unexpected_redirect');
      assert.equal(err.status, status);
      assert.equal(err.requestId, `rid-${status}`);
      assert.equal(server.requests.length, 1, 'a 3xx is not retried');
      assert.equal(attacker.requests.length, 0);
    });
  }

  it('send() to another origin carries no credentials, even if asked to', async () => {
    const c = client();
    const res = await c.transport.send({
      method: 'PUT',
      url: `${attacker.origin}/upload/doc_1?sig=abc`,
      headers: { 'Content-Type': 'text/plain', 'X-API-Key': CANARY, Authorization: `Bearer ${CANARY}`, 'If-None-Match': '*' },
      body: 'raw bytes',
    });
    await res.body.dump();
    const [req] = attacker.requests;
    assert.equal(req!.headers['x-api-key'], undefined);
    assert.equal(req!.headers['authorization'], undefined);
    assert.equal(req!.headers['if-none-match'], '*');
    assert.equal(req!.headers['content-type'], 'text/plain');
    assert.equal(req!.body, 'raw bytes');
    assert.ok(!logger.lines.some((l) => l.includes('sig=abc') || l.includes('doc_1')), 'foreign paths are not logged');
  });

  it('send() refuses plain http to a non-loopback origin', async () => {
    const err = await fails(() => client().transport.send({ method: 'GET', url: 'http://example.com/file' }));
    assert.ok(err instanceof Error && (err as { code?: string }).code === 'invalid_base_url');
  });

  it('hands a 3xx back from send() so download code can follow it itself', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(302, { location: `${attacker.origin}/blob?token=t` });
      res.end();
    });
    const res = await client().transport.send({ method: 'GET', path: '/storage/files/f1/content' });
    await res.body.dump();
    assert.equal(res.status, 302);
    assert.equal(res.headers['location'], `${attacker.origin}/blob?token=t`);
    assert.equal(attacker.requests.length, 0);
  });

  it('keeps X-Request-Id on an error after retries are exhausted', async () => {
    server.setHandler((_req, res, _r, i) => sendJson(res, 500, { error: { code: 'boom', message: 'Boom' } }, { 'x-request-id': `r${i}` }));
    const err = await fails(() => client({ maxRetries: 2 }).getBalance());
    assert.ok(err instanceof ServerError);
    assert.equal(err.requestId, 'r2');
    assert.equal(err.attempts, 3);
    assert.equal(server.requests.length, 3);
  });

  it('a per-attempt timeout becomes TimeoutError, and a GET is retried after it', async () => {
    server.setHandler((_req, res, _r, i) => {
      if (i === 0) return; // never answers
      sendJson(res, 200, BALANCE);
    });
    const balance = await client({ timeoutMs: 200 }).getBalance();
    assert.equal(balance.available, 1000);
    assert.equal(server.requests.length, 2);

    server.setHandler(() => undefined);
    server.requests.length = 0;
    const err = await fails(() => client({ timeoutMs: 100, maxRetries: 1 }).getBalance());
    assert.ok(err instanceof TimeoutError, String(err));
    assert.equal(server.requests.length, 2);
  });

  it('a caller abort during a request becomes AbortError and is not retried', async () => {
    server.setHandler(() => undefined);
    const controller = new AbortController();
    const pending = fails(() => client().getBalance({ signal: controller.signal }));
    await until(() => server.requests.length > 0, { what: 'the request to reach the server' });
    controller.abort();
    const err = await pending;
    assert.ok(err instanceof AbortError, String(err));
    assert.equal(server.requests.length, 1);
  });

  it('an already aborted signal sends nothing', async () => {
    const err = await fails(() => client().getBalance({ signal: AbortSignal.abort() }));
    assert.ok(err instanceof AbortError);
    assert.equal(server.requests.length, 0);
  });

  it('abort during the backoff wait stops at once; no further request is sent', async () => {
    server.setHandler((_req, res) => sendJson(res, 503, { error: { code: 'unavailable', message: 'later' } }, { 'retry-after': '50' }));
    const controller = new AbortController();
    // A barrier, not a guess: the client says when it has begun its (real) 50 s Retry-After wait.
    const inWait = deferred<number>();
    const pending = fails(() => client({ sleep: (ms, signal) => (inWait.resolve(ms), sleep(ms, signal)) }).getBalance({ signal: controller.signal }));
    assert.equal(await inWait.promise, 50_000);
    controller.abort();
    const err = await pending; // a wait that ignored the signal would exceed the test timeout
    assert.ok(err instanceof AbortError, String(err));
    // The retry loop has ended with the rejection: nothing can be sent after it.
    assert.equal(server.requests.length, 1);
  });

  it('a Retry-After beyond the cap is not waited for: the 503 surfaces with its wait', async () => {
    server.setHandler((_req, res) => sendJson(res, 503, {}, { 'retry-after': '3600' }));
    const err = await fails(() => client().getBalance());
    assert.ok(err instanceof ServiceUnavailableError);
    assert.equal(err.retryAfterMs, 3_600_000);
    assert.equal(server.requests.length, 1);
  });

  it('connection resets are retried for a GET and surface as ConnectionError when they persist', async () => {
    server.setHandler((req, res, _r, i) => (i < 2 ? req.socket.destroy() : sendJson(res, 200, BALANCE)));
    assert.equal((await client().getBalance()).available, 1000);
    assert.equal(server.requests.length, 3);

    server.setHandler((req) => req.socket.destroy());
    server.requests.length = 0;
    const err = await fails(() => client({ maxRetries: 1 }).getBalance());
    assert.ok(err instanceof ConnectionError, String(err));
    assert.equal(server.requests.length, 2);
  });

  it('a POST without an idempotency key is never retried', async () => {
    server.setHandler((req) => req.socket.destroy());
    const c = client();
    const err = await fails(() => c.requester.requestJson({ method: 'POST', path: '/jobs/j1/cancel' }, UnknownBodySchema));
    assert.ok(err instanceof ConnectionError);
    assert.equal(err.attempts, 1);
    assert.equal(server.requests.length, 1);
  });

  it('a refused connection is a ConnectionError', async () => {
    const gone = await startRawServer(() => undefined);
    const baseUrl = gone.baseUrl;
    await gone.close();
    const err = await fails(() => client({ baseUrl, maxRetries: 1 }).getBalance());
    assert.ok(err instanceof ConnectionError, String(err));
    assert.equal(err.causeCode, 'ECONNREFUSED');
  });

  it('logs method, redacted path, status, duration and request id; never the key or query values', async () => {
    server.setHandler((_req, res) => sendJson(res, 200, {}, { 'x-request-id': 'log-rid' }));
    const before = logger.lines.length;
    const res = await client().transport.send({ method: 'GET', path: '/sse/jobs/j1', query: { ticket: 'tkt_secret_value' } });
    await res.body.dump();
    const lines = logger.lines.slice(before);
    assert.ok(
      lines.some((l) => /→ GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/sse\/jobs\/j1\?ticket=REDACTED/.test(l)),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => /← 200 GET \/sse\/jobs\/j1\?ticket=REDACTED \d+ ms x-request-id=log-rid/.test(l)),
      lines.join('\n'),
    );
    assert.ok(
      lines.some((l) => l.includes('x-api-key: sk_…5e6f')),
      lines.join('\n'),
    );
    assert.equal(lines.filter((l) => l.startsWith('debug ')).length, 1, 'one debug line per request');
    assert.ok(!lines.some((l) => l.includes('tkt_secret_value')));
    assert.equal(server.requests[0]!.url, '/api/v1/sse/jobs/j1?ticket=tkt_secret_value');
  });
});
