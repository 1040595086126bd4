// Spec 6.1: "timeout: ... no job event occurred for a long time; obtain a new ticket and reconnect".
// The emulator's idle timeout (sse_idle_timeout_ms, default 120 s; the spec shows no value).
import assert from 'node:assert/strict';
import { obj, useEmulator } from './helpers.ts';
import { FAST, getJob, openSse, setSettings, startJob, ticketFor, uploadDocument, waitFor } from './jobs-fixture.ts';

describe('emulator: SSE idle timeout (spec 6.1)', () => {
  const fx = useEmulator();

  async function heldJob(): Promise<string> {
    await setSettings(fx, { job_speed: FAST });
    const doc = await uploadDocument(fx, 'a.md', 'Some text to translate.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 10, hold: true } });
    return id;
  }

  it('defaults to 120 s, settable through the control API', async () => {
    assert.equal(obj(await fx.control('/settings')).sse_idle_timeout_ms, 120_000);
    await setSettings(fx, { sse_idle_timeout_ms: 500 });
    assert.equal(obj(await fx.control('/settings')).sse_idle_timeout_ms, 500);
    assert.equal((await fx.control('/settings', { method: 'POST', body: { sse_idle_timeout_ms: 0 } })).status, 422);
  });

  it('ends a stream with no job event for that long with `timeout` (reason idle) and closes it; heartbeats do not count', async () => {
    const id = await heldJob();
    await setSettings(fx, { sse_heartbeat_ms: 30, sse_idle_timeout_ms: 250 });
    const started = Date.now();
    const s = await openSse(fx, id, await ticketFor(fx, id));
    assert.equal(await s.closed, 'ended');
    assert.ok(Date.now() - started >= 240, 'not before the idle time');
    assert.ok(s.comments.filter((c) => c.trim() === 'ping').length >= 3, 'heartbeats flowed meanwhile');
    assert.deepEqual(
      s.events.map((e) => e.event),
      ['job_update', 'timeout'],
    );
    assert.deepEqual(JSON.parse(s.events[1]!.data), { job_id: id, reason: 'idle' });
    assert.equal((await getJob(fx, id)).status, 'processing', 'the job itself goes on');
  });

  it('every job event restarts the idle time', async () => {
    const id = await heldJob();
    // Long enough never to pass during the test: what is checked is that each event starts it again.
    await setSettings(fx, { sse_idle_timeout_ms: 600_000 });
    const s = await openSse(fx, id, await ticketFor(fx, id));
    const starts = async (): Promise<number | undefined> =>
      (obj(await fx.control('/sse/streams')).streams as { job_id: string; idle_starts: number }[]).find((x) => x.job_id === id)?.idle_starts;
    await waitFor(starts, (n) => n === 1, 'the idle time started on open');
    for (let i = 0; i < 4; i++) {
      await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 20 + i } });
      await waitFor(
        async () => s.events.length,
        (n) => n >= 2 + i,
        `update ${i + 1}`,
      );
      assert.equal(await starts(), 2 + i, `started again by update ${i + 1}`);
    }
    assert.ok(
      s.events.every((e) => e.event === 'job_update'),
      'only updates so far',
    );
    await fx.control('/sse/drop', { method: 'POST' });
    assert.equal(await s.closed, 'dropped');
  });
});
