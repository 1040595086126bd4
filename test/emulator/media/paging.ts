import { validationError } from '../errors.ts';
import type { FieldError } from '../errors.ts';
import type { RequestContext } from '../router.ts';
import { HttpError } from '../errors.ts';
import { idempotencyKeyOf } from '../idempotency.ts';

export const MEDIA_LIST_DEFAULT_LIMIT = 20;
export const MEDIA_LIST_MAX_LIMIT = 100;

/** `limit` 1-100 (default 20) and `offset` >= 0; the spec 2.8 envelope. */
export function mediaPage<T>(ctx: RequestContext, all: T[]): { items: T[]; has_more: boolean; next_offset: number } {
  const errors: FieldError[] = [];
  const read = (name: string, min: number, max: number, fallback: number): number => {
    const raw = ctx.query.get(name);
    if (raw === null) return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= min && n <= max)) errors.push({ field: name, message: `must be an integer from ${min} to ${max}` });
    return n;
  };
  const limit = read('limit', 1, MEDIA_LIST_MAX_LIMIT, MEDIA_LIST_DEFAULT_LIMIT);
  const offset = read('offset', 0, Number.MAX_SAFE_INTEGER, 0);
  if (errors.length > 0) throw validationError(errors);
  const items = all.slice(offset, offset + limit);
  return { items, has_more: offset + items.length < all.length, next_offset: offset + items.length };
}

/** Spec 4.1: POST /media-jobs and voice creation require an Idempotency-Key (400 when absent). */
export function requireIdempotencyKey(ctx: RequestContext): void {
  if (idempotencyKeyOf(ctx) === undefined) {
    throw new HttpError(400, 'idempotency_key_required', 'This request requires an Idempotency-Key header', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }
}
