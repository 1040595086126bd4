/** Billing (spec 4.7; all free). Issue-4 additions (receipts, operations, usage) belong here. */
import type { RequestOptions, Requester } from '../requester.ts';
import { BalanceSchema, type Balance } from '../schemas.ts';

export class Billing {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** GET /billing/credits/balance: a free call, also usable to verify a key. */
  async balance(opts: RequestOptions = {}): Promise<Balance> {
    return this.#requester.requestJson({ method: 'GET', path: '/billing/credits/balance' }, BalanceSchema, opts);
  }
}
