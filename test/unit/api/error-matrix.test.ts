/**
 * Issue 9 items 7-9 over real HTTP: each case runs the client against the emulator (or, for the
 * retry count with a Retry-After, a raw loopback server), and checks the class, the reason code,
 * the number of requests the service saw, and the message the user is shown.
 */
import assert from 'node:assert/strict';
import {
  AlreadyEndedError,
  AuthenticationError,
  ConflictError,
  DocTranslateClient,
  FinalizeTokenError,
  IdempotencyConflictError,
  KeyBudgetExhaustedError,
  NotFoundError,
  PermissionError,
  RateLimitedError,
  type DocTranslateError,
} from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger, ClientPool } from './support/canary.ts';
import { TestEmulator } from './support/emulator.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';

type ErrorClass = abstract new (...args: never[]) => DocTranslateError;

interface Case {
  name: string;
  /** The requests the service must have seen (path prefix under /api/v1, method) for the failing call. */
  path: string;
  method: string;
  run: (env: { client: DocTranslateClient; key: string }) => Promise<unknown>;
  cls: ErrorClass;
  not?: ErrorClass;
  code: string;
  status: number;
  message: RegExp;
}

describe('api/errors over real HTTP: the matrix of issue 9 items 7-9', function () {
  this.timeout(30_000);
  let emu: TestEmulator;
  let accountId: string;
  let key: string;
  const logger = new CapturingLogger();
  const jar = new CanaryJar();
  const pool = new ClientPool(() => ({ baseUrl: emu.emu.baseUrl, apiKey: key, logger, retryBaseDelayMs: 5, retryMaxDelayMs: 20 }), jar);

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 50 });
  });
  beforeEach(async () => {
    await emu.reset();
    const account = await emu.createAccount(1_000_000_000);
    accountId = account.account_id;
    key = account.api_key;
  });
  after(async () => {
    await pool.closeAll();
    jar.addLines(logger.lines);
    jar.assertClean(key);
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  const usedUpKey = async (): Promise<string> => (await emu.createKey(accountId, { budget_millicredits: 0 })).api_key;

  const cases: Case[] = [
    {
      name: 'item 7: POST /jobs with a used-up key budget',
      path: '/api/v1/jobs',
      method: 'POST',
      run: async ({ client }) => {
        const doc = await emu.upload(client, 'budget.md', '# Budget\n\nText.\n');
        const spent = pool.client({ apiKey: await usedUpKey() });
        return spent.jobs.create({ document_id: doc.id, target_lang: 'de' });
      },
      cls: KeyBudgetExhaustedError,
      not: RateLimitedError,
      code: 'key_budget_exhausted',
      status: 429,
      message: /budget is used up.*raise the key's budget/i,
    },
    {
      name: 'item 7: translate-batch with a used-up key budget',
      path: '/api/v1/ai/translate-batch',
      method: 'POST',
      run: async () => pool.client({ apiKey: await usedUpKey() }).translateBatch({ segments: [{ id: 'a', text: 'Hello' }], target_lang: 'de' }),
      cls: KeyBudgetExhaustedError,
      not: RateLimitedError,
      code: 'key_budget_exhausted',
      status: 429,
      message: /raise the key's budget/i,
    },
    {
      name: 'item 8: the fourth webhook (409 webhook_limit_reached on a create with an Idempotency-Key)',
      path: '/api/v1/webhooks',
      method: 'POST',
      run: async ({ client }) => {
        for (let i = 0; i < 3; i++) await client.webhooks.create({ url: `https://hooks.example.com/${i}`, events: ['*'] });
        await emu.control('DELETE', '/requests');
        return client.webhooks.create({ url: 'https://hooks.example.com/4', events: ['*'] });
      },
      cls: ConflictError,
      not: IdempotencyConflictError,
      code: 'conflict',
      status: 409,
      message: /at most 3 webhooks/i,
    },
    {
      name: 'item 8: the same Idempotency-Key with another body',
      path: '/api/v1/jobs',
      method: 'POST',
      run: async ({ client }) => {
        const doc = await emu.upload(client, 'idem.md', '# Idem\n\nText.\n');
        await client.jobs.create({ document_id: doc.id, target_lang: 'de' }, { idempotencyKey: 'matrix-key-1' });
        await emu.control('DELETE', '/requests');
        return client.jobs.create({ document_id: doc.id, target_lang: 'fr' }, { idempotencyKey: 'matrix-key-1' });
      },
      cls: IdempotencyConflictError,
      code: 'idempotency_request_conflict',
      status: 409,
      message: /.+/,
    },
    {
      name: 'item 8: cancelling a job that has already ended',
      path: '/api/v1/jobs/',
      method: 'POST',
      run: async ({ client }) => {
        const doc = await emu.upload(client, 'ended.md', '# Ended\n\nText.\n');
        const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de' });
        await client.jobs.cancel(job.id);
        await emu.control('DELETE', '/requests');
        return client.jobs.cancel(job.id);
      },
      cls: AlreadyEndedError,
      code: 'already_ended',
      status: 409,
      message: /already ended/i,
    },
    {
      name: 'item 9: finalize with an unknown token',
      path: '/api/v1/upload/finalize',
      method: 'POST',
      run: ({ client }) => client.uploads.finalize('ft_not_a_real_token'),
      cls: FinalizeTokenError,
      not: AuthenticationError,
      code: 'finalize_token_invalid',
      status: 401,
      message: /upload the file again/i,
    },
    {
      name: 'item 9: finalize after the token expired (7200 s, virtual clock)',
      path: '/api/v1/upload/finalize',
      method: 'POST',
      run: async ({ client }) => {
        const presigned = await client.uploads.presign({ filename: 'late.md', file_size: 5 });
        await emu.control('POST', '/clock', { advance_seconds: 7201 });
        await emu.control('DELETE', '/requests');
        return client.uploads.finalize(presigned.finalize_token);
      },
      cls: FinalizeTokenError,
      not: AuthenticationError,
      code: 'finalize_token_invalid',
      status: 401,
      message: /invalid or has expired.*upload the file again/i,
    },
    {
      name: 'item 9: finalize with a rejected key stays a key problem',
      path: '/api/v1/upload/finalize',
      method: 'POST',
      run: () => pool.client({ apiKey: `sk_test_${'0'.repeat(40)}` }).uploads.finalize('ft_whatever'),
      cls: AuthenticationError,
      not: FinalizeTokenError,
      code: 'authentication_failed',
      status: 401,
      message: /.+/,
    },
  ];

  for (const c of cases) {
    it(`${c.name} → ${c.cls.name} (${c.code}), one request, a message that says what to do`, async () => {
      const client = pool.client();
      await emu.control('DELETE', '/requests');
      const err = (await pool.fails(() => c.run({ client, key }))) as DocTranslateError;
      assert.ok(err instanceof c.cls, `${c.name}: got ${String(err)}`);
      if (c.not) assert.ok(!(err instanceof c.not), `${c.name}: must not be a ${c.not.name}`);
      assert.equal(err.code, c.code);
      assert.equal(err.status, c.status);
      assert.equal(err.attempts, 1, 'not retried');
      assert.match(err.message, c.message);
      const seen = (await emu.requests(c.path)).filter((r) => r.method === c.method);
      assert.equal(seen.length, 1, `the service saw exactly one ${c.method} ${c.path}: ${JSON.stringify(seen)}`);
    });
  }

  it("item 10: another account's job, artifact list, webhook, receipt and SSE ticket are a PermissionError (403 <resource>_not_owned)", async () => {
    const owner = pool.client();
    const doc = await emu.upload(owner, 'mine.md', '# Mine\n\nText.\n');
    const job = await owner.jobs.create({ document_id: doc.id, target_lang: 'de' });
    const hook = await owner.webhooks.create({ url: 'https://hooks.example.com/mine', events: ['*'] });
    const op = (await owner.receipts.forJob(job.id)) as { operation_id?: string };
    const stranger = pool.client({ apiKey: (await emu.createAccount(1000)).api_key });
    const attempts: [string, () => Promise<unknown>, string][] = [
      ['GET /jobs/{id}', () => stranger.jobs.get(job.id), 'job_not_owned'],
      ['POST /jobs/{id}/cancel', () => stranger.jobs.cancel(job.id), 'job_not_owned'],
      ['GET /artifacts?job_id=', () => stranger.artifacts.list(job.id), 'job_not_owned'],
      ['GET /billing/credits/jobs/{id}', () => stranger.receipts.forJob(job.id), 'job_not_owned'],
      ['DELETE /webhooks/{id}', () => stranger.webhooks.delete(String(hook['id'])), 'webhook_not_owned'],
      ['GET /documents/{id}', () => stranger.documents.get(doc.id), 'document_not_owned'],
    ];
    if (op.operation_id !== undefined)
      attempts.push(['GET /billing/credits/operations/{id}', () => stranger.receipts.operation(op.operation_id!), 'operation_not_owned']);
    for (const [what, call, serviceCode] of attempts) {
      const err = (await pool.fails(call)) as DocTranslateError;
      assert.ok(err instanceof PermissionError && !(err instanceof NotFoundError), `${what}: ${String(err)}`);
      assert.equal(err.status, 403, what);
      assert.equal(err.code, 'permission_denied', what);
      assert.equal(err.serviceCode, serviceCode, what);
      assert.equal(err.attempts, 1, what);
    }
    const unknown = await pool.fails(() => stranger.jobs.get('job_does_not_exist'));
    assert.ok(unknown instanceof NotFoundError, 'unknown ids stay 404');
  });

  describe('against a raw server that adds a short Retry-After', () => {
    let raw: RawServer;
    before(async () => {
      raw = await startRawServer((_req, res) =>
        sendJson(res, 429, { error: { code: 'key_budget_exhausted', message: 'Budget used up' } }, { 'retry-after': '0' }),
      );
    });
    after(() => raw.close());

    it('a used-up key budget is not retried even when the answer carries Retry-After: 0', async () => {
      const client = pool.client({ baseUrl: raw.baseUrl, apiKey: 'sk_test_raw_matrix_0123456789' });
      const err = await pool.fails(() => client.translateBatch({ segments: [{ id: 'a', text: 'x' }], target_lang: 'de' }));
      assert.ok(err instanceof KeyBudgetExhaustedError, String(err));
      assert.equal(raw.requests.length, 1);
    });
  });
});
