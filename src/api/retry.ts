/**
 * The retry decision, as one pure function of its inputs (clock and randomness are passed in).
 *
 * Retried: connection failures, timeouts, 5xx and 429. Never retried: aborts, other 4xx (among
 * them 409 idempotency_request_conflict), a 429 `key_budget_exhausted` (waiting does not raise a
 * key's budget), and any POST/PATCH without an Idempotency-Key, because
 * the service may already have acted on it. Waits honour Retry-After (seconds or HTTP date) up to
 * a cap; a server asking for longer than the cap gets no retry, so the caller never comes back
 * earlier than asked. Otherwise exponential backoff with full jitter: random in [0, base x 2^n],
 * capped.
 */
import { DocTranslateError } from './error-classes.ts';
import { parseHttpDate } from './http-date.ts';

export const RETRY_DEFAULTS = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  retryAfterCapMs: 60_000,
} as const;

export interface RetryInput {
  /** 0-based index of the attempt that just failed. */
  attempt: number;
  maxRetries: number;
  method: string;
  hasIdempotencyKey: boolean;
  /** The failure: a client error (status and code are read from it) or anything else. */
  error?: unknown;
  /** HTTP status of the failed response, when no error object is at hand. */
  status?: number;
  /** Raw Retry-After value; when omitted, the one recorded on `error` is used. */
  retryAfterHeader?: string | null;
  now: number;
  /** Uniform in [0, 1). */
  random: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  retryAfterCapMs?: number;
}

export type RetryReason = 'retryable' | 'attempts_exhausted' | 'not_retryable' | 'unsafe_method' | 'retry_after_exceeds_cap';

export interface RetryDecision {
  retry: boolean;
  delayMs: number;
  reason: RetryReason;
}

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH']);
const TRANSPORT_CODES: ReadonlySet<string> = new Set(['connection_failed', 'timeout']);

/** Whether the failure itself is transient (independent of method and attempt count). */
export function isRetryableFailure(error: unknown, status?: number): boolean {
  const code = error instanceof DocTranslateError ? error.code : undefined;
  if (code === 'aborted' || code === 'idempotency_request_conflict' || code === 'key_budget_exhausted') return false;
  if (code !== undefined && TRANSPORT_CODES.has(code)) return true;
  const effective = status ?? (error instanceof DocTranslateError ? error.status : undefined);
  if (effective === undefined) return false;
  return effective === 429 || (effective >= 500 && effective <= 599);
}

/**
 * Parses Retry-After: delta-seconds or an HTTP-date in any of its three forms, read as GMT
 * (http-date.ts). Returns milliseconds to wait (>= 0), or undefined when absent or malformed.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  const at = parseHttpDate(trimmed, now);
  return at === undefined ? undefined : Math.max(0, at - now);
}

/** Full-jitter exponential backoff: uniform in [0, min(maxDelay, base x 2^attempt)]. */
export function backoffDelay(attempt: number, random: () => number, baseDelayMs: number, maxDelayMs: number): number {
  const exponent = Math.min(Math.max(attempt, 0), 30);
  const ceiling = Math.min(Math.max(maxDelayMs, 0), Math.max(baseDelayMs, 0) * 2 ** exponent);
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 1) : 0;
  return Math.floor(unit * ceiling);
}

export function decideRetry(input: RetryInput): RetryDecision {
  const baseDelayMs = input.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const maxDelayMs = input.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const retryAfterCapMs = input.retryAfterCapMs ?? RETRY_DEFAULTS.retryAfterCapMs;
  const no = (reason: RetryReason): RetryDecision => ({ retry: false, delayMs: 0, reason });

  if (!isRetryableFailure(input.error, input.status)) return no('not_retryable');
  if (UNSAFE_METHODS.has(input.method.toUpperCase()) && !input.hasIdempotencyKey) return no('unsafe_method');
  if (input.attempt >= input.maxRetries) return no('attempts_exhausted');

  const header = input.retryAfterHeader ?? (input.error instanceof DocTranslateError ? input.error.retryAfter : undefined);
  const retryAfterMs = parseRetryAfter(header, input.now);
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > retryAfterCapMs) return no('retry_after_exceeds_cap');
    return { retry: true, delayMs: retryAfterMs, reason: 'retryable' };
  }
  return { retry: true, delayMs: backoffDelay(input.attempt, input.random, baseDelayMs, maxDelayMs), reason: 'retryable' };
}
