/**
 * Webhooks (spec 2.9, 4.11, 6.2). At most 3 per user; events `job.completed` or `*`. The list's
 * field names are not shown, so records are loose (only `id` is required). Create carries an
 * Idempotency-Key so a retried create never makes a second webhook. PATCH sends only the fields
 * given; null is refused before sending (the service answers 422). Verify deliveries with
 * `verifyWebhookSignature` (webhook-signature.ts).
 */
import * as z from 'zod/mini';
import { invalidRequest, type FieldError } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { looseListSchema, type LooseList } from '../schemas.ts';
import { rememberSecret } from '../../shared/secretValues.ts';

/** Signing secrets sent or received are masked by value in every error and log line from now on. */
function rememberWebhookSecret<T>(hook: T): T {
  const secret = (hook as { secret?: unknown } | null)?.secret;
  if (typeof secret === 'string') rememberSecret(secret);
  return hook;
}

export const WebhookInfoSchema = z.looseObject({ id: z.string() });
export type WebhookInfo = z.infer<typeof WebhookInfoSchema>;
const WebhookListSchema = looseListSchema(WebhookInfoSchema, ['webhooks']);

export interface CreateWebhookRequest {
  url: string;
  secret?: string;
  events: string[];
  description?: string;
}

export type UpdateWebhookRequest = Partial<CreateWebhookRequest> & Record<string, unknown>;

function checkFields(body: Record<string, unknown>, requireAll: boolean): void {
  const problems: FieldError[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (value === null) problems.push({ field, message: 'must not be null (omit fields that do not change)' });
  }
  if (requireAll && (typeof body['url'] !== 'string' || body['url'] === '')) problems.push({ field: 'url', message: 'is required' });
  const events = body['events'];
  if ((requireAll || events !== undefined) && events !== null) {
    if (!Array.isArray(events) || events.length === 0 || !events.every((e) => typeof e === 'string' && e !== '')) {
      problems.push({ field: 'events', message: 'must be a non-empty list of event names (job.completed or *)' });
    }
  }
  const first = problems[0];
  if (first !== undefined) throw invalidRequest(`${first.field} ${first.message}.`, problems);
}

function defined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

export class Webhooks {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  async create(req: CreateWebhookRequest, opts: RequestOptions & { idempotencyKey?: string } = {}): Promise<WebhookInfo> {
    const json = defined({ ...req });
    checkFields(json, true);
    rememberWebhookSecret(json);
    return rememberWebhookSecret(
      await this.#requester.requestJson(
        { method: 'POST', path: '/webhooks', json, idempotencyKey: resolveIdempotencyKey(opts.idempotencyKey) },
        WebhookInfoSchema,
        opts,
      ),
    );
  }

  async list(opts: RequestOptions = {}): Promise<WebhookInfo[]> {
    const res: LooseList<WebhookInfo> = await this.#requester.requestJson({ method: 'GET', path: '/webhooks' }, WebhookListSchema, opts);
    return res.items.map(rememberWebhookSecret);
  }

  /** PATCH /webhooks/{id}: update, disable, or re-enable after the receiver was fixed. */
  async update(webhookId: string, changes: UpdateWebhookRequest, opts: RequestOptions = {}): Promise<WebhookInfo> {
    const json = defined({ ...changes });
    if (Object.keys(json).length === 0) throw invalidRequest('An update needs at least one field.', []);
    checkFields(json, false);
    rememberWebhookSecret(json);
    return rememberWebhookSecret(
      await this.#requester.requestJson({ method: 'PATCH', path: `/webhooks/${pathSegment(webhookId)}`, json }, WebhookInfoSchema, opts),
    );
  }

  async delete(webhookId: string, opts: RequestOptions = {}): Promise<void> {
    await this.#requester.requestJson({ method: 'DELETE', path: `/webhooks/${pathSegment(webhookId)}` }, z.unknown(), opts);
  }
}
