/**
 * Redaction by value against a hostile server on 127.0.0.1 that echoes secrets back: a webhook
 * secret the client just sent, an API key that does not look like one (no `sk_`), a share token
 * and a library link token the client received earlier. The echo goes into the error message,
 * the field errors, the body's `code` and the X-Request-Id header; neither the thrown error (its
 * message, stack and every property) nor any line logged through the client's logger may carry it.
 */
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { DocTranslateClient, type Logger } from '../../../src/api/index.ts';
import { forgetSecret } from '../../../src/shared/secretValues.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';

function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (msg: string) => void lines.push(`${level} ${msg}`);
  return { lines, logger: { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

/** A 4xx/5xx body and headers that repeat `secret` everywhere a server could put text. */
function echo(res: Parameters<typeof sendJson>[0], status: number, secret: string): void {
  sendJson(
    res,
    status,
    { error: { code: secret, message: `secret ${secret} is not accepted`, details: [{ field: 'secret', message: `${secret} is too weak` }] } },
    { 'x-request-id': `req-${secret}`, etag: `"${secret}"` },
  );
}

function assertNowhere(secret: string, err: unknown, lines: string[]): void {
  assert.ok(err instanceof Error, String(err));
  const everything = [err.message, err.stack ?? '', inspect(err, { depth: 5 }), JSON.stringify(err), ...lines].join('\n');
  assert.ok(
    !everything.includes(secret),
    `the secret appears:\n${everything
      .split('\n')
      .filter((l) => l.includes(secret))
      .join('\n')}`,
  );
  assert.ok(!everything.toLowerCase().includes(secret.toLowerCase()), 'not even lower-cased');
}

describe('api/redaction by value (hostile echoes)', () => {
  let server: RawServer;
  const opened: DocTranslateClient[] = [];
  const client = (apiKey = 'sk_test_redact_values_0123456789'): { client: DocTranslateClient; lines: string[] } => {
    const { logger, lines } = recordingLogger();
    const c = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey, logger, maxRetries: 1, retryBaseDelayMs: 1, retryMaxDelayMs: 2 });
    opened.push(c);
    return { client: c, lines };
  };

  before(async () => {
    server = await startRawServer((_req, res) => sendJson(res, 404, {}));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((c) => c.close()));
  });
  after(() => server.close());

  it('never shows a webhook secret the client just sent, echoed in the error and its headers', async () => {
    const secret = 'whsec_ab12cd34ef56ab78cd90ef12ab34cd56';
    server.setHandler((_req, res) => echo(res, 422, secret));
    const { client: c, lines } = client();
    const err = await c.webhooks.create({ url: 'https://hooks.example.com/in', events: ['*'], secret }).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.equal(JSON.parse(server.requests.at(-1)!.body).secret, secret, 'the secret itself was sent to the service');
    assert.match((err as Error).message, /secret whse… is not accepted/);
    assertNowhere(secret, err, lines);
    forgetSecret(secret);
  });

  it('never shows a webhook secret echoed on a retried 503 (the retry warning included)', async () => {
    const secret = 'whsec_retried_0f1e2d3c4b5a69788796a5b4';
    server.setHandler((_req, res) => echo(res, 503, secret));
    const { client: c, lines } = client();
    const err = await c.webhooks.create({ url: 'https://hooks.example.com/in', events: ['job.completed'], secret }).then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.ok(
      lines.some((l) => l.startsWith('warn retrying')),
      'the retry was logged',
    );
    assertNowhere(secret, err, lines);
    forgetSecret(secret);
  });

  it('never shows an API key that does not start with sk_, echoed in an error', async () => {
    const key = 'acme-live-7f3k9q2m8x4v6b1n5c0z';
    server.setHandler((_req, res) => echo(res, 401, key));
    const { client: c, lines } = client(key);
    const err = await c.getBalance().then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assert.equal(server.requests.at(-1)!.headers['x-api-key'], key, 'the key itself was sent to the service');
    assertNowhere(key, err, lines);
  });

  it('never shows a share token the client received, echoed later in an unrelated error', async () => {
    const token = 'shr_Q2x9LmP4vT7kW1zR8nB5yH3d';
    server.setHandler((req, res) => {
      if (req.method === 'POST' && req.url === '/api/v1/shares') sendJson(res, 201, { token, artifact_id: 'a1', expires_at: null });
      else echo(res, 404, token);
    });
    const { client: c, lines } = client();
    const share = await c.shares.create({ artifact_id: 'a1' });
    assert.equal(share.token, token, 'the caller gets the token itself');
    const err = await c.artifacts.get('a1').then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assertNowhere(token, err, lines);
    forgetSecret(token);
  });

  it('never shows a library link token the client received, echoed later in an error', async () => {
    const token = 'lnk_7Hq2Zp9Xw4Rt6Ym1Vb3Nc8Kd';
    server.setHandler((req, res) => {
      if (req.method === 'POST' && req.url?.endsWith('/links')) sendJson(res, 201, { id: 'l1', token, url: `https://files.example.com/l/${token}` });
      else echo(res, 409, token);
    });
    const { client: c, lines } = client();
    const link = await c.storage.createLink('f1', {});
    assert.equal(link.token, token);
    const err = await c.storage.get('f1').then(
      () => assert.fail('expected a rejection'),
      (e: unknown) => e,
    );
    assertNowhere(token, err, lines);
    forgetSecret(token);
    forgetSecret(link.url);
  });
});
