import { createHash } from 'node:crypto';
import type { EmulatorApp } from './app.ts';
import { note } from './billing.ts';
import { HttpError } from './errors.ts';
import type { Reply, RequestContext } from './router.ts';
import type { IdempotencyRecord } from './state.ts';

/** Spec 4.1 / part 8: 1-128 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,128}$/;

/** The request's Idempotency-Key, validated; undefined when absent. Invalid keys are 422. */
export function idempotencyKeyOf(ctx: RequestContext): string | undefined {
  const key = ctx.header('idempotency-key');
  if (key === undefined) return undefined;
  if (!VALID_KEY.test(key)) {
    throw new HttpError(422, 'invalid_idempotency_key', 'Idempotency-Key must be 1-128 visible ASCII characters', [
      { field: 'Idempotency-Key', message: 'must be 1-128 visible ASCII characters' },
    ]);
  }
  return key;
}

/** Key order does not matter: bodies equal as JSON values are "identical". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(method: string, endpoint: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${endpoint}\n${canonical(body)}`)
    .digest('hex');
}

export interface IdempotencyOptions {
  /** Path relative to /api/v1, e.g. "/ai/translate-batch"; used in the ledger and the fingerprint. */
  endpoint: string;
  body: unknown;
  /** Lets a route refuse a replay (e.g. 410 idempotency_job_gone when the job was deleted). */
  onReplay?: (record: IdempotencyRecord) => Reply | undefined;
}

/**
 * Runs `create` at most once per (credential, Idempotency-Key). Same key and identical body:
 * the stored reply is replayed with `Idempotent-Replayed: true` (a replay arriving while the
 * first request still runs waits for it). Same key, different body or endpoint: 409
 * idempotency_request_conflict. Only 2xx replies are stored; a failed attempt leaves the key free.
 * A stored reply writes an `idempotent_create` ledger line.
 */
export async function withIdempotency(app: EmulatorApp, ctx: RequestContext, opts: IdempotencyOptions, create: () => Promise<Reply>): Promise<Reply> {
  const key = idempotencyKeyOf(ctx);
  if (key === undefined) return create();
  const auth = ctx.requireAuth();
  const state = app.state;
  const id = `${auth.key.id}\n${key}`;
  const print = fingerprint(ctx.method, opts.endpoint, opts.body);

  for (;;) {
    const existing = state.idempotency.get(id);
    if (!existing) break;
    if (existing.fingerprint !== print) {
      throw new HttpError(409, 'idempotency_request_conflict', 'This Idempotency-Key was already used with a different request body');
    }
    if (existing.pending) {
      await existing.pending;
      continue;
    }
    const refused = opts.onReplay?.(existing);
    if (refused) return refused;
    const reply = existing.reply!;
    return { status: reply.status, body: reply.body, headers: { ...reply.headers, 'Idempotent-Replayed': 'true' } };
  }

  let done!: () => void;
  const record: IdempotencyRecord = {
    keyId: auth.key.id,
    accountId: auth.account.id,
    idempotencyKey: key,
    endpoint: `${ctx.method} ${opts.endpoint}`,
    fingerprint: print,
    createdAt: app.clock.now(),
    pending: new Promise<void>((resolve) => (done = resolve)),
  };
  state.idempotency.set(id, record);
  try {
    const reply = await create();
    if (reply.status >= 200 && reply.status < 300) {
      record.reply = { status: reply.status, body: reply.body, headers: { ...(reply.headers ?? {}) } };
      if (reply.resourceId !== undefined) record.resourceId = reply.resourceId;
      note(state, app.clock.now(), {
        type: 'idempotent_create',
        account: auth.account,
        key: auth.key,
        endpoint: opts.endpoint,
        idempotencyKey: key,
        requestId: ctx.requestId,
        ...(reply.resourceId !== undefined && opts.endpoint.startsWith('/jobs') ? { jobId: reply.resourceId } : {}),
      });
    } else {
      state.idempotency.delete(id);
    }
    return reply;
  } catch (err) {
    state.idempotency.delete(id);
    throw err;
  } finally {
    delete record.pending;
    done();
  }
}
