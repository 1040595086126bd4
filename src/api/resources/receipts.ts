/**
 * Credit operations and receipts (spec 2.6, 4.7; all free). A receipt carries operation id,
 * status, billing basis, charged and refunded amounts, but the field names are not shown, so
 * receipts are loose records. With a key, the operation list holds only that key's operations.
 */
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { looseListSchema, ReceiptSchema, type LooseList, type Receipt } from '../schemas.ts';

const OperationListSchema = looseListSchema(ReceiptSchema, ['operations']);

export class Receipts {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** GET /billing/credits/operations?limit= */
  operations(opts: RequestOptions & { limit?: number } = {}): Promise<LooseList<Receipt>> {
    return this.#requester.requestJson({ method: 'GET', path: '/billing/credits/operations', query: { limit: opts.limit } }, OperationListSchema, opts);
  }

  /** GET /billing/credits/operations/{operation_id}: the receipt of one credit operation. */
  async operation(operationId: string, opts: RequestOptions = {}): Promise<Receipt> {
    return this.#requester.requestJson({ method: 'GET', path: `/billing/credits/operations/${pathSegment(operationId)}` }, ReceiptSchema, opts);
  }

  /** GET /billing/credits/jobs/{job_id}: the receipt of a translation job (e.g. to check a cancel was free). */
  async forJob(jobId: string, opts: RequestOptions = {}): Promise<Receipt> {
    return this.#requester.requestJson({ method: 'GET', path: `/billing/credits/jobs/${pathSegment(jobId)}` }, ReceiptSchema, opts);
  }
}
