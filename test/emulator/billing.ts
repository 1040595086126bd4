import { HttpError } from './errors.ts';
import { LOT_VALIDITY_MS } from './state.ts';
import type { Account, ApiKeyRecord, EmulatorState, LedgerEntry, LedgerType } from './state.ts';

/** Balances carry one decimal place in principle (spec 2.6); the emulator only produces integers. */
export const CREDIT_PRECISION = 1;

/** Moves lots past their expiry into `expired`. */
export function expireLots(account: Account, now: number): void {
  for (const lot of account.lots) {
    if (lot.expiresAt <= now && lot.remaining > 0) {
      account.expiredMillicredits += lot.remaining;
      lot.remaining = 0;
    }
  }
  account.lots = account.lots.filter((lot) => lot.expiresAt > now);
}

/** Usable millicredits after debt; negative while in debt. */
export function available(account: Account, now: number): number {
  expireLots(account, now);
  return account.lots.reduce((sum, lot) => sum + lot.remaining, 0) - account.debtMillicredits;
}

/** The key's remaining budget, or null when the key has none. */
export function keyRemaining(key: ApiKeyRecord): number | null {
  return key.budgetMillicredits === null ? null : key.budgetMillicredits - key.usedMillicredits;
}

/** A key whose budget is used up cannot start new work until it is raised (spec parts 5, 7, 8 rule 2). */
export function assertKeyBudgetLeft(key: ApiKeyRecord, what: string): void {
  const remaining = keyRemaining(key);
  if (remaining !== null && remaining <= 0) {
    throw new HttpError(429, 'key_budget_exhausted', `This API key's budget is used up; raise the budget to start new ${what}`);
  }
}

/**
 * Part 8 rule 1 for work that starts (document operations, media jobs, voices, file tools): "for a
 * key with a quota, the key's remaining quota must also be above the threshold. Otherwise 402".
 * A used-up key is 429 `key_budget_exhausted` first (spec 7, as at POST /jobs); then 402
 * `insufficient_credits` unless the remaining budget is strictly above the threshold. A key
 * without a budget passes.
 */
export function assertKeyAboveThreshold(key: ApiKeyRecord, threshold: number, what: string): void {
  assertKeyBudgetLeft(key, what);
  const remaining = keyRemaining(key);
  if (remaining !== null && !(remaining > threshold)) {
    throw new HttpError(
      402,
      'insufficient_credits',
      `This API key's remaining budget (${remaining} millicredits) is not above the start threshold of ${what} (${threshold} millicredits)`,
    );
  }
}

/**
 * Part 8 rule 1, both halves: the balance after debt and (for a key with a budget) the key's
 * remaining budget must be strictly above the threshold, else 402 `insufficient_credits`; a used-up
 * key is 429 first. Returns the balance at start.
 */
export function assertCanStart(account: Account, key: ApiKeyRecord, threshold: number, now: number, what: string): number {
  assertKeyBudgetLeft(key, what);
  const balance = available(account, now);
  if (!(balance > threshold)) {
    throw new HttpError(
      402,
      'insufficient_credits',
      `Available credits (${balance} millicredits) are not above the start threshold of ${what} (${threshold} millicredits)`,
    );
  }
  assertKeyAboveThreshold(key, threshold, what);
  return balance;
}

/**
 * Instant translation: 429 `key_budget_exhausted` when the key's budget is used up; 402 when the
 * balance after debt is not above the cost (part 8 rule 1: "above"). The key's remaining budget is
 * not compared with the cost: instant translation is settled by usage, "not limited by a request
 * cap or key quota" (rule 2), so a request may take the key past its budget, which then blocks the next.
 */
export function assertCanAfford(account: Account, key: ApiKeyRecord, cost: number, now: number): void {
  if (cost <= 0) return;
  assertKeyBudgetLeft(key, 'translations');
  const balance = available(account, now);
  if (!(balance > cost)) {
    throw new HttpError(402, 'insufficient_credits', `Available credits (${balance} millicredits) are not above the cost (${cost} millicredits)`);
  }
}

export interface ChargeInput {
  account: Account;
  key: ApiKeyRecord | null;
  amount: number;
  characters: number;
  endpoint: string | null;
  idempotencyKey: string | null;
  requestId: string | null;
  jobId?: string;
  operationId?: string;
  /** Pages billed, for receipts of work charged per page. */
  pages?: number;
  /** Another billing basis (minutes, images), for receipts. */
  basis?: { unit: 'minutes' | 'images' | 'pages'; quantity: number };
  type?: LedgerType;
}

/**
 * Deducts from the earliest-expiring lots; what the lots cannot cover becomes debt
 * (settlement may exceed the balance, spec part 8 rule 3). Callers check affordability first
 * where the spec requires it.
 */
export function charge(state: EmulatorState, now: number, input: ChargeInput): LedgerEntry {
  const { account, amount } = input;
  expireLots(account, now);
  let rest = amount;
  for (const lot of [...account.lots].sort((a, b) => a.expiresAt - b.expiresAt)) {
    if (rest <= 0) break;
    const take = Math.min(lot.remaining, rest);
    lot.remaining -= take;
    rest -= take;
  }
  account.debtMillicredits += rest;
  account.spentMillicredits += amount;
  if (input.key) input.key.usedMillicredits += amount;
  return record(state, now, { ...input, type: input.type ?? 'charge' });
}

/** Incoming credits (top-up, refund, grant) repay debt first; the rest becomes a new lot. */
export function credit(state: EmulatorState, now: number, input: Omit<ChargeInput, 'characters'> & { type: 'topup' | 'refund' | 'grant' }): LedgerEntry {
  const { account, amount } = input;
  const repay = Math.min(account.debtMillicredits, amount);
  account.debtMillicredits -= repay;
  const rest = amount - repay;
  if (rest > 0) {
    account.lots.push({ id: state.newId('lot'), amount: rest, remaining: rest, createdAt: now, expiresAt: now + LOT_VALIDITY_MS });
  }
  if (input.type === 'refund') {
    account.spentMillicredits -= amount;
    if (input.key) input.key.usedMillicredits = Math.max(0, input.key.usedMillicredits - amount);
  }
  return record(state, now, { ...input, characters: 0 });
}

function record(state: EmulatorState, now: number, input: ChargeInput & { type: LedgerType }): LedgerEntry {
  const entry: LedgerEntry = {
    id: state.newId('led'),
    at: new Date(now).toISOString(),
    account_id: input.account.id,
    key_id: input.key?.id ?? null,
    type: input.type,
    endpoint: input.endpoint,
    idempotency_key: input.idempotencyKey,
    amount_millicredits: input.amount,
    characters: input.characters,
    request_id: input.requestId,
  };
  if (input.jobId !== undefined) entry.job_id = input.jobId;
  if (input.operationId !== undefined) entry.operation_id = input.operationId;
  if (input.pages !== undefined) entry.pages = input.pages;
  if (input.basis !== undefined) entry.basis = input.basis;
  state.ledger.push(entry);
  return entry;
}

/** Appends a non-monetary ledger line (e.g. `idempotent_create`). */
export function note(state: EmulatorState, now: number, input: Omit<ChargeInput, 'amount' | 'characters'> & { type: LedgerType }): LedgerEntry {
  return record(state, now, { ...input, amount: 0, characters: 0 });
}

/** Spec 2.6 balance view. */
export function balanceView(state: EmulatorState, account: Account, now: number): Record<string, unknown> {
  const availableNow = available(account, now);
  const today = new Date(now).toISOString().slice(0, 10);
  let todayCharged = 0;
  for (const e of state.ledger) {
    if (e.account_id !== account.id || e.at.slice(0, 10) !== today) continue;
    if (e.type === 'charge' || e.type === 'settlement') todayCharged += e.amount_millicredits;
    else if (e.type === 'refund') todayCharged -= e.amount_millicredits;
  }
  return {
    available: availableNow,
    debt: account.debtMillicredits,
    spent: account.spentMillicredits,
    expired: account.expiredMillicredits,
    today_charged: todayCharged,
    lots: account.lots.map((lot) => ({
      id: lot.id,
      amount: lot.amount,
      remaining: lot.remaining,
      expires_at: new Date(lot.expiresAt).toISOString(),
    })),
    credit_precision: CREDIT_PRECISION,
  };
}
