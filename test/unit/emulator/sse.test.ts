import assert from 'node:assert/strict';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, getJob, openSse, setSettings, startJob, ticketFor, uploadDocument, waitEnded, waitFor } from './jobs-fixture.ts';
import type { Json, SseCapture } from './jobs-fixture.ts';

const data = (capture: SseCapture, i: number): Json => JSON.parse(capture.events[i]!.data) as Json;

describe('emulator: SSE job streams', () => {
  const fx = useEmulator();

  async function job(speed: number): Promise<string> {
    await setSettings(fx, { job_speed: speed });
    const doc = await uploadDocument(fx, 'a.md', 'Some text to translate.\n');
    return startJob(fx, { document_id: doc, target_lang: 'de' });
  }

  it('issues a ticket (30 s) for an owned job only', async () => {
    const id = await job(FAST);
    const r = await fx.api(`/sse/ticket/${id}`, { method: 'POST' });
    assert.equal(r.status, 200);
    assert.match(obj(r).ticket as string, /^sset_/);
    assert.equal(obj(r).expires_in, 30);
    const other = await fx.newAccount(1000);
    const foreign = await fx.api(`/sse/ticket/${id}`, { method: 'POST', key: other.apiKey });
    assert.equal(foreign.status, 403);
    assert.equal(errorCode(foreign), 'job_not_owned');
    assert.equal((await fx.api(`/sse/ticket/${id}`, { method: 'POST', key: 'sk_wrong' })).status, 401);
  });

  it('sends a job_update snapshot first, updates in order, then job_done and closes', async () => {
    const id = await job(2);
    // Held at "accepted" until the stream is open, so every later stage is seen whatever the machine's load.
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'accepted', hold: true } });
    const s = await openSse(fx, id, await ticketFor(fx, id));
    assert.equal(s.status, 200);
    await waitFor(
      async () => s.events.length,
      (n) => n >= 1,
      'the snapshot',
    );
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'accepted', hold: false } });
    assert.match(s.headers.get('content-type')!, /^text\/event-stream/);
    assert.equal(await s.closed, 'ended');
    assert.equal(s.events[0]!.event, 'job_update');
    assert.equal(data(s, 0).job_id, id);
    assert.equal(s.events.at(-1)!.event, 'job_done');
    assert.equal(s.events.filter((e) => e.event === 'job_done').length, 1);
    const done = data(s, s.events.length - 1);
    assert.deepEqual([done.status, done.stage, done.stage_progress], ['completed', 'completed', 100]);
    for (const e of s.events) {
      const d = JSON.parse(e.data) as Json;
      for (const field of ['status', 'stage', 'stage_progress', 'stage_message']) assert.ok(field in d, field);
    }
    const stages = s.events.map((e) => (JSON.parse(e.data) as Json).stage).filter((st, i, all) => i === 0 || all[i - 1] !== st);
    assert.deepEqual(stages, ['accepted', 'preflight', 'translating', 'writing_artifacts', 'finalizing', 'completed']);
    assert.equal((await getJob(fx, id)).status, 'completed');
  });

  it('a ticket opens one stream only; a used, unknown, expired or foreign ticket is refused', async () => {
    const id = await job(FAST);
    const ticket = await ticketFor(fx, id);
    const first = await openSse(fx, id, ticket);
    await first.closed;
    const reuse = await fetch(`${fx.emu.baseUrl}/sse/jobs/${id}?ticket=${ticket}`);
    assert.equal(reuse.status, 401);
    assert.equal(((await reuse.json()) as { error: { code: string } }).error.code, 'ticket_used');
    const unknown = await fetch(`${fx.emu.baseUrl}/sse/jobs/${id}?ticket=sset_nope`);
    assert.equal(unknown.status, 401);
    await unknown.arrayBuffer();
    const none = await fetch(`${fx.emu.baseUrl}/sse/jobs/${id}`);
    assert.equal(none.status, 401);
    await none.arrayBuffer();

    const stale = await ticketFor(fx, id);
    await fx.control('/clock', { method: 'POST', body: { advance_seconds: 31 } });
    const expired = await fetch(`${fx.emu.baseUrl}/sse/jobs/${id}?ticket=${stale}`);
    assert.equal(expired.status, 401);
    assert.equal(((await expired.json()) as { error: { code: string } }).error.code, 'ticket_expired');

    const otherJob = await job(FAST);
    const mismatch = await fetch(`${fx.emu.baseUrl}/sse/jobs/${otherJob}?ticket=${await ticketFor(fx, id)}`);
    assert.equal(mismatch.status, 403);
    await mismatch.arrayBuffer();
  });

  it('a ticket still valid at 29 s opens the stream', async () => {
    const id = await job(FAST);
    const ticket = await ticketFor(fx, id);
    await fx.control('/clock', { method: 'POST', body: { advance_seconds: 29 } });
    const s = await openSse(fx, id, ticket);
    assert.equal(s.status, 200);
    await s.closed;
  });

  it('answers 404 when SSE is switched off; polling still works', async () => {
    const id = await job(FAST);
    const ticket = await ticketFor(fx, id);
    await setSettings(fx, { sse_enabled: false });
    const r = await fetch(`${fx.emu.baseUrl}/sse/jobs/${id}?ticket=${ticket}`);
    assert.equal(r.status, 404);
    assert.equal(((await r.json()) as { error: { code: string } }).error.code, 'sse_unavailable');
    assert.equal((await waitEnded(fx, id)).status, 'completed');
  });

  it('sends heartbeat comments while idle and a timeout event at the maximum duration, then closes', async () => {
    const id = await job(FAST);
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 10, hold: true } });
    await setSettings(fx, { sse_heartbeat_ms: 20, sse_max_duration_ms: 300 });
    const s = await openSse(fx, id, await ticketFor(fx, id));
    assert.equal(await s.closed, 'ended');
    assert.ok(s.comments.filter((c) => c.trim() === 'ping').length >= 2, JSON.stringify(s.comments));
    assert.deepEqual(
      s.events.map((e) => e.event),
      ['job_update', 'timeout'],
    );
    assert.equal(data(s, 1).job_id, id);
    assert.equal((await getJob(fx, id)).status, 'processing');
  });

  it('delivers a forced stage change as a job_update', async () => {
    const id = await job(FAST);
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 5, hold: true } });
    const s = await openSse(fx, id, await ticketFor(fx, id));
    await waitFor(
      async () => s.events.length,
      (n) => n >= 1,
      'the snapshot',
    );
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 77, stage_message: 'almost' } });
    await waitFor(
      async () => s.events.length,
      (n) => n >= 2,
      'the forced update',
    );
    assert.deepEqual([data(s, 1).stage, data(s, 1).stage_progress, data(s, 1).stage_message], ['translating', 77, 'almost']);
    // Every control call is one event, even when it repeats the current stage.
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 77, stage_message: 'almost' } });
    await waitFor(
      async () => s.events.length,
      (n) => n >= 3,
      'the repeated update',
    );
    assert.equal(s.events[2]!.event, 'job_update');
    await fx.api(`/jobs/${id}/cancel`, { method: 'POST' });
    await s.closed;
    const last = data(s, s.events.length - 1);
    assert.equal(s.events.at(-1)!.event, 'job_done');
    assert.deepEqual([last.status, last.error_msg], ['failed', 'cancelled']);
  });

  it('control hooks: drop destroys open streams, emit sends timeout or error and closes them', async () => {
    const id = await job(FAST);
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'accepted', hold: true } });
    const dropped = await openSse(fx, id, await ticketFor(fx, id));
    await waitFor(
      async () => dropped.events.length,
      (n) => n >= 1,
      'the snapshot',
    );
    assert.deepEqual(obj(await fx.control('/sse/drop', { method: 'POST' })), { dropped: 1 });
    assert.equal(await dropped.closed, 'dropped');

    for (const event of ['timeout', 'error']) {
      const s = await openSse(fx, id, await ticketFor(fx, id));
      await waitFor(
        async () => s.events.length,
        (n) => n >= 1,
        'the snapshot',
      );
      assert.deepEqual(obj(await fx.control('/sse/emit', { method: 'POST', body: { event } })), { closed: 1 });
      assert.equal(await s.closed, 'ended');
      assert.deepEqual(
        s.events.map((e) => e.event),
        ['job_update', event],
      );
    }
    const bad = await fx.control('/sse/emit', { method: 'POST', body: { event: 'job_done' } });
    assert.equal(bad.status, 422);
    assert.equal(errorCode(bad), 'invalid_request');
    assert.deepEqual(obj(await fx.control('/sse/streams')), { open: 0, streams: [] });
  });

  it('a stream opened on an ended job sends the snapshot and job_done at once', async () => {
    const id = await job(FAST);
    await waitEnded(fx, id);
    const s = await openSse(fx, id, await ticketFor(fx, id));
    assert.equal(await s.closed, 'ended');
    assert.deepEqual(
      s.events.map((e) => e.event),
      ['job_update', 'job_done'],
    );
  });
});
