/**
 * The single factory from an HTTP error response to a typed error, plus the error classes.
 *
 * The spec leaves the error body "not shown", so the body is read loosely: `{error:{code,message,
 * field_errors}}`, `{code,message}`, `{error:"code",message}`, `{detail}` (string or a list of
 * field problems), problem+json `{title,detail}`, or plain text. The reason `code` is the client's
 * own stable vocabulary (see ErrorCode), derived from the status, the service's code when it is a
 * known one, and the endpoint; the service's code is kept verbatim as `serviceCode`.
 */
import {
  AlreadyEndedError,
  AuthenticationError,
  ConflictError,
  DocTranslateError,
  FinalizeTokenError,
  GoneError,
  IdempotencyConflictError,
  InsufficientCreditsError,
  KeyBudgetExhaustedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  UnexpectedResponseError,
  UnsupportedFormatError,
  ValidationError,
  type ErrorCode,
  type ErrorDetails,
  type FieldError,
} from './error-classes.ts';
import { parseErrorBody } from './error-body.ts';
import { headerValue, type HeadersLike } from './headers.ts';
import { redactPath, scrubHeaderValue, scrubText } from './redact.ts';
import { parseRetryAfter } from './retry.ts';

export * from './error-classes.ts';
export { parseErrorBody, type ParsedErrorBody } from './error-body.ts';

export interface ErrorContext {
  method?: string;
  /** Path relative to the base URL (e.g. `/ai/translate-batch`), optionally with a query. */
  path?: string;
  /** Informational only: the class is decided by the body's reason code, never by this. */
  hasIdempotencyKey?: boolean;
  /** Clock for Retry-After HTTP dates; defaults to Date.now(). */
  now?: number;
  /** Extra scrubbing of server text (the transport's: masks the configured key wherever it appears). */
  scrub?: (text: string, kind: 'header' | 'text') => string;
}

const RETIRED_PATHS: ReadonlySet<string> = new Set(['/ai/notes', '/ai/chat', '/ai/generate', '/ai/ocr']);
const INSTANT_PATHS: ReadonlySet<string> = new Set(['/ai/translate-snippet', '/ai/translate-batch']);

const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'The service rejected the request parameters.',
  engine_unavailable: 'The selected translation engine is not available.',
  unsupported_language: 'The language is not supported.',
  authentication_failed: 'The API key was rejected. Set a valid API key.',
  finalize_token_invalid: 'The upload could not be confirmed: its finalize token is invalid or has expired. Upload the file again.',
  insufficient_credits: 'Not enough credits to start this work. Top up and try again.',
  permission_denied: 'This key is not allowed to do that.',
  engine_not_allowed: 'This API key is not allowed to use the selected engine.',
  not_found: 'The requested resource does not exist.',
  sse_not_available: 'Live progress is not available.',
  conflict: 'The request conflicts with the current state of the resource.',
  already_ended: 'The job has already ended.',
  idempotency_request_conflict: 'A different request was already sent with this idempotency key.',
  gone: 'The resource is no longer available.',
  idempotency_job_gone: 'The job created with this idempotency key was deleted.',
  retired_endpoint: 'This service endpoint has been retired.',
  payload_too_large: 'The file is larger than the service allows.',
  unsupported_format: 'The file format is not supported.',
  rate_limited: 'Too many requests. Wait and try again.',
  key_budget_exhausted: "This API key's budget is used up. Raise the key's budget to start new work.",
  service_unavailable: 'The service is temporarily unavailable. Try again later.',
  server_error: 'The service had an internal error. Try again later.',
  unexpected_redirect: 'The service answered with an unexpected redirect.',
  unexpected_status: 'The service answered with an unexpected status.',
};

/** Codes whose message is always the client's own: what to do differs from what a service text may suggest. */
const OWN_MESSAGE: ReadonlySet<ErrorCode> = new Set(['key_budget_exhausted', 'finalize_token_invalid']);

const KNOWN_BY_STATUS: Record<number, readonly ErrorCode[]> = {
  400: ['engine_unavailable', 'unsupported_language', 'invalid_request'],
  403: ['engine_not_allowed', 'permission_denied'],
  409: ['idempotency_request_conflict', 'already_ended', 'conflict'],
  410: ['idempotency_job_gone', 'retired_endpoint', 'gone'],
  422: ['unsupported_language', 'engine_unavailable', 'invalid_request'],
  429: ['key_budget_exhausted', 'rate_limited'],
};

function pathOnly(path: string | undefined): string {
  return (path ?? '').split(/[?#]/)[0]!.replace(/\/+$/, '');
}

function mentions(serviceCode: string | undefined, fieldErrors: FieldError[], word: string): boolean {
  return (serviceCode ?? '').includes(word) || fieldErrors.some((f) => f.field.includes(word));
}

function deriveCode(status: number, serviceCode: string | undefined, fieldErrors: FieldError[], ctx: ErrorContext): ErrorCode {
  const path = pathOnly(ctx.path);
  const known = KNOWN_BY_STATUS[status]?.find((c) => c === serviceCode);
  if (known) return known;
  const instant = INSTANT_PATHS.has(path);
  switch (status) {
    case 400:
    case 422:
      if (mentions(serviceCode, fieldErrors, 'engine')) return 'engine_unavailable';
      if (mentions(serviceCode, fieldErrors, 'lang')) return 'unsupported_language';
      if (instant && serviceCode === undefined) return status === 400 ? 'engine_unavailable' : 'unsupported_language';
      return 'invalid_request';
    case 401:
      // Spec 7: at finalize a 401 also means the finalize token is invalid or expired. A code about
      // the token (or none: presign just accepted the same key) is the token; any other is the key.
      if (path !== '/upload/finalize') return 'authentication_failed';
      if (serviceCode === undefined || /finalize|token/.test(serviceCode)) return 'finalize_token_invalid';
      return 'authentication_failed';
    case 402:
      return 'insufficient_credits';
    case 403:
      if (mentions(serviceCode, fieldErrors, 'engine')) return 'engine_not_allowed';
      return instant && serviceCode === undefined ? 'engine_not_allowed' : 'permission_denied';
    case 404:
      return path.startsWith('/sse/') ? 'sse_not_available' : 'not_found';
    case 409:
      // Decided by the body's reason code, never by whether the request carried an Idempotency-Key.
      if ((serviceCode ?? '').includes('idempotency')) return 'idempotency_request_conflict';
      if ((serviceCode ?? '').includes('ended')) return 'already_ended';
      // The spec's only 409 at cancel is "job already ended".
      if (serviceCode === undefined && path.endsWith('/cancel')) return 'already_ended';
      return 'conflict';
    case 410:
      if (RETIRED_PATHS.has(path)) return 'retired_endpoint';
      if ((serviceCode ?? '').includes('idempotency')) return 'idempotency_job_gone';
      return 'gone';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_format';
    case 429:
      return (serviceCode ?? '').includes('budget') ? 'key_budget_exhausted' : 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      if (status >= 500 && status <= 599) return 'server_error';
      if (status >= 300 && status <= 399) return 'unexpected_redirect';
      return 'unexpected_status';
  }
}

/** Builds the typed error for a non-2xx response. `headers` is read for X-Request-Id and Retry-After only. */
export function createApiError(status: number, body: unknown, headers: HeadersLike, context: ErrorContext = {}): DocTranslateError {
  const parsed = parseErrorBody(body);
  const code = deriveCode(status, parsed.serviceCode, parsed.fieldErrors, context);
  const retryAfter = headerValue(headers, 'retry-after')?.trim() || undefined;
  const details: ErrorDetails = { code, status };
  const scrub = (text: string): string => scrubHeaderValue(context.scrub ? context.scrub(text, 'header') : text);
  const scrubMessage = (text: string): string => scrubText(context.scrub ? context.scrub(text, 'text') : text);
  const requestId = headerValue(headers, 'x-request-id');
  if (requestId) details.requestId = scrub(requestId).slice(0, 200);
  if (parsed.serviceCode !== undefined) details.serviceCode = parsed.serviceCode;
  if (context.method !== undefined) details.method = context.method.toUpperCase();
  if (context.path !== undefined) details.path = redactPath(context.path);
  if (retryAfter !== undefined) details.retryAfter = scrub(retryAfter).slice(0, 100);
  const serviceText = parsed.message !== undefined ? scrubMessage(parsed.message) : undefined;
  const message = (OWN_MESSAGE.has(code) ? undefined : serviceText) ?? DEFAULT_MESSAGES[code] ?? `The service answered HTTP ${status}.`;
  const fieldErrors = parsed.fieldErrors.map((f) => ({ field: scrubMessage(f.field), message: scrubMessage(f.message) }));
  const retryAfterMs = parseRetryAfter(retryAfter, context.now ?? Date.now());

  switch (code) {
    case 'invalid_request':
    case 'engine_unavailable':
    case 'unsupported_language':
      return new ValidationError(message, details, fieldErrors);
    case 'authentication_failed':
      return new AuthenticationError(message, details);
    case 'finalize_token_invalid':
      return new FinalizeTokenError(message, details);
    case 'insufficient_credits':
      return new InsufficientCreditsError(message, details);
    case 'permission_denied':
    case 'engine_not_allowed':
      return new PermissionError(message, details);
    case 'not_found':
    case 'sse_not_available':
      return new NotFoundError(message, details);
    case 'already_ended':
      return new AlreadyEndedError(message, details);
    case 'idempotency_request_conflict':
      return new IdempotencyConflictError(message, details);
    case 'conflict':
      return new ConflictError(message, details);
    case 'gone':
    case 'idempotency_job_gone':
    case 'retired_endpoint':
      return new GoneError(message, details);
    case 'payload_too_large':
      return new PayloadTooLargeError(message, details);
    case 'unsupported_format':
      return new UnsupportedFormatError(message, details);
    case 'rate_limited':
      return new RateLimitedError(message, details, retryAfterMs);
    case 'key_budget_exhausted':
      return new KeyBudgetExhaustedError(message, details);
    case 'service_unavailable':
      return new ServiceUnavailableError(message, details, retryAfterMs);
    case 'server_error':
      return new ServerError(message, details);
    default:
      return new UnexpectedResponseError(message, details);
  }
}
