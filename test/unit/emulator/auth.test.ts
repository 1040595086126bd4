import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { call, errorCode, obj, useEmulator } from './helpers.ts';

describe('emulator: authentication and request ids', () => {
  const fx = useEmulator();
  const balanceUrl = (): string => `${fx.emu.baseUrl}/billing/credits/balance`;

  it('accepts the key in X-API-Key', async () => {
    const r = await call(balanceUrl(), { headers: { 'X-API-Key': fx.emu.apiKey } });
    assert.equal(r.status, 200);
    assert.equal(typeof obj(r).available, 'number');
  });

  it('accepts the key as Authorization: Bearer', async () => {
    const r = await call(balanceUrl(), { headers: { Authorization: `Bearer ${fx.emu.apiKey}` } });
    assert.equal(r.status, 200);
  });

  it('rejects both header styles at once with 400 multiple_credentials, even with the same key', async () => {
    const r = await call(balanceUrl(), { headers: { 'X-API-Key': fx.emu.apiKey, Authorization: `Bearer ${fx.emu.apiKey}` } });
    assert.equal(r.status, 400);
    assert.equal(errorCode(r), 'multiple_credentials');
  });

  it('answers 401 missing_credentials without a key', async () => {
    const r = await call(balanceUrl());
    assert.equal(r.status, 401);
    assert.equal(errorCode(r), 'missing_credentials');
  });

  it('answers 401 invalid_api_key for an unknown key and for a non-Bearer scheme', async () => {
    const unknown = await call(balanceUrl(), { headers: { 'X-API-Key': 'sk_test_not_a_real_key' } });
    assert.equal(unknown.status, 401);
    assert.equal(errorCode(unknown), 'invalid_api_key');
    const basic = await call(balanceUrl(), { headers: { Authorization: `Basic ${fx.emu.apiKey}` } });
    assert.equal(basic.status, 401);
    assert.equal(errorCode(basic), 'invalid_api_key');
  });

  it('never echoes the key in an error body', async () => {
    const secret = 'sk_test_canary_value_1234567890';
    const r = await call(balanceUrl(), { headers: { 'X-API-Key': secret } });
    assert.ok(!JSON.stringify(r.body).includes(secret));
  });

  it('a key of another account authenticates as that account', async () => {
    const other = await fx.newAccount(5000);
    const balance = await fx.balance(other.apiKey);
    assert.equal(balance.available, 5000);
  });

  it('puts a unique X-Request-Id on every response: success, errors, 404, 405, retired, control, storage', async () => {
    const responses = await Promise.all([
      call(balanceUrl(), { headers: { 'X-API-Key': fx.emu.apiKey } }),
      call(balanceUrl()),
      call(`${fx.emu.baseUrl}/no/such/route`, { headers: { 'X-API-Key': fx.emu.apiKey } }),
      call(`${fx.emu.baseUrl.replace('/api/v1', '')}/elsewhere`),
      call(`${fx.emu.baseUrl}/ai/translate-snippet`, { method: 'GET', headers: { 'X-API-Key': fx.emu.apiKey } }),
      call(`${fx.emu.baseUrl}/ai/ocr`, { method: 'POST', body: {} }),
      call(`${fx.emu.controlUrl}/ledger`),
      call(`${fx.emu.controlUrl}/nothing-here`),
      call(`${fx.emu.storageUrl}/anything`),
    ]);
    const expected = [200, 401, 404, 404, 405, 410, 200, 404, 404];
    assert.deepEqual(
      responses.map((r) => r.status),
      expected,
    );
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) assert.match(id ?? '', /^req_[0-9a-f]{24}$/);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('answers malformed HTTP with 400 and a request id', async () => {
    const socket = connect(Number(new URL(fx.emu.baseUrl).port), '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
    socket.write('NOT HTTP AT ALL\r\n\r\n');
    await new Promise((resolve) => socket.on('close', resolve));
    assert.match(raw, /^HTTP\/1\.1 400 /);
    assert.match(raw, /\r\nX-Request-Id: req_[0-9a-f]{24}\r\n/);
  });

  it('logs the auth style of every API request without key values', async () => {
    await call(balanceUrl(), { headers: { 'X-API-Key': fx.emu.apiKey } });
    await call(balanceUrl(), { headers: { Authorization: `Bearer ${fx.emu.apiKey}` } });
    await call(balanceUrl(), { headers: { 'X-API-Key': fx.emu.apiKey, Authorization: `Bearer ${fx.emu.apiKey}` } });
    await call(balanceUrl());
    const log = await fx.control('/requests?path_prefix=/api/v1/billing/');
    const requests = obj(log).requests as { auth: string; status: number; request_id: string }[];
    assert.deepEqual(
      requests.map((r) => [r.auth, r.status]),
      [
        ['x-api-key', 200],
        ['bearer', 200],
        ['both', 400],
        ['none', 401],
      ],
    );
    assert.ok(!JSON.stringify(log.body).includes(fx.emu.apiKey));
  });
});
