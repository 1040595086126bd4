// Paging back through the service's job list (spec 4.3 `GET /jobs?limit&before`). Pure (no vscode import).

/** Paging back through the job list: whether the service has older jobs and the `before` that lists them. */
export interface JobsPaging {
  hasMore: boolean;
  before: string | undefined;
}

/**
 * How a listed page goes on (the envelope of the job list is not shown in the spec): `has_more`
 * when the service says it, else a full page means there may be more; `next_before` when given,
 * else the oldest `created_at` on the page. A page that would not move the cursor back ends paging.
 */
export function pagingOf(list: { items: readonly { created_at: string }[] } & Record<string, unknown>, limit: number, previous?: string): JobsPaging {
  const oldest = list.items.reduce<string | undefined>((min, j) => (min === undefined || j.created_at < min ? j.created_at : min), undefined);
  const next = typeof list['next_before'] === 'string' && list['next_before'] !== '' ? list['next_before'] : oldest;
  const said = list['has_more'];
  const hasMore = (typeof said === 'boolean' ? said : list.items.length >= limit) && next !== undefined && next !== previous;
  return { hasMore, before: next };
}
