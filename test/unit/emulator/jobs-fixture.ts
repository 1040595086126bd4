import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import type { EmulatorFixture } from './helpers.ts';
import { obj } from './helpers.ts';
import { charCount } from '../../emulator/pseudo.ts';
import { until } from '../support/until.mjs';

export type Json = Record<string, unknown>;

/** Fast enough that a small job completes in a few tens of milliseconds. */
export const FAST = 40;

export async function setSettings(fx: EmulatorFixture, body: Json): Promise<void> {
  const r = await fx.control('/settings', { method: 'POST', body });
  if (r.status !== 200) throw new Error(`settings failed: ${r.status} ${JSON.stringify(r.body)}`);
}

export async function setJobSettings(fx: EmulatorFixture, body: Json): Promise<void> {
  const r = await fx.control('/jobs-settings', { method: 'POST', body });
  if (r.status !== 200) throw new Error(`jobs-settings failed: ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * A confirmed document through the real upload flow (presign, PUT to the storage origin without
 * credentials, finalize). Falls back to recording the document in-process while the upload
 * endpoints are absent.
 */
export async function uploadDocument(fx: EmulatorFixture, filename: string, content: string | Buffer, key?: string): Promise<string> {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const presign = await fx.api('/upload/presign', { method: 'POST', body: { filename, file_size: bytes.length }, ...(key ? { key } : {}) });
  if (presign.status === 404) return insertDocument(fx, filename, bytes, key);
  if (presign.status !== 200 && presign.status !== 201) throw new Error(`presign failed: ${presign.status} ${JSON.stringify(presign.body)}`);
  const p = obj(presign) as { upload_url: string; upload_headers: Record<string, string>; finalize_token: string };
  const put = await fetch(p.upload_url, { method: 'PUT', headers: p.upload_headers, body: new Uint8Array(bytes) });
  if (put.status >= 300) throw new Error(`upload PUT failed: ${put.status} ${await put.text()}`);
  await put.arrayBuffer().catch(() => undefined);
  const fin = await fx.api('/upload/finalize', { method: 'POST', body: { finalize_token: p.finalize_token }, ...(key ? { key } : {}) });
  if (fin.status !== 200 && fin.status !== 201) throw new Error(`finalize failed: ${fin.status} ${JSON.stringify(fin.body)}`);
  const doc = (obj(fin).document ?? obj(fin)) as { id: string };
  return doc.id;
}

function insertDocument(fx: EmulatorFixture, filename: string, bytes: Buffer, key?: string): string {
  const state = fx.emu.app.state;
  const keyRecord = state.keyBySecret(key ?? fx.emu.apiKey)!;
  const id = state.newId('doc');
  const dir = join(state.dataDir, 'test-documents');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, id);
  writeFileSync(path, bytes);
  const format = filename.split('.').pop()!.toLowerCase();
  const now = fx.emu.app.clock.nowIso();
  state.documents.set(id, {
    id,
    accountId: keyRecord.accountId,
    keyId: keyRecord.id,
    basename: filename,
    format,
    file_size: bytes.length,
    mime_type: 'application/octet-stream',
    created_at: now,
    updated_at: now,
    storagePath: path,
    charCount: ['pdf', 'png', 'jpg'].includes(format) ? 0 : charCount(bytes.toString('utf8')),
    pageCount: format === 'pdf' ? 1 : null,
    deleted: false,
  });
  return id;
}

export interface CreateOptions {
  key?: string;
  idempotencyKey?: string;
}

export function createJob(fx: EmulatorFixture, body: Json, opts: CreateOptions = {}): ReturnType<EmulatorFixture['api']> {
  return fx.api('/jobs', {
    method: 'POST',
    body,
    ...(opts.key ? { key: opts.key } : {}),
    ...(opts.idempotencyKey ? { headers: { 'Idempotency-Key': opts.idempotencyKey } } : {}),
  });
}

/** Creates a job and returns its id, failing the test on anything but 201. */
export async function startJob(fx: EmulatorFixture, body: Json, opts: CreateOptions = {}): Promise<string> {
  const r = await createJob(fx, body, opts);
  if (r.status !== 201) throw new Error(`create job failed: ${r.status} ${JSON.stringify(r.body)}`);
  return obj(r).id as string;
}

export async function getJob(fx: EmulatorFixture, id: string, key?: string): Promise<Json> {
  const r = await fx.api(`/jobs/${id}`, key ? { key } : {});
  if (r.status !== 200) throw new Error(`get job failed: ${r.status}`);
  return obj(r);
}

/** Polls until the predicate holds (jobs run on emulator timers, so this needs no fixed sleeps). */
export async function waitFor<T>(probe: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs?: number): Promise<T> {
  let last: T | undefined;
  const hit = await until(
    async () => {
      last = await probe();
      return ok(last) ? { value: last } : undefined;
    },
    { what: () => `${what}: ${JSON.stringify(last)}`, intervalMs: 10, ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
  );
  return hit.value;
}

export function waitForJob(fx: EmulatorFixture, id: string, ok: (job: Json) => boolean, what = 'job state', key?: string): Promise<Json> {
  return waitFor(() => getJob(fx, id, key), ok, what);
}

export const ended = (job: Json): boolean => job.status === 'completed' || job.status === 'failed';

export function waitEnded(fx: EmulatorFixture, id: string, key?: string): Promise<Json> {
  return waitForJob(fx, id, ended, 'the job to end', key);
}

/** A Markdown document of `n` characters exactly (billing counts every code point). */
export function markdownOf(n: number): string {
  return 'Lorem ipsum dolor sit amet. '.repeat(Math.ceil(n / 28)).slice(0, n);
}

export interface SseEvent {
  event: string;
  data: string;
}

export interface SseCapture {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  /** Resolves when the server ends (or drops) the stream. */
  closed: Promise<'ended' | 'dropped'>;
  abort(): void;
}

/** Opens a stream and records events and comment lines until the server closes it. */
export async function openSse(fx: EmulatorFixture, jobId: string, ticket: string): Promise<SseCapture> {
  const controller = new AbortController();
  const res = await fetch(`${fx.emu.baseUrl}/sse/jobs/${jobId}?ticket=${encodeURIComponent(ticket)}`, { signal: controller.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (e) => events.push({ event: e.event ?? 'message', data: e.data }),
    onComment: (c) => comments.push(c),
  });
  const closed = (async (): Promise<'ended' | 'dropped'> => {
    if (!res.body) return 'ended';
    const decoder = new TextDecoder();
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'ended';
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      return 'dropped';
    }
  })();
  return { status: res.status, headers: res.headers, events, comments, closed, abort: () => controller.abort() };
}

export async function ticketFor(fx: EmulatorFixture, jobId: string, key?: string): Promise<string> {
  const r = await fx.api(`/sse/ticket/${jobId}`, { method: 'POST', ...(key ? { key } : {}) });
  if (r.status !== 200) throw new Error(`ticket failed: ${r.status} ${JSON.stringify(r.body)}`);
  return obj(r).ticket as string;
}

/** Raw fetch without credentials (storage-origin addresses). */
export function fetchPlain(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers, redirect: 'manual' });
}
