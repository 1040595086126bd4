// The pure rules behind the settings: service URL validation and the language picker's order.
import * as assert from 'node:assert/strict';
import { checkServiceUrl, isLoopbackHost } from '../../../src/shared/serviceUrl.ts';
import { isLanguageCode, languageName, orderLanguages, rememberRecent } from '../../../src/platform/languages.ts';
import { apiKeyProblem, maskApiKey } from '../../../src/shared/apiKey.ts';

describe('Service URL rules', () => {
  it('accepts https anywhere and http only on loopback, dropping a trailing slash', () => {
    assert.deepEqual(checkServiceUrl('https://translate.example.com/api/v1/'), {
      ok: true,
      url: 'https://translate.example.com/api/v1',
    });
    assert.deepEqual(checkServiceUrl(' http://127.0.0.1:8787/api/v1 '), { ok: true, url: 'http://127.0.0.1:8787/api/v1' });
    assert.equal(checkServiceUrl('http://localhost:1/x/api/v1').ok, true);
    assert.equal(checkServiceUrl('http://[::1]:8787/api/v1').ok, true);
  });

  it('refuses plain http elsewhere, other schemes, credentials, queries and other paths', () => {
    for (const bad of [
      'http://translate.example.com/api/v1',
      'http://127.0.0.1.evil.example/api/v1',
      'ftp://127.0.0.1/api/v1',
      'https://user:pw@translate.example.com/api/v1',
      'https://translate.example.com/api/v1?x=1',
      'https://translate.example.com/api/v2',
      'https://translate.example.com/api/v1/extra',
      '',
      'nonsense',
    ]) {
      assert.equal(checkServiceUrl(bad).ok, false, bad);
    }
  });

  it('knows loopback hosts exactly', () => {
    assert.equal(isLoopbackHost('127.0.0.1'), true);
    assert.equal(isLoopbackHost('127.1.2.3'), true);
    assert.equal(isLoopbackHost('LOCALHOST'), true);
    assert.equal(isLoopbackHost('127.0.0.1.nip.io'), false);
    assert.equal(isLoopbackHost('localhost.example.com'), false);
  });
});

describe('API key rules', () => {
  it('requires the sk_ prefix and no spaces', () => {
    assert.equal(apiKeyProblem('sk_abc123'), undefined);
    assert.match(apiKeyProblem('abc')!, /sk_/);
    assert.ok(apiKeyProblem('sk_a b'));
    assert.ok(apiKeyProblem('  '));
  });

  it('masks a key to its prefix and last four characters', () => {
    assert.equal(maskApiKey('sk_test_0123456789abcdef'), 'sk_…cdef');
    assert.equal(maskApiKey('sk_short'), 'sk_…');
  });
});

describe('Target language picker order', () => {
  it('puts recently used languages first, most recent first, then the rest by name', () => {
    const names: Record<string, string> = { de: 'German', fr: 'French', ja: 'Japanese', es: 'Spanish' };
    const order = orderLanguages(['de', 'es', 'fr', 'ja'], ['ja', 'fr', 'ja', 'bad code!'], (c) => names[c] ?? c);
    assert.deepEqual(order, { recent: ['ja', 'fr'], others: ['de', 'es'] });
  });

  it('remembers at most five recent languages without duplicates', () => {
    let recent: string[] = [];
    for (const code of ['de', 'fr', 'es', 'it', 'ja', 'ko', 'fr']) recent = rememberRecent(recent, code);
    assert.deepEqual(recent, ['fr', 'ko', 'ja', 'it', 'es']);
  });

  it('names languages with Intl.DisplayNames and validates codes', () => {
    assert.equal(languageName('de', 'en'), 'German');
    assert.equal(languageName('de', 'de'), 'Deutsch');
    assert.equal(isLanguageCode('zh-Hans'), true);
    assert.equal(isLanguageCode('not a code'), false);
  });
});
