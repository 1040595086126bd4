import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import fc from 'fast-check';
import {
  AbortError,
  AlreadyEndedError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  DocTranslateError,
  GoneError,
  IdempotencyConflictError,
  InsufficientCreditsError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  TimeoutError,
  UnexpectedResponseError,
  UnsupportedFormatError,
  ValidationError,
  createApiError,
  isDocTranslateError,
  parseErrorBody,
} from '../../../src/api/index.ts';

const CANARY = 'sk_canary_errors_0123456789abcdef';
const body = (code: string, message = 'msg'): unknown => ({ error: { code, message } });

describe('api/errors: createApiError', () => {
  it('maps every status of the spec error table to its class and reason code', () => {
    const cases: [number, string, unknown, abstract new (...args: never[]) => Error, string][] = [
      [400, '/upload/presign', body('file_size_mismatch'), ValidationError, 'invalid_request'],
      [400, '/ai/translate-snippet', body('engine_unavailable'), ValidationError, 'engine_unavailable'],
      [401, '/jobs', body('invalid_api_key'), AuthenticationError, 'authentication_failed'],
      [402, '/ai/translate-batch', body('insufficient_credits'), InsufficientCreditsError, 'insufficient_credits'],
      [403, '/jobs', body('forbidden'), PermissionError, 'permission_denied'],
      [403, '/ai/translate-batch', body('engine_not_allowed'), PermissionError, 'engine_not_allowed'],
      [404, '/jobs', body('not_found'), NotFoundError, 'not_found'],
      [404, '/sse/jobs/j1', '', NotFoundError, 'sse_not_available'],
      [409, '/jobs/j1/cancel', body('job_already_ended'), AlreadyEndedError, 'already_ended'],
      [409, '/jobs', body('idempotency_request_conflict'), IdempotencyConflictError, 'idempotency_request_conflict'],
      [410, '/upload/finalize', body('upload_not_found'), GoneError, 'gone'],
      [410, '/jobs', body('idempotency_job_gone'), GoneError, 'idempotency_job_gone'],
      [410, '/ai/chat', body('endpoint_retired'), GoneError, 'retired_endpoint'],
      [413, '/upload/presign', body('file_too_large'), PayloadTooLargeError, 'payload_too_large'],
      [415, '/jobs', body('unsupported_format'), UnsupportedFormatError, 'unsupported_format'],
      [422, '/ai/translate-snippet', body('unsupported_language'), ValidationError, 'unsupported_language'],
      [422, '/jobs', body('validation_failed'), ValidationError, 'invalid_request'],
      [429, '/jobs', body('rate_limited'), RateLimitedError, 'rate_limited'],
      [503, '/upload/presign', body('unavailable'), ServiceUnavailableError, 'service_unavailable'],
      [500, '/jobs', 'Internal Server Error', ServerError, 'server_error'],
      [502, '/jobs', '<html>bad gateway</html>', ServerError, 'server_error'],
      [302, '/storage/files/f/content', '', UnexpectedResponseError, 'unexpected_redirect'],
      [405, '/jobs', '', UnexpectedResponseError, 'unexpected_status'],
    ];
    for (const [status, path, b, cls, code] of cases) {
      const err = createApiError(status, b, { 'x-request-id': 'req-1' }, { method: 'post', path });
      assert.ok(err instanceof cls, `${status} ${path}: got ${err.name}`);
      assert.ok(err instanceof DocTranslateError);
      assert.equal(err.code, code, `${status} ${path}`);
      assert.equal(err.status, status);
      assert.equal(err.requestId, 'req-1');
      assert.equal(err.method, 'POST');
      assert.equal(err.path, path);
      assert.ok(err.message.length > 0);
    }
  });

  it('derives instant-translation codes when the body carries no code', () => {
    const ctx = { method: 'POST', path: '/ai/translate-batch' };
    assert.equal(createApiError(400, '', {}, ctx).code, 'engine_unavailable');
    assert.equal(createApiError(403, '', {}, ctx).code, 'engine_not_allowed');
    assert.equal(createApiError(422, '', {}, ctx).code, 'unsupported_language');
    assert.equal(createApiError(422, { detail: [{ loc: ['body', 'target_lang'], msg: 'bad' }] }, {}, { path: '/jobs' }).code, 'unsupported_language');
    assert.equal(createApiError(400, body('bad_engine'), {}, { path: '/jobs' }).code, 'engine_unavailable');
  });

  it("tells the kinds of 409 apart by the body's reason code; cancel without a code is already-ended", () => {
    const codeless = createApiError(409, '', {}, { method: 'POST', path: '/jobs', hasIdempotencyKey: true });
    assert.ok(codeless instanceof ConflictError && !(codeless instanceof IdempotencyConflictError));
    assert.equal(codeless.code, 'conflict');
    assert.ok(createApiError(409, '', {}, { method: 'POST', path: '/jobs/j1/cancel' }) instanceof AlreadyEndedError);
    assert.ok(createApiError(409, body('conflict_idempotency'), {}, { path: '/x' }) instanceof IdempotencyConflictError);
  });

  it('maps 410 on the retired AI endpoints to retired_endpoint', () => {
    for (const path of ['/ai/notes', '/ai/chat', '/ai/generate', '/ai/ocr']) {
      const err = createApiError(410, 'Gone', {}, { method: 'POST', path });
      assert.ok(err instanceof GoneError && err.code === 'retired_endpoint', path);
    }
  });

  it('keeps Retry-After as milliseconds on 429 and 503', () => {
    const now = Date.UTC(2026, 0, 1);
    const rl = createApiError(429, '', { 'Retry-After': '7' }, { now });
    assert.ok(rl instanceof RateLimitedError);
    assert.equal(rl.retryAfterMs, 7000);
    const dated = createApiError(503, '', { 'retry-after': new Date(now + 4000).toUTCString() }, { now });
    assert.ok(dated instanceof ServiceUnavailableError);
    assert.equal(dated.retryAfterMs, 4000);
    const bad = createApiError(429, '', { 'retry-after': 'later' }, { now });
    assert.ok(bad instanceof RateLimitedError);
    assert.equal(bad.retryAfterMs, undefined);
  });

  it('reads headers from a fetch Headers object and from arrays', () => {
    const h = new Headers({ 'X-Request-Id': 'abc' });
    assert.equal(createApiError(500, '', h).requestId, 'abc');
    assert.equal(createApiError(500, '', { 'x-request-id': ['a', 'b'] }).requestId, 'a, b');
  });

  it('keeps field errors on ValidationError', () => {
    const err = createApiError(
      422,
      { error: { code: 'invalid_request', message: 'bad', field_errors: [{ field: 'target_lang', message: 'unsupported' }] } },
      {},
      { path: '/ai/translate-snippet' },
    );
    assert.ok(err instanceof ValidationError);
    assert.deepEqual(err.fieldErrors, [{ field: 'target_lang', message: 'unsupported' }]);
  });

  it('isDocTranslateError checks class and optional code', () => {
    const err = createApiError(402, '', {});
    assert.equal(isDocTranslateError(err), true);
    assert.equal(isDocTranslateError(err, 'insufficient_credits'), true);
    assert.equal(isDocTranslateError(err, 'rate_limited'), false);
    assert.equal(isDocTranslateError(new Error('x')), false);
    assert.equal(isDocTranslateError(undefined), false);
  });

  it('names survive on the prototype and appear in the stack', () => {
    const err = createApiError(401, '', {});
    assert.equal(err.name, 'AuthenticationError');
    assert.ok(err.stack?.startsWith('AuthenticationError: '));
    assert.equal(new TimeoutError('t').name, 'TimeoutError');
    assert.equal(new AbortError().code, 'aborted');
    assert.equal(new ConnectionError('c', {}, 'ECONNRESET').code, 'connection_failed');
  });
});

describe('api/errors: parseErrorBody accepts every plausible shape', () => {
  it('nested error object with field errors', () => {
    assert.deepEqual(parseErrorBody({ error: { code: 'X_Code', message: 'Hello', field_errors: [{ field: 'a', message: 'b' }] } }), {
      serviceCode: 'x_code',
      message: 'Hello',
      fieldErrors: [{ field: 'a', message: 'b' }],
    });
  });

  it('flat code/message, error-as-code and error-as-text', () => {
    assert.deepEqual(parseErrorBody({ code: 'rate_limited', message: 'slow' }), { serviceCode: 'rate_limited', message: 'slow', fieldErrors: [] });
    assert.deepEqual(parseErrorBody({ error: 'invalid_key', message: 'no' }), { serviceCode: 'invalid_key', message: 'no', fieldErrors: [] });
    assert.deepEqual(parseErrorBody({ error: 'Something broke badly' }), { message: 'Something broke badly', fieldErrors: [] });
  });

  it('detail as string or FastAPI-style list; problem+json', () => {
    assert.deepEqual(parseErrorBody({ detail: 'Not found' }), { message: 'Not found', fieldErrors: [] });
    const listed = parseErrorBody({ detail: [{ loc: ['body', 'segments', 0, 'text'], msg: 'too long', type: 'x' }] });
    assert.deepEqual(listed.fieldErrors, [{ field: 'segments.0.text', message: 'too long' }]);
    assert.equal(listed.message, 'segments.0.text: too long');
    const problem = parseErrorBody({ type: 'about:blank', title: 'Bad Request', detail: 'nope' });
    assert.equal(problem.message, 'Bad Request');
  });

  it('field errors as a map; JSON text; plain text; HTML; junk', () => {
    assert.deepEqual(parseErrorBody({ errors: { a: ['x', 'y'], b: 'z' } }).fieldErrors, [
      { field: 'a', message: 'x' },
      { field: 'a', message: 'y' },
      { field: 'b', message: 'z' },
    ]);
    assert.equal(parseErrorBody('{"error":{"code":"c","message":"from text"}}').message, 'from text');
    assert.deepEqual(parseErrorBody('Service down'), { message: 'Service down', fieldErrors: [] });
    assert.deepEqual(parseErrorBody('<html><body>502</body></html>'), { fieldErrors: [] });
    assert.deepEqual(parseErrorBody('{broken json'), { fieldErrors: [] });
    for (const junk of [null, undefined, 42, true, [], {}]) assert.deepEqual(parseErrorBody(junk).fieldErrors, []);
  });

  it('never throws and caps what it keeps, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const parsed = parseErrorBody(value);
        assert.ok(Array.isArray(parsed.fieldErrors) && parsed.fieldErrors.length <= 50);
        assert.ok(parsed.message === undefined || parsed.message.length <= 500);
        const err = createApiError(400, value, {});
        assert.ok(err instanceof DocTranslateError);
      }),
    );
  });
});

describe('api/errors: safety', () => {
  it('masks key-like text the service echoes back in messages and field errors', () => {
    const err = createApiError(
      401,
      { error: { code: 'invalid_api_key', message: `Key ${CANARY} is invalid`, field_errors: [{ field: 'x', message: CANARY }] } },
      { 'x-request-id': 'r1' },
      { method: 'GET', path: '/billing/credits/balance' },
    );
    for (const text of [err.message, inspect(err, { showHidden: true, depth: 10 }), err.stack ?? '', JSON.stringify(err)]) {
      assert.ok(!text.includes(CANARY), text);
      assert.ok(!text.includes(CANARY.slice(3)), text);
    }
    assert.match(err.message, /sk_…cdef/);
  });

  it('holds only plain data: no request, response or header objects', () => {
    const err = createApiError(429, body('rate_limited'), { 'x-api-key': CANARY, 'retry-after': '1', 'x-request-id': 'r' }, { path: '/jobs?ticket=secret' });
    const own = Object.keys(err).sort();
    assert.deepEqual(own, ['code', 'path', 'requestId', 'retryAfter', 'retryAfterMs', 'serviceCode', 'status']);
    assert.equal(err.path, '/jobs?ticket=REDACTED');
    assert.ok(!inspect(err).includes(CANARY));
  });

  it('strips control characters from service messages', () => {
    const err = createApiError(500, { message: 'line1\u0000\u001b[31mred' }, {});
    assert.ok(!/[\u0000-\u001f]/.test(err.message), err.message);
  });
});
