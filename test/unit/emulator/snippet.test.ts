import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';

describe('emulator: POST /ai/translate-snippet', () => {
  const fx = useEmulator();
  const snippet = (body: unknown, key?: string) => fx.api('/ai/translate-snippet', { method: 'POST', body, ...(key === undefined ? {} : { key }) });

  it('translates with the pseudo engine and reports the languages', async () => {
    const r = await snippet({ text: 'Hello, world', target_lang: 'fr' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { translated_text: 'FR· Héllö, wörld', source_lang: 'en', target_lang: 'fr' });
  });

  it('keeps an explicit source language and accepts every documented engine that is available', async () => {
    for (const engine of ['xr-397b', 'xr-lite']) {
      const r = await snippet({ text: 'Guten Tag', source_lang: 'de', target_lang: 'en', engine });
      assert.equal(r.status, 200, engine);
      assert.equal(obj(r).source_lang, 'de');
    }
  });

  it('charges 1 millicredit per character and writes a ledger charge', async () => {
    const before = await fx.balance();
    const r = await snippet({ text: 'abcdé', target_lang: 'de' });
    assert.equal(r.status, 200);
    const after = await fx.balance();
    assert.equal((before.available as number) - (after.available as number), 5);
    assert.equal(after.spent, 5);
    assert.equal(after.today_charged, 5);
    const charges = await fx.ledger('charge');
    assert.equal(charges.length, 1);
    assert.equal(charges[0]!.endpoint, '/ai/translate-snippet');
    assert.equal(charges[0]!.characters, 5);
    assert.equal(charges[0]!.request_id, r.headers.get('x-request-id'));
  });

  it('accepts 1 and 5000 characters and rejects 0 and 5001 with a field error', async () => {
    assert.equal((await snippet({ text: 'a', target_lang: 'de' })).status, 200);
    assert.equal((await snippet({ text: 'a'.repeat(5000), target_lang: 'de' })).status, 200);
    for (const text of ['', 'a'.repeat(5001)]) {
      const r = await snippet({ text, target_lang: 'de' });
      assert.equal(r.status, 422);
      assert.equal(errorCode(r), 'invalid_request');
      assert.deepEqual(fieldNames(r), ['text']);
    }
  });

  it('counts characters as code points (5000 emoji are allowed)', async () => {
    const r = await snippet({ text: '😀'.repeat(5000), target_lang: 'de' });
    assert.equal(r.status, 200);
    assert.equal((await fx.ledger('charge'))[0]!.characters, 5000);
  });

  it('requires text and target_lang of the right types', async () => {
    const r = await snippet({ text: 42 });
    assert.equal(r.status, 422);
    assert.deepEqual(fieldNames(r).sort(), ['target_lang', 'text']);
    const notObject = await snippet([1, 2]);
    assert.equal(notObject.status, 422);
    const badJson = await fx.api('/ai/translate-snippet', { method: 'POST', body: '{"text":' });
    assert.equal(badJson.status, 400);
    assert.equal(errorCode(badJson), 'invalid_json');
  });

  it('returns whitespace-only text unchanged and free', async () => {
    const r = await snippet({ text: ' \n\t ', target_lang: 'de' });
    assert.equal(r.status, 200);
    assert.equal(obj(r).translated_text, ' \n\t ');
    assert.equal((await fx.ledger('charge')).length, 0);
    assert.equal((await fx.balance()).spent, 0);
  });

  it('answers 422 unsupported_language for an unknown target or source, naming the field; auto is fine', async () => {
    const target = await snippet({ text: 'x', target_lang: 'xx' });
    assert.equal(target.status, 422);
    assert.equal(errorCode(target), 'unsupported_language');
    assert.deepEqual(fieldNames(target), ['target_lang']);
    const source = await snippet({ text: 'x', source_lang: 'klingon', target_lang: 'de' });
    assert.equal(source.status, 422);
    assert.deepEqual(fieldNames(source), ['source_lang']);
    assert.equal((await snippet({ text: 'x', source_lang: 'auto', target_lang: 'de' })).status, 200);
    assert.equal((await snippet({ text: 'x', target_lang: 'auto' })).status, 422);
  });

  it('answers 400 engine_unavailable for an unavailable or unknown engine, without charging', async () => {
    for (const engine of ['xr-offline', 'no-such-engine']) {
      const r = await snippet({ text: 'x', target_lang: 'de', engine });
      assert.equal(r.status, 400, engine);
      assert.equal(errorCode(r), 'engine_unavailable');
    }
    assert.equal((await fx.ledger()).length, 0);
  });

  it('answers 403 engine_not_allowed when the key excludes the engine (including the default one)', async () => {
    const key = await fx.newKey(fx.emu.accountId, { allowed_engines: ['xr-lite'] });
    const r = await snippet({ text: 'x', target_lang: 'de', engine: 'xr-397b' }, key);
    assert.equal(r.status, 403);
    assert.equal(errorCode(r), 'engine_not_allowed');
    assert.equal((await snippet({ text: 'x', target_lang: 'de' }, key)).status, 403);
    assert.equal((await snippet({ text: 'x', target_lang: 'de', engine: 'xr-lite' }, key)).status, 200);
  });

  it('answers 402 insufficient_credits unless the balance is above the cost (part 8 rule 1), charging nothing', async () => {
    const poor = await fx.newAccount(3);
    for (const text of ['abcd', 'abc']) {
      const r = await snippet({ text, target_lang: 'de' }, poor.apiKey);
      assert.equal(r.status, 402, text);
      assert.equal(errorCode(r), 'insufficient_credits');
    }
    assert.equal((await fx.balance(poor.apiKey)).available, 3);
    assert.equal((await snippet({ text: 'ab', target_lang: 'de' }, poor.apiKey)).status, 200);
    assert.equal((await fx.balance(poor.apiKey)).available, 1);
  });

  it('a key budget below the cost does not refuse instant translation (rule 2); a used-up budget is 429 key_budget_exhausted', async () => {
    const key = await fx.newKey(fx.emu.accountId, { budget_millicredits: 10 });
    assert.equal((await snippet({ text: 'a'.repeat(8), target_lang: 'de' }, key)).status, 200);
    assert.equal((await snippet({ text: 'abc', target_lang: 'de' }, key)).status, 200, 'settled by usage past the budget');
    const before = (await fx.ledger()).length;
    const r = await snippet({ text: 'ab', target_lang: 'de' }, key);
    assert.equal(r.status, 429);
    assert.equal(errorCode(r), 'key_budget_exhausted');
    assert.equal(r.headers.get('retry-after'), null, 'waiting does not help: no Retry-After');
    assert.equal((await fx.ledger()).length, before, 'nothing charged');
  });

  it('answers 410 retired_endpoint for /ai/notes, /ai/chat, /ai/generate and /ai/ocr', async () => {
    for (const name of ['notes', 'chat', 'generate', 'ocr']) {
      const r = await fx.api(`/ai/${name}`, { method: 'POST', body: { text: 'x' } });
      assert.equal(r.status, 410, name);
      assert.equal(errorCode(r), 'retired_endpoint');
    }
    assert.equal((await fx.ledger()).length, 0);
  });
});
