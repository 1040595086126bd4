/**
 * Webhook signature verification (spec 6.2): the rules one by one, then one real delivery from the
 * emulator to a loopback receiver, verified from the raw body as received.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody, ValidationError, verifyWebhookSignature } from '../../../src/api/index.ts';
import { TestEmulator, eventually } from './support/emulator.ts';

const SECRET = 'whsec_test_7d1e0f';
const NOW_S = 1_795_400_000;
const now = (): number => NOW_S * 1000;

function delivery(timestamp = NOW_S, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event: 'job.completed',
    timestamp,
    data: { job_id: 'job_1', status: 'completed', file_name: 'guide.md', char_count: 42 },
    ...extra,
  });
}

function headersFor(body: string, secret = SECRET, timestamp: number | string = NOW_S): Record<string, string> {
  return {
    'x-webhook-event': 'job.completed',
    'x-webhook-timestamp': String(timestamp),
    'x-webhook-signature': signWebhookBody(body, secret),
  };
}

describe('api/webhook-signature', () => {
  it('accepts a valid delivery (string body, byte body, Headers object, array header values)', () => {
    const body = delivery();
    const ok = verifyWebhookSignature(body, headersFor(body), SECRET, { now });
    assert.equal(ok.ok, true);
    assert.ok(ok.ok && ok.event.data.job_id === 'job_1' && ok.timestamp === NOW_S);
    assert.equal(verifyWebhookSignature(Buffer.from(body), new Headers(headersFor(body)), SECRET, { now }).ok, true);
    const h = headersFor(body);
    assert.equal(verifyWebhookSignature(body, { ...h, 'X-Webhook-Signature': [h['x-webhook-signature']!] }, SECRET, { now }).ok, true);
    const upper = { ...h, 'x-webhook-signature': `sha256=${h['x-webhook-signature']!.slice(7).toUpperCase()}` };
    assert.equal(verifyWebhookSignature(body, upper, SECRET, { now }).ok, true);
  });

  it('rejects a wrong secret and a tampered body', () => {
    const body = delivery();
    assert.deepEqual(verifyWebhookSignature(body, headersFor(body, 'other-secret'), SECRET, { now }), { ok: false, reason: 'bad_signature' });
    const tampered = body.replace('"completed"', '"failed"');
    assert.deepEqual(verifyWebhookSignature(tampered, headersFor(body), SECRET, { now }), { ok: false, reason: 'bad_signature' });
    assert.deepEqual(verifyWebhookSignature(`${body} `, headersFor(body), SECRET, { now }), { ok: false, reason: 'bad_signature' });
  });

  it('rejects truncated, prefix-only, unprefixed and missing signatures', () => {
    const body = delivery();
    const sig = headersFor(body)['x-webhook-signature']!;
    const check = (value: string | undefined): unknown => {
      const h: Record<string, string | undefined> = { ...headersFor(body), 'x-webhook-signature': value };
      const r = verifyWebhookSignature(body, h, SECRET, { now });
      return r.ok ? 'ok' : r.reason;
    };
    assert.equal(check(sig.slice(0, -1)), 'malformed_signature');
    assert.equal(check(sig.slice(0, 7 + 32)), 'malformed_signature');
    assert.equal(check('sha256='), 'malformed_signature');
    assert.equal(check(sig.slice(7)), 'malformed_signature');
    assert.equal(check(`sha1=${sig.slice(7)}`), 'malformed_signature');
    assert.equal(check(`${sig}00`), 'malformed_signature');
    assert.equal(check(undefined), 'missing_signature');
    assert.equal(check(''), 'missing_signature');
  });

  it('rejects old and future timestamps outside the window, both ways, and accepts its edges', () => {
    for (const [offset, expected] of [
      [-301, 'timestamp_out_of_range'],
      [301, 'timestamp_out_of_range'],
      [-300, 'ok'],
      [300, 'ok'],
    ] as const) {
      const ts = NOW_S + offset;
      const body = delivery(ts);
      const r = verifyWebhookSignature(body, headersFor(body, SECRET, ts), SECRET, { now });
      assert.equal(r.ok ? 'ok' : r.reason, expected, `offset ${offset}`);
    }
    const body = delivery(NOW_S - 100);
    assert.equal(verifyWebhookSignature(body, headersFor(body, SECRET, NOW_S - 100), SECRET, { now, toleranceSeconds: 60 }).ok, false);
  });

  it('takes the signed body timestamp as authoritative: a fresh header on an old body is a mismatch', () => {
    const old = delivery(NOW_S - 3600);
    const r = verifyWebhookSignature(old, headersFor(old, SECRET, NOW_S), SECRET, { now });
    assert.deepEqual(r, { ok: false, reason: 'timestamp_mismatch' });
    const noHeader = headersFor(old);
    delete noHeader['x-webhook-timestamp'];
    assert.deepEqual(verifyWebhookSignature(old, noHeader, SECRET, { now }), { ok: false, reason: 'timestamp_out_of_range' });
  });

  it('reports missing timestamps and signed bodies that are not deliveries', () => {
    const noTs = JSON.stringify({ event: 'job.completed', data: { job_id: 'j', status: 'completed', file_name: 'a', char_count: 1 } });
    const h = headersFor(noTs);
    delete h['x-webhook-timestamp'];
    assert.deepEqual(verifyWebhookSignature(noTs, h, SECRET, { now }), { ok: false, reason: 'missing_timestamp' });
    const notJson = 'not json';
    assert.deepEqual(verifyWebhookSignature(notJson, headersFor(notJson), SECRET, { now }), { ok: false, reason: 'malformed_body' });
    const wrongShape = JSON.stringify({ event: 'job.completed', timestamp: NOW_S });
    assert.deepEqual(verifyWebhookSignature(wrongShape, headersFor(wrongShape), SECRET, { now }), { ok: false, reason: 'malformed_body' });
  });

  it('throws ValidationError when no secret is given', () => {
    const body = delivery();
    assert.throws(() => verifyWebhookSignature(body, headersFor(body), ''), ValidationError);
  });

  describe('end to end with the emulator', () => {
    let emu: TestEmulator;
    let receiver: Server;
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];

    before(async () => {
      emu = await TestEmulator.start({ jobSpeed: 50 });
      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push({ headers: req.headers, body: Buffer.concat(chunks) });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });
    after(async () => {
      await emu.assertNoStorageCredentials();
      await emu.close();
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });

    it('verifies a real job.completed delivery and rejects it under another secret', async () => {
      const client = emu.client();
      const { port } = receiver.address() as AddressInfo;
      const hook = await client.webhooks.create({ url: `http://127.0.0.1:${port}/hook`, secret: SECRET, events: ['job.completed'], description: 'test' });
      assert.ok(hook.id);
      assert.ok((await client.webhooks.list()).some((w) => w.id === hook.id));
      const doc = await emu.upload(client, 'hooked.md', '# Hello\n\nWorld.\n');
      const job = await client.jobs.create({ document_id: doc.id, target_lang: 'fr' });
      await client.jobs.watch(job.id, { pollIntervalMs: 50 });
      await eventually(() => received.length > 0, 'the webhook delivery');
      const { headers, body } = received[0]!;
      const result = verifyWebhookSignature(body, headers, SECRET);
      assert.equal(result.ok, true, JSON.stringify(result));
      assert.ok(result.ok && result.event.data.job_id === job.id && result.event.data.status === 'completed');
      assert.deepEqual(verifyWebhookSignature(body, headers, 'not-the-secret'), { ok: false, reason: 'bad_signature' });
      const updated = await client.webhooks.update(hook.id, { description: 'renamed' });
      assert.equal(updated['description'], 'renamed');
      await assert.rejects(client.webhooks.update(hook.id, JSON.parse('{"description":null}') as Record<string, unknown>), ValidationError);
      await client.webhooks.delete(hook.id);
      assert.ok(!(await client.webhooks.list()).some((w) => w.id === hook.id));
    });
  });
});
