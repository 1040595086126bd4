import { Rng } from './random.ts';
import type { FaultSpec } from './faults.ts';

/** Default account credits (contracts.md): effectively unlimited for ordinary tests. */
export const DEFAULT_ACCOUNT_MILLICREDITS = 1_000_000_000;
export const LOT_VALIDITY_MS = 365 * 24 * 3600 * 1000;

export interface CreditLot {
  id: string;
  amount: number;
  remaining: number;
  createdAt: number;
  expiresAt: number;
}

export interface Account {
  id: string;
  createdAt: number;
  lots: CreditLot[];
  debtMillicredits: number;
  spentMillicredits: number;
  expiredMillicredits: number;
}

export interface ApiKeyRecord {
  id: string;
  /** The `sk_...` value; never logged or returned except at creation. */
  secret: string;
  accountId: string;
  /** null = no key budget. */
  budgetMillicredits: number | null;
  usedMillicredits: number;
  /** null = every available engine. */
  allowedEngines: string[] | null;
  createdAt: number;
}

export type LedgerType = 'charge' | 'idempotent_create' | 'refund' | 'topup' | 'settlement' | 'grant';

export interface LedgerEntry {
  id: string;
  at: string;
  account_id: string;
  key_id: string | null;
  type: LedgerType;
  endpoint: string | null;
  idempotency_key: string | null;
  amount_millicredits: number;
  characters: number;
  request_id: string | null;
  job_id?: string;
  operation_id?: string;
  /** Pages billed (document operations charged per page). */
  pages?: number;
  /** The billing basis of a charge whose unit is neither characters nor pages (voices: minutes; image tools: images). */
  basis?: { unit: 'minutes' | 'images' | 'pages'; quantity: number };
}

export interface StoredReply {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface IdempotencyRecord {
  /** Credential scope: the key id that created it. */
  keyId: string;
  accountId: string;
  idempotencyKey: string;
  /** Method and path the key was first used on. */
  endpoint: string;
  fingerprint: string;
  createdAt: number;
  /** Set while the first request is still running; replays wait for it. */
  pending?: Promise<void>;
  reply?: StoredReply;
  /** The created resource (e.g. job id), so a replay can answer 410 when it was deleted. */
  resourceId?: string;
}

/** A confirmed upload (spec 2.2) plus what the emulator needs to translate it. */
export interface DocumentRecord {
  id: string;
  accountId: string;
  keyId: string;
  basename: string;
  /** Lower-case extension without dot ("md", "pdf"); decides the format. */
  format: string;
  file_size: number;
  mime_type: string;
  created_at: string;
  updated_at: string;
  /** Bytes live on disk under state.dataDir, not in memory (files may be hundreds of MB). */
  storagePath: string;
  charCount: number;
  pageCount: number | null;
  deleted: boolean;
}

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type JobStage = 'queued' | 'accepted' | 'preflight' | 'translating' | 'writing_artifacts' | 'finalizing' | 'completed' | 'failed';

/** Translation job (spec 2.3); snake_case fields are the wire fields. */
export interface JobRecord {
  id: string;
  accountId: string;
  keyId: string;
  document_id: string;
  source_lang: string | null;
  target_lang: string;
  engine: string;
  output_mode: 'single' | 'bilingual';
  glossary_id: string | null;
  include_images: boolean;
  context_translation: boolean;
  style_preset: string | null;
  max_credit_millicredits: number | null;
  status: JobStatus;
  stage: JobStage;
  stage_progress: number;
  stage_message: string;
  time_cost: number;
  error_msg: string | null;
  quota_exceeded: boolean;
  queue_position: number | null;
  created_at: string;
  updated_at: string;
  idempotencyKey: string | null;
  startedAt: number | null;
  endedAt: number | null;
  thresholdMillicredits: number;
  chargedMillicredits: number;
  deleted: boolean;
}

/** Result file of a job (spec 2.4: id and format shown; the rest is the emulator's choice). */
export interface ArtifactRecord {
  id: string;
  accountId: string;
  job_id: string;
  format: string;
  filename: string;
  mime_type: string;
  size: number;
  etag: string;
  created_at: string;
  storagePath: string;
}

export interface WebhookRecord {
  id: string;
  accountId: string;
  url: string;
  secret: string | null;
  events: string[];
  description: string;
  status: 'active' | 'disabled';
  last_triggered_at: string | null;
  last_status_code: number | null;
  consecutive_failures: number;
  created_at: string;
}

export interface SseTicketRecord {
  ticket: string;
  jobId: string;
  accountId: string;
  expiresAt: number;
  used: boolean;
}

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  idempotency_key: string | null;
  auth: 'x-api-key' | 'bearer' | 'none' | 'both';
  status: number;
  request_id: string;
  /** Id of the fault that answered instead of the route, if any. */
  fault: string | null;
}

export interface CredentialLogEntry {
  at: string;
  method: string;
  path: string;
  headers: string[];
}

export interface EmulatorSettings {
  sse_enabled: boolean;
  job_speed: number;
  sse_max_duration_ms: number;
  sse_heartbeat_ms: number;
  /** No job event for this long: `timeout` (reason `idle`) and close (spec 6.1; the value is the emulator's). */
  sse_idle_timeout_ms: number;
}

/**
 * All mutable emulator state. `reset()` replaces it wholesale; modules that need more
 * state than the typed maps keep it in `ext()` so it is reset too.
 */
export class EmulatorState {
  rng: Rng;
  private counter = 0;
  readonly accounts = new Map<string, Account>();
  /** By key id. */
  readonly keys = new Map<string, ApiKeyRecord>();
  /** Key secret to key id. */
  readonly keysBySecret = new Map<string, string>();
  readonly ledger: LedgerEntry[] = [];
  /** By `${keyId}\n${idempotencyKey}`. */
  readonly idempotency = new Map<string, IdempotencyRecord>();
  readonly documents = new Map<string, DocumentRecord>();
  readonly jobs = new Map<string, JobRecord>();
  readonly artifacts = new Map<string, ArtifactRecord>();
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly sseTickets = new Map<string, SseTicketRecord>();
  readonly faults: FaultSpec[] = [];
  readonly requests: RequestLogEntry[] = [];
  readonly storageCredentialLog: CredentialLogEntry[] = [];
  busyMs = 0;
  defaultAccountId = '';
  defaultApiKey = '';
  readonly settings: EmulatorSettings;
  private readonly extensions = new Map<string, unknown>();

  constructor(
    seed: number,
    jobSpeed: number,
    readonly dataDir: string,
  ) {
    this.rng = new Rng(seed);
    this.settings = { sse_enabled: true, job_speed: jobSpeed, sse_max_duration_ms: 300_000, sse_heartbeat_ms: 15_000, sse_idle_timeout_ms: 120_000 };
  }

  /** Prefixed ids: a running counter keeps them ordered, the seeded suffix keeps them unguessable-looking. */
  newId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${this.counter.toString(36).padStart(4, '0')}${this.rng.hex(8)}`;
  }

  /** Per-module state that is discarded on reset. */
  ext<T>(name: string, init: () => T): T {
    if (!this.extensions.has(name)) this.extensions.set(name, init());
    return this.extensions.get(name) as T;
  }

  createAccount(credits: number, now: number): Account {
    const account: Account = {
      id: this.newId('acct'),
      createdAt: now,
      lots: [],
      debtMillicredits: 0,
      spentMillicredits: 0,
      expiredMillicredits: 0,
    };
    if (credits > 0) {
      account.lots.push({ id: this.newId('lot'), amount: credits, remaining: credits, createdAt: now, expiresAt: now + LOT_VALIDITY_MS });
    }
    this.accounts.set(account.id, account);
    return account;
  }

  createKey(accountId: string, now: number, opts: { budget?: number | null; allowedEngines?: string[] | null } = {}): ApiKeyRecord {
    const key: ApiKeyRecord = {
      id: this.newId('key'),
      secret: `sk_test_${this.rng.hex(40)}`,
      accountId,
      budgetMillicredits: opts.budget ?? null,
      usedMillicredits: 0,
      allowedEngines: opts.allowedEngines ?? null,
      createdAt: now,
    };
    this.keys.set(key.id, key);
    this.keysBySecret.set(key.secret, key.id);
    return key;
  }

  keyBySecret(secret: string): ApiKeyRecord | undefined {
    const id = this.keysBySecret.get(secret);
    return id === undefined ? undefined : this.keys.get(id);
  }
}
