import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { completeJob, endJob, fakeJob } from './billing-jobs.ts';
import { obj, useEmulator } from './helpers.ts';
import { Receiver } from './webhooks-receiver.ts';
import { until } from '../support/until.mjs';

interface Delivery {
  webhook_id: string;
  job_id: string;
  status_code: number | null;
  ok: boolean;
  error: string | null;
  consecutive_failures: number;
  webhook_status: string;
  headers: Record<string, string>;
  body: string;
}

function verify(secret: string, raw: string, header: string | string[] | undefined): boolean {
  assert.equal(typeof header, 'string');
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const got = Buffer.from(header as string);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

describe('emulator: webhook delivery (spec 6.2)', () => {
  const fx = useEmulator();
  const receivers: Receiver[] = [];

  async function receiver(): Promise<Receiver> {
    const r = await Receiver.start();
    receivers.push(r);
    return r;
  }
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  async function hook(url: string, extra: Record<string, unknown> = {}, key?: string): Promise<string> {
    const r = await fx.api('/webhooks', { method: 'POST', body: { url, events: ['job.completed'], ...extra }, ...(key ? { key } : {}) });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return obj(r).id as string;
  }
  /** Waits until every queued delivery finished, then returns all recorded deliveries. */
  async function deliveries(): Promise<Delivery[]> {
    const r = await fx.control('/webhooks/deliveries?wait=1');
    assert.equal(obj(r).pending, 0);
    return obj(r).deliveries as Delivery[];
  }
  async function listed(id: string): Promise<Record<string, unknown>> {
    const items = obj(await fx.api('/webhooks')).items as Record<string, unknown>[];
    return items.find((h) => h.id === id)!;
  }
  const app = () => fx.emu.app;

  it('POSTs job.completed with the spec headers and body, signed with HMAC-SHA256 over the raw body', async () => {
    const rx = await receiver();
    const id = await hook(rx.url, { secret: 'top-secret' });
    const job = fakeJob(app(), fx.emu.accountId, { basename: 'guide.md', chars: 321 });
    completeJob(app(), job);
    await deliveries();

    assert.equal(rx.received.length, 1);
    const got = rx.received[0]!;
    assert.equal(got.method, 'POST');
    assert.equal(got.path, '/hook');
    assert.match(got.headers['content-type'] ?? '', /^application\/json/);
    assert.equal(got.headers['x-webhook-event'], 'job.completed');
    assert.ok(verify('top-secret', got.raw, got.headers['x-webhook-signature']));
    assert.ok(!verify('wrong-secret', got.raw, got.headers['x-webhook-signature']));
    const ts = Number(got.headers['x-webhook-timestamp']);
    assert.ok(Number.isInteger(ts));
    assert.ok(Math.abs(ts - Date.now() / 1000) < 60);
    assert.deepEqual(JSON.parse(got.raw), {
      event: 'job.completed',
      timestamp: ts,
      data: { job_id: job.id, status: 'completed', file_name: 'guide.md', char_count: 321 },
    });

    const h = await listed(id);
    assert.equal(h.last_status_code, 200);
    assert.equal(typeof h.last_triggered_at, 'string');
    assert.equal(h.consecutive_failures, 0);
    assert.equal(h.status, 'active');
  });

  it('sends no signature header without a secret, and error only for failed jobs', async () => {
    const rx = await receiver();
    await hook(rx.url, { events: ['*'] });
    endJob(app(), fakeJob(app(), fx.emu.accountId), 'failed', 'Could not read the file');
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    await deliveries();

    assert.equal(rx.received.length, 2);
    for (const r of rx.received) assert.equal(r.headers['x-webhook-signature'], undefined);
    const failed = rx.json(0).data as Record<string, unknown>;
    assert.equal(failed.status, 'failed');
    assert.equal(failed.error, 'Could not read the file');
    const completed = rx.json(1).data as Record<string, unknown>;
    assert.equal(completed.status, 'completed');
    assert.ok(!('error' in completed));
  });

  it('delivers to every active subscribed webhook of the job account only', async () => {
    const [a, b, off, foreign] = [await receiver(), await receiver(), await receiver(), await receiver()];
    await hook(a.url);
    await hook(b.url, { events: ['*'] });
    const offId = await hook(off.url);
    await fx.api(`/webhooks/${offId}`, { method: 'PATCH', body: { active: false } });
    const other = await fx.newAccount(0);
    await hook(foreign.url, {}, other.apiKey);

    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    await deliveries();
    assert.equal(a.received.length, 1);
    assert.equal(b.received.length, 1);
    assert.equal(off.received.length, 0);
    assert.equal(foreign.received.length, 0);
  });

  it('follows the virtual clock for timestamps', async () => {
    const rx = await receiver();
    await hook(rx.url);
    await fx.control('/clock', { method: 'POST', body: { advance_seconds: 7200 } });
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    await deliveries();
    const ts = Number(rx.received[0]!.headers['x-webhook-timestamp']);
    assert.ok(ts - Date.now() / 1000 > 7100);
    assert.equal(rx.json(0).timestamp, ts);
  });

  it('does not follow a redirect and counts the 3xx as a failure', async () => {
    const target = await receiver();
    const redirector = await receiver();
    redirector.answer = { status: 302, headers: { Location: target.url } };
    const id = await hook(redirector.url);
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    const [d] = await deliveries();

    assert.equal(redirector.received.length, 1);
    assert.equal(target.received.length, 0);
    assert.equal(d!.status_code, 302);
    assert.equal(d!.error, 'redirect');
    const h = await listed(id);
    assert.equal(h.last_status_code, 302);
    assert.equal(h.consecutive_failures, 1);
  });

  it('counts a receiver slower than the timeout as a failure (timeout set through the control API)', async () => {
    const settings = await fx.control('/webhooks/settings', { method: 'POST', body: { timeout_ms: 150 } });
    assert.equal(obj(settings).timeout_ms, 150);
    const rx = await receiver();
    rx.answer = 'hang';
    const id = await hook(rx.url);
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    const [d] = await deliveries();
    assert.equal(rx.received.length, 1);
    assert.equal(d!.error, 'timeout');
    assert.equal(d!.status_code, null);
    const h = await listed(id);
    assert.equal(h.consecutive_failures, 1);
    assert.equal(h.last_status_code, null);
    assert.equal(h.last_error, 'timeout');
  });

  it('counts a 2xx status within the timeout as success even when the body never ends', async () => {
    await fx.control('/webhooks/settings', { method: 'POST', body: { timeout_ms: 150 } });
    const rx = await receiver();
    rx.answer = { status: 200, endless: true };
    const id = await hook(rx.url);
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    const [d] = await deliveries();
    assert.equal(d!.ok, true);
    assert.equal((await listed(id)).consecutive_failures, 0);
    // The emulator drops the endless body at the timeout and keeps serving.
    await until(() => rx.dropped === 1, { what: 'the emulator to drop the endless body' });
    assert.equal((await fx.api('/webhooks')).status, 200);
  });

  it('delivers each event once: no retry after a 500 or a refused connection; success resets the count', async () => {
    const rx = await receiver();
    rx.answer = { status: 500 };
    const id = await hook(rx.url);
    const dead = await receiver();
    const deadUrl = dead.url;
    await dead.close();
    const deadId = await hook(deadUrl);

    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    let all = await deliveries();
    assert.equal(rx.received.length, 2);
    assert.equal((await listed(id)).consecutive_failures, 2);
    assert.equal((await listed(deadId)).consecutive_failures, 2);
    assert.ok(all.filter((d) => d.webhook_id === deadId).every((d) => d.error === 'connection_error'));

    rx.answer = { status: 204 };
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    all = await deliveries();
    assert.equal(rx.received.length, 3);
    assert.equal((await listed(id)).consecutive_failures, 0);
    assert.equal((await listed(id)).last_status_code, 204);
  });

  it('disables a webhook after 10 consecutive failures; PATCH re-enables it with a fresh count', async () => {
    const rx = await receiver();
    rx.answer = { status: 503 };
    const id = await hook(rx.url);
    for (let i = 0; i < 12; i++) completeJob(app(), fakeJob(app(), fx.emu.accountId));
    const all = await deliveries();

    assert.equal(rx.received.length, 10);
    assert.deepEqual(
      all.map((d) => d.consecutive_failures),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
    assert.equal(all.at(-1)!.webhook_status, 'disabled');
    let h = await listed(id);
    assert.equal(h.status, 'disabled');
    assert.equal(h.active, false);
    assert.equal(h.consecutive_failures, 10);

    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    await deliveries();
    assert.equal(rx.received.length, 10);

    rx.answer = { status: 200 };
    const patched = obj(await fx.api(`/webhooks/${id}`, { method: 'PATCH', body: { active: true } }));
    assert.equal(patched.status, 'active');
    assert.equal(patched.consecutive_failures, 0);
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    await deliveries();
    assert.equal(rx.received.length, 11);
    h = await listed(id);
    assert.equal(h.last_status_code, 200);
    assert.equal(h.consecutive_failures, 0);
  });

  it('never contacts non-loopback hosts: such deliveries fail as unreachable', async () => {
    const id = await hook('https://hooks.example.com/x');
    completeJob(app(), fakeJob(app(), fx.emu.accountId));
    const [d] = await deliveries();
    assert.equal(d!.error, 'unreachable');
    assert.equal((await listed(id)).consecutive_failures, 1);
  });

  it('records deliveries for inspection, filterable by webhook and job, and clears them', async () => {
    const rx = await receiver();
    const id = await hook(rx.url, { secret: 's' });
    const job = fakeJob(app(), fx.emu.accountId);
    completeJob(app(), job);
    await deliveries();
    const r = obj(await fx.control(`/webhooks/deliveries?webhook_id=${id}&job_id=${job.id}`));
    const [d] = r.deliveries as Delivery[];
    assert.equal(d!.ok, true);
    assert.equal(d!.status_code, 200);
    assert.equal(d!.body, rx.received[0]!.raw);
    assert.equal(d!.headers['x-webhook-signature'], rx.received[0]!.headers['x-webhook-signature']);
    assert.equal((obj(await fx.control('/webhooks/deliveries?job_id=job_nope')).deliveries as unknown[]).length, 0);
    assert.equal((await fx.control('/webhooks/deliveries', { method: 'DELETE' })).status, 204);
    assert.equal((await deliveries()).length, 0);
  });

  it('rejects invalid webhook settings', async () => {
    assert.equal((await fx.control('/webhooks/settings', { method: 'POST', body: { timeout_ms: 0 } })).status, 422);
    assert.equal(obj(await fx.control('/webhooks/settings')).timeout_ms, 15_000);
  });
});
