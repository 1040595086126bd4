/**
 * Server-sent events from servers that follow the WHATWG rules in unusual ways or break them:
 * CRLF, LF and lone-CR line endings with the connection then held open without a heartbeat, and
 * watchers that must pace their reconnects when every stream ends at once (a `job_done` the job
 * does not confirm, instant `timeout` events, instant errors): the waits the watcher asks for are
 * recorded with the client's clock and sleep injected, and asserted exactly.
 */
import assert from 'node:assert/strict';
import { AbortError, DocTranslateClient, readJobStream, type JobEventData, type SseOutcome } from '../../../src/api/index.ts';
import { JOB_ID, sseEvent, startFakeJobService, startSse, type FakeJobService } from './support/fake-job-service.ts';

const KEY = 'sk_test_hostile_sse_0123456789ab';
const snapshot = (status: string, stage: string, progress: number): Record<string, unknown> => ({
  status,
  stage,
  stage_progress: progress,
  stage_message: `${stage} ${progress}`,
});
/** A guard against a hang (a read waiting for the idle timeout, set far beyond it), not a measure of speed. */
const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
};

describe('api/sse: hostile and broken servers', function () {
  this.timeout(30_000);
  let svc: FakeJobService;
  let client: DocTranslateClient;

  before(async () => {
    svc = await startFakeJobService((res) => startSse(res), { status: 'processing', stage: 'translating' });
    client = new DocTranslateClient({ baseUrl: svc.baseUrl, apiKey: KEY, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  });
  afterEach(() => {
    svc.server.requests.length = 0;
    svc.ticketStatus = undefined;
    svc.ticketHeaders = undefined;
  });
  after(async () => {
    await client.close();
    await svc.close();
  });

  describe('WHATWG line endings; the server holds the connection open after the event', () => {
    const ENDINGS: [string, string][] = [
      ['CRLF', '\r\n'],
      ['LF', '\n'],
      ['lone CR', '\r'],
    ];

    for (const [name, eol] of ENDINGS) {
      it(`${name}: a job_update is dispatched at its blank line, with no heartbeat after it`, async () => {
        svc.sse = (res) => {
          startSse(res);
          res.write(`: hello${eol}${eol}`);
          res.write(sseEvent('job_update', snapshot('processing', 'translating', 40), eol));
        };
        const ac = new AbortController();
        let resolveFirst: (d: JobEventData) => void = () => {};
        const first = new Promise<JobEventData>((r) => (resolveFirst = r));
        const reading = readJobStream(client.transport, {
          jobId: JOB_ID,
          ticket: 'sset_x',
          signal: ac.signal,
          idleTimeoutMs: 600_000,
          onSnapshot: resolveFirst,
        });
        try {
          const data = await within(first, 15_000, name);
          assert.equal(data.stage_progress, 40);
        } finally {
          ac.abort();
          await assert.rejects(reading, AbortError);
        }
      });

      it(`${name}: a job_done ends the read at once, with the connection still open`, async () => {
        svc.sse = (res) => {
          startSse(res);
          res.write(sseEvent('job_update', snapshot('processing', 'translating', 90), eol));
          res.write(sseEvent('job_done', snapshot('completed', 'completed', 100), eol));
        };
        const outcome: SseOutcome = await within(readJobStream(client.transport, { jobId: JOB_ID, ticket: 'sset_x', idleTimeoutMs: 600_000 }), 15_000, name);
        assert.equal(outcome.kind, 'done');
        assert.equal(outcome.kind === 'done' ? outcome.data?.status : undefined, 'completed');
      });
    }

    it('line endings split across writes: CR then LF in the next packet is one line end, not two', async () => {
      const seen: JobEventData[] = [];
      svc.sse = (res) => {
        startSse(res);
        const parts = [
          'event: job_update\r',
          '\ndata: ',
          `${JSON.stringify(snapshot('processing', 'translating', 10))}\r`,
          '\n\r',
          '\n',
          sseEvent('job_done', snapshot('completed', 'completed', 100), '\r'),
        ];
        let i = 0;
        const next = (): void => {
          if (i < parts.length) res.write(parts[i++]!, () => setTimeout(next, 15));
        };
        next();
      };
      const outcome = await within(readJobStream(client.transport, { jobId: JOB_ID, ticket: 'sset_x', onSnapshot: (d) => seen.push(d) }), 15_000, 'split');
      assert.equal(outcome.kind, 'done');
      assert.deepEqual(
        seen.map((d) => d.stage_progress),
        [10, 100],
      );
    });
  });

  describe('reconnection is always paced', () => {
    /**
     * Watches with the client's clock fixed and its waits recorded instead of slept; aborts at the
     * `count`th wait. Returns the waits the watcher asked for, in order, and the requests it made:
     * the pacing is asserted exactly, whatever the machine's load. The clock never moves, so no
     * connection counts as healthy (as when every stream ends at once).
     */
    async function watchWaits(
      count: number,
      opts: { reconnectBaseDelayMs?: number; reconnectMaxDelayMs?: number; pollIntervalMs?: number; maxSseFailures?: number } = {},
    ) {
      const ac = new AbortController();
      const waits: number[] = [];
      const paced = new DocTranslateClient({
        baseUrl: svc.baseUrl,
        apiKey: KEY,
        retryBaseDelayMs: 1,
        retryMaxDelayMs: 5,
        now: () => Date.UTC(2026, 10, 23, 12, 0, 0),
        sleep: async (ms, signal) => {
          waits.push(ms);
          if (waits.length >= count) ac.abort();
          if (signal?.aborted) throw new AbortError();
        },
      });
      try {
        const result = await paced.jobs
          .watch(JOB_ID, { signal: ac.signal, random: () => 0.5, reconnectBaseDelayMs: 50, reconnectMaxDelayMs: 400, ...opts })
          .then(
            () => 'resolved',
            (e: unknown) => e,
          );
        return { result, waits, streams: svc.streams(), all: [...svc.server.requests] };
      } finally {
        await paced.close();
      }
    }
    /** The reconnect waits for base 50 ms, cap 400 ms, jitter 0.5: a quarter of the ceiling plus 3/4 of the jitter. */
    const BACKOFF = [31, 62, 125, 250, 250, 250, 250, 250];

    it('a job_done that GET /jobs/{id} does not confirm (lagging replica) backs off instead of spinning', async () => {
      svc.job = { status: 'processing', stage: 'translating', stage_progress: 50 };
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('job_done', snapshot('completed', 'completed', 100)));
      };
      const { result, waits, streams } = await watchWaits(BACKOFF.length);
      assert.ok(result instanceof AbortError, String(result));
      assert.deepEqual(waits, BACKOFF, 'the wait grows to the cap');
      assert.equal(streams.length, BACKOFF.length, 'one connection per wait: it keeps trying, never without a pause');
    });

    it('the lagging replica catching up ends the watch with the final job', async () => {
      svc.job = { status: 'processing', stage: 'translating', stage_progress: 50 };
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('job_done', snapshot('completed', 'completed', 100)));
      };
      const updates: string[] = [];
      // The replica catches up during the watcher's third wait (a barrier, not a timer).
      let waits = 0;
      const paced = new DocTranslateClient({
        baseUrl: svc.baseUrl,
        apiKey: KEY,
        sleep: async () => {
          if (++waits === 3) svc.job = { status: 'completed', stage: 'completed', stage_progress: 100 };
        },
      });
      try {
        const job = await paced.jobs.watch(JOB_ID, { onUpdate: (p) => updates.push(p.status), reconnectBaseDelayMs: 50, reconnectMaxDelayMs: 400 });
        assert.equal(job.status, 'completed');
        assert.equal(waits, 3);
        assert.deepEqual(updates, ['processing', 'completed'], 'the stream alone never reports the end');
      } finally {
        await paced.close();
      }
    });

    it('instant timeout events every connection: reconnects slow down to the cap', async () => {
      svc.job = { status: 'processing', stage: 'translating' };
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('timeout', { reason: 'max_duration' }));
      };
      const { waits, streams } = await watchWaits(BACKOFF.length);
      assert.deepEqual(waits, BACKOFF);
      assert.equal(streams.length, BACKOFF.length);
    });

    it('streams that send one snapshot and close at once: reconnects slow down to the cap', async () => {
      let n = 0;
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('job_update', snapshot('processing', 'translating', ++n % 100)));
      };
      const { waits, streams } = await watchWaits(BACKOFF.length);
      assert.deepEqual(waits, BACKOFF);
      assert.equal(streams.length, BACKOFF.length);
    });

    it('a server that answers every stream instantly with 500 is paced, then polled with growing intervals', async () => {
      svc.sse = (res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"code":"internal_error","message":"boom"}}');
      };
      const { waits, streams, all } = await watchWaits(7, { pollIntervalMs: 50 });
      assert.equal(streams.length, 3, 'three stream attempts, then polling');
      assert.deepEqual(waits.slice(0, 2), BACKOFF.slice(0, 2), 'the stream attempts are paced');
      const polling = waits.slice(2);
      assert.deepEqual(polling, [75, 113, 170, 255, 383], 'polling backs off 1.5x from 50 ms while nothing changes');
      const polls = all.filter((r) => r.method === 'GET' && r.url === `/api/v1/jobs/${JOB_ID}`);
      assert.equal(polls.length, 3 + polling.length, 'a read after each stream attempt, then one per poll');
    });

    it('a ticket endpoint that answers 429 with Retry-After is not asked again before that time', async () => {
      svc.ticketStatus = 429;
      svc.ticketHeaders = { 'retry-after': '1' };
      svc.job = { status: 'processing', stage: 'translating' };
      const { waits, all } = await watchWaits(3, { reconnectBaseDelayMs: 1, reconnectMaxDelayMs: 2, maxSseFailures: 10, pollIntervalMs: 5_000 });
      assert.deepEqual(waits, [1000, 1000, 1000], 'every wait is the second the service asked for, not the 1-2 ms backoff');
      const tickets = all.filter((r) => r.url.startsWith('/api/v1/sse/ticket/'));
      assert.equal(tickets.length, 3, 'one ticket request per wait');
    });
  });
});
