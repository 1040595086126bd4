/**
 * The client's one poller (src/api/poll.ts), used by media jobs' and document operations' `waitFor`:
 * the waits it asks for, what it reports, and abort, with the wait injected instead of slept.
 */
import assert from 'node:assert/strict';
import { AbortError, DocTranslateClient } from '../../../src/api/index.ts';
import { pollUntil } from '../../../src/api/poll.ts';
import { sendJson, startRawServer } from './support/raw-server.ts';

/** A sleep that records the waits asked for and returns at once (or rejects if already aborted). */
function recordingSleep(): { waits: number[]; sleep: (ms: number, signal?: AbortSignal) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new AbortError();
      waits.push(ms);
    },
  };
}

describe('api/poll: pollUntil', () => {
  it('waits 1 s, then 1.5x per poll up to 10 s by default, and resolves with the state that ended it', async () => {
    const { waits, sleep } = recordingSleep();
    const seen: number[] = [];
    let reads = 0;
    const last = await pollUntil(
      async () => ++reads,
      (n) => n === 9,
      sleep,
      { onUpdate: (n) => seen.push(n) },
    );
    assert.equal(last, 9);
    assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8, 9], 'every state read is reported, the last one too');
    assert.deepEqual(waits, [1000, 1500, 2250, 3375, 5063, 7595, 10_000, 10_000], 'no wait after the last read');
  });

  it('honours intervalMs and maxIntervalMs, never below 1 ms; an ended first read waits not at all', async () => {
    const { waits, sleep } = recordingSleep();
    let reads = 0;
    await pollUntil(
      async () => ++reads,
      (n) => n === 5,
      sleep,
      { intervalMs: 10, maxIntervalMs: 20 },
    );
    assert.deepEqual(waits, [10, 15, 20, 20]);
    waits.length = 0;
    reads = 0;
    await pollUntil(
      async () => ++reads,
      (n) => n === 3,
      sleep,
      { intervalMs: 0, maxIntervalMs: 0 },
    );
    assert.deepEqual(waits, [1, 1]);
    waits.length = 0;
    assert.equal(
      await pollUntil(
        async () => 'done',
        () => true,
        sleep,
      ),
      'done',
    );
    assert.deepEqual(waits, []);
  });

  it('an abort during a wait ends the poll with AbortError and no further read; an aborted signal reads nothing', async () => {
    const controller = new AbortController();
    let reads = 0;
    const waiting = pollUntil(
      async () => ++reads,
      () => false,
      // The wait aborts the signal, as a person would while the poller sleeps, then honours it.
      async (_ms, signal) => {
        controller.abort();
        if (signal?.aborted) throw new AbortError();
      },
      { signal: controller.signal },
    );
    await assert.rejects(waiting, AbortError);
    assert.equal(reads, 1);
    await assert.rejects(
      pollUntil(
        async () => ++reads,
        () => true,
        async () => undefined,
        { signal: controller.signal },
      ),
      AbortError,
    );
    assert.equal(reads, 1, 'nothing read after the abort');
  });

  it('the client passes its injected sleep to waitFor: media jobs and document operations poll with it', async () => {
    const states: Record<string, string[]> = {
      '/api/v1/media-jobs/m1': ['queued', 'running', 'completed'],
      '/api/v1/document-operations/o1': ['queued', 'processing', 'completed'],
    };
    const server = await startRawServer((req, res) => {
      const next = states[req.url ?? '']!.shift()!;
      if (req.url!.includes('media')) sendJson(res, 200, { operation_id: 'm1', product: 'asr', status: next });
      else sendJson(res, 200, { id: 'o1', kind: 'extract', document_id: 'd1', status: next });
    });
    const { waits, sleep } = recordingSleep();
    const client = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_poll_0123456789abcdef', sleep });
    try {
      assert.equal((await client.media.jobs.waitFor('m1', { intervalMs: 40 })).status, 'completed');
      assert.deepEqual(waits, [40, 60]);
      waits.length = 0;
      assert.equal((await client.documentOperations.waitFor('o1', { intervalMs: 100, maxIntervalMs: 120 })).status, 'completed');
      assert.deepEqual(waits, [100, 120]);
      assert.equal(server.requests.length, 6);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
