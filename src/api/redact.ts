/**
 * Redaction for log lines and error messages. Everything not on an allow-list is hidden:
 * header values outside SAFE_HEADERS, every query value (SSE tickets, share tokens), secret path
 * segments, and whole paths on origins other than the API (presigned storage addresses). Values
 * that are shown (allow-listed headers, request ids, Location) are still scrubbed of anything
 * key- or token-like (`scrubHeaderValue`): a hostile server may echo the key in any header.
 */
import { maskApiKey } from '../shared/apiKey.ts';
import { maskKnownSecrets } from '../shared/secretValues.ts';
import { headerEntries, type HeadersLike } from './headers.ts';
import type { Logger } from './logger.ts';

export const REDACTED = 'REDACTED';

/** Headers whose values are safe to print. Everything else prints as REDACTED. */
export const SAFE_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-encoding',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'idempotency-key',
  'if-match',
  'if-none-match',
  'keep-alive',
  'last-modified',
  'retry-after',
  'transfer-encoding',
  'user-agent',
  'x-request-id',
  'x-webhook-event',
  'x-webhook-timestamp',
]);

const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['x-api-key', 'authorization', 'proxy-authorization']);

/** Path segments that are themselves secrets (read-only share tokens grant downloads). */
const SECRET_SEGMENT_AFTER: ReadonlySet<string> = new Set(['shares']);

export { maskApiKey };

// A key starts a word (so `task_queue_name` is left alone) and is long.
const KEY_PATTERN = /(?<![A-Za-z0-9])sk_[A-Za-z0-9_\-.~+/=]{8,}/g;

/**
 * Masks anything that looks like an API key, any explicitly given secrets, and every secret value
 * held in memory (src/shared/secretValues.ts: the key, webhook secrets, share and link tokens),
 * whatever its shape.
 */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(maskApiKey(secret));
  }
  return maskKnownSecrets(out).replace(KEY_PATTERN, (match) => maskApiKey(match));
}

/** `logger` with every line passed through `scrubSecrets` first (the client wraps the one it is given). */
export function redactingLogger(logger: Logger): Logger {
  return {
    trace: (msg) => logger.trace(scrubSecrets(msg)),
    debug: (msg) => logger.debug(scrubSecrets(msg)),
    info: (msg) => logger.info(scrubSecrets(msg)),
    warn: (msg) => logger.warn(scrubSecrets(msg)),
    error: (msg) => logger.error(scrubSecrets(msg)),
  };
}

/** Share and library-link tokens sit in the path segment after these (spec 4.12, 4.13). */
const TOKEN_SEGMENT = /(\/(?:shares|links|download-ticket|tickets?)\/)[^/?#\s"',;]+/gi;
/** Query values anywhere in the text (tickets, signatures, share tokens in addresses). */
const QUERY_VALUE = /([?&][^=&?#\s"']+=)[^&#\s"']+/g;
/** `Bearer <token>`, `token=…`, `ticket: …` style credentials inside a header value. */
const CREDENTIAL_PARAM = /\b((?:bearer|basic|token|access_token|ticket|signature|sig|secret|password|api[_-]?key)\s*[=: ]\s*"?)[^\s",;&]+/gi;

/**
 * Server text shown to people (error messages, field errors): the key (given or key-shaped),
 * share/link tokens in paths and query values masked; the wording is otherwise kept. Idempotent.
 */
export function scrubText(value: string, secrets: readonly string[] = []): string {
  return scrubSecrets(value, secrets).replace(TOKEN_SEGMENT, `$1${REDACTED}`).replace(QUERY_VALUE, `$1${REDACTED}`);
}

/**
 * A server-sent header value (request id, Location, WWW-Authenticate, ...) made safe to log or keep:
 * control characters removed, everything `scrubText` masks, and credential parameters
 * (`Bearer x`, `token=x`, `sig=x`). Idempotent.
 */
export function scrubHeaderValue(value: string, secrets: readonly string[] = []): string {
  return scrubText(value.replace(/[\u0000-\u001f\u007f]/g, ' '), secrets).replace(CREDENTIAL_PARAM, (match, prefix: string) =>
    match.slice(prefix.length) === REDACTED ? match : `${prefix}${REDACTED}`,
  );
}

function maskCredentialHeader(name: string, value: string): string {
  if (name === 'authorization' || name === 'proxy-authorization') {
    const [scheme, ...rest] = value.trim().split(/\s+/);
    return rest.length > 0 ? `${scheme} ${maskApiKey(rest.join(' '))}` : REDACTED;
  }
  return maskApiKey(value);
}

/**
 * `name: value` pairs, lower-cased names, values redacted unless allow-listed, and even allow-listed
 * values scrubbed (`secrets`: the configured key, masked wherever it appears).
 */
export function redactHeaders(headers: HeadersLike, secrets: readonly string[] = []): string {
  return headerEntries(headers)
    .map(([rawName, value]) => {
      const name = rawName.toLowerCase();
      if (CREDENTIAL_HEADERS.has(name)) return `${name}: ${maskCredentialHeader(name, value)}`;
      if (name === 'location') return `${name}: ${scrubHeaderValue(redactUrl(value), secrets)}`;
      return `${name}: ${SAFE_HEADERS.has(name) ? scrubHeaderValue(value, secrets) : REDACTED}`;
    })
    .join(', ');
}

/** A path with query: secret segments and every query value replaced by REDACTED. */
export function redactPath(pathWithQuery: string): string {
  const hashFree = pathWithQuery.split('#')[0] ?? '';
  const queryAt = hashFree.indexOf('?');
  const path = queryAt === -1 ? hashFree : hashFree.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : hashFree.slice(queryAt + 1);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_SEGMENT_AFTER.has(segments[i - 1] ?? '') && segments[i] !== '') segments[i] = REDACTED;
  }
  let out = segments.join('/');
  if (query !== undefined) {
    const names = query
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => `${pair.split('=')[0] ?? ''}=${REDACTED}`);
    out += `?${names.join('&')}`;
  }
  return out;
}

/**
 * An absolute URL for logs. On the API origin the path is kept (redacted as above); on any other
 * origin (presigned storage addresses carry their authority in the path) only the origin is shown.
 */
export function redactUrl(url: string | URL, apiOrigin?: string): string {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return url.toString().startsWith('/') ? redactPath(url.toString()) : REDACTED;
  }
  if (apiOrigin !== undefined && parsed.origin === apiOrigin) {
    return parsed.origin + redactPath(parsed.pathname + parsed.search);
  }
  return `${parsed.origin}/${REDACTED}`;
}
