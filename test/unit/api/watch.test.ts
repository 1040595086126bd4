/**
 * The job watcher against the emulator: SSE with a new ticket per connection, surviving a dropped
 * stream, a `timeout` and an `error` event, falling back to polling on 404 and on repeated
 * failures, and always ending with the job's final state.
 */
import assert from 'node:assert/strict';
import { AbortError, DocTranslateClient, isJobEnded, type Job, type JobProgress } from '../../../src/api/index.ts';
import { TestEmulator, eventually } from './support/emulator.ts';

describe('api/watch against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 20 });
    client = emu.client();
  });
  afterEach(async () => {
    await emu.settings({ sse_enabled: true });
    await emu.control('DELETE', '/faults');
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  /** Ticket requests and stream opens for one job, from the API request log. */
  async function connections(jobId: string): Promise<{ tickets: number; streams: { status: number }[] }> {
    const tickets = (await emu.requests(`/api/v1/sse/ticket/${jobId}`)).filter((r) => r.method === 'POST' && r.status === 200).length;
    const streams = (await emu.requests(`/api/v1/sse/jobs/${jobId}`)).map((r) => ({ status: r.status }));
    return { tickets, streams };
  }

  async function watchThrough(
    disturb: (jobId: string, modes: readonly string[]) => Promise<void>,
  ): Promise<{ job: Job; updates: JobProgress[]; modes: string[]; jobId: string }> {
    const held = await emu.heldJob(client);
    const updates: JobProgress[] = [];
    const modes: string[] = [];
    const watching = client.jobs.watch(held.id, {
      onUpdate: (p) => updates.push(p),
      onMode: (m) => modes.push(m),
      reconnectBaseDelayMs: 10,
      pollIntervalMs: 50,
    });
    await eventually(async () => (await emu.openStreams()) === 1, 'the first stream');
    await disturb(held.id, modes);
    await emu.stage(held.id, 'translating', false, 50);
    const job = await watching;
    return { job, updates, modes, jobId: held.id };
  }

  function assertFinal(job: Job, updates: JobProgress[]): void {
    assert.equal(job.status, 'completed');
    assert.equal(job.stage, 'completed');
    assert.ok(isJobEnded(job.status));
    assert.equal(typeof job.updated_at, 'string', 'the full job object, read after job_done');
    assert.equal(updates.at(-1)?.status, 'completed');
    for (let i = 1; i < updates.length; i++) {
      const a = updates[i - 1]!;
      const b = updates[i]!;
      assert.ok(
        a.status !== b.status || a.stage !== b.stage || a.stage_progress !== b.stage_progress || a.stage_message !== b.stage_message,
        'no repeated snapshot',
      );
    }
  }

  it('follows a job over one SSE connection to its final state', async () => {
    const doc = await emu.upload(client, 'plain.md', '# A\n\nText.\n');
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de' });
    const updates: JobProgress[] = [];
    const final = await client.watchJob(job.id, { onUpdate: (p) => updates.push(p) });
    assertFinal(final, updates);
    assert.ok(
      updates.some((u) => u.source === 'sse' && u.stage === 'translating'),
      'progress arrived over SSE',
    );
    const c = await connections(job.id);
    assert.equal(c.tickets, 1);
    assert.deepEqual(c.streams, [{ status: 200 }]);
  });

  for (const [name, disturb] of [
    ['a dropped stream', () => emu.control('POST', '/sse/drop')],
    ['a timeout event', () => emu.control('POST', '/sse/emit', { event: 'timeout' })],
    ['an error event', () => emu.control('POST', '/sse/emit', { event: 'error' })],
  ] as const) {
    it(`survives ${name}, reconnecting with a new ticket`, async () => {
      const { job, updates, modes, jobId } = await watchThrough(async (id) => {
        await disturb();
        await eventually(async () => (await connections(id)).streams.length >= 2 && (await emu.openStreams()) === 1, 'the reconnect');
      });
      assertFinal(job, updates);
      assert.deepEqual(modes, ['sse']);
      const c = await connections(jobId);
      assert.ok(c.streams.length >= 2);
      assert.equal(c.tickets, c.streams.length, 'one ticket per connection');
      // A stream the emulator dropped is logged with status 0; a reused ticket would be a 401.
      assert.ok(
        c.streams.every((s) => s.status === 200 || s.status === 0),
        `no ticket was refused: ${JSON.stringify(c.streams)}`,
      );
      assert.equal(c.streams.at(-1)!.status, 200);
    });
  }

  it('falls back to polling when SSE answers 404, and still reaches the final state', async () => {
    await emu.settings({ sse_enabled: false });
    const doc = await emu.upload(client, 'poll.md', '# Poll\n\nMe.\n');
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de' });
    const updates: JobProgress[] = [];
    const modes: string[] = [];
    const final = await client.jobs.watch(job.id, { onUpdate: (p) => updates.push(p), onMode: (m) => modes.push(m), pollIntervalMs: 50 });
    assertFinal(final, updates);
    assert.deepEqual(modes, ['sse', 'poll']);
    assert.ok(updates.every((u) => u.source === 'poll'));
    const c = await connections(job.id);
    assert.deepEqual(c.streams, [{ status: 404 }], 'one attempt, then polling only');
    assert.ok((await emu.requests(`/api/v1/jobs/${job.id}`)).filter((r) => r.method === 'GET').length >= 2);
  });

  it('switches SSE off mid-stream: the drop then the 404 lead to polling', async () => {
    const { job, updates, modes } = await watchThrough(async (_id, seen) => {
      await emu.settings({ sse_enabled: false });
      await emu.control('POST', '/sse/drop');
      await eventually(() => seen.includes('poll'), 'the switch to polling');
    });
    assertFinal(job, updates);
    assert.deepEqual(modes, ['sse', 'poll']);
  });

  it('polls after SSE keeps failing (three 503s in a row)', async () => {
    const held = await emu.heldJob(client, 'failing.md');
    await emu.control('POST', '/faults', { path_prefix: `/api/v1/sse/jobs/${held.id}`, kind: 'status', status: 503, count: 10 });
    const modes: string[] = [];
    const watching = client.jobs.watch(held.id, { onMode: (m) => modes.push(m), reconnectBaseDelayMs: 5, pollIntervalMs: 50 });
    await eventually(() => modes.includes('poll'), 'the switch to polling');
    await emu.stage(held.id, 'translating', false, 50);
    const job = await watching;
    assert.equal(job.status, 'completed');
    const c = await connections(held.id);
    assert.equal(c.streams.length, 3);
    assert.equal(c.tickets, 3);
  });

  it('ends with a failed job when the job is cancelled while watched', async () => {
    const held = await emu.heldJob(client, 'cancel.md');
    const watching = client.jobs.watch(held.id);
    await eventually(async () => (await emu.openStreams()) === 1, 'the stream');
    const cancelled = await client.jobs.cancel(held.id);
    assert.equal(cancelled.status, 'failed');
    const job = await watching;
    assert.equal(job.status, 'failed');
    assert.ok(job.error_msg);
  });

  it('rejects with AbortError and closes the stream when aborted', async () => {
    const held = await emu.heldJob(client, 'abort.md');
    const ac = new AbortController();
    const watching = client.jobs.watch(held.id, { signal: ac.signal });
    await eventually(async () => (await emu.openStreams()) === 1, 'the stream');
    ac.abort();
    await assert.rejects(watching, AbortError);
    await eventually(async () => (await emu.openStreams()) === 0, 'the stream to close');
    await client.jobs.cancel(held.id);
  });

  it('rejects with a typed error for a job that does not exist', async () => {
    await assert.rejects(client.jobs.watch('job_missing', { pollIntervalMs: 20 }), (err: unknown) => (err as { status?: number }).status === 404);
  });
});
