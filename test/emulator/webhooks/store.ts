import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, notOwned, validationError } from '../errors.ts';
import type { FieldError } from '../errors.ts';
import type { EmulatorState, WebhookRecord } from '../state.ts';

/** Spec 2.9 / part 8. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 3;
/** Spec 3 / 6.2 rule 5. */
export const MAX_CONSECUTIVE_FAILURES = 10;
export const WEBHOOK_EVENT = 'job.completed';
const ALLOWED_EVENTS = new Set([WEBHOOK_EVENT, '*']);
const MAX_URL_CHARS = 2048;
const MAX_SECRET_CHARS = 256;
const MAX_DESCRIPTION_CHARS = 500;

/** Fields the emulator keeps beside the shared WebhookRecord (reset with the state). */
interface WebhookExtra {
  updated_at: string;
  last_error: string | null;
}

function extras(state: EmulatorState): Map<string, WebhookExtra> {
  return state.ext('webhooks.extra', () => new Map<string, WebhookExtra>());
}

/** The wire view; the secret never leaves the emulator, only whether one is set. */
export function webhookView(state: EmulatorState, hook: WebhookRecord): Record<string, unknown> {
  const extra = extras(state).get(hook.id);
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events,
    description: hook.description,
    status: hook.status,
    active: hook.status === 'active',
    has_secret: hook.secret !== null,
    last_triggered_at: hook.last_triggered_at,
    last_status_code: hook.last_status_code,
    last_error: extra?.last_error ?? null,
    consecutive_failures: hook.consecutive_failures,
    created_at: hook.created_at,
    updated_at: extra?.updated_at ?? hook.created_at,
  };
}

export function accountWebhooks(state: EmulatorState, accountId: string): WebhookRecord[] {
  return [...state.webhooks.values()].filter((h) => h.accountId === accountId);
}

export function findWebhook(state: EmulatorState, accountId: string, id: string): WebhookRecord {
  const hook = state.webhooks.get(id);
  if (!hook) throw notFound('Webhook');
  if (hook.accountId !== accountId) throw notOwned('webhook', 'webhook');
  return hook;
}

/** Any absolute http(s) URL; the emulator only ever connects to loopback hosts (see delivery.ts). */
function checkUrl(errors: FieldError[], value: unknown): string | undefined {
  if (typeof value !== 'string') {
    errors.push({ field: 'url', message: 'must be a string' });
    return undefined;
  }
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    errors.push({ field: 'url', message: 'must be an absolute URL' });
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    errors.push({ field: 'url', message: 'must use https (or http)' });
  } else if (parsed.hostname === '') {
    errors.push({ field: 'url', message: 'must name a host' });
  } else if (value.length > MAX_URL_CHARS) {
    errors.push({ field: 'url', message: `must have at most ${MAX_URL_CHARS} characters` });
  } else {
    return value;
  }
  return undefined;
}

function checkEvents(errors: FieldError[], value: unknown): string[] | undefined {
  if (!Array.isArray(value)) {
    errors.push({ field: 'events', message: 'must be an array of event names (job.completed or *)' });
    return undefined;
  }
  if (value.length === 0) {
    errors.push({ field: 'events', message: 'must not be empty' });
    return undefined;
  }
  let ok = true;
  value.forEach((event: unknown, i) => {
    if (typeof event !== 'string' || !ALLOWED_EVENTS.has(event)) {
      errors.push({ field: `events[${i}]`, message: `unknown event ${JSON.stringify(event)}; allowed: job.completed, *` });
      ok = false;
    }
  });
  return ok ? [...new Set(value as string[])] : undefined;
}

function checkText(errors: FieldError[], field: string, value: unknown, max: number, min: number): string | undefined {
  if (typeof value !== 'string') {
    errors.push({ field, message: 'must be a string' });
    return undefined;
  }
  const length = [...value].length;
  if (length < min || length > max) {
    errors.push({ field, message: min > 0 ? `must have ${min} to ${max} characters` : `must have at most ${max} characters` });
    return undefined;
  }
  return value;
}

/** POST /webhooks body; `secret` and `description` may be omitted (or null) on create. */
export function parseCreate(body: Record<string, unknown>): { url: string; secret: string | null; events: string[]; description: string } {
  const errors: FieldError[] = [];
  const missing = (field: string): undefined => {
    errors.push({ field, message: 'is required' });
    return undefined;
  };
  const url = body.url === undefined || body.url === null ? missing('url') : checkUrl(errors, body.url);
  const events = body.events === undefined || body.events === null ? missing('events') : checkEvents(errors, body.events);
  const secret = body.secret === undefined || body.secret === null ? null : checkText(errors, 'secret', body.secret, MAX_SECRET_CHARS, 1);
  const description =
    body.description === undefined || body.description === null ? '' : checkText(errors, 'description', body.description, MAX_DESCRIPTION_CHARS, 0);
  if (errors.length > 0) throw validationError(errors);
  return { url: url!, secret: secret ?? null, events: events!, description: description ?? '' };
}

export function createWebhook(app: EmulatorApp, accountId: string, input: ReturnType<typeof parseCreate>): WebhookRecord {
  const state = app.state;
  if (accountWebhooks(state, accountId).length >= MAX_WEBHOOKS_PER_ACCOUNT) {
    throw new HttpError(409, 'webhook_limit_reached', `At most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks per account; delete one first`);
  }
  const now = app.clock.nowIso();
  const hook: WebhookRecord = {
    id: state.newId('wh'),
    accountId,
    url: input.url,
    secret: input.secret,
    events: input.events,
    description: input.description,
    status: 'active',
    last_triggered_at: null,
    last_status_code: null,
    consecutive_failures: 0,
    created_at: now,
  };
  state.webhooks.set(hook.id, hook);
  extras(state).set(hook.id, { updated_at: now, last_error: null });
  return hook;
}

/**
 * PATCH: omitted fields stay; any null is 422. `secret: ""` removes the secret.
 * `active: true` or `status: "active"` re-enables and resets the failure count;
 * `active: false` or `status: "disabled"` disables.
 */
export function patchWebhook(app: EmulatorApp, hook: WebhookRecord, body: Record<string, unknown>): void {
  const errors: FieldError[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (value === null) errors.push({ field, message: 'must not be null; omit fields that do not change' });
  }
  const has = (field: string): boolean => body[field] !== undefined && body[field] !== null;
  const url = has('url') ? checkUrl(errors, body.url) : undefined;
  const events = has('events') ? checkEvents(errors, body.events) : undefined;
  const secret = has('secret') ? checkText(errors, 'secret', body.secret, MAX_SECRET_CHARS, 0) : undefined;
  const description = has('description') ? checkText(errors, 'description', body.description, MAX_DESCRIPTION_CHARS, 0) : undefined;
  let active: boolean | undefined;
  if (has('active')) {
    if (typeof body.active !== 'boolean') errors.push({ field: 'active', message: 'must be a boolean' });
    else active = body.active;
  }
  if (has('status')) {
    if (body.status !== 'active' && body.status !== 'disabled') {
      errors.push({ field: 'status', message: 'must be "active" or "disabled"' });
    } else if (active !== undefined && active !== (body.status === 'active')) {
      errors.push({ field: 'status', message: 'contradicts active' });
    } else {
      active = body.status === 'active';
    }
  }
  if (errors.length > 0) throw validationError(errors);

  if (url !== undefined) hook.url = url;
  if (events !== undefined) hook.events = events;
  if (secret !== undefined) hook.secret = secret === '' ? null : secret;
  if (description !== undefined) hook.description = description;
  const extra = extras(app.state).get(hook.id);
  if (active === true) {
    hook.status = 'active';
    hook.consecutive_failures = 0;
  } else if (active === false) {
    hook.status = 'disabled';
  }
  if (extra) extra.updated_at = app.clock.nowIso();
}

export function deleteWebhook(state: EmulatorState, hook: WebhookRecord): void {
  state.webhooks.delete(hook.id);
  extras(state).delete(hook.id);
}

/** Records a delivery outcome on the webhook (spec 3: disabled after 10 consecutive failures). */
export function recordOutcome(state: EmulatorState, hook: WebhookRecord, at: string, statusCode: number | null, error: string | null): void {
  hook.last_triggered_at = at;
  hook.last_status_code = statusCode;
  if (error === null) {
    hook.consecutive_failures = 0;
  } else {
    hook.consecutive_failures += 1;
    if (hook.consecutive_failures >= MAX_CONSECUTIVE_FAILURES) hook.status = 'disabled';
  }
  const extra = extras(state).get(hook.id);
  if (extra) extra.last_error = error;
}

export function subscribes(hook: WebhookRecord, event: string): boolean {
  return hook.events.includes(event) || hook.events.includes('*');
}
