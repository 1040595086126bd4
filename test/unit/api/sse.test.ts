/**
 * One SSE connection against a raw loopback server: named events, heartbeats ignored, bad data
 * skipped, the bounded parser buffer, status and content-type handling, the ticket kept out of
 * logs; and the watcher's switch to polling when the stream keeps ending without events.
 */
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { DocTranslateClient, readJobStream, type JobEventData } from '../../../src/api/index.ts';
import { CapturingLogger } from './support/canary.ts';
import { sendJson, startRawServer, type RawServer } from './support/raw-server.ts';
import { until } from '../support/until.mjs';

const KEY = 'sk_test_sse_canary_00112233445566';
const TICKET = 'sset_secret_ticket_value_0042';
const JOB = {
  id: 'job_1',
  document_id: 'doc_1',
  source_lang: null,
  target_lang: 'de',
  engine: 'xr-397b',
  status: 'completed',
  stage: 'completed',
  stage_progress: 100,
  stage_message: 'Done',
  time_cost: 1.5,
  error_msg: null,
  quota_exceeded: false,
  queue_position: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:02Z',
};
const snap = (stage: string, progress: number, status = 'processing'): string =>
  JSON.stringify({ status, stage, stage_progress: progress, stage_message: `${stage} ${progress}` });

function sse(res: ServerResponse, chunks: string[], end = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  for (const c of chunks) res.write(c);
  if (end) res.end();
}

describe('api/sse over a raw loopback server', () => {
  let server: RawServer;
  let client: DocTranslateClient;
  const logger = new CapturingLogger();

  before(async () => {
    server = await startRawServer((_req, res) => sendJson(res, 500, {}));
    client = new DocTranslateClient({ baseUrl: server.baseUrl, apiKey: KEY, logger, retryBaseDelayMs: 1, retryMaxDelayMs: 5 });
  });
  afterEach(() => {
    server.requests.length = 0;
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  const read = (opts: { maxBufferSize?: number } = {}) => {
    const snapshots: JobEventData[] = [];
    const events: string[] = [];
    const p = readJobStream(client.transport, {
      jobId: 'job_1',
      ticket: TICKET,
      onSnapshot: (d) => snapshots.push(d),
      onEvent: (e) => events.push(e),
      logger,
      ...opts,
    });
    return { p, snapshots, events };
  };

  it('delivers job_update snapshots and returns on job_done, ignoring heartbeats and unknown events', async () => {
    server.setHandler((_req, res) =>
      sse(res, [
        ': ping\n\n',
        `event: job_update\ndata: ${snap('queued', 0, 'pending')}\n\n`,
        'event: something_new\ndata: {}\n\n',
        `event: job_update\ndata: not json\n\n`,
        ': ping\n\n',
        `event: job_update\nda`,
        `ta: ${snap('translating', 40)}\n\n`,
        `event: job_done\ndata: ${snap('completed', 100, 'completed')}\n\n`,
        `event: job_update\ndata: ${snap('late', 1)}\n\n`,
      ]),
    );
    const { p, snapshots, events } = read();
    const outcome = await p;
    assert.equal(outcome.kind, 'done');
    assert.deepEqual(
      snapshots.map((s) => s.stage),
      ['queued', 'translating', 'completed'],
    );
    assert.deepEqual(events, ['job_update', 'something_new', 'job_update', 'job_update', 'job_done']);
    const [req] = server.requests;
    assert.equal(req!.url, `/api/v1/sse/jobs/job_1?ticket=${TICKET}`);
    assert.equal(req!.headers['accept'], 'text/event-stream');
    assert.ok(!logger.lines.some((l) => l.includes(TICKET)), 'the ticket never reaches the log');
  });

  it('returns timeout and server_error for those events', async () => {
    server.setHandler((_req, res) => sse(res, ['event: timeout\ndata: {"reason":"max_duration"}\n\n']));
    assert.deepEqual(await read().p, { kind: 'timeout' });
    server.setHandler((_req, res) => sse(res, ['event: error\ndata: {}\n\n'], false));
    assert.deepEqual(await read().p, { kind: 'server_error' });
  });

  it('ends the connection when an event outgrows the parser buffer', async () => {
    let closed = false;
    server.setHandler((req, res) => {
      req.socket.on('close', () => (closed = true));
      sse(res, [`event: job_update\ndata: ${snap('translating', 1)}\n\n`, `event: job_update\ndata: ${'x'.repeat(64 * 1024)}`], false);
      const timer = setInterval(() => res.write('y'.repeat(16 * 1024)), 5);
      res.on('close', () => clearInterval(timer));
    });
    const { p, snapshots } = read({ maxBufferSize: 32 * 1024 });
    const outcome = await p;
    assert.equal(outcome.kind, 'dropped');
    assert.ok(outcome.kind === 'dropped' && outcome.events === 1 && outcome.error.code === 'unexpected_response');
    assert.equal(snapshots.length, 1);
    await until(() => closed, { what: 'the connection to be closed' });
  });

  it('reports 404 as not_open, other statuses as rejected, a wrong content type as rejected', async () => {
    server.setHandler((_req, res) => sendJson(res, 404, { error: { code: 'sse_unavailable', message: 'off' } }));
    assert.deepEqual(await read().p, { kind: 'not_open' });
    server.setHandler((_req, res) => sendJson(res, 401, { error: { code: 'ticket_used', message: 'used' } }));
    const r401 = await read().p;
    assert.ok(r401.kind === 'rejected' && r401.error.status === 401 && r401.error.name === 'AuthenticationError');
    server.setHandler((_req, res) => sendJson(res, 200, { not: 'a stream' }));
    const wrongType = await read().p;
    assert.ok(wrongType.kind === 'rejected' && wrongType.error.code === 'unexpected_response');
  });

  it('reports a stream that ends without a terminal event as ended, with its event count', async () => {
    server.setHandler((_req, res) => sse(res, [`event: job_update\ndata: ${snap('translating', 5)}\n\n`]));
    assert.deepEqual(await read().p, { kind: 'ended', events: 1 });
  });

  it('the watcher polls after three connections end without events, and returns the final job', async () => {
    let polls = 0;
    server.setHandler((req, res) => {
      if (req.method === 'POST' && req.url === '/api/v1/sse/ticket/job_1') return sendJson(res, 200, { ticket: `${TICKET}_${server.requests.length}` });
      if (req.url?.startsWith('/api/v1/sse/jobs/job_1')) return sse(res, [': ping\n\n']);
      if (req.url === '/api/v1/jobs/job_1') {
        polls++;
        const done = polls >= 5;
        return sendJson(res, 200, {
          ...JOB,
          status: done ? 'completed' : 'processing',
          stage: done ? 'completed' : 'translating',
          stage_progress: done ? 100 : polls * 10,
        });
      }
      sendJson(res, 404, {});
    });
    const modes: string[] = [];
    const job = await client.jobs.watch('job_1', { onMode: (m) => modes.push(m), reconnectBaseDelayMs: 1, pollIntervalMs: 5 });
    assert.equal(job.status, 'completed');
    assert.deepEqual(modes, ['sse', 'poll']);
    const streams = server.requests.filter((r) => r.url.startsWith('/api/v1/sse/jobs/'));
    assert.equal(streams.length, 3);
    assert.equal(new Set(streams.map((s) => s.url)).size, 3, 'a new ticket for every connection');
  });
});
