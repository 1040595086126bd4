import type { EmulatorState, JobRecord, LedgerEntry } from './state.ts';

/**
 * Credit operations (receipts, spec 2.6 / 4.7) and usage records (spec 2.7), both projected from
 * the ledger and the jobs on every read, so they can never disagree with the balance.
 */

/** Job settlement rates (contracts.md: characters x 1000, PDF pages x 2000). */
const JOB_MILLICREDITS_PER_CHAR = 1000;
const JOB_MILLICREDITS_PER_PAGE = 2000;
const JOB_MINIMUM_MILLICREDITS = 2000;
/** The emulator's token estimate for usage: one token per 4 characters, rounded up. */
const CHARS_PER_TOKEN = 4;

export type OperationStatus = 'pending' | 'settled' | 'not_charged' | 'refunded';

export interface BillingBasis {
  unit: 'characters' | 'pages' | 'minutes' | 'images' | 'none';
  quantity: number;
  /** Millicredits per unit, when one rate applies. */
  rate_millicredits: number | null;
  /** Smallest amount charged whatever the quantity (file jobs: 2 credits). */
  minimum_millicredits: number | null;
}

export interface CreditOperation {
  operation_id: string;
  kind: 'translation_job' | 'instant_translation' | 'document_operation' | 'media_job' | 'voice' | 'file_tool' | 'charge' | 'refund';
  status: OperationStatus;
  billing_basis: BillingBasis;
  charged_millicredits: number;
  refunded_millicredits: number;
  created_at: string;
  settled_at: string | null;
  endpoint: string | null;
  job_id?: string;
}

export interface UsageRecord {
  id: string;
  kind: 'translation_job' | 'instant_translation';
  recorded_at: string;
  file_count: number;
  character_count: number;
  token_count: number;
  processing_duration_ms: number;
  job_id?: string;
  file_name?: string;
  endpoint?: string;
}

interface Sorted<T> {
  item: T;
  keyId: string | null;
  at: number;
  seq: number;
}

/** The part after the prefix: ids from `state.newId` share one counter, so suffixes never collide. */
function suffix(id: string): string {
  const i = id.indexOf('_');
  return i < 0 ? id : id.slice(i + 1);
}

/** Creation order from the id counter (`newId`: base-36 counter + 8 hex). */
function seqOf(id: string): number {
  const s = suffix(id);
  const n = parseInt(s.slice(0, -8), 36);
  return Number.isFinite(n) ? n : 0;
}

function newestFirst<T>(items: Sorted<T>[]): Sorted<T>[] {
  return items.sort((a, b) => b.at - a.at || b.seq - a.seq);
}

const isCharge = (e: LedgerEntry): boolean => e.type === 'charge' || e.type === 'settlement';
const sum = (entries: LedgerEntry[]): number => entries.reduce((n, e) => n + e.amount_millicredits, 0);

export function jobOperationId(jobId: string): string {
  return `cop_${suffix(jobId)}`;
}

function statusOf(charged: number, refunded: number, fallback: OperationStatus): OperationStatus {
  if (charged <= 0) return fallback;
  return refunded >= charged ? 'refunded' : 'settled';
}

function jobBasis(state: EmulatorState, job: JobRecord | undefined, charges: LedgerEntry[]): BillingBasis {
  const doc = job ? state.documents.get(job.document_id) : undefined;
  const charged = sum(charges);
  if (doc?.format === 'pdf') {
    const pages = charged > 0 ? Math.round(charged / JOB_MILLICREDITS_PER_PAGE) : Math.max(1, doc.pageCount ?? 1);
    return { unit: 'pages', quantity: pages, rate_millicredits: JOB_MILLICREDITS_PER_PAGE, minimum_millicredits: null };
  }
  const measured = charges.reduce((n, e) => n + e.characters, 0);
  return {
    unit: 'characters',
    quantity: measured > 0 ? measured : (doc?.charCount ?? 0),
    rate_millicredits: JOB_MILLICREDITS_PER_CHAR,
    minimum_millicredits: JOB_MINIMUM_MILLICREDITS,
  };
}

function jobOperation(state: EmulatorState, jobId: string, job: JobRecord | undefined, entries: LedgerEntry[]): CreditOperation {
  const charges = entries.filter(isCharge);
  const charged = sum(charges);
  const refunded = sum(entries.filter((e) => e.type === 'refund'));
  const ended = job === undefined || job.status === 'completed' || job.status === 'failed';
  // A completed job whose settlement is not recorded yet is still pending; failed jobs are never charged.
  const fallback: OperationStatus = ended && job?.status !== 'completed' ? 'not_charged' : 'pending';
  return {
    operation_id: jobOperationId(jobId),
    kind: 'translation_job',
    status: statusOf(charged, refunded, fallback),
    billing_basis: jobBasis(state, job, charges),
    charged_millicredits: charged,
    refunded_millicredits: refunded,
    created_at: job?.created_at ?? entries[0]?.at ?? '',
    settled_at: charges.at(-1)?.at ?? null,
    endpoint: '/jobs',
    job_id: jobId,
  };
}

function kindOf(endpoint: string | null): CreditOperation['kind'] {
  if (endpoint?.startsWith('/ai/')) return 'instant_translation';
  if (endpoint?.startsWith('/document-operations')) return 'document_operation';
  if (endpoint?.startsWith('/media-jobs')) return 'media_job';
  if (endpoint?.startsWith('/media-voices')) return 'voice';
  if (endpoint?.startsWith('/file-tools/')) return 'file_tool';
  return 'charge';
}

function entryOperation(id: string, entries: LedgerEntry[]): CreditOperation {
  const charges = entries.filter(isCharge);
  const charged = sum(charges);
  const refunded = sum(entries.filter((e) => e.type === 'refund'));
  const characters = charges.reduce((n, e) => n + e.characters, 0);
  const pages = charges.reduce((n, e) => n + (e.pages ?? 0), 0);
  const first = charges[0] ?? entries[0]!;
  const per = (quantity: number): number | null => (charged % quantity === 0 ? charged / quantity : null);
  const basis = first.basis;
  return {
    operation_id: id,
    kind: charges.length === 0 ? 'refund' : kindOf(first.endpoint),
    status: statusOf(charged, refunded, charges.length === 0 ? 'refunded' : 'settled'),
    billing_basis:
      basis !== undefined && basis.quantity > 0
        ? { unit: basis.unit, quantity: basis.quantity, rate_millicredits: per(basis.quantity), minimum_millicredits: null }
        : pages > 0
          ? { unit: 'pages', quantity: pages, rate_millicredits: per(pages), minimum_millicredits: null }
          : characters > 0
            ? { unit: 'characters', quantity: characters, rate_millicredits: per(characters), minimum_millicredits: null }
            : { unit: 'none', quantity: 0, rate_millicredits: null, minimum_millicredits: null },
    charged_millicredits: charged,
    refunded_millicredits: refunded,
    created_at: first.at,
    settled_at: charges.at(-1)?.at ?? null,
    endpoint: first.endpoint,
  };
}

/** Every credit operation of the account, newest first, with the key that started it. */
function operations(state: EmulatorState, accountId: string): Sorted<CreditOperation>[] {
  const byJob = new Map<string, LedgerEntry[]>();
  const byOperation = new Map<string, LedgerEntry[]>();
  for (const e of state.ledger) {
    if (e.account_id !== accountId || !(isCharge(e) || e.type === 'refund')) continue;
    const [map, id] = e.job_id !== undefined ? [byJob, e.job_id] : [byOperation, e.operation_id ?? `cop_${suffix(e.id)}`];
    const list = map.get(id) ?? [];
    list.push(e);
    map.set(id, list);
  }
  const out: Sorted<CreditOperation>[] = [];
  for (const job of state.jobs.values()) {
    if (job.accountId !== accountId) continue;
    const item = jobOperation(state, job.id, job, byJob.get(job.id) ?? []);
    out.push({ item, keyId: job.keyId, at: Date.parse(item.created_at), seq: seqOf(job.id) });
    byJob.delete(job.id);
  }
  // Ledger lines of jobs no longer in the state keep their receipts.
  for (const [jobId, entries] of byJob) {
    const item = jobOperation(state, jobId, undefined, entries);
    out.push({ item, keyId: entries[0]!.key_id, at: Date.parse(item.created_at), seq: seqOf(jobId) });
  }
  for (const [id, entries] of byOperation) {
    const item = entryOperation(id, entries);
    out.push({ item, keyId: entries[0]!.key_id, at: Date.parse(item.created_at), seq: seqOf(entries[0]!.id) });
  }
  return newestFirst(out);
}

/** Operations started by one key (spec part 5: credit operations are key-scoped). */
export function keyOperations(state: EmulatorState, accountId: string, keyId: string): CreditOperation[] {
  return operations(state, accountId)
    .filter((o) => o.keyId === keyId)
    .map((o) => o.item);
}

/** Any operation of the account, whichever key started it (control API refunds). */
export function findOperation(state: EmulatorState, accountId: string, operationId: string): { item: CreditOperation; keyId: string | null } | undefined {
  return operations(state, accountId).find((o) => o.item.operation_id === operationId);
}

export function jobReceipt(state: EmulatorState, accountId: string, jobId: string): CreditOperation | undefined {
  return operations(state, accountId).find((o) => o.item.job_id === jobId)?.item;
}

export function usageRecords(state: EmulatorState, accountId: string): UsageRecord[] {
  const out: Sorted<UsageRecord>[] = [];
  const settled = new Map<string, number>();
  for (const e of state.ledger) {
    if (e.account_id !== accountId) continue;
    if (e.job_id !== undefined && isCharge(e)) settled.set(e.job_id, (settled.get(e.job_id) ?? 0) + e.characters);
    if (e.type === 'charge' && e.job_id === undefined && e.endpoint?.startsWith('/ai/')) {
      const item: UsageRecord = {
        id: `use_${suffix(e.id)}`,
        kind: 'instant_translation',
        recorded_at: e.at,
        file_count: 0,
        character_count: e.characters,
        token_count: Math.ceil(e.characters / CHARS_PER_TOKEN),
        processing_duration_ms: 0,
        endpoint: e.endpoint,
      };
      out.push({ item, keyId: e.key_id, at: Date.parse(e.at), seq: seqOf(e.id) });
    }
  }
  for (const job of state.jobs.values()) {
    if (job.accountId !== accountId || job.status !== 'completed') continue;
    const doc = state.documents.get(job.document_id);
    const chars = settled.get(job.id) || doc?.charCount || 0;
    const recordedAt = job.endedAt !== null ? new Date(job.endedAt).toISOString() : job.updated_at;
    const item: UsageRecord = {
      id: `use_${suffix(job.id)}`,
      kind: 'translation_job',
      recorded_at: recordedAt,
      file_count: 1,
      character_count: chars,
      token_count: Math.ceil(chars / CHARS_PER_TOKEN),
      processing_duration_ms: job.startedAt !== null && job.endedAt !== null ? Math.max(0, job.endedAt - job.startedAt) : 0,
      job_id: job.id,
      file_name: doc?.basename ?? '',
    };
    out.push({ item, keyId: job.keyId, at: Date.parse(recordedAt), seq: seqOf(job.id) });
  }
  return newestFirst(out).map((o) => o.item);
}

export function usageSummary(records: UsageRecord[]): Record<string, unknown> {
  const total = (pick: (r: UsageRecord) => number): number => records.reduce((n, r) => n + pick(r), 0);
  return {
    file_count: total((r) => r.file_count),
    character_count: total((r) => r.character_count),
    token_count: total((r) => r.token_count),
    processing_duration_ms: total((r) => r.processing_duration_ms),
    record_count: records.length,
    first_recorded_at: records.at(-1)?.recorded_at ?? null,
    last_recorded_at: records[0]?.recorded_at ?? null,
  };
}
