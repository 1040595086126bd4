import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { EmulatorApp } from '../app.ts';
import { jobEvents } from '../job-events.ts';
import type { EmulatorState, JobRecord, WebhookRecord } from '../state.ts';
import { WEBHOOK_EVENT, accountWebhooks, recordOutcome, subscribes } from './store.ts';

/** Spec 6.2 rule 3; tests shorten it with POST /_emulator/webhooks/settings. */
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface WebhookSettings {
  timeout_ms: number;
}

export type DeliveryError = 'timeout' | 'redirect' | 'http_status' | 'connection_error' | 'unreachable' | 'aborted';

/** One attempted POST, kept for inspection through GET /_emulator/webhooks/deliveries. */
export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  account_id: string;
  job_id: string;
  event: string;
  url: string;
  attempted_at: string;
  completed_at: string | null;
  /** Exactly the headers sent (lower-case names). */
  headers: Record<string, string>;
  /** Exactly the body sent. */
  body: string;
  status_code: number | null;
  ok: boolean;
  error: DeliveryError | null;
  error_detail: string | null;
  /** The webhook's count and status after this delivery. */
  consecutive_failures: number | null;
  webhook_status: WebhookRecord['status'] | null;
}

interface DeliveryState {
  settings: WebhookSettings;
  log: DeliveryRecord[];
  /** Per-webhook chains: one delivery at a time per webhook keeps the failure count exact. */
  queues: Map<string, Promise<void>>;
  /** Deliveries queued or in flight. */
  pending: number;
}

export function deliveryState(state: EmulatorState): DeliveryState {
  return state.ext('webhooks.delivery', () => ({ settings: { timeout_ms: DEFAULT_TIMEOUT_MS }, log: [], queues: new Map(), pending: 0 }));
}

/** Resolves once nothing is queued or in flight for the current state. */
export async function deliveriesIdle(app: EmulatorApp): Promise<void> {
  const ds = deliveryState(app.state);
  while (ds.pending > 0) await Promise.all([...ds.queues.values()]);
}

export function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** Spec 6.2 body; `error` only on failed jobs. */
export function eventBody(state: EmulatorState, job: JobRecord, timestamp: number): string {
  const doc = state.documents.get(job.document_id);
  const data: Record<string, unknown> = {
    job_id: job.id,
    status: job.status,
    file_name: doc?.basename ?? '',
    char_count: doc?.charCount ?? 0,
  };
  if (job.status === 'failed') data.error = job.error_msg ?? 'Job failed';
  return JSON.stringify({ event: WEBHOOK_EVENT, timestamp, data });
}

/** The emulator never contacts other hosts: a real service would, tests must not. */
function loopbackHost(url: URL): string | undefined {
  const host = url.hostname;
  if (host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host)) return '127.0.0.1';
  if (host === '[::1]') return '::1';
  return undefined;
}

interface SendResult {
  statusCode: number | null;
  error: DeliveryError | null;
  detail: string | null;
}

/** One POST without following redirects; the timeout covers everything up to the response status. */
function send(url: URL, headers: Record<string, string>, body: string, timeoutMs: number, signal: AbortSignal): Promise<SendResult> {
  const host = loopbackHost(url);
  if (host === undefined) {
    return Promise.resolve({ statusCode: null, error: 'unreachable', detail: `the emulator only delivers to loopback hosts, not ${url.hostname}` });
  }
  const https = url.protocol === 'https:';
  const options: RequestOptions & { rejectUnauthorized?: boolean } = {
    method: 'POST',
    hostname: host,
    port: url.port === '' ? (https ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: { ...headers, host: url.host },
    agent: false,
    signal,
  };
  // Loopback test receivers use self-signed certificates.
  if (https) options.rejectUnauthorized = false;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = (https ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      res.resume();
      // The body is irrelevant; a receiver dropping it mid-way must not crash the emulator.
      res.on('error', () => undefined);
      res.on('close', () => clearTimeout(timer));
      if (status >= 200 && status < 300) finish({ statusCode: status, error: null, detail: null });
      else if (status >= 300 && status < 400) {
        finish({ statusCode: status, error: 'redirect', detail: `redirect not followed (Location: ${res.headers.location ?? 'none'})` });
      } else finish({ statusCode: status, error: 'http_status', detail: `receiver answered ${status}` });
    });
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: 'timeout', detail: `no response within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (signal.aborted) finish({ statusCode: null, error: 'aborted', detail: 'emulator reset or closed' });
      else finish({ statusCode: null, error: 'connection_error', detail: err.code ?? err.message });
    });
    req.end(body);
  });
}

async function deliver(app: EmulatorApp, state: EmulatorState, hook: WebhookRecord, job: JobRecord, inflight: Set<AbortController>): Promise<void> {
  // Deleted, disabled by an earlier failure, or the state was reset while queued.
  if (state.webhooks.get(hook.id) !== hook || hook.status !== 'active' || app.state !== state) return;
  const ds = deliveryState(state);
  const now = app.clock.now();
  const timestamp = Math.floor(now / 1000);
  const body = eventBody(state, job, timestamp);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'DocTranslate-Webhooks/1 (emulator)',
    'x-webhook-event': WEBHOOK_EVENT,
    'x-webhook-timestamp': String(timestamp),
  };
  if (hook.secret !== null) headers['x-webhook-signature'] = sign(hook.secret, body);
  const record: DeliveryRecord = {
    id: state.newId('whd'),
    webhook_id: hook.id,
    account_id: hook.accountId,
    job_id: job.id,
    event: WEBHOOK_EVENT,
    url: hook.url,
    attempted_at: app.clock.iso(now),
    completed_at: null,
    headers,
    body,
    status_code: null,
    ok: false,
    error: null,
    error_detail: null,
    consecutive_failures: null,
    webhook_status: null,
  };
  ds.log.push(record);
  const controller = new AbortController();
  inflight.add(controller);
  let result: SendResult;
  try {
    result = await send(new URL(hook.url), { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body, ds.settings.timeout_ms, controller.signal);
  } finally {
    inflight.delete(controller);
  }
  record.completed_at = app.clock.nowIso();
  record.status_code = result.statusCode;
  record.ok = result.error === null;
  record.error = result.error;
  record.error_detail = result.detail;
  if (result.error !== 'aborted') recordOutcome(state, hook, record.attempted_at, result.statusCode, result.error);
  record.consecutive_failures = hook.consecutive_failures;
  record.webhook_status = hook.status;
}

function enqueue(app: EmulatorApp, hook: WebhookRecord, job: JobRecord, inflight: Set<AbortController>): void {
  const state = app.state;
  const ds = deliveryState(state);
  ds.pending += 1;
  const previous = ds.queues.get(hook.id) ?? Promise.resolve();
  const next = previous
    .then(() => deliver(app, state, hook, job, inflight))
    .catch((err: unknown) => {
      process.stderr.write(`[emulator] webhook delivery failed: ${err instanceof Error ? err.message : String(err)}\n`);
    })
    .finally(() => {
      ds.pending -= 1;
      if (ds.queues.get(hook.id) === next) ds.queues.delete(hook.id);
    });
  ds.queues.set(hook.id, next);
}

/** Spec 6.2: each ended translation job is delivered once to every active subscribed webhook of its account. */
export function startWebhookDelivery(app: EmulatorApp): void {
  const inflight = new Set<AbortController>();
  const abortAll = (): void => {
    for (const controller of inflight) controller.abort();
    inflight.clear();
  };
  app.onReset(abortAll);
  app.onClose(abortAll);
  jobEvents(app).on('ended', (job) => {
    if (job.status !== 'completed' && job.status !== 'failed') return;
    for (const hook of accountWebhooks(app.state, job.accountId)) {
      if (hook.status === 'active' && subscribes(hook, WEBHOOK_EVENT)) enqueue(app, hook, job, inflight);
    }
  });
}
