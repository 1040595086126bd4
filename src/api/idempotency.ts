/**
 * Idempotency keys (spec 4.1): 1-128 visible ASCII characters. One key per logical create,
 * generated once and sent unchanged on every retry of that create; a new operation gets a new key.
 */
import { randomUUID } from 'node:crypto';
import { invalidRequest } from './error-classes.ts';

export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export function generateIdempotencyKey(): string {
  return `dt-${randomUUID()}`;
}

export function isValidIdempotencyKey(key: unknown): key is string {
  return typeof key === 'string' && key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && VISIBLE_ASCII.test(key);
}

/** The caller's key after validation, or a fresh one. Throws ValidationError before any request. */
export function resolveIdempotencyKey(supplied: string | undefined): string {
  if (supplied === undefined) return generateIdempotencyKey();
  if (!isValidIdempotencyKey(supplied)) {
    throw invalidRequest(
      'The idempotency key must be 1-128 visible ASCII characters.',
      [{ field: 'idempotencyKey', message: 'must be 1-128 visible ASCII characters' }],
      'invalid_idempotency_key',
    );
  }
  return supplied;
}
