/**
 * A misbehaving job service on a raw loopback server, for watcher tests: tickets are always issued,
 * and the test decides what every SSE connection and every `GET /jobs/{id}` answers. Records when
 * each request arrived so tests can count connections over a time window.
 */
import type { ServerResponse } from 'node:http';
import { sendJson, startRawServer, type RawServer, type Recorded } from './raw-server.ts';

export const JOB_ID = 'job_1';

export interface JobFields {
  status: 'pending' | 'processing' | 'completed' | 'failed';
  stage: string;
  stage_progress?: number;
  stage_message?: string;
  queue_position?: number | null;
}

/** A full spec 2.3 job object. */
export function jobObject(fields: JobFields): Record<string, unknown> {
  return {
    id: JOB_ID,
    document_id: 'doc_1',
    source_lang: null,
    target_lang: 'de',
    engine: 'xr-397b',
    time_cost: 0,
    error_msg: null,
    quota_exceeded: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:01Z',
    stage_progress: 0,
    stage_message: '',
    queue_position: null,
    ...fields,
  };
}

/** One SSE event block with the given line ending. */
export function sseEvent(name: string, data: unknown, eol = '\n'): string {
  return `event: ${name}${eol}data: ${JSON.stringify(data)}${eol}${eol}`;
}

export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

export type SseBehaviour = (res: ServerResponse, index: number) => void;

export interface FakeJobService {
  server: RawServer;
  baseUrl: string;
  /** What the next SSE connections do (index counts SSE connections from 0). */
  sse: SseBehaviour;
  /** What GET /jobs/{id} answers. */
  job: JobFields;
  /** Answered instead of the ticket when set, with `ticketHeaders`. */
  ticketStatus?: number;
  ticketHeaders?: Record<string, string>;
  streams(): Recorded[];
  close(): Promise<void>;
}

export async function startFakeJobService(sse: SseBehaviour, job: JobFields): Promise<FakeJobService> {
  let streamIndex = 0;
  const open = new Set<ServerResponse>();
  const svc: FakeJobService = {
    server: undefined as unknown as RawServer,
    baseUrl: '',
    sse,
    job,
    streams: () => svc.server.requests.filter((r) => r.url.startsWith(`/api/v1/sse/jobs/${JOB_ID}`)),
    close: async () => {
      for (const res of open) res.destroy();
      await svc.server.close();
    },
  };
  svc.server = await startRawServer((req, res) => {
    const url = req.url ?? '';
    if (req.method === 'POST' && url === `/api/v1/sse/ticket/${JOB_ID}`) {
      if (svc.ticketStatus !== undefined) sendJson(res, svc.ticketStatus, { error: { code: 'injected', message: 'no ticket' } }, svc.ticketHeaders ?? {});
      else sendJson(res, 200, { ticket: `sset_${Math.random().toString(36).slice(2)}`, expires_in: 30 });
    } else if (req.method === 'GET' && url.startsWith(`/api/v1/sse/jobs/${JOB_ID}?`)) {
      open.add(res);
      res.on('close', () => open.delete(res));
      svc.sse(res, streamIndex++);
    } else if (req.method === 'GET' && url === `/api/v1/jobs/${JOB_ID}`) {
      sendJson(res, 200, jobObject(svc.job));
    } else {
      sendJson(res, 404, { error: { code: 'not_found', message: 'no route' } });
    }
  });
  svc.baseUrl = svc.server.baseUrl;
  return svc;
}
