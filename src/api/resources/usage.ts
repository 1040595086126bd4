/** Usage (spec 2.7, 4.7; free, account-wide): file, character and token counts, processing time. Field names not shown. */
import type { RequestOptions, Requester } from '../requester.ts';
import { looseListSchema, UsageSchema, type LooseList } from '../schemas.ts';

const UsageListSchema = looseListSchema(UsageSchema, ['records', 'usage']);
export type UsageRecord = Record<string, unknown>;

export class Usage {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** GET /usage?limit= */
  list(opts: RequestOptions & { limit?: number } = {}): Promise<LooseList<UsageRecord>> {
    return this.#requester.requestJson({ method: 'GET', path: '/usage', query: { limit: opts.limit } }, UsageListSchema, opts);
  }

  /** GET /usage/summary */
  summary(opts: RequestOptions = {}): Promise<UsageRecord> {
    return this.#requester.requestJson({ method: 'GET', path: '/usage/summary' }, UsageSchema, opts);
  }
}
