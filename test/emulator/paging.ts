// `offset`/`limit` paging into the envelope of spec 2.8 (`items`, `has_more`, `next_offset`), one
// rule for every list the emulator pages. The spec shows no defaults or maximums: each list passes
// its own (documented in the README).
import { validationError } from './errors.ts';
import type { RequestContext } from './router.ts';
import { Fields, queryInteger } from './validation.ts';

export interface PageRules {
  defaultLimit: number;
  maxLimit: number;
  /** A `limit` over the maximum is refused (422, the default) or clamped to it. */
  overMax?: 'refuse' | 'clamp';
}

export function page<T>(ctx: RequestContext, all: readonly T[], rules: PageRules): { items: T[]; has_more: boolean; next_offset: number } {
  const fields = new Fields({});
  const ceiling = rules.overMax === 'clamp' ? Number.MAX_SAFE_INTEGER : rules.maxLimit;
  const limit = Math.min(queryInteger(ctx.query, fields, 'limit', rules.defaultLimit, 1, ceiling), rules.maxLimit);
  const offset = queryInteger(ctx.query, fields, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  if (fields.errors.length > 0) throw validationError(fields.errors);
  const items = all.slice(offset, offset + limit);
  return { items, has_more: offset + items.length < all.length, next_offset: offset + items.length };
}
