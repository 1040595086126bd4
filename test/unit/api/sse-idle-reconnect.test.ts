/**
 * The client's watch against a real idle close (spec 6.1 `timeout`: "no job event occurred for a
 * long time; obtain a new ticket and reconnect"): the emulator ends every stream that sees no job
 * event for `sse_idle_timeout_ms`; the watcher reconnects with a new ticket each time, stays on SSE
 * (an idle timeout is not a failure) and still sees the job end.
 */
import assert from 'node:assert/strict';
import { DocTranslateClient, type JobProgress } from '../../../src/api/index.ts';
import { TestEmulator, eventually } from './support/emulator.ts';

describe('api/watch: the emulated SSE idle timeout', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 20 });
    client = emu.client();
    // Heartbeats keep flowing, so each close is the server's idle timeout, never the client's own.
    await emu.settings({ sse_idle_timeout_ms: 200, sse_heartbeat_ms: 40 });
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  it('reconnects after each idle close with a new ticket and still sees the job end over SSE', async () => {
    const held = await emu.heldJob(client, 'idle.md');
    const updates: JobProgress[] = [];
    const modes: string[] = [];
    const watching = client.jobs.watch(held.id, {
      onUpdate: (p) => updates.push(p),
      onMode: (m) => modes.push(m),
      reconnectBaseDelayMs: 10,
      reconnectMaxDelayMs: 40,
    });
    const streams = async () => (await emu.requests(`/api/v1/sse/jobs/${held.id}`)).map((r) => r.status);
    // Three idle closes in a row: more than maxSseFailures, so only "timeout is not a failure" keeps SSE.
    await eventually(async () => (await streams()).length >= 4 && (await emu.openStreams()) === 1, 'three idle closes and a fourth stream', 15_000);
    await emu.stage(held.id, 'translating', false, 50);
    const job = await watching;
    assert.equal(job.status, 'completed');
    assert.deepEqual(modes, ['sse'], 'never fell back to polling');
    const statuses = await streams();
    assert.ok(
      statuses.every((s) => s === 200),
      `every stream opened with a fresh ticket: ${JSON.stringify(statuses)}`,
    );
    const tickets = (await emu.requests(`/api/v1/sse/ticket/${held.id}`)).filter((r) => r.method === 'POST' && r.status === 200).length;
    assert.equal(tickets, statuses.length, 'one ticket per connection');
    assert.equal(updates.at(-1)?.status, 'completed');
    assert.ok(updates.some((u) => u.source === 'sse' && u.stage === 'translating'));
  });
});
