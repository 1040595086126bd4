/**
 * What the client does with the answers it gets (raw loopback servers): batch segments reordered
 * by id and checked against the request, malformed bodies as typed errors with the request id,
 * and the streaming paths of send() that downloads and uploads build on.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { DocTranslateClient, TimeoutError, UnexpectedResponseError, readBodyText, type ClientOptions } from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, rejection } from './support/canary.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';

const CANARY = 'sk_canary_responses_a1b2c3d4e5f60718';
const REQ = {
  segments: [
    { id: 'a', text: 'one' },
    { id: 'b', text: 'two' },
    { id: 'c', text: 'three' },
  ],
  target_lang: 'de',
};

describe('api/client: response handling', () => {
  let server: RawServer;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();
  const clients: DocTranslateClient[] = [];
  const client = (over: Partial<ClientOptions> = {}): DocTranslateClient => {
    const c = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: CANARY, logger, retryBaseDelayMs: 1, retryMaxDelayMs: 5, ...over });
    clients.push(c);
    return c;
  };
  const answer = (status: number, body: unknown): void => server.setHandler((_req, res) => sendJson(res, status, body, { 'x-request-id': 'rid-resp' }));
  const fails = async (fn: () => Promise<unknown>): Promise<unknown> => {
    const err = await rejection(fn);
    jar.addError(err);
    return err;
  };

  before(async () => {
    server = await startRawServer(() => undefined);
  });
  afterEach(() => {
    server.requests.length = 0;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await server.close();
    jar.addLines(logger.lines);
    jar.assertClean(CANARY);
  });

  it('returns batch segments in request order even if the service shuffles them, keeping extra fields', async () => {
    answer(200, {
      segments: [
        { id: 'c', translated_text: 'DREI', note: 'kept' },
        { id: 'a', translated_text: 'EINS' },
        { id: 'b', translated_text: 'ZWEI' },
      ],
      usage: { characters: 11 },
    });
    const res = await client().translateBatch(REQ);
    assert.deepEqual(res.segments, [
      { id: 'a', translated_text: 'EINS' },
      { id: 'b', translated_text: 'ZWEI' },
      { id: 'c', translated_text: 'DREI', note: 'kept' },
    ]);
    assert.deepEqual((res as Record<string, unknown>)['usage'], { characters: 11 });
  });

  it('rejects a batch answer whose ids do not match the request', async () => {
    const bad = [
      [
        { id: 'a', translated_text: '1' },
        { id: 'b', translated_text: '2' },
      ],
      [
        { id: 'a', translated_text: '1' },
        { id: 'a', translated_text: '1' },
        { id: 'b', translated_text: '2' },
      ],
      [
        { id: 'a', translated_text: '1' },
        { id: 'b', translated_text: '2' },
        { id: 'x', translated_text: '3' },
      ],
    ];
    for (const segments of bad) {
      answer(200, { segments });
      const err = await fails(() => client().translateBatch(REQ));
      assert.ok(err instanceof UnexpectedResponseError && err.code === 'unexpected_response', String(err));
      assert.equal(err.requestId, 'rid-resp');
    }
    assert.equal(server.requests.length, 3, 'a mismatched answer is not retried');
  });

  it('a body that fails the schema is an UnexpectedResponseError naming the field, not the value', async () => {
    answer(200, { translated_text: 42, source_lang: 'en', target_lang: 'de' });
    const err = await fails(() => client().translateSnippet({ text: 'x', target_lang: 'de' }));
    assert.ok(err instanceof UnexpectedResponseError && err.code === 'unexpected_response');
    assert.equal(err.status, 200);
    assert.equal(err.requestId, 'rid-resp');
    assert.match(err.message, /translated_text: Invalid input: expected string, received number/);
    assert.ok(!err.message.includes('42'));
  });

  it('a 200 that is not JSON is an UnexpectedResponseError', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'x-request-id': 'rid-html' });
      res.end('<html>login page</html>');
    });
    const err = await fails(() => client().getBalance());
    assert.ok(err instanceof UnexpectedResponseError);
    assert.equal(err.requestId, 'rid-html');
  });

  it('keeps unknown balance fields and accepts one-decimal amounts', async () => {
    answer(200, { available: 1234.5, debt: 0, spent: 10.1, expired: 0, today_charged: 0.5, lots: [{ id: 'l1' }], credit_precision: 1, currency: 'mc' });
    const balance = await client().getBalance();
    assert.equal(balance.available, 1234.5);
    assert.equal((balance as Record<string, unknown>)['currency'], 'mc');
  });

  it('send() streams a request body and a response body', async () => {
    let received = 0;
    server.setHandler((req, res, recorded) => {
      received = Buffer.byteLength(recorded.body);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let i = 0;
      const push = (): void => {
        if (i++ === 20) return void res.end();
        res.write(Buffer.alloc(64 * 1024, 0x61), push);
      };
      push();
      void req;
    });
    const chunks = Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, 0x62));
    const res = await client().transport.send({ method: 'PUT', url: `${server.origin}/blob`, body: Readable.from(chunks) });
    let total = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) total += chunk.length;
    assert.equal(received, 16 * 64 * 1024);
    assert.equal(total, 20 * 64 * 1024);
  });

  it('a body that stalls past the deadline errors as TimeoutError while streaming', async () => {
    server.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'rid-stall' });
      res.write('{"available":');
    });
    const c = client();
    const res = await c.transport.send({ method: 'GET', path: '/billing/credits/balance', timeoutMs: 150 });
    const err = await fails(() => readBodyText(res.body, 1_000_000, res.describe));
    assert.ok(err instanceof TimeoutError, String(err));
    assert.equal(err.requestId, 'rid-stall');
  });
});
