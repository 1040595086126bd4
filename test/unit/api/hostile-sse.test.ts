/**
 * Server-sent events from servers that follow the WHATWG rules in unusual ways or break them:
 * CRLF, LF and lone-CR line endings with the connection then held open without a heartbeat, and
 * watchers that must pace their reconnects when every stream ends at once (a `job_done` the job
 * does not confirm, instant `timeout` events, instant errors). Connections are counted over a window.
 */
import assert from 'node:assert/strict';
import { AbortError, DocTranslateClient, readJobStream, type JobEventData, type SseOutcome } from '../../../src/api/index.ts';
import { gaps, JOB_ID, sseEvent, startFakeJobService, startSse, type FakeJobService } from './support/fake-job-service.ts';

const KEY = 'sk_test_hostile_sse_0123456789ab';
const snapshot = (status: string, stage: string, progress: number): Record<string, unknown> => ({
  status, stage, stage_progress: progress, stage_message: `${stage} ${progress}`,
});
const within = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);

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
    const ENDINGS: [string, string][] = [['CRLF', '\r\n'], ['LF', '\n'], ['lone CR', '\r']];

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
        const reading = readJobStream(client.transport, { jobId: JOB_ID, ticket: 'sset_x', signal: ac.signal, idleTimeoutMs: 20_000, onSnapshot: resolveFirst });
        try {
          const data = await within(first, 2000, name);
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
        const outcome: SseOutcome = await within(readJobStream(client.transport, { jobId: JOB_ID, ticket: 'sset_x', idleTimeoutMs: 20_000 }), 2000, name);
        assert.equal(outcome.kind, 'done');
        assert.equal(outcome.kind === 'done' ? outcome.data?.status : undefined, 'completed');
      });
    }

    it('line endings split across writes: CR then LF in the next packet is one line end, not two', async () => {
      const seen: JobEventData[] = [];
      svc.sse = (res) => {
        startSse(res);
        const parts = ['event: job_update\r', '\ndata: ', `${JSON.stringify(snapshot('processing', 'translating', 10))}\r`, '\n\r', '\n', sseEvent('job_done', snapshot('completed', 'completed', 100), '\r')];
        let i = 0;
        const next = (): void => {
          if (i < parts.length) res.write(parts[i++]!, () => setTimeout(next, 15));
        };
        next();
      };
      const outcome = await within(readJobStream(client.transport, { jobId: JOB_ID, ticket: 'sset_x', onSnapshot: (d) => seen.push(d) }), 3000, 'split');
      assert.equal(outcome.kind, 'done');
      assert.deepEqual(seen.map((d) => d.stage_progress), [10, 100]);
    });
  });

  describe('reconnection is always paced', () => {
    /** Watches for `ms`, then aborts; returns the SSE connections made meanwhile. */
    async function watchFor(ms: number, opts: { reconnectBaseDelayMs?: number; reconnectMaxDelayMs?: number; pollIntervalMs?: number } = {}) {
      const ac = new AbortController();
      const watching = client.jobs.watch(JOB_ID, { signal: ac.signal, random: () => 0.5, reconnectBaseDelayMs: 50, reconnectMaxDelayMs: 400, ...opts });
      const outcome = watching.then(() => 'resolved', (e: unknown) => e);
      await new Promise((r) => setTimeout(r, ms));
      ac.abort();
      const result = await outcome;
      return { result, streams: svc.streams(), all: [...svc.server.requests] };
    }

    it('a job_done that GET /jobs/{id} does not confirm (lagging replica) backs off instead of spinning', async () => {
      svc.job = { status: 'processing', stage: 'translating', stage_progress: 50 };
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('job_done', snapshot('completed', 'completed', 100)));
      };
      const { result, streams } = await watchFor(2000);
      assert.ok(result instanceof AbortError, String(result));
      assert.ok(streams.length >= 3, `it keeps trying (${streams.length})`);
      assert.ok(streams.length <= 12, `${streams.length} connections in 2 s`);
      const g = gaps(streams);
      assert.ok(g.at(-1)! >= 200, `the wait grows to the cap: ${JSON.stringify(g)}`);
    });

    it('the lagging replica catching up ends the watch with the final job', async () => {
      svc.job = { status: 'processing', stage: 'translating', stage_progress: 50 };
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('job_done', snapshot('completed', 'completed', 100)));
      };
      const updates: string[] = [];
      const watching = client.jobs.watch(JOB_ID, { onUpdate: (p) => updates.push(p.status), reconnectBaseDelayMs: 50, reconnectMaxDelayMs: 400 });
      setTimeout(() => (svc.job = { status: 'completed', stage: 'completed', stage_progress: 100 }), 600);
      const job = await within(watching, 5000, 'the final job');
      assert.equal(job.status, 'completed');
      assert.deepEqual(updates, ['processing', 'completed'], 'the stream alone never reports the end');
    });

    it('instant timeout events every connection: reconnects slow down to the cap', async () => {
      svc.job = { status: 'processing', stage: 'translating' };
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('timeout', { reason: 'max_duration' }));
      };
      const { streams } = await watchFor(2000);
      assert.ok(streams.length <= 12, `${streams.length} connections in 2 s`);
      assert.ok(gaps(streams).at(-1)! >= 200, JSON.stringify(gaps(streams)));
    });

    it('streams that send one snapshot and close at once: reconnects slow down to the cap', async () => {
      let n = 0;
      svc.sse = (res) => {
        startSse(res);
        res.end(sseEvent('job_update', snapshot('processing', 'translating', ++n % 100)));
      };
      const { streams } = await watchFor(2000);
      assert.ok(streams.length <= 12, `${streams.length} connections in 2 s`);
      assert.ok(gaps(streams).at(-1)! >= 200, JSON.stringify(gaps(streams)));
    });

    it('a server that answers every stream instantly with 500 is paced, then polled with growing intervals', async () => {
      svc.sse = (res) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"code":"internal_error","message":"boom"}}');
      };
      const { streams, all } = await watchFor(2000, { pollIntervalMs: 50 });
      assert.ok(streams.length <= 3, `${streams.length} stream attempts`);
      const polls = all.filter((r) => r.method === 'GET' && r.url === `/api/v1/jobs/${JOB_ID}`);
      assert.ok(all.length <= 25, `${all.length} requests in 2 s`);
      const g = gaps(polls);
      assert.ok(g.at(-1)! > g[0]!, `polling backs off: ${JSON.stringify(g)}`);
    });

    it('a ticket endpoint that answers 429 with Retry-After is not asked again before that time', async () => {
      svc.ticketStatus = 429;
      svc.ticketHeaders = { 'retry-after': '1' };
      svc.job = { status: 'processing', stage: 'translating' };
      const ac = new AbortController();
      const watching = client.jobs.watch(JOB_ID, { signal: ac.signal, reconnectBaseDelayMs: 1, reconnectMaxDelayMs: 2, maxSseFailures: 10, pollIntervalMs: 5_000 });
      const settled = watching.catch(() => undefined);
      await new Promise((r) => setTimeout(r, 2500));
      ac.abort();
      await settled;
      const tickets = svc.server.requests.filter((r) => r.url.startsWith('/api/v1/sse/ticket/'));
      assert.ok(tickets.length >= 2 && tickets.length <= 3, `${tickets.length} ticket requests in 2.5 s`);
      for (const gap of gaps(tickets)) assert.ok(gap >= 1000, `asked again after ${gap} ms`);
    });
  });
});
