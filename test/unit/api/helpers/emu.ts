/**
 * The emulator as client tests use it: clients bound to it, the control API, small files to
 * upload, and the storage origin's credential log (asserted empty after every suite).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocTranslateClient, type ClientOptions, type Document, type Job } from '../../../../src/api/index.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  auth: string;
  idempotency_key: string | null;
}

export class Emu {
  readonly clients: DocTranslateClient[] = [];
  readonly dir: string;

  private constructor(readonly emu: RunningEmulator) {
    this.dir = mkdtempSync(join(tmpdir(), 'dt-client-test-'));
  }

  static async start(jobSpeed = 20): Promise<Emu> {
    return new Emu(await startEmulator({ port: 0, storagePort: 0, seed: 11, jobSpeed }));
  }

  client(over: Partial<ClientOptions> = {}): DocTranslateClient {
    const c = new DocTranslateClient({
      baseUrl: this.emu.baseUrl,
      apiKey: this.emu.apiKey,
      retryBaseDelayMs: 5,
      retryMaxDelayMs: 50,
      ...over,
    });
    this.clients.push(c);
    return c;
  }

  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.emu.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  settings(body: Record<string, unknown>): Promise<unknown> {
    return this.control('POST', '/settings', body);
  }

  jobsSettings(body: Record<string, unknown>): Promise<unknown> {
    return this.control('POST', '/jobs-settings', body);
  }

  async requests(prefix = '/api/v1/'): Promise<RequestLogEntry[]> {
    const q = new URLSearchParams({ path_prefix: prefix });
    return (await this.control<{ requests: RequestLogEntry[] }>('GET', `/requests?${q.toString()}`)).requests;
  }

  /** Holds a job at a stage (automatic progress paused) or releases it (`hold: false`). */
  stage(jobId: string, stage: string, hold: boolean, progress?: number): Promise<unknown> {
    return this.control('POST', `/jobs/${jobId}/stage`, { stage, hold, ...(progress !== undefined ? { stage_progress: progress } : {}) });
  }

  async openStreams(): Promise<number> {
    return (await this.control<{ open: number }>('GET', '/sse/streams')).open;
  }

  file(name: string, content: string | Buffer): string {
    const path = join(this.dir, name);
    writeFileSync(path, content);
    return path;
  }

  async upload(client: DocTranslateClient, name: string, content: string): Promise<Document> {
    return client.uploadFile(this.file(name, content));
  }

  /** A fresh document and a job on it, held at `translating` so it cannot end by itself. */
  async heldJob(client: DocTranslateClient, name = 'held.md'): Promise<Job> {
    const doc = await this.upload(client, name, '# Title\n\nSome text to translate.\n');
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de' });
    await this.stage(job.id, 'translating', true, 10);
    return job;
  }

  async assertNoStorageCredentials(): Promise<void> {
    const log = await this.control<{ requests: unknown[] }>('GET', '/storage/credential-log');
    assert.deepEqual(log.requests, [], 'the storage origin received a credential');
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
    await this.emu.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Polls `check` until it returns true (for state the emulator changes asynchronously). */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`timed out waiting for ${what}`);
}
