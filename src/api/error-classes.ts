/**
 * Typed errors of the service client: one class per meaning of the spec's error table (part 7),
 * plus connection, timeout, abort and unexpected-response errors.
 *
 * Errors hold only safe, plain data (status, request id, reason code, method, redacted path):
 * never request objects, headers or bodies, so `util.inspect(err)` cannot reveal a credential.
 */

/** Reason codes the editor layer can branch on (`isDocTranslateError(e, 'insufficient_credits')`). */
export type ErrorCode =
  | 'invalid_request'
  | 'invalid_base_url'
  | 'invalid_api_key'
  | 'invalid_idempotency_key'
  | 'engine_unavailable'
  | 'unsupported_language'
  | 'authentication_failed'
  | 'finalize_token_invalid'
  | 'insufficient_credits'
  | 'permission_denied'
  | 'engine_not_allowed'
  | 'not_found'
  | 'sse_not_available'
  | 'conflict'
  | 'already_ended'
  | 'idempotency_request_conflict'
  | 'gone'
  | 'idempotency_job_gone'
  | 'retired_endpoint'
  | 'payload_too_large'
  | 'download_too_large'
  | 'unsupported_format'
  | 'rate_limited'
  | 'key_budget_exhausted'
  | 'service_unavailable'
  | 'server_error'
  | 'unexpected_response'
  | 'unexpected_redirect'
  | 'unexpected_status'
  | 'connection_failed'
  | 'timeout'
  | 'aborted';

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorDetails {
  code: ErrorCode;
  status?: number;
  requestId?: string;
  /** The business code the service put in the body, verbatim (may differ from `code`). */
  serviceCode?: string;
  method?: string;
  /** Request path with query values and secret path segments redacted. */
  path?: string;
  /** Raw Retry-After header of the response, kept for the retry decision. */
  retryAfter?: string;
}

export class DocTranslateError extends Error {
  readonly code: ErrorCode;
  declare readonly status?: number;
  declare readonly requestId?: string;
  declare readonly serviceCode?: string;
  declare readonly method?: string;
  declare readonly path?: string;
  declare readonly retryAfter?: string;
  /** How many attempts were made before this error was given up on (set by the retry loop). */
  declare attempts?: number;

  constructor(message: string, details: ErrorDetails) {
    super(message);
    this.code = details.code;
    if (details.status !== undefined) this.status = details.status;
    if (details.requestId !== undefined) this.requestId = details.requestId;
    if (details.serviceCode !== undefined) this.serviceCode = details.serviceCode;
    if (details.method !== undefined) this.method = details.method;
    if (details.path !== undefined) this.path = details.path;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
  }
}

/** 401: the API key is missing, invalid or revoked. Fix the key; not retried. */
export class AuthenticationError extends DocTranslateError {}
/**
 * 401 at upload finalize (spec part 7): the finalize token is invalid or expired. The key is fine;
 * the fix is a new upload (presign, PUT, finalize), not a new key. Code `finalize_token_invalid`.
 */
export class FinalizeTokenError extends DocTranslateError {}
/** 402: not enough credits (account balance after debt, or the key's budget) to start. */
export class InsufficientCreditsError extends DocTranslateError {}
/** 403: permission, ownership, or the key may not use the chosen engine (`engine_not_allowed`). */
export class PermissionError extends DocTranslateError {}
/** 404: resource missing or deleted; `sse_not_available` when the SSE stream is not open. */
export class NotFoundError extends DocTranslateError {}
/** 409 whose reason the client does not know (code `conflict`); the subclasses are the known ones. */
export class ConflictError extends DocTranslateError {}
/** 409 on cancel: the job has already ended. */
export class AlreadyEndedError extends ConflictError {}
/** 409 `idempotency_request_conflict`: same key, different body. Query the original first. */
export class IdempotencyConflictError extends ConflictError {}
/** 410: `gone` (upload not found / expired), `idempotency_job_gone`, or `retired_endpoint`. */
export class GoneError extends DocTranslateError {}
/** 413: over the single-file size limit. */
export class PayloadTooLargeError extends DocTranslateError {}
/** 415: unsupported file format. */
export class UnsupportedFormatError extends DocTranslateError {}

/** 400/422 and client-side checks: invalid parameters, unsupported language, unavailable engine. */
export class ValidationError extends DocTranslateError {
  readonly fieldErrors: FieldError[];

  constructor(message: string, details: ErrorDetails, fieldErrors: FieldError[] = []) {
    super(message, details);
    this.fieldErrors = fieldErrors;
  }
}

/** 429: too many requests; `retryAfterMs` when the service said how long to wait. */
export class RateLimitedError extends DocTranslateError {
  declare readonly retryAfterMs?: number;

  constructor(message: string, details: ErrorDetails, retryAfterMs?: number) {
    super(message, details);
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/**
 * 429 `key_budget_exhausted` (spec parts 5, 7): this API key's own budget is used up. Not a rate
 * limit: waiting does not help and it is never retried; the key's budget must be raised.
 */
export class KeyBudgetExhaustedError extends DocTranslateError {}

/** 503: temporarily unavailable; retried with backoff. */
export class ServiceUnavailableError extends DocTranslateError {
  declare readonly retryAfterMs?: number;

  constructor(message: string, details: ErrorDetails, retryAfterMs?: number) {
    super(message, details);
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** Other 5xx: transient server fault; retried with backoff. */
export class ServerError extends DocTranslateError {}
/** A response the client cannot use: fails schema validation, an unexpected 3xx or status. */
export class UnexpectedResponseError extends DocTranslateError {}

/** The connection failed or broke (refused, reset, DNS). `causeCode` is e.g. `ECONNRESET`. */
export class ConnectionError extends DocTranslateError {
  declare readonly causeCode?: string;

  constructor(message: string, details: Omit<ErrorDetails, 'code'>, causeCode?: string) {
    super(message, { ...details, code: 'connection_failed' });
    if (causeCode !== undefined) this.causeCode = causeCode;
  }
}

/** An attempt exceeded its time limit. The request may still have been processed. */
export class TimeoutError extends DocTranslateError {
  constructor(message: string, details: Omit<ErrorDetails, 'code'> = {}) {
    super(message, { ...details, code: 'timeout' });
  }
}

/**
 * A download was larger than the caller's limit (`maxBytes`), announced or streamed: nothing is
 * kept. Not retried; raise the limit to allow the file.
 */
export class DownloadTooLargeError extends DocTranslateError {
  readonly limitBytes: number;

  constructor(message: string, limitBytes: number, details: Omit<ErrorDetails, 'code'> = {}) {
    super(message, { ...details, code: 'download_too_large' });
    this.limitBytes = limitBytes;
  }
}

/** The caller aborted (e.g. a cancelled progress notification). */
export class AbortError extends DocTranslateError {
  constructor(message = 'The request was cancelled.', details: Omit<ErrorDetails, 'code'> = {}) {
    super(message, { ...details, code: 'aborted' });
  }
}

/*
 * Names are set on the prototypes (not as class fields) so they survive minification and are
 * already in place when the stack trace is captured in the Error constructor.
 */
const NAMED: [new (...args: never[]) => Error, string][] = [
  [DocTranslateError, 'DocTranslateError'],
  [AuthenticationError, 'AuthenticationError'],
  [FinalizeTokenError, 'FinalizeTokenError'],
  [ConflictError, 'ConflictError'],
  [KeyBudgetExhaustedError, 'KeyBudgetExhaustedError'],
  [InsufficientCreditsError, 'InsufficientCreditsError'],
  [PermissionError, 'PermissionError'],
  [NotFoundError, 'NotFoundError'],
  [AlreadyEndedError, 'AlreadyEndedError'],
  [IdempotencyConflictError, 'IdempotencyConflictError'],
  [GoneError, 'GoneError'],
  [PayloadTooLargeError, 'PayloadTooLargeError'],
  [UnsupportedFormatError, 'UnsupportedFormatError'],
  [ValidationError, 'ValidationError'],
  [RateLimitedError, 'RateLimitedError'],
  [ServiceUnavailableError, 'ServiceUnavailableError'],
  [ServerError, 'ServerError'],
  [UnexpectedResponseError, 'UnexpectedResponseError'],
  [ConnectionError, 'ConnectionError'],
  [TimeoutError, 'TimeoutError'],
  [DownloadTooLargeError, 'DownloadTooLargeError'],
  [AbortError, 'AbortError'],
];
for (const [cls, name] of NAMED) {
  Object.defineProperty(cls.prototype, 'name', { value: name, writable: true, configurable: true });
}

/** True when `e` is a client error, optionally with the given reason code. */
export function isDocTranslateError(e: unknown, code?: ErrorCode): e is DocTranslateError {
  return e instanceof DocTranslateError && (code === undefined || e.code === code);
}

/** Client-side input check failure: thrown before any request is sent. */
export function invalidRequest(message: string, fieldErrors: FieldError[] = [], code: ErrorCode = 'invalid_request'): ValidationError {
  return new ValidationError(message, { code }, fieldErrors);
}
