import assert from 'node:assert/strict';
import fc from 'fast-check';
import { REDACTED, maskApiKey, redactHeaders, redactPath, redactUrl, scrubSecrets } from '../../../src/api/index.ts';

const KEY = 'sk_live_4f8a9c2e7b1d0a3f5e6c';

describe('api/redact', () => {
  it('masks a key as sk_… plus at most its last 4 characters', () => {
    assert.equal(maskApiKey(KEY), 'sk_…5e6c');
    assert.equal(maskApiKey('sk_short'), 'sk_…');
    assert.equal(maskApiKey('  sk_live_4f8a9c2e7b1d0a3f5e6c \n'), 'sk_…5e6c');
  });

  it('prints allow-listed headers, masks credentials, redacts everything else', () => {
    const line = redactHeaders({
      'Content-Type': 'application/json',
      'X-API-Key': KEY,
      Authorization: `Bearer ${KEY}`,
      Cookie: 'session=abc',
      'X-Request-Id': 'req-9',
      'Idempotency-Key': 'dt-1',
      'Retry-After': '2',
      'User-Agent': 'doc-translate-vscode/1.0.0',
      ETag: '"v1"',
      'X-Custom-Secret': 'hunter2',
      Location: 'https://storage.example.com/bucket/obj?X-Signature=abc',
    });
    assert.ok(!line.includes(KEY) && !line.includes(KEY.slice(3)));
    assert.ok(!line.includes('hunter2') && !line.includes('session=abc') && !line.includes('X-Signature=abc'));
    assert.match(line, /content-type: application\/json/);
    assert.match(line, /x-api-key: sk_…5e6c/);
    assert.match(line, /authorization: Bearer sk_…5e6c/);
    assert.match(line, /cookie: REDACTED/);
    assert.match(line, /x-request-id: req-9/);
    assert.match(line, /idempotency-key: dt-1/);
    assert.match(line, /retry-after: 2/);
    assert.match(line, /etag: "v1"/);
    assert.match(line, /x-custom-secret: REDACTED/);
    assert.match(line, /location: https:\/\/storage\.example\.com\/REDACTED/);
  });

  it('redacts every query value and share tokens in paths', () => {
    assert.equal(redactPath('/api/v1/jobs?limit=10&before=2026-01-01'), `/api/v1/jobs?limit=${REDACTED}&before=${REDACTED}`);
    assert.equal(redactPath('/api/v1/sse/jobs/j1?ticket=tkt_secret'), `/api/v1/sse/jobs/j1?ticket=${REDACTED}`);
    assert.equal(redactPath('/api/v1/shares/shr_tok/download'), `/api/v1/shares/${REDACTED}/download`);
    assert.equal(redactPath('/api/v1/shares'), '/api/v1/shares');
    assert.equal(redactPath('/p?flag'), `/p?flag=${REDACTED}`);
    assert.equal(redactPath('/p#frag'), '/p');
  });

  it('shows API URLs with redacted queries and only the origin of foreign URLs', () => {
    const api = 'https://api.example.com';
    assert.equal(redactUrl('https://api.example.com/api/v1/jobs?limit=5', api), `${api}/api/v1/jobs?limit=${REDACTED}`);
    assert.equal(redactUrl('https://store.example.net/upload/doc_1/sig_abc?exp=1', api), `https://store.example.net/${REDACTED}`);
    assert.equal(redactUrl('not a url'), REDACTED);
  });

  it('scrubs key-like text and explicit secrets', () => {
    assert.equal(scrubSecrets(`bad key ${KEY}!`), 'bad key sk_…5e6c!');
    assert.equal(scrubSecrets('token abcdefghijklmnop here', ['abcdefghijklmnop']), 'token sk_…mnop here');
    assert.equal(scrubSecrets('task_queue_is_full for risk_assessment_v2'), 'task_queue_is_full for risk_assessment_v2');
    assert.equal(scrubSecrets(`"${KEY}"`), '"sk_…5e6c"');
  });

  it('never lets a key or query value through (property)', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9]{16,40}$/);
    fc.assert(
      fc.property(token, token, fc.stringMatching(/^\/[a-z/]{0,20}$/), (keyBody, queryValue, path) => {
        const key = `sk_${keyBody}`;
        const headers = redactHeaders({ 'x-api-key': key, authorization: `Bearer ${key}`, 'x-other': queryValue });
        assert.ok(!headers.includes(keyBody));
        assert.ok(!headers.includes(queryValue));
        assert.ok(!redactPath(`${path}?a=${queryValue}&b=${key}`).includes(queryValue));
        assert.ok(!scrubSecrets(`x ${key} y`).includes(keyBody));
      }),
    );
  });
});
