/**
 * The emulator as client tests use it: its control API (`/_emulator`: accounts, faults, ledger,
 * request log, job stages), clients bound to it, small files to upload, and the storage origin's
 * credential log (asserted empty after a suite).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocTranslateClient, type ClientOptions, type Document, type Job } from '../../../../src/api/index.ts';
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';
import { until } from '../../support/until.mjs';

export interface LedgerEntry {
  type: string;
  endpoint: string;
  idempotency_key: string | null;
  amount_millicredits: number;
  characters: number;
  account_id: string;
  key_id: string;
}

export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  idempotency_key: string | null;
  auth: string;
  status: number;
  request_id: string;
  fault: string | null;
}

export interface FaultSpec {
  kind: 'status' | 'reset' | 'latency';
  path_prefix?: string;
  method?: string;
  status?: number;
  retry_after?: string;
  latency_ms?: number;
  count?: number;
  rate?: number;
  phase?: 'before' | 'after';
}

export interface TestEmulatorOptions {
  /** Job progress speed (1 = the emulator's default pace). */
  jobSpeed?: number;
}

export class TestEmulator {
  readonly clients: DocTranslateClient[] = [];
  #dir: string | undefined;

  private constructor(readonly emu: RunningEmulator) {}

  /** A fresh emulator on free loopback ports (API and storage origin), seeded so fault rates repeat. */
  static async start(opts: TestEmulatorOptions = {}): Promise<TestEmulator> {
    return new TestEmulator(await startEmulator({ port: 0, storagePort: 0, seed: 7, jobSpeed: opts.jobSpeed ?? 1 }));
  }

  /** A client on the default account's key with short retry waits; closed by `close()`. */
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

  reset(): Promise<{ api_key: string; account_id: string }> {
    return this.control('POST', '/reset');
  }

  createAccount(credits: number): Promise<{ account_id: string; api_key: string }> {
    return this.control('POST', '/accounts', { credits_millicredits: credits });
  }

  createKey(accountId: string, opts: { budget_millicredits?: number; allowed_engines?: string[] }): Promise<{ api_key: string }> {
    return this.control('POST', `/accounts/${accountId}/keys`, opts);
  }

  addFault(spec: FaultSpec): Promise<{ id: string }> {
    return this.control('POST', '/faults', spec);
  }

  settings(body: Record<string, unknown>): Promise<unknown> {
    return this.control('POST', '/settings', body);
  }

  jobsSettings(body: Record<string, unknown>): Promise<unknown> {
    return this.control('POST', '/jobs-settings', body);
  }

  async ledger(): Promise<LedgerEntry[]> {
    return (await this.control<{ entries: LedgerEntry[] }>('GET', '/ledger')).entries;
  }

  async charges(): Promise<LedgerEntry[]> {
    return (await this.ledger()).filter((e) => e.type === 'charge');
  }

  async requests(pathPrefix = '/api/v1/'): Promise<LoggedRequest[]> {
    const q = new URLSearchParams({ path_prefix: pathPrefix });
    return (await this.control<{ requests: LoggedRequest[] }>('GET', `/requests?${q.toString()}`)).requests;
  }

  /** Holds a job at a stage (automatic progress paused) or releases it (`hold: false`). */
  stage(jobId: string, stage: string, hold: boolean, progress?: number): Promise<unknown> {
    return this.control('POST', `/jobs/${jobId}/stage`, { stage, hold, ...(progress !== undefined ? { stage_progress: progress } : {}) });
  }

  async openStreams(): Promise<number> {
    return (await this.control<{ open: number }>('GET', '/sse/streams')).open;
  }

  /** Writes a file into this emulator's temporary folder (removed by `close()`). */
  file(name: string, content: string | Buffer): string {
    this.#dir ??= mkdtempSync(join(tmpdir(), 'dt-client-test-'));
    const path = join(this.#dir, name);
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
    if (this.#dir !== undefined) rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** Polls `check` until it returns true (for state the emulator changes asynchronously). */
export async function eventually(check: () => Promise<boolean> | boolean, what: string, limitMs?: number): Promise<void> {
  await until(async () => (await check()) || undefined, { what, ...(limitMs !== undefined ? { timeoutMs: limitMs } : {}) });
}
