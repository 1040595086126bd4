/** Drives the emulator's control API (`/_emulator`) from client tests. */
import { startEmulator, type RunningEmulator } from '../../../emulator/index.ts';

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

export class EmulatorControl {
  constructor(readonly emu: RunningEmulator) {}

  static async start(): Promise<EmulatorControl> {
    return new EmulatorControl(await startEmulator({ port: 0, seed: 7 }));
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
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
    return this.call('POST', '/reset');
  }

  createAccount(credits: number): Promise<{ account_id: string; api_key: string }> {
    return this.call('POST', '/accounts', { credits_millicredits: credits });
  }

  createKey(accountId: string, opts: { budget_millicredits?: number; allowed_engines?: string[] }): Promise<{ api_key: string }> {
    return this.call('POST', `/accounts/${accountId}/keys`, opts);
  }

  addFault(spec: FaultSpec): Promise<{ id: string }> {
    return this.call('POST', '/faults', spec);
  }

  async ledger(): Promise<LedgerEntry[]> {
    return (await this.call<{ entries: LedgerEntry[] }>('GET', '/ledger')).entries;
  }

  async charges(): Promise<LedgerEntry[]> {
    return (await this.ledger()).filter((e) => e.type === 'charge');
  }

  async requests(pathPrefix = '/api/v1/'): Promise<LoggedRequest[]> {
    const q = new URLSearchParams({ path_prefix: pathPrefix });
    return (await this.call<{ requests: LoggedRequest[] }>('GET', `/requests?${q.toString()}`)).requests;
  }

  close(): Promise<void> {
    return this.emu.close();
  }
}
