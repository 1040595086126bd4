import { startEmulator } from '../../emulator/index.ts';
import type { RunningEmulator } from '../../emulator/index.ts';

export interface Call {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Response body as an object, for field access in assertions. */
export function obj(call: Call): Record<string, unknown> {
  return call.body as Record<string, unknown>;
}

export function errorCode(call: Call): string | undefined {
  return (obj(call).error as { code?: string } | undefined)?.code;
}

export function fieldNames(call: Call): string[] {
  const fe = (obj(call).error as { field_errors?: { field: string }[] } | undefined)?.field_errors ?? [];
  return fe.map((f) => f.field);
}

export async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Call> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text) as unknown;
  return { status: res.status, headers: res.headers, body: parsed };
}

/** One emulator per suite; `reset()` before each test restores the seeded default account. */
export class EmulatorFixture {
  private running: RunningEmulator | undefined;

  get emu(): RunningEmulator {
    if (!this.running) throw new Error('emulator not started');
    return this.running;
  }

  async start(): Promise<void> {
    this.running = await startEmulator({ seed: 42 });
  }

  async stop(): Promise<void> {
    await this.running?.close();
    this.running = undefined;
  }

  async reset(): Promise<void> {
    const r = await call(`${this.emu.controlUrl}/reset`, { method: 'POST' });
    if (r.status !== 200) throw new Error(`reset failed: ${r.status}`);
  }

  /** POST/GET to the API with the default key in X-API-Key. */
  api(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown; key?: string } = {}): Promise<Call> {
    const headers = { 'X-API-Key': init.key ?? this.emu.apiKey, ...(init.headers ?? {}) };
    return call(`${this.emu.baseUrl}${path}`, { ...init, headers });
  }

  control(path: string, init: { method?: string; body?: unknown } = {}): Promise<Call> {
    return call(`${this.emu.controlUrl}${path}`, init);
  }

  async ledger(type?: string): Promise<Record<string, unknown>[]> {
    const r = await this.control('/ledger');
    const entries = obj(r).entries as Record<string, unknown>[];
    return type === undefined ? entries : entries.filter((e) => e.type === type);
  }

  async balance(key?: string): Promise<Record<string, unknown>> {
    const r = await this.api('/billing/credits/balance', key === undefined ? {} : { key });
    if (r.status !== 200) throw new Error(`balance failed: ${r.status}`);
    return obj(r);
  }

  async newAccount(credits: number): Promise<{ accountId: string; apiKey: string }> {
    const r = await this.control('/accounts', { method: 'POST', body: { credits_millicredits: credits } });
    if (r.status !== 201) throw new Error(`account failed: ${r.status}`);
    return { accountId: obj(r).account_id as string, apiKey: obj(r).api_key as string };
  }

  async newKey(accountId: string, body: { budget_millicredits?: number; allowed_engines?: string[] }): Promise<string> {
    const r = await this.control(`/accounts/${accountId}/keys`, { method: 'POST', body });
    if (r.status !== 201) throw new Error(`key failed: ${r.status}`);
    return obj(r).api_key as string;
  }

  async fault(body: Record<string, unknown>): Promise<string> {
    const r = await this.control('/faults', { method: 'POST', body });
    if (r.status !== 201) throw new Error(`fault failed: ${r.status} ${JSON.stringify(r.body)}`);
    return obj(r).id as string;
  }
}

/** Registers before/after hooks for a fixture in the current describe block. */
export function useEmulator(): EmulatorFixture {
  const fx = new EmulatorFixture();
  before(() => fx.start());
  after(() => fx.stop());
  beforeEach(() => fx.reset());
  return fx;
}
