/**
 * Instant translation over real HTTP against the emulator: every rule and error of spec 4.10 and
 * part 8, plus the client-side limits (nothing reaches the server). A canary key made through the
 * control API runs every path; no log line or error rendering may contain it.
 */
import assert from 'node:assert/strict';
import {
  AuthenticationError,
  GoneError,
  IdempotencyConflictError,
  InsufficientCreditsError,
  KeyBudgetExhaustedError,
  LIMITS,
  PermissionError,
  TimeoutError,
  UnknownBodySchema,
  ValidationError,
} from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, ClientPool } from './support/canary.ts';
import { TestEmulator } from './support/emulator.ts';

describe('api/client: instant translation against the emulator', function () {
  this.timeout(30_000);
  let ctl: TestEmulator;
  let canary: string;
  let accountId: string;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();
  const pool = new ClientPool(() => ({ baseUrl: ctl.emu.baseUrl, apiKey: canary, logger, retryBaseDelayMs: 5, retryMaxDelayMs: 20 }), jar);
  const { client, fails } = pool;

  before(async () => {
    ctl = await TestEmulator.start();
  });
  beforeEach(async () => {
    await ctl.reset();
    const account = await ctl.createAccount(1_000_000);
    accountId = account.account_id;
    canary = account.api_key;
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

  it('translates a snippet and charges 1 millicredit per character, once', async () => {
    const res = await client().translateSnippet({ text: 'Hello world', target_lang: 'de', source_lang: 'auto' });
    assert.equal(res.translated_text, 'DE· Héllö wörld');
    assert.equal(res.target_lang, 'de');
    assert.equal(res.source_lang, 'en');
    const charges = await ctl.charges();
    assert.equal(charges.length, 1);
    assert.equal(charges[0]!.amount_millicredits, 11);
    assert.equal(charges[0]!.endpoint, '/ai/translate-snippet');
    const [req] = await ctl.requests();
    assert.equal(req!.auth, 'x-api-key');
    assert.match(String(req!.idempotency_key), /^dt-/);
  });

  it('translates a batch in request order; whitespace-only segments come back unchanged and free', async () => {
    const segments = [
      { id: 's3', text: 'Third one' },
      { id: 's1', text: '   \n\t ' },
      { id: 's2', text: 'Cat' },
    ];
    const res = await client().translateBatch({ segments, target_lang: 'fr', engine: 'xr-lite' });
    assert.deepEqual(
      res.segments.map((s) => [s.id, s.translated_text]),
      [
        ['s3', 'FR· Thírd öñé'],
        ['s1', '   \n\t '],
        ['s2', 'FR· Çát'],
      ],
    );
    const charges = await ctl.charges();
    assert.deepEqual(
      charges.map((c) => c.amount_millicredits),
      ['Third one'.length + 'Cat'.length],
    );
    const balance = await client().getBalance();
    assert.equal(balance.available, 1_000_000 - 12);
    assert.equal(balance.debt, 0);
  });

  it('an all-whitespace batch is answered and costs nothing', async () => {
    const res = await client().translateBatch({
      segments: [
        { id: 'a', text: ' ' },
        { id: 'b', text: '' },
      ],
      target_lang: 'de',
    });
    assert.deepEqual(res.segments, [
      { id: 'a', translated_text: ' ' },
      { id: 'b', translated_text: '' },
    ]);
    assert.deepEqual(await ctl.charges(), []);
  });

  it('422 for an unsupported target or source language, nothing charged', async () => {
    const target = await fails(() => client().translateSnippet({ text: 'Hi', target_lang: 'xx' }));
    assert.ok(target instanceof ValidationError && target.code === 'unsupported_language', String(target));
    assert.equal(target.status, 422);
    assert.ok(target.fieldErrors.some((f) => f.field === 'target_lang'));
    assert.match(String(target.requestId), /^req_/);
    const source = await fails(() => client().translateBatch({ segments: [{ id: 'a', text: 'Hi' }], target_lang: 'de', source_lang: 'klingon' }));
    assert.ok(source instanceof ValidationError && source.code === 'unsupported_language');
    assert.ok(source.fieldErrors.some((f) => f.field === 'source_lang'));
    assert.deepEqual(await ctl.charges(), []);
    assert.equal((await ctl.requests()).length, 2, 'a 422 is not retried');
  });

  it('400 for an unavailable engine, never substituted', async () => {
    for (const engine of ['xr-offline', 'no-such-engine']) {
      const err = await fails(() => client().translateSnippet({ text: 'Hi', target_lang: 'de', engine }));
      assert.ok(err instanceof ValidationError && err.code === 'engine_unavailable', `${engine}: ${String(err)}`);
      assert.equal(err.status, 400);
    }
    assert.deepEqual(await ctl.charges(), []);
  });

  it('403 when the key may not use the chosen engine', async () => {
    const { api_key: liteOnly } = await ctl.createKey(accountId, { allowed_engines: ['xr-lite'] });
    const c = client({ apiKey: liteOnly });
    const err = await fails(() => c.translateBatch({ segments: [{ id: 'a', text: 'Hi' }], target_lang: 'de', engine: 'xr-397b' }));
    assert.ok(err instanceof PermissionError && err.code === 'engine_not_allowed', String(err));
    assert.equal(err.status, 403);
    const ok = await c.translateBatch({ segments: [{ id: 'a', text: 'Hi' }], target_lang: 'de', engine: 'xr-lite' });
    assert.equal(ok.segments[0]!.translated_text, 'DE· Hí');
    jar.addLines(logger.lines);
    jar.assertClean(liteOnly);
  });

  it('retrying with the same key and body returns the original result without a second charge', async () => {
    const c = client();
    const req = { segments: [{ id: 'a', text: 'Once only' }], target_lang: 'de' };
    const first = await c.translateBatch(req, { idempotencyKey: 'batch-key-1' });
    const again = await c.translateBatch(req, { idempotencyKey: 'batch-key-1' });
    assert.deepEqual(again, first);
    const charges = await ctl.charges();
    assert.equal(charges.length, 1);
    assert.equal(charges[0]!.idempotency_key, 'batch-key-1');
  });

  it('each new call is a new operation with its own key, so identical texts are charged each time', async () => {
    const c = client();
    const req = { segments: [{ id: 'a', text: 'Twice' }], target_lang: 'de' };
    await c.translateBatch(req);
    await c.translateBatch(req);
    const keys = (await ctl.requests()).map((r) => r.idempotency_key);
    assert.equal(new Set(keys).size, 2);
    assert.equal((await ctl.charges()).length, 2);
  });

  it('409 idempotency_request_conflict for the same key with another body, never retried', async () => {
    const c = client();
    await c.translateSnippet({ text: 'One', target_lang: 'de' }, { idempotencyKey: 'snip-key' });
    const err = await fails(() => c.translateSnippet({ text: 'Two', target_lang: 'de' }, { idempotencyKey: 'snip-key' }));
    assert.ok(err instanceof IdempotencyConflictError && err.code === 'idempotency_request_conflict', String(err));
    assert.equal(err.status, 409);
    assert.equal(err.attempts, 1);
    assert.equal((await ctl.requests()).length, 2);
    assert.equal((await ctl.charges()).length, 1);
  });

  it('410 for the retired AI endpoints', async () => {
    const c = client();
    for (const path of ['/ai/notes', '/ai/chat', '/ai/generate', '/ai/ocr']) {
      const err = await fails(() => c.requester.requestJson({ method: 'POST', path, json: { text: 'x' } }, UnknownBodySchema));
      assert.ok(err instanceof GoneError && err.code === 'retired_endpoint', `${path}: ${String(err)}`);
      assert.equal(err.status, 410);
    }
  });

  it('402 when credits are short, nothing charged; a key budget is settled by usage, then a used-up key is KeyBudgetExhaustedError', async () => {
    const poor = await ctl.createAccount(5);
    const err = await fails(() => client({ apiKey: poor.api_key }).translateSnippet({ text: 'Ten chars!', target_lang: 'de' }));
    assert.ok(err instanceof InsufficientCreditsError && err.code === 'insufficient_credits', String(err));
    assert.equal(err.status, 402);
    assert.deepEqual(await ctl.charges(), []);
    const { api_key: budgeted } = await ctl.createKey(accountId, { budget_millicredits: 3 });
    await client({ apiKey: budgeted }).translateBatch({ segments: [{ id: 'a', text: 'abcd' }], target_lang: 'de' });
    assert.deepEqual(
      (await ctl.charges()).map((c) => c.amount_millicredits),
      [4],
    );
    const budget = await fails(() => client({ apiKey: budgeted }).translateBatch({ segments: [{ id: 'a', text: 'abcd' }], target_lang: 'de' }));
    assert.ok(budget instanceof KeyBudgetExhaustedError && budget.code === 'key_budget_exhausted', String(budget));
    assert.equal(budget.attempts, 1, 'not retried');
    assert.equal((await ctl.charges()).length, 1);
    jar.addLines(logger.lines);
    jar.assertClean(poor.api_key);
    jar.assertClean(budgeted);
  });

  it('401 for an unknown key, not retried', async () => {
    const err = await fails(() => client({ apiKey: `sk_test_${'0'.repeat(40)}` }).getBalance());
    assert.ok(err instanceof AuthenticationError && err.code === 'authentication_failed');
    assert.equal(err.status, 401);
    assert.equal((await ctl.requests()).length, 1);
  });

  it('reads the balance with every field of spec 2.6', async () => {
    const balance = await client().getBalance();
    assert.equal(balance.available, 1_000_000);
    for (const field of ['debt', 'spent', 'expired', 'today_charged', 'credit_precision']) {
      assert.equal(typeof balance[field as keyof typeof balance], 'number', field);
    }
    assert.ok(Array.isArray(balance.lots));
  });

  it('accepts requests exactly at the limits', async () => {
    const c = client();
    const snippet = await c.translateSnippet({ text: 'a'.repeat(LIMITS.snippetMaxChars), target_lang: 'de' });
    assert.ok(snippet.translated_text.startsWith('DE· á'));
    const segments = Array.from({ length: LIMITS.batchMaxSegments }, (_, i) => ({ id: `seg-${i}`, text: 'b'.repeat(LIMITS.batchMaxSegmentChars) }));
    const batch = await c.translateBatch({ segments, target_lang: 'de' });
    assert.equal(batch.segments.length, 64);
    assert.deepEqual(
      batch.segments.map((s) => s.id),
      segments.map((s) => s.id),
    );
  });

  it('rejects over-limit input before sending anything', async () => {
    const c = client();
    const seg = (n: number, text = 'x') => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, text }));
    const cases: [string, () => Promise<unknown>, string][] = [
      ['empty snippet', () => c.translateSnippet({ text: '', target_lang: 'de' }), 'text'],
      ['5001-char snippet', () => c.translateSnippet({ text: 'x'.repeat(5001), target_lang: 'de' }), 'text'],
      ['missing target', () => c.translateSnippet({ text: 'x', target_lang: '' }), 'target_lang'],
      ['no segments', () => c.translateBatch({ segments: [], target_lang: 'de' }), 'segments'],
      ['65 segments', () => c.translateBatch({ segments: seg(65), target_lang: 'de' }), 'segments'],
      ['4001-char segment', () => c.translateBatch({ segments: seg(1, 'y'.repeat(4001)), target_lang: 'de' }), 'segments.0.text'],
      [
        'duplicate ids',
        () =>
          c.translateBatch({
            segments: [
              { id: 'a', text: '1' },
              { id: 'a', text: '2' },
            ],
            target_lang: 'de',
          }),
        'segments.1.id',
      ],
      [
        'body over 2 MB',
        () => c.translateBatch({ segments: Array.from({ length: 40 }, (_, i) => ({ id: `${i}-${'i'.repeat(60_000)}`, text: 'x' })), target_lang: 'de' }),
        'segments',
      ],
    ];
    for (const [name, call, field] of cases) {
      const err = await fails(call);
      assert.ok(err instanceof ValidationError && err.code === 'invalid_request', `${name}: ${String(err)}`);
      assert.equal(err.status, undefined, name);
      assert.ok(
        err.fieldErrors.some((f) => f.field === field),
        `${name}: ${JSON.stringify(err.fieldErrors)}`,
      );
    }
    assert.deepEqual(await ctl.requests(), []);
  });

  it('a batch waits at least 180 s per attempt, whatever shorter timeout is configured', async () => {
    await ctl.addFault({ kind: 'latency', path_prefix: '/api/v1/ai/', latency_ms: 400 });
    const c = client({ timeoutMs: 100, maxRetries: 0 });
    const batch = await c.translateBatch({ segments: [{ id: 'a', text: 'Slow' }], target_lang: 'de' }, { timeoutMs: 50 });
    assert.equal(batch.segments[0]!.translated_text, 'DE· Slöw');
    const err = await fails(() => c.translateSnippet({ text: 'Slow', target_lang: 'de' }));
    assert.ok(err instanceof TimeoutError, String(err));
  });
});
