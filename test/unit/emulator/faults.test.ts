import assert from 'node:assert/strict';
import { call, errorCode, obj, useEmulator } from './helpers.ts';

describe('emulator: fault injection', () => {
  const fx = useEmulator();
  const snippetBody = { text: 'hello', target_lang: 'de' };
  const snippet = (headers: Record<string, string> = {}) => fx.api('/ai/translate-snippet', { method: 'POST', body: snippetBody, headers });
  const balance = () => fx.api('/billing/credits/balance');

  it('answers the next N matching requests with the injected status, then recovers', async () => {
    await fx.fault({ path_prefix: '/api/v1/ai/', kind: 'status', status: 503, count: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await snippet()).status);
    assert.deepEqual(statuses, [503, 503, 200]);
    assert.equal((await fx.ledger('charge')).length, 1);
  });

  it('only matches its path prefix and method', async () => {
    await fx.fault({ path_prefix: '/api/v1/ai/', method: 'POST', kind: 'status', status: 500, count: 1 });
    assert.equal((await balance()).status, 200);
    const r = await snippet();
    assert.equal(r.status, 500);
    assert.equal(errorCode(r), 'internal_error');
    assert.ok(r.headers.get('x-request-id'));
    await fx.fault({ path_prefix: '/api/v1/billing/', method: 'POST', kind: 'status', status: 500, count: 1 });
    assert.equal((await balance()).status, 200);
  });

  it('sends 429 with the raw Retry-After value', async () => {
    await fx.fault({ kind: 'status', status: 429, retry_after: '2', count: 1 });
    const r = await balance();
    assert.equal(r.status, 429);
    assert.equal(errorCode(r), 'rate_limited');
    assert.equal(r.headers.get('retry-after'), '2');
    const date = new Date(Date.now() + 3000).toUTCString();
    await fx.fault({ kind: 'status', status: 429, retry_after: date, count: 1 });
    assert.equal((await balance()).headers.get('retry-after'), date);
  });

  it('consumes count faults in the order they were added', async () => {
    await fx.fault({ kind: 'status', status: 502, count: 1 });
    await fx.fault({ kind: 'status', status: 504, count: 1 });
    assert.deepEqual([(await balance()).status, (await balance()).status, (await balance()).status], [502, 504, 200]);
  });

  it('resets the connection without a response', async () => {
    await fx.fault({ path_prefix: '/api/v1/ai/', kind: 'reset', count: 1 });
    await assert.rejects(snippet(), TypeError);
    assert.equal((await snippet()).status, 200);
    const log = obj(await fx.control('/requests?path_prefix=/api/v1/ai/')).requests as { status: number; fault: string | null }[];
    assert.equal(log.length, 2);
    assert.equal(log[0]!.status, 0);
    assert.ok(log[0]!.fault);
    assert.equal(log[1]!.status, 200);
  });

  it('rate 1 hits every request and rate 0 none; DELETE clears all faults', async () => {
    const id = await fx.fault({ kind: 'status', status: 503, rate: 0 });
    assert.match(id, /^fault_/);
    assert.equal((await balance()).status, 200);
    await fx.fault({ kind: 'status', status: 503, rate: 1 });
    assert.equal((await balance()).status, 503);
    assert.equal((await balance()).status, 503);
    assert.equal((await fx.control('/faults', { method: 'DELETE' })).status, 204);
    assert.equal((await balance()).status, 200);
  });

  it('a seeded rate picks the same requests after every reset', async () => {
    const pattern = async (): Promise<number[]> => {
      await fx.reset();
      await fx.fault({ kind: 'status', status: 503, rate: 0.5 });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await balance()).status);
      return out;
    };
    const a = await pattern();
    const b = await pattern();
    assert.deepEqual(a, b);
    assert.ok(a.includes(503) && a.includes(200), a.join());
  });

  it('never applies to the control API', async () => {
    await fx.fault({ path_prefix: '/', kind: 'status', status: 503 });
    assert.equal((await fx.control('/ledger')).status, 200);
  });

  it('after-phase faults lose the response of a request that ran; the idempotent retry is a free replay', async () => {
    await fx.fault({ path_prefix: '/api/v1/ai/', kind: 'reset', phase: 'after', count: 1 });
    await assert.rejects(snippet({ 'Idempotency-Key': 'lost-1' }), TypeError);
    assert.equal((await fx.ledger('charge')).length, 1);
    const retry = await snippet({ 'Idempotency-Key': 'lost-1' });
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.equal((await fx.ledger('charge')).length, 1);
    await fx.fault({ path_prefix: '/api/v1/ai/', kind: 'status', status: 503, phase: 'after', count: 1 });
    assert.equal((await snippet({ 'Idempotency-Key': 'lost-2' })).status, 503);
    assert.equal((await snippet({ 'Idempotency-Key': 'lost-2' })).status, 200);
    assert.equal((await fx.ledger('charge')).length, 2);
  });

  it('latency faults add per-request and per-character time to busy_ms for translate requests only', async () => {
    await fx.fault({ path_prefix: '/api/v1/', kind: 'latency', latency_ms: 5, latency_per_char_ms: 2 });
    assert.equal((await snippet()).status, 200);
    assert.equal(
      (
        await fx.api('/ai/translate-batch', {
          method: 'POST',
          body: {
            segments: [
              { id: 'a', text: 'abc' },
              { id: 'b', text: '  ' },
            ],
            target_lang: 'de',
          },
        })
      ).status,
      200,
    );
    assert.equal((await balance()).status, 200);
    const busy = obj(await fx.control('/busy')).busy_ms;
    assert.equal(busy, 5 + 2 * 5 + 5 + 2 * 3);
  });

  it('storage-origin faults apply to the storage origin only', async () => {
    await fx.fault({ origin: 'storage', kind: 'status', status: 503, count: 1 });
    assert.equal((await balance()).status, 200);
    assert.equal((await call(`${fx.emu.storageUrl}/x`)).status, 503);
    assert.equal((await call(`${fx.emu.storageUrl}/x`)).status, 404);
  });

  it('validates fault bodies', async () => {
    const r = await fx.control('/faults', { method: 'POST', body: { kind: 'explode', rate: 2 } });
    assert.equal(r.status, 422);
  });
});
