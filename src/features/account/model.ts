// What the Account view shows, built from the service's loose records (spec 2.6, 2.7, 2.9: field
// names of operations, usage and webhooks are "not shown", so every field is read defensively and
// a missing one shows as a dash). Pure: no vscode import.
import type { Balance } from '../../api/index.ts';
import * as l10n from '../../platform/l10n.ts';

export interface Lot {
  remaining: number;
  expiresAt: string | undefined;
}

export interface BalanceView {
  available: number;
  debt: number;
  spent: number;
  expired: number;
  todayCharged: number;
  precision: number;
  lots: Lot[];
}

export interface KeyBudget {
  budget: number;
  used: number;
  remaining: number;
}

export interface UsageDay {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  characters: number;
  files: number;
  requests: number;
}

export interface UsageTotals {
  files: number | undefined;
  characters: number | undefined;
  tokens: number | undefined;
  processingMs: number | undefined;
}

export interface OperationRow {
  id: string;
  kind: string;
  status: string;
  charged: number | undefined;
  refunded: number | undefined;
  createdAt: string | undefined;
  jobId: string | undefined;
  /** What it was for, as far as the service says: a file name, else the endpoint (e.g. "POST /jobs"). */
  subject: string | undefined;
}

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  /**
   * The spec shows the states (active; disabled after 10 consecutive failed deliveries, or by a
   * PATCH) but no field for them: disabled when the failure count reaches 10, or when the record
   * says so under a likely name (`active: false`, `status`/`state` "disabled"); active when the
   * record says so, or when it lists a failure count below 10; unknown otherwise.
   */
  state: 'active' | 'disabled' | 'unknown';
  /** state === 'disabled' */
  disabled: boolean;
  hasSecret: boolean | undefined;
  lastTriggeredAt: string | undefined;
  lastStatusCode: number | undefined;
  consecutiveFailures: number | undefined;
  /** Fields of the service's record not read above, kept as listed (shown, never interpreted). */
  other: Record<string, unknown>;
}

/** Spec parts 3, 6.2 and 8: a webhook is disabled after 10 consecutive failed deliveries. */
export const WEBHOOK_FAILURE_LIMIT = 10;

const READ_WEBHOOK_FIELDS = new Set([
  'id',
  'url',
  'events',
  'description',
  'has_secret',
  'last_triggered_at',
  'last_trigger_time',
  'last_status_code',
  'status_code',
  'consecutive_failures',
  'failure_count',
]);

export interface AccountModel {
  balance: BalanceView | undefined;
  keyBudget: KeyBudget | undefined;
  usage: UsageDay[];
  totals: UsageTotals | undefined;
  operations: OperationRow[];
  webhooks: WebhookRow[];
  /** Parts that could not be read, with a message safe to show. */
  problems: string[];
  updatedAt: string;
}

/** The spec's limit of webhooks per user (part 8). */
export const WEBHOOK_LIMIT = 3;

type Loose = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const first = (r: Loose, ...keys: string[]): unknown => keys.map((k) => r[k]).find((v) => v !== undefined && v !== null);

export function balanceView(b: Balance): BalanceView {
  const lots = b.lots.flatMap((l): Lot[] => {
    if (typeof l !== 'object' || l === null) return [];
    const r = l as Loose;
    const remaining = num(first(r, 'remaining', 'remaining_millicredits', 'amount'));
    return remaining === undefined ? [] : [{ remaining, expiresAt: str(first(r, 'expires_at', 'expiry', 'expires')) }];
  });
  return {
    available: b.available,
    debt: b.debt,
    spent: b.spent,
    expired: b.expired,
    todayCharged: b.today_charged,
    precision: b.credit_precision,
    lots,
  };
}

/** The calling key's budget when the balance answer carries one (the emulator's `key_budget`). */
export function keyBudgetOf(b: Balance): KeyBudget | undefined {
  const raw = (b as Loose)['key_budget'];
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Loose;
  const budget = num(first(r, 'budget_millicredits', 'budget'));
  const used = num(first(r, 'used_millicredits', 'used'));
  if (budget === undefined || used === undefined) return undefined;
  return { budget, used, remaining: num(first(r, 'remaining_millicredits', 'remaining')) ?? budget - used };
}

function dayOf(value: unknown): string | undefined {
  const s = str(value);
  if (s === undefined) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
}

/** Usage records summed by UTC day, oldest first, with empty days filled in between. */
export function usageByDay(records: readonly Loose[]): UsageDay[] {
  const days = new Map<string, UsageDay>();
  for (const r of records) {
    const day = dayOf(first(r, 'recorded_at', 'created_at', 'date', 'day'));
    if (day === undefined) continue;
    const d = days.get(day) ?? { day, characters: 0, files: 0, requests: 0 };
    d.characters += num(first(r, 'character_count', 'characters')) ?? 0;
    d.files += num(first(r, 'file_count', 'files')) ?? 0;
    d.requests += 1;
    days.set(day, d);
  }
  const sorted = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
  const filled: UsageDay[] = [];
  for (const d of sorted) {
    const prev = filled.at(-1);
    if (prev !== undefined) {
      for (let t = Date.parse(prev.day) + 86_400_000; t < Date.parse(d.day) && filled.length < 400; t += 86_400_000) {
        filled.push({ day: new Date(t).toISOString().slice(0, 10), characters: 0, files: 0, requests: 0 });
      }
    }
    filled.push(d);
  }
  return filled;
}

export function usageTotals(r: Loose): UsageTotals {
  return {
    files: num(first(r, 'file_count', 'files')),
    characters: num(first(r, 'character_count', 'characters')),
    tokens: num(first(r, 'token_count', 'tokens')),
    processingMs: num(first(r, 'processing_duration_ms')) ?? ((s) => (s === undefined ? undefined : s * 1000))(num(first(r, 'processing_seconds'))),
  };
}

export function operationRow(r: Loose): OperationRow | undefined {
  const id = str(first(r, 'operation_id', 'id'));
  if (id === undefined) return undefined;
  return {
    id,
    kind: str(first(r, 'kind', 'type')) ?? 'operation',
    status: str(r['status']) ?? 'unknown',
    charged: num(first(r, 'charged_millicredits', 'charged')),
    refunded: num(first(r, 'refunded_millicredits', 'refunded')),
    createdAt: str(first(r, 'created_at', 'settled_at')),
    jobId: str(r['job_id']),
    subject: str(first(r, 'file_name', 'filename', 'document_name', 'basename', 'description')) ?? str(r['endpoint']),
  };
}

export function webhookRow(r: Loose): WebhookRow | undefined {
  const id = str(r['id']);
  if (id === undefined) return undefined;
  const failures = num(first(r, 'consecutive_failures', 'failure_count'));
  const listed = listedState(r);
  const state =
    (failures !== undefined && failures >= WEBHOOK_FAILURE_LIMIT) || listed === 'disabled'
      ? 'disabled'
      : (listed ?? (failures !== undefined ? 'active' : 'unknown'));
  const events = Array.isArray(r['events']) ? r['events'].filter((e): e is string => typeof e === 'string') : [];
  return {
    id,
    url: str(r['url']) ?? '',
    events,
    description: typeof r['description'] === 'string' ? r['description'] : '',
    state,
    disabled: state === 'disabled',
    hasSecret: typeof r['has_secret'] === 'boolean' ? r['has_secret'] : undefined,
    lastTriggeredAt: str(first(r, 'last_triggered_at', 'last_trigger_time')),
    lastStatusCode: num(first(r, 'last_status_code', 'status_code')),
    consecutiveFailures: failures,
    other: Object.fromEntries(Object.entries(r).filter(([k]) => !READ_WEBHOOK_FIELDS.has(k))),
  };
}

/** What the record says of its state under a likely name (the spec names none), if anything. */
function listedState(r: Loose): 'active' | 'disabled' | undefined {
  for (const key of ['active', 'enabled']) if (typeof r[key] === 'boolean') return r[key] ? 'active' : 'disabled';
  for (const key of ['status', 'state']) {
    const v = str(r[key])?.toLowerCase();
    if (v === 'active' || v === 'enabled') return 'active';
    if (v === 'disabled' || v === 'inactive' || v === 'paused') return 'disabled';
  }
  return undefined;
}

/** Credits with the balance's precision, e.g. 1234567 -> "1,234.567". */
export function credits(millicredits: number | undefined): string {
  if (millicredits === undefined) return '—';
  return (millicredits / 1000).toLocaleString('en-US', { maximumFractionDigits: 4 });
}

/** An ISO time as "2026-11-23 14:05 UTC" (readable and unambiguous). */
export function when(iso: string | undefined): string {
  if (iso === undefined) return '—';
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : l10n.t('{0} UTC', new Date(t).toISOString().slice(0, 16).replace('T', ' '));
}

/** What the Add button says before a 4th webhook is tried. */
export function webhookLimitNote(count: number): string | undefined {
  if (count < WEBHOOK_LIMIT) return undefined;
  return l10n.t('The service allows at most {0} webhooks per user, disabled ones included. Delete one to add another.', WEBHOOK_LIMIT);
}

/** Why an address cannot be a webhook URL, or undefined when it can. */
export function webhookUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return l10n.t('Enter an absolute address, e.g. https://hooks.example.com/doc-translate.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return l10n.t('The address must start with https:// (recommended) or http://.');
  if (url.username !== '' || url.password !== '') return l10n.t('Leave credentials out of the address; sign deliveries with a secret instead.');
  return undefined;
}
