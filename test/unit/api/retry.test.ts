import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  AbortError,
  ConnectionError,
  IdempotencyConflictError,
  RateLimitedError,
  TimeoutError,
  ValidationError,
  backoffDelay,
  createApiError,
  decideRetry,
  isRetryableFailure,
  parseRetryAfter,
  type RetryInput,
} from '../../../src/api/index.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

function input(over: Partial<RetryInput>): RetryInput {
  return {
    attempt: 0,
    maxRetries: 4,
    method: 'GET',
    hasIdempotencyKey: false,
    now: NOW,
    random: () => 0.5,
    ...over,
  };
}

describe('api/retry: decideRetry', () => {
  it('retries connection failures and timeouts', () => {
    assert.equal(decideRetry(input({ error: new ConnectionError('x', {}, 'ECONNRESET') })).retry, true);
    assert.equal(decideRetry(input({ error: new TimeoutError('x') })).retry, true);
  });

  it('never retries an abort by the caller', () => {
    const d = decideRetry(input({ error: new AbortError() }));
    assert.deepEqual(d, { retry: false, delayMs: 0, reason: 'not_retryable' });
  });

  it('retries every 5xx and 429', () => {
    for (const status of [429, 500, 501, 502, 503, 504, 599]) {
      assert.equal(decideRetry(input({ status })).retry, true, `status ${status}`);
    }
  });

  it('never retries other 4xx, 3xx or unknown failures', () => {
    for (const status of [300, 302, 400, 401, 402, 403, 404, 405, 408, 409, 410, 413, 415, 422]) {
      const d = decideRetry(input({ status, method: 'POST', hasIdempotencyKey: true }));
      assert.equal(d.retry, false, `status ${status}`);
      assert.equal(d.reason, 'not_retryable');
    }
    assert.equal(decideRetry(input({ error: new Error('boom') })).retry, false);
    assert.equal(decideRetry(input({})).retry, false);
  });

  it('never retries 409 idempotency_request_conflict, even with a key', () => {
    const err = createApiError(
      409,
      { error: { code: 'idempotency_request_conflict', message: 'm' } },
      {},
      {
        method: 'POST',
        path: '/ai/translate-batch',
        hasIdempotencyKey: true,
      },
    );
    assert.ok(err instanceof IdempotencyConflictError);
    assert.equal(decideRetry(input({ error: err, method: 'POST', hasIdempotencyKey: true })).retry, false);
  });

  it('reads the status from a client error', () => {
    const err = createApiError(503, 'down', {}, { method: 'GET', path: '/billing/credits/balance' });
    assert.equal(decideRetry(input({ error: err })).retry, true);
    const bad = new ValidationError('bad', { code: 'invalid_request', status: 422 });
    assert.equal(decideRetry(input({ error: bad })).retry, false);
  });

  it('retries POST and PATCH only with an Idempotency-Key', () => {
    for (const method of ['POST', 'post', 'PATCH']) {
      const without = decideRetry(input({ method, status: 503 }));
      assert.deepEqual(without, { retry: false, delayMs: 0, reason: 'unsafe_method' });
      const timeout = decideRetry(input({ method, error: new TimeoutError('t') }));
      assert.equal(timeout.reason, 'unsafe_method');
      assert.equal(decideRetry(input({ method, status: 503, hasIdempotencyKey: true })).retry, true);
    }
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE']) {
      assert.equal(decideRetry(input({ method, status: 502 })).retry, true, method);
    }
  });

  it('bounds the number of attempts', () => {
    assert.equal(decideRetry(input({ status: 503, attempt: 3, maxRetries: 4 })).retry, true);
    const last = decideRetry(input({ status: 503, attempt: 4, maxRetries: 4 }));
    assert.deepEqual(last, { retry: false, delayMs: 0, reason: 'attempts_exhausted' });
    assert.equal(decideRetry(input({ status: 503, attempt: 0, maxRetries: 0 })).reason, 'attempts_exhausted');
  });

  it('honours Retry-After in seconds', () => {
    const d = decideRetry(input({ status: 429, retryAfterHeader: '2', random: () => 0 }));
    assert.deepEqual(d, { retry: true, delayMs: 2000, reason: 'retryable' });
    assert.equal(decideRetry(input({ status: 503, retryAfterHeader: ' 0 ' })).delayMs, 0);
  });

  it('honours Retry-After as an HTTP date', () => {
    const at = new Date(NOW + 7000).toUTCString();
    assert.equal(decideRetry(input({ status: 429, retryAfterHeader: at })).delayMs, 7000);
    const past = new Date(NOW - 60_000).toUTCString();
    assert.equal(decideRetry(input({ status: 429, retryAfterHeader: past })).delayMs, 0);
  });

  it('takes Retry-After from the error when no header is passed', () => {
    const err = createApiError(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '3' }, {});
    assert.ok(err instanceof RateLimitedError);
    assert.equal(err.retryAfterMs, 3000);
    assert.equal(decideRetry(input({ error: err })).delayMs, 3000);
  });

  it('does not retry when Retry-After asks for longer than the cap', () => {
    const d = decideRetry(input({ status: 429, retryAfterHeader: '61' }));
    assert.deepEqual(d, { retry: false, delayMs: 0, reason: 'retry_after_exceeds_cap' });
    assert.equal(decideRetry(input({ status: 429, retryAfterHeader: '61', retryAfterCapMs: 120_000 })).delayMs, 61_000);
    assert.equal(decideRetry(input({ status: 429, retryAfterHeader: '5', retryAfterCapMs: 1000 })).retry, false);
  });

  it('falls back to backoff when Retry-After is malformed', () => {
    for (const bad of ['soon', '-1', '1.5', '', '  ', '2 seconds', 'Tomorrow', '1e3', '0x10']) {
      const d = decideRetry(input({ status: 503, retryAfterHeader: bad, random: () => 0.999, attempt: 1 }));
      assert.equal(d.retry, true, bad);
      assert.ok(d.delayMs <= 1000 && d.delayMs >= 990, `${bad}: ${d.delayMs}`);
    }
  });

  it('uses configured backoff base and cap', () => {
    const d = decideRetry(input({ status: 500, attempt: 3, baseDelayMs: 10, maxDelayMs: 50, random: () => 0.9999 }));
    assert.equal(d.delayMs, 49);
  });
});

describe('api/retry: backoffDelay', () => {
  const top = (): number => 0.999999;

  it('grows exponentially from 500 ms and is capped at 8 s', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6, 10, 50].map((n) => backoffDelay(n, top, 500, 8000));
    assert.deepEqual(ceilings, [499, 999, 1999, 3999, 7999, 7999, 7999, 7999, 7999]);
  });

  it('applies full jitter from zero', () => {
    assert.equal(
      backoffDelay(3, () => 0, 500, 8000),
      0,
    );
    assert.equal(
      backoffDelay(3, () => 0.5, 500, 8000),
      2000,
    );
  });

  it('stays in range with a misbehaving random source', () => {
    for (const r of [Number.NaN, -1, 2, Number.POSITIVE_INFINITY]) {
      const d = backoffDelay(2, () => r, 500, 8000);
      assert.ok(d >= 0 && d <= 2000, `${r}: ${d}`);
    }
  });
});

describe('api/retry: parseRetryAfter', () => {
  it('parses delta-seconds and HTTP dates, rejects everything else', () => {
    assert.equal(parseRetryAfter('120', NOW), 120_000);
    assert.equal(parseRetryAfter('0', NOW), 0);
    assert.equal(parseRetryAfter(new Date(NOW + 1000).toUTCString(), NOW), 1000);
    assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', NOW), 0);
    for (const bad of [undefined, null, '', 'abc', '-5', '3.2', '2026-01-15T12:00:10Z', '99999999999999999999']) {
      assert.equal(parseRetryAfter(bad, NOW), undefined, String(bad));
    }
  });
});

describe('api/retry: properties', () => {
  const failure = fc.oneof(
    fc.integer({ min: 100, max: 599 }).map((status) => ({ status })),
    fc.constantFrom({ error: new ConnectionError('c', {}) }, { error: new TimeoutError('t') }, { error: new AbortError() }),
  );
  const header = fc.option(
    fc.oneof(
      fc.string(),
      fc.integer({ min: 0, max: 10_000 }).map(String),
      fc.integer({ min: -100_000_000, max: 100_000_000 }).map((ms) => new Date(NOW + ms).toUTCString()),
    ),
    { nil: undefined },
  );

  it('the delay is always an integer within [0, cap]', () => {
    fc.assert(
      fc.property(
        failure,
        header,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 120_000 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.boolean(),
        (f, retryAfterHeader, attempt, maxRetries, r, baseDelayMs, maxDelayMs, retryAfterCapMs, method, hasKey) => {
          const d = decideRetry({
            ...f,
            attempt,
            maxRetries,
            method,
            hasIdempotencyKey: hasKey,
            retryAfterHeader: retryAfterHeader ?? null,
            now: NOW,
            random: () => r,
            baseDelayMs,
            maxDelayMs,
            retryAfterCapMs,
          });
          assert.ok(Number.isInteger(d.delayMs) && d.delayMs >= 0);
          const honoured = parseRetryAfter(retryAfterHeader, NOW) !== undefined;
          assert.ok(d.delayMs <= (honoured ? retryAfterCapMs : maxDelayMs));
          if (!d.retry) assert.equal(d.delayMs, 0);
          if (d.retry) assert.ok(attempt < maxRetries);
          if ((method === 'POST' || method === 'PATCH') && !hasKey) assert.equal(d.retry, false);
          if ('status' in f && f.status >= 400 && f.status < 500 && f.status !== 429) assert.equal(d.retry, false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('parseRetryAfter never throws and never returns a negative wait', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 4_000_000_000_000 }), (value, now) => {
        const ms = parseRetryAfter(value, now);
        assert.ok(ms === undefined || (Number.isFinite(ms) && ms >= 0));
      }),
    );
  });

  it('isRetryableFailure agrees with the status classes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        assert.equal(isRetryableFailure(undefined, status), status === 429 || status >= 500);
      }),
    );
  });
});
