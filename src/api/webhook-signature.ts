/**
 * Verification of webhook deliveries (spec 6.2): `X-Webhook-Signature: sha256=<hex>` is
 * HMAC-SHA256 of the raw body with the webhook's secret, compared in constant time.
 *
 * The result is a value, never a throw, so a receiver can log the reason and answer 4xx; only a
 * missing secret (a programming error) throws ValidationError. Check order: signature first (no
 * unauthenticated JSON is parsed), then the body, then the time window. The `timestamp` inside the
 * signed body is the authoritative one: the header is not covered by the signature, so it must
 * agree with the body, otherwise an old signed body could be replayed with a fresh header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidRequest } from './error-classes.ts';
import { headerValue, type HeadersLike } from './headers.ts';
import { WebhookEventSchema, type WebhookEvent } from './schemas.ts';

export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';

export type WebhookVerifyFailure =
  /** No X-Webhook-Signature header (or an empty one). */
  | 'missing_signature'
  /** Not `sha256=` followed by exactly 64 hex digits (truncated and prefix-only included). */
  | 'malformed_signature'
  /** Well-formed but not made with this secret over this body. */
  | 'bad_signature'
  /** Signed, but not a JSON object with the fields of spec 6.2. */
  | 'malformed_body'
  /** Neither the body nor the header carries an integer Unix timestamp. */
  | 'missing_timestamp'
  /** The header's timestamp differs from the signed one in the body. */
  | 'timestamp_mismatch'
  /** More than `toleranceSeconds` away from now, in either direction. */
  | 'timestamp_out_of_range';

export type WebhookVerifyResult = { ok: true; event: WebhookEvent; timestamp: number } | { ok: false; reason: WebhookVerifyFailure };

export interface WebhookVerifyOptions {
  /** Allowed distance from now in seconds, both ways (default 300). */
  toleranceSeconds?: number;
  /** Clock in milliseconds (default Date.now). */
  now?: () => number;
}

const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

function hmacHex(secret: string, body: Uint8Array): Buffer {
  return Buffer.from(createHmac('sha256', secret).update(body).digest('hex'), 'latin1');
}

/** Every `sha256=...` candidate of the header (a comma-separated or repeated header may list several). */
function candidates(value: string): string[] | undefined {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const digests: string[] = [];
  for (const part of parts) {
    const m = SIGNATURE.exec(part);
    if (m) digests.push(m[1]!.toLowerCase());
  }
  return digests.length > 0 ? digests : undefined;
}

function parseTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value.trim());
  return undefined;
}

export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  headers: HeadersLike,
  secret: string,
  options: WebhookVerifyOptions = {},
): WebhookVerifyResult {
  if (typeof secret !== 'string' || secret === '') {
    throw invalidRequest('A webhook secret is required to verify signatures.', [{ field: 'secret', message: 'is required' }]);
  }
  const fail = (reason: WebhookVerifyFailure): WebhookVerifyResult => ({ ok: false, reason });
  const header = headerValue(headers, SIGNATURE_HEADER)?.trim();
  if (header === undefined || header === '') return fail('missing_signature');
  const digests = candidates(header);
  if (digests === undefined) return fail('malformed_signature');

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = hmacHex(secret, body);
  let matched = false;
  for (const digest of digests) {
    // Both sides are exactly 64 ASCII bytes here, as timingSafeEqual requires.
    if (timingSafeEqual(Buffer.from(digest, 'latin1'), expected)) matched = true;
  }
  if (!matched) return fail('bad_signature');

  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return fail('malformed_body');
  }
  const parsed = WebhookEventSchema.safeParse(json);
  const bodyTimestamp = typeof json === 'object' && json !== null ? parseTimestamp((json as { timestamp?: unknown }).timestamp) : undefined;
  const headerRaw = headerValue(headers, TIMESTAMP_HEADER);
  const headerTimestamp = headerRaw === undefined ? undefined : parseTimestamp(headerRaw);
  const timestamp = bodyTimestamp ?? headerTimestamp;
  if (timestamp === undefined) return fail('missing_timestamp');
  if (headerRaw !== undefined && headerTimestamp !== timestamp) return fail('timestamp_mismatch');
  if (!parsed.success) return fail('malformed_body');

  const tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  if (Math.abs(nowSeconds - timestamp) > tolerance) return fail('timestamp_out_of_range');
  return { ok: true, event: parsed.data, timestamp };
}

/** The header value a sender would produce; for tests and local receivers. */
export function signWebhookBody(rawBody: string | Uint8Array, secret: string): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
