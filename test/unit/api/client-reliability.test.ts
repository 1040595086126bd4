/**
 * Retries over real HTTP against the emulator's fault injection: 5xx storms and connection resets
 * are recovered with one idempotency key on every attempt and exactly one charge; 429 waits for
 * Retry-After; an abort during backoff sends nothing more. Canary-checked like the rules tests.
 */
import assert from 'node:assert/strict';
import { AbortError, DocTranslateClient, RateLimitedError, ServiceUnavailableError, TimeoutError, sleep } from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, ClientPool } from './support/canary.ts';
import { TestEmulator } from './support/emulator.ts';
import { deferred, until } from '../support/until.mjs';

const BATCH = '/api/v1/ai/translate-batch';
const SNIPPET = '/api/v1/ai/translate-snippet';

describe('api/client: retries against the emulator', function () {
  this.timeout(30_000);
  let ctl: TestEmulator;
  let canary: string;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();
  const pool = new ClientPool(() => ({ baseUrl: ctl.emu.baseUrl, apiKey: canary, logger, retryBaseDelayMs: 5, retryMaxDelayMs: 25 }), jar);
  const { client, fails } = pool;
  const batch = (c: DocTranslateClient, text = 'Resilient text') =>
    c.translateBatch({
      segments: [
        { id: 'p1', text },
        { id: 'p2', text: 'More' },
      ],
      target_lang: 'de',
    });

  before(async () => {
    ctl = await TestEmulator.start();
  });
  beforeEach(async () => {
    await ctl.reset();
    canary = (await ctl.createAccount(1_000_000)).api_key;
  });
  afterEach(() => {
    jar.addLines(logger.lines);
    jar.assertClean(canary);
    logger.lines.length = 0;
  });
  after(async () => {
    await pool.closeAll();
    await ctl.close();
  });

  async function assertOneKeyOneCharge(path: string, attempts: number): Promise<void> {
    const requests = await ctl.requests(path);
    assert.equal(requests.length, attempts);
    const keys = new Set(requests.map((r) => r.idempotency_key));
    assert.equal(keys.size, 1, `one key on every attempt: ${[...keys].join(', ')}`);
    const [key] = keys;
    assert.match(String(key), /^dt-/);
    const charges = await ctl.charges();
    assert.equal(charges.length, 1, 'exactly one charge');
    assert.equal(charges[0]!.idempotency_key, key);
  }

  it('recovers from a 5xx storm with one idempotency key and one charge', async () => {
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 503, count: 2 });
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 500, count: 1 });
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 502, count: 1, phase: 'after' });
    const res = await batch(client());
    assert.deepEqual(
      res.segments.map((s) => s.translated_text),
      ['DE· Résílíéñt téxt', 'DE· Möré'],
    );
    await assertOneKeyOneCharge(BATCH, 5);
    assert.ok(
      logger.lines.some((l) =>
        /^warn retrying POST \/ai\/translate-batch in \d+ ms \(attempt 2 of 5\) after service_unavailable HTTP 503 x-request-id=req_/.test(l),
      ),
    );
  });

  it('recovers from connection resets, also after the server did the work', async () => {
    await ctl.addFault({ kind: 'reset', path_prefix: BATCH, count: 1 });
    await ctl.addFault({ kind: 'reset', path_prefix: BATCH, count: 2, phase: 'after' });
    const res = await batch(client());
    assert.equal(res.segments.length, 2);
    await assertOneKeyOneCharge(BATCH, 4);
  });

  it('a timeout after the server charged is retried with the same key and not charged twice', async () => {
    await ctl.addFault({ kind: 'latency', path_prefix: SNIPPET, latency_ms: 600, count: 1 });
    const res = await client({ timeoutMs: 150 }).translateSnippet({ text: 'Timed out once', target_lang: 'de' });
    assert.equal(res.translated_text, 'DE· Tíméd öüt öñçé');
    await assertOneKeyOneCharge(SNIPPET, 2);
  });

  it('gives up after maxRetries with the last error and its request id', async () => {
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 503 });
    const err = await fails(() => batch(client({ maxRetries: 3 })));
    assert.ok(err instanceof ServiceUnavailableError, String(err));
    assert.equal(err.attempts, 4);
    const requests = await ctl.requests(BATCH);
    assert.equal(requests.length, 4);
    assert.equal(err.requestId, requests[3]!.request_id);
    assert.deepEqual(await ctl.charges(), []);
  });

  it('honours 429 Retry-After: the retry arrives no earlier than asked', async () => {
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 429, retry_after: '1', count: 1 });
    const res = await batch(client({ retryBaseDelayMs: 1, retryMaxDelayMs: 1 }));
    assert.equal(res.segments.length, 2);
    const [first, second] = await ctl.requests(BATCH);
    assert.equal(first!.status, 429);
    assert.equal(second!.status, 200);
    const gap = Date.parse(second!.at) - Date.parse(first!.at);
    assert.ok(gap >= 1000, `retried after ${gap} ms`);
    await assertOneKeyOneCharge(BATCH, 2);
  });

  it("honours Retry-After given as an HTTP date: the wait asked for runs to that instant of the client's clock", async () => {
    // The client's clock and wait are injected: the wait it asks for is exact, whatever the load.
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const at = new Date(now + 2000).toUTCString();
    await ctl.addFault({ kind: 'status', path_prefix: SNIPPET, status: 429, retry_after: at, count: 1 });
    const waits: number[] = [];
    await client({ now: () => now, sleep: async (ms) => void waits.push(ms) }).translateSnippet({ text: 'Dated', target_lang: 'de' });
    assert.deepEqual(waits, [2000]);
    const [first, second] = await ctl.requests(SNIPPET);
    assert.equal(second!.status, 200);
    assert.equal(first!.idempotency_key, second!.idempotency_key);
  });

  it('a 429 asking for longer than the cap surfaces at once with retryAfterMs', async () => {
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 429, retry_after: '5', count: 1 });
    const err = await fails(() => batch(client({ retryAfterCapMs: 2000 })));
    assert.ok(err instanceof RateLimitedError && err.code === 'rate_limited', String(err));
    assert.equal(err.retryAfterMs, 5000);
    assert.equal((await ctl.requests(BATCH)).length, 1);
  });

  it('an abort during the backoff wait stops at once and sends nothing more', async () => {
    await ctl.addFault({ kind: 'status', path_prefix: BATCH, status: 503, retry_after: '30' });
    const controller = new AbortController();
    // A barrier, not a guess: the client says when it has begun its (real, 30 s) wait.
    const inWait = deferred<number>();
    const c = client({ sleep: (ms, signal) => (inWait.resolve(ms), sleep(ms, signal)) });
    const pending = fails(() => c.translateBatch({ segments: [{ id: 'a', text: 'x' }], target_lang: 'de' }, { signal: controller.signal }));
    assert.equal(await inWait.promise, 30_000);
    controller.abort();
    const err = await pending; // a wait ignoring the signal would run into the test timeout
    assert.ok(err instanceof AbortError, String(err));
    // The retry loop has ended with the rejection: nothing can be sent after it.
    assert.equal((await ctl.requests(BATCH)).length, 1);
  });

  it('an abort while the request is in flight ends it; no retry follows', async () => {
    await ctl.addFault({ kind: 'latency', path_prefix: SNIPPET, latency_ms: 5000 });
    const controller = new AbortController();
    const pending = fails(() => client().translateSnippet({ text: 'x', target_lang: 'de' }, { signal: controller.signal }));
    await until(async () => (await ctl.requests(SNIPPET)).length > 0, { what: 'the request to reach the emulator' });
    controller.abort();
    const err = await pending;
    assert.ok(err instanceof AbortError && !(err instanceof TimeoutError), String(err));
    assert.equal((await ctl.requests(SNIPPET)).length, 1);
  });
});
