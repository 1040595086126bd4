import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';

type Seg = { id: string; text: string };
const segs = (n: number, text = 'text'): Seg[] => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, text: `${text} ${i}` }));

describe('emulator: POST /ai/translate-batch', () => {
  const fx = useEmulator();
  const batch = (body: unknown, opts: { key?: string; idem?: string } = {}) =>
    fx.api('/ai/translate-batch', {
      method: 'POST',
      body,
      ...(opts.key === undefined ? {} : { key: opts.key }),
      ...(opts.idem === undefined ? {} : { headers: { 'Idempotency-Key': opts.idem } }),
    });

  it('returns segments in request order with their ids', async () => {
    const input = [
      { id: 'z', text: 'zeta' },
      { id: 'a', text: 'alpha' },
      { id: 'm', text: 'mu' },
    ];
    const r = await batch({ segments: input, target_lang: 'es' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      segments: [
        { id: 'z', translated_text: 'ES· zétá' },
        { id: 'a', translated_text: 'ES· álphá' },
        { id: 'm', translated_text: 'ES· mü' },
      ],
    });
  });

  it('returns whitespace-only segments unchanged and charges only the others', async () => {
    const r = await batch({
      segments: [
        { id: '1', text: '  \n' },
        { id: '2', text: 'abc' },
        { id: '3', text: '' },
      ],
      target_lang: 'de',
    });
    assert.equal(r.status, 200);
    const out = obj(r).segments as { id: string; translated_text: string }[];
    assert.equal(out[0]!.translated_text, '  \n');
    assert.equal(out[2]!.translated_text, '');
    const charges = await fx.ledger('charge');
    assert.equal(charges.length, 1);
    assert.equal(charges[0]!.amount_millicredits, 3);
    assert.equal(charges[0]!.characters, 3);
  });

  it('charges nothing at all for an all-whitespace batch', async () => {
    const r = await batch({ segments: [{ id: '1', text: ' ' }], target_lang: 'de' });
    assert.equal(r.status, 200);
    assert.equal((await fx.ledger()).length, 0);
  });

  it('accepts 1 and 64 segments and rejects 0 and 65', async () => {
    assert.equal((await batch({ segments: segs(1), target_lang: 'de' })).status, 200);
    assert.equal((await batch({ segments: segs(64), target_lang: 'de' })).status, 200);
    for (const n of [0, 65]) {
      const r = await batch({ segments: segs(n), target_lang: 'de' });
      assert.equal(r.status, 422, String(n));
      assert.deepEqual(fieldNames(r), ['segments']);
    }
  });

  it('accepts a 4000-character segment and rejects 4001, naming the segment', async () => {
    assert.equal((await batch({ segments: [{ id: 'a', text: 'x'.repeat(4000) }], target_lang: 'de' })).status, 200);
    const r = await batch({
      segments: [
        { id: 'a', text: 'ok' },
        { id: 'b', text: 'x'.repeat(4001) },
      ],
      target_lang: 'de',
    });
    assert.equal(r.status, 422);
    assert.deepEqual(fieldNames(r), ['segments[1].text']);
  });

  it('rejects duplicate ids, non-string ids and texts, and non-object segments', async () => {
    const dup = await batch({
      segments: [
        { id: 'a', text: 'x' },
        { id: 'a', text: 'y' },
      ],
      target_lang: 'de',
    });
    assert.equal(dup.status, 422);
    assert.deepEqual(fieldNames(dup), ['segments[1].id']);
    const types = await batch({ segments: [{ id: 1, text: 'x' }, { id: 'b', text: null }, 'c'], target_lang: 'de' });
    assert.equal(types.status, 422);
    assert.deepEqual(fieldNames(types), ['segments[0].id', 'segments[1].text', 'segments[2]']);
    assert.equal((await fx.ledger()).length, 0);
  });

  it('answers 413 request_too_large for a body over 2 MB', async () => {
    // Within the character limits, but escaped emoji (12 bytes per character) push the body past 2 MB.
    const big = Array.from({ length: 64 }, (_, i) => ({ id: `s${i}`, text: '\u{1F600}'.repeat(4000) }));
    const body = JSON.stringify({ segments: big, target_lang: 'de' }).replace(/\u{1F600}/gu, '\\ud83d\\ude00');
    assert.ok(Buffer.byteLength(body) > 2_000_000);
    const r = await batch(body);
    assert.equal(r.status, 413);
    assert.equal(errorCode(r), 'request_too_large');
    const fits = JSON.stringify({ segments: big.slice(0, 41), target_lang: 'de' }).replace(/\u{1F600}/gu, '\\ud83d\\ude00');
    assert.ok(Buffer.byteLength(fits) <= 2_000_000);
    assert.equal((await batch(fits)).status, 200);
  });

  it('applies the language and engine rules of the snippet endpoint', async () => {
    assert.equal(errorCode(await batch({ segments: segs(1), target_lang: 'qq' })), 'unsupported_language');
    assert.equal((await batch({ segments: segs(1), target_lang: 'de', engine: 'xr-offline' })).status, 400);
    const key = await fx.newKey(fx.emu.accountId, { allowed_engines: ['xr-397b'] });
    assert.equal((await batch({ segments: segs(1), target_lang: 'de', engine: 'xr-lite' }, { key })).status, 403);
  });

  it('answers 402 when the batch costs more than the balance', async () => {
    const poor = await fx.newAccount(5);
    const r = await batch({ segments: [{ id: 'a', text: 'abcdef' }], target_lang: 'de' }, { key: poor.apiKey });
    assert.equal(r.status, 402);
    assert.equal(errorCode(r), 'insufficient_credits');
  });

  it('a batch is settled by usage past the key budget (part 8 rule 2); then the used-up key gets 429 key_budget_exhausted', async () => {
    const key = await fx.newKey(fx.emu.accountId, { budget_millicredits: 5 });
    const big = await batch({ segments: [{ id: 'a', text: 'a'.repeat(40) }], target_lang: 'de' }, { key });
    assert.equal(big.status, 200, 'not refused for a budget below the cost');
    const charged = (await fx.ledger('charge')).at(-1)!;
    assert.equal(charged.amount_millicredits, 40, 'charged in full by usage');
    const next = await batch({ segments: segs(1), target_lang: 'de' }, { key });
    assert.equal(next.status, 429);
    assert.equal(errorCode(next), 'key_budget_exhausted');
  });

  describe('Idempotency-Key', () => {
    const body = {
      segments: [
        { id: 'a', text: 'hello' },
        { id: 'b', text: 'world' },
      ],
      target_lang: 'de',
    };

    it('replays the original response for the same key and body without a second charge', async () => {
      const first = await batch(body, { idem: 'retry-1' });
      const second = await batch({ target_lang: 'de', segments: body.segments }, { idem: 'retry-1' });
      assert.equal(first.status, 200);
      assert.equal(second.status, 200);
      assert.deepEqual(second.body, first.body);
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.notEqual(second.headers.get('x-request-id'), first.headers.get('x-request-id'));
      const charges = await fx.ledger('charge');
      assert.equal(charges.length, 1);
      assert.equal(charges[0]!.idempotency_key, 'retry-1');
      assert.equal(charges[0]!.amount_millicredits, 10);
      const creates = await fx.ledger('idempotent_create');
      assert.equal(creates.length, 1);
      assert.equal(creates[0]!.idempotency_key, 'retry-1');
      assert.equal((await fx.balance()).spent, 10);
    });

    it('charges once when identical requests with one key arrive concurrently', async () => {
      await fx.fault({ path_prefix: '/api/v1/ai/', kind: 'latency', latency_ms: 30 });
      const replies = await Promise.all(Array.from({ length: 5 }, () => batch(body, { idem: 'burst' })));
      assert.deepEqual(
        replies.map((r) => r.status),
        [200, 200, 200, 200, 200],
      );
      for (const r of replies) assert.deepEqual(r.body, replies[0]!.body);
      assert.equal(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 4);
      assert.equal((await fx.ledger('charge')).length, 1);
    });

    it('answers 409 idempotency_request_conflict for the same key with a different body', async () => {
      assert.equal((await batch(body, { idem: 'k-2' })).status, 200);
      const r = await batch({ ...body, target_lang: 'fr' }, { idem: 'k-2' });
      assert.equal(r.status, 409);
      assert.equal(errorCode(r), 'idempotency_request_conflict');
      assert.equal((await fx.ledger('charge')).length, 1);
    });

    it('scopes keys per credential: another key may reuse the same value', async () => {
      const other = await fx.newKey(fx.emu.accountId, {});
      assert.equal((await batch(body, { idem: 'shared' })).status, 200);
      const r = await batch({ ...body, target_lang: 'fr' }, { idem: 'shared', key: other });
      assert.equal(r.status, 200);
      assert.equal((await fx.ledger('charge')).length, 2);
    });

    it('does not store failed attempts: after a 402 and a top-up the same key succeeds', async () => {
      const poor = await fx.newAccount(1);
      assert.equal((await batch(body, { idem: 'after-topup', key: poor.apiKey })).status, 402);
      const topup = await fx.control(`/accounts/${poor.accountId}/credits`, { method: 'POST', body: { millicredits: 100 } });
      assert.equal(topup.status, 200);
      assert.equal((await batch(body, { idem: 'after-topup', key: poor.apiKey })).status, 200);
    });

    it('rejects keys that are empty, too long or not visible ASCII with 422', async () => {
      for (const idem of ['x'.repeat(129), 'has space', 'tab\tkey']) {
        const r = await batch(body, { idem });
        assert.equal(r.status, 422, JSON.stringify(idem));
        assert.equal(errorCode(r), 'invalid_idempotency_key');
      }
      assert.equal((await batch(body, { idem: '~'.repeat(128) })).status, 200);
      assert.equal((await batch(body, { idem: '' })).status, 422);
    });

    it('a key used on the snippet endpoint conflicts on the batch endpoint', async () => {
      const s = await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'hi', target_lang: 'de' }, headers: { 'Idempotency-Key': 'cross' } });
      assert.equal(s.status, 200);
      assert.equal((await batch(body, { idem: 'cross' })).status, 409);
    });
  });
});
