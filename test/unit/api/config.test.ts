import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DocTranslateClient,
  ValidationError,
  generateIdempotencyKey,
  isLoopbackHost,
  isValidIdempotencyKey,
  parseBaseUrl,
  resolveIdempotencyKey,
} from '../../../src/api/index.ts';
import { rejection } from './support/canary.ts';

const KEY = 'sk_test_config_0123456789abcdef';

describe('api/config: base URL', () => {
  it('accepts https anywhere and http only for loopback, ending in /api/v1', () => {
    for (const ok of [
      'https://translate.example.com/api/v1',
      'https://translate.example.com/api/v1/',
      'https://example.com:8443/prefix/api/v1',
      'http://127.0.0.1:8787/api/v1',
      'http://127.1.2.3/api/v1',
      'http://localhost:3000/api/v1',
      'http://[::1]:9000/api/v1',
    ]) {
      const base = parseBaseUrl(ok);
      assert.ok(base.href.endsWith('/api/v1'), ok);
      assert.ok(!base.href.endsWith('/'), ok);
    }
    assert.equal(parseBaseUrl('HTTPS://Translate.Example.com/api/v1/').href, 'https://translate.example.com/api/v1');
  });

  it('rejects everything else with a ValidationError naming the problem', () => {
    const bad: [string, RegExp][] = [
      ['', /not set/],
      ['translate.example.com/api/v1', /not a valid/],
      ['ftp://example.com/api/v1', /https/],
      ['http://example.com/api/v1', /https/],
      ['http://10.0.0.1/api/v1', /https/],
      ['http://127.0.0.1.evil.com/api/v1', /https/],
      ['http://localhost.evil.com/api/v1', /https/],
      ['https://example.com/api/v2', /\/api\/v1/],
      ['https://example.com/', /\/api\/v1/],
      ['https://example.com/api/v1?x=1', /query/],
      [`https://user:${KEY}@example.com/api/v1`, /user name/],
    ];
    for (const [url, message] of bad) {
      assert.throws(
        () => parseBaseUrl(url),
        (err: unknown) => err instanceof ValidationError && err.code === 'invalid_base_url' && message.test(err.message) && !err.message.includes(KEY),
        url,
      );
    }
  });

  it('recognises loopback hosts only', () => {
    for (const h of ['localhost', '127.0.0.1', '127.255.255.254', '[::1]']) assert.equal(isLoopbackHost(h), true, h);
    for (const h of ['example.com', '128.0.0.1', '10.0.0.1', '127.0.0.1.nip.io', 'localhost.localdomain', '[::2]', '127.0.0.256']) {
      assert.equal(isLoopbackHost(h), false, h);
    }
  });

  it('the client refuses a bad URL or key before any request', () => {
    assert.throws(() => new DocTranslateClient({ baseUrl: 'http://example.com/api/v1', apiKey: KEY }), ValidationError);
    assert.throws(
      () => new DocTranslateClient({ baseUrl: 'https://example.com/api/v1', apiKey: '' }),
      (err: unknown) => err instanceof ValidationError && err.code === 'invalid_api_key',
    );
    assert.throws(
      () => new DocTranslateClient({ baseUrl: 'https://example.com/api/v1', apiKey: 'sk_bad\nX-Evil: 1' }),
      (err: unknown) => err instanceof ValidationError && err.code === 'invalid_api_key' && !err.message.includes('sk_bad'),
    );
  });
});

describe('api/idempotency', () => {
  it('generates distinct valid keys with a dt- prefix', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateIdempotencyKey()));
    assert.equal(keys.size, 200);
    for (const key of keys) {
      assert.match(key, /^dt-[0-9a-f-]{36}$/);
      assert.equal(isValidIdempotencyKey(key), true);
    }
  });

  it('validates caller-supplied keys: 1-128 visible ASCII', () => {
    assert.equal(resolveIdempotencyKey('my-key_1'), 'my-key_1');
    assert.equal(resolveIdempotencyKey('x'.repeat(128)).length, 128);
    for (const bad of ['', 'x'.repeat(129), 'has space', 'tab\t', 'ümlaut', 'line\nbreak']) {
      assert.throws(
        () => resolveIdempotencyKey(bad),
        (err: unknown) => err instanceof ValidationError && err.code === 'invalid_idempotency_key',
        JSON.stringify(bad),
      );
    }
    assert.match(resolveIdempotencyKey(undefined), /^dt-/);
  });

  it('accepts exactly the visible-ASCII strings of length 1-128 (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const expected = s.length >= 1 && s.length <= 128 && [...s].every((c) => c >= '!' && c <= '~');
        assert.equal(isValidIdempotencyKey(s), expected);
      }),
    );
  });

  it('an invalid supplied key fails the call before sending', async () => {
    const client = new DocTranslateClient({ baseUrl: 'http://127.0.0.1:9/api/v1', apiKey: KEY, maxRetries: 0 });
    const err = await rejection(() => client.translateBatch({ segments: [{ id: 'a', text: 'x' }], target_lang: 'de' }, { idempotencyKey: 'bad key' }));
    assert.ok(err instanceof ValidationError && err.code === 'invalid_idempotency_key');
    await client.close();
  });
});
