/** Public surface of the service client (plain Node; no vscode). */
export { DocTranslateClient, type ClientOptions } from './client.ts';
export * from './errors.ts';
export { LIMITS } from './limits.ts';
export { silentLogger, type Logger } from './logger.ts';
export { maskApiKey, redactHeaders, redactPath, redactUrl, scrubSecrets, REDACTED, SAFE_HEADERS } from './redact.ts';
export { decideRetry, parseRetryAfter, backoffDelay, isRetryableFailure, RETRY_DEFAULTS, type RetryDecision, type RetryInput } from './retry.ts';
export { generateIdempotencyKey, isValidIdempotencyKey, resolveIdempotencyKey } from './idempotency.ts';
export { assertSafeUrl, isLoopbackHost, parseBaseUrl, type BaseUrl } from './config.ts';
export { sleep } from './abort.ts';
export {
  Requester,
  pathSegment,
  pickRequestOptions,
  readBodyText,
  type ApiRequest,
  type AttemptContext,
  type JsonResponse,
  type RequestOptions,
  type RetryConfig,
} from './requester.ts';
export { Transport, toTransportError, DEFAULT_TIMEOUT_MS, type HttpMethod, type SendOptions, type SendResult } from './transport.ts';
export { InstantTranslation, type BatchRequest, type BatchSegment, type IdempotentRequestOptions, type SnippetRequest } from './resources/instant.ts';
export { Billing } from './resources/billing.ts';
export * from './schemas.ts';
