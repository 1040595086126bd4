/**
 * Issue 9 items 7-9 at the level of the one error factory and the retry decision: the error class
 * comes from the status, the body's reason code and the endpoint, never from whether the request
 * happened to carry an Idempotency-Key; a used-up key budget is not a rate limit; a 401 at finalize
 * is about the upload, not the key.
 */
import assert from 'node:assert/strict';
import {
  AlreadyEndedError,
  AuthenticationError,
  ConflictError,
  DocTranslateError,
  FinalizeTokenError,
  IdempotencyConflictError,
  KeyBudgetExhaustedError,
  RateLimitedError,
  createApiError,
  decideRetry,
  isRetryableFailure,
} from '../../../src/api/index.ts';

const body = (code: string, message = 'service text'): unknown => ({ error: { code, message } });
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const retryOf = (error: DocTranslateError) =>
  decideRetry({ attempt: 0, maxRetries: 4, method: 'POST', hasIdempotencyKey: true, error, now: NOW, random: () => 0.5 });

describe('api/errors: reasons decided by the service (issue 9 items 7-9)', () => {
  describe('item 7: a used-up key budget', () => {
    it('a used-up key budget is not retried', () => {
      const err = createApiError(
        429,
        body('key_budget_exhausted', 'Try again later'),
        { 'retry-after': '1' },
        { method: 'POST', path: '/jobs', hasIdempotencyKey: true, now: NOW },
      );
      assert.ok(err instanceof KeyBudgetExhaustedError, err.name);
      assert.ok(!(err instanceof RateLimitedError), 'not a rate limit');
      assert.equal(err.code, 'key_budget_exhausted');
      assert.equal(err.status, 429);
      assert.equal(isRetryableFailure(err), false);
      assert.deepEqual(retryOf(err), { retry: false, delayMs: 0, reason: 'not_retryable' });
    });

    it("says the key's budget must be raised, whatever the service's text suggests", () => {
      for (const path of ['/jobs', '/ai/translate-batch', '/ai/translate-snippet']) {
        const err = createApiError(429, body('key_budget_exhausted', 'Slow down and try again in a moment'), {}, { method: 'POST', path });
        assert.match(err.message, /raise the key's budget/i, path);
        assert.doesNotMatch(err.message, /try again|moment|wait/i, path);
        assert.equal(err.serviceCode, 'key_budget_exhausted');
      }
    });

    it('other 429s stay rate limits and are retried', () => {
      for (const b of [body('rate_limited'), body('queue_full'), '']) {
        const err = createApiError(429, b, { 'retry-after': '2' }, { method: 'POST', path: '/jobs', now: NOW });
        assert.ok(err instanceof RateLimitedError, JSON.stringify(b));
        assert.equal(retryOf(err).retry, true);
      }
    });
  });

  describe('item 8: 409 by reason code', () => {
    it('a 409 on a create with an Idempotency-Key is an idempotency conflict only when the body says so', () => {
      const ctx = { method: 'POST', path: '/webhooks', hasIdempotencyKey: true };
      const limit = createApiError(409, body('webhook_limit_reached'), {}, ctx);
      assert.ok(limit instanceof ConflictError && !(limit instanceof IdempotencyConflictError), limit.name);
      assert.equal(limit.code, 'conflict');
      assert.equal(limit.message, 'service text', "the service's own explanation is kept");
      const codeless = createApiError(409, '', {}, { ...ctx, path: '/jobs' });
      assert.equal(codeless.code, 'conflict');
      const real = createApiError(409, body('idempotency_request_conflict'), {}, { ...ctx, path: '/jobs' });
      assert.ok(real instanceof IdempotencyConflictError);
      assert.equal(real.code, 'idempotency_request_conflict');
      assert.ok(real instanceof ConflictError, 'every 409 class is a ConflictError');
    });

    it("already-ended comes from the code, or from a codeless 409 at cancel (the spec's only 409 there)", () => {
      assert.ok(createApiError(409, body('job_already_ended'), {}, { method: 'POST', path: '/jobs/j1/cancel' }) instanceof AlreadyEndedError);
      assert.ok(createApiError(409, '', {}, { method: 'POST', path: '/jobs/j1/cancel' }) instanceof AlreadyEndedError);
      const other = createApiError(409, body('cancel_in_progress'), {}, { method: 'POST', path: '/jobs/j1/cancel' });
      assert.equal(other.code, 'conflict', 'an unknown code stays a generic conflict');
      assert.equal(isRetryableFailure(other), false);
    });
  });

  describe('item 9: 401 at finalize', () => {
    it('a 401 at finalize asks for a new upload, not a new key', () => {
      for (const b of [body('invalid_finalize_token'), body('finalize_token_expired'), body('token_expired'), '']) {
        const err = createApiError(401, b, {}, { method: 'POST', path: '/upload/finalize' });
        assert.ok(err instanceof FinalizeTokenError, `${JSON.stringify(b)}: ${err.name}`);
        assert.ok(!(err instanceof AuthenticationError), 'not a key problem');
        assert.equal(err.code, 'finalize_token_invalid');
        assert.match(err.message, /upload the file again/i);
        assert.doesNotMatch(err.message, /api key/i);
      }
    });

    it('a 401 about the key stays AuthenticationError, at finalize and everywhere else', () => {
      const atFinalize = createApiError(401, body('invalid_api_key'), {}, { method: 'POST', path: '/upload/finalize' });
      assert.ok(atFinalize instanceof AuthenticationError);
      for (const path of ['/upload/presign', '/jobs', '/billing/credits/balance']) {
        const err = createApiError(401, body('invalid_finalize_token'), {}, { method: 'POST', path });
        assert.ok(err instanceof AuthenticationError && err.code === 'authentication_failed', path);
      }
    });
  });
});
