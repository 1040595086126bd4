import type { EmulatorApp } from '../app.ts';
import { available, charge, keyRemaining } from '../billing.ts';
import type { DocumentRecord, JobRecord } from '../state.ts';

/** Spec part 8: PDF pages x 2 credits; other files 1 credit per source character, at least 2 credits. */
export const PDF_PAGE_MILLICREDITS = 2000;
export const CHAR_MILLICREDITS = 1000;
export const MIN_JOB_MILLICREDITS = 2000;

export interface JobUsage {
  millicredits: number;
  characters: number;
  pages: number | null;
}

/**
 * The start threshold and, computed on the same document, the settled amount: the emulator's
 * "actual usage" of a job is its document's source characters (or PDF pages), so a job settles
 * exactly at its threshold. Debt arises when several jobs pass the start check against the same
 * balance and then all settle.
 */
export function jobUsage(doc: DocumentRecord): JobUsage {
  if (doc.format === 'pdf') {
    const pages = Math.max(1, doc.pageCount ?? 1);
    return { millicredits: pages * PDF_PAGE_MILLICREDITS, characters: doc.charCount, pages };
  }
  return { millicredits: Math.max(MIN_JOB_MILLICREDITS, doc.charCount * CHAR_MILLICREDITS), characters: doc.charCount, pages: null };
}

export type StartCheck = { ok: true } | { ok: false; reason: string };

/**
 * Spec part 3 and 8 rule 1: the balance after debt, and the key's remaining budget when it has one,
 * must be strictly above the threshold. Starting changes nothing.
 */
export function startCheck(app: EmulatorApp, job: JobRecord): StartCheck {
  const account = app.state.accounts.get(job.accountId);
  if (!account) return { ok: false, reason: 'Insufficient credits: the account no longer exists' };
  const threshold = job.thresholdMillicredits;
  const balance = available(account, app.clock.now());
  if (!(balance > threshold)) {
    return { ok: false, reason: `Insufficient credits: available ${balance} millicredits is not above the job threshold of ${threshold} millicredits` };
  }
  const key = app.state.keys.get(job.keyId);
  const remaining = key ? keyRemaining(key) : null;
  if (remaining !== null && !(remaining > threshold)) {
    return { ok: false, reason: `Key budget exhausted: remaining ${remaining} millicredits is not above the job threshold of ${threshold} millicredits` };
  }
  return { ok: true };
}

/**
 * Spec part 8 rules 2 and 3: charged in full on completion, whatever the balance, request cap or key
 * budget; what the lots cannot cover becomes debt. One ledger line of type `settlement`.
 */
export function settle(app: EmulatorApp, job: JobRecord, doc: DocumentRecord | undefined): number {
  const account = app.state.accounts.get(job.accountId);
  if (!account) return 0;
  const usage = doc ? jobUsage(doc) : { millicredits: job.thresholdMillicredits, characters: 0 };
  charge(app.state, app.clock.now(), {
    type: 'settlement',
    account,
    key: app.state.keys.get(job.keyId) ?? null,
    amount: usage.millicredits,
    characters: usage.characters,
    endpoint: '/jobs',
    idempotencyKey: job.idempotencyKey,
    requestId: null,
    jobId: job.id,
  });
  job.chargedMillicredits = usage.millicredits;
  return usage.millicredits;
}
