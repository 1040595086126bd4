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
export { Uploads, MAX_FRESH_ADDRESSES, type PresignRequest, type UploadFileOptions } from './resources/uploads.ts';
export { Documents, DocumentInfoSchema, type DocumentInfo, type ListDocumentsOptions } from './resources/documents.ts';
export {
  DocumentOperations,
  type CreateDocumentOperationOptions,
  type CreateDocumentOperationRequest,
  type WaitForOperationOptions,
} from './resources/document-operations.ts';
export { FileTools, isPageRange, type FileToolOptions, type SavedFile } from './resources/file-tools.ts';
export * from './schemas-doctools.ts';
export { Jobs, buildCreateJobBody, type CreateJobOptions, type CreateJobRequest, type ListJobsOptions } from './resources/jobs.ts';
export { Artifacts, PreviewUrlSchema, type ArtifactDownloadOptions, type PreviewUrl } from './resources/artifacts.ts';
export { Receipts } from './resources/receipts.ts';
export { Usage, type UsageRecord } from './resources/usage.ts';
export { Webhooks, WebhookInfoSchema, type CreateWebhookRequest, type UpdateWebhookRequest, type WebhookInfo } from './resources/webhooks.ts';
export { Media, MediaJobs, type CreateMediaJobRequest, type CreateMediaOptions, type WaitForMediaOptions } from './resources/media.ts';
export { MediaVoices, type CreateVoiceRequest } from './resources/media-voices.ts';
export * from './schemas-media.ts';
export { Projects, Tags, type PageOptions } from './resources/projects.ts';
export { Search, Workspace, type SearchOptions } from './resources/search.ts';
export { Shares, type CreateShareRequest } from './resources/shares.ts';
export { StorageFiles, type CreateLinkRequest, type IterateOptions, type StorageDownloadOptions } from './resources/storage.ts';
export * from './schemas-library.ts';
export { putFile, isAddressProblem, LocalFileError, UPLOAD_CHUNK_BYTES, type PutFileOptions } from './upload.ts';
export {
  DEFAULT_DOWNLOAD_DEADLINE_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  downloadToFile,
  nextRedirectUrl,
  placeFile,
  FileExistsError,
  MAX_REDIRECTS,
  type DownloadOptions,
  type DownloadResult,
  type DownloadSource,
  type IfExists,
} from './download.ts';
export {
  filenameFromContentDisposition,
  parseContentDisposition,
  sanitizeFilename,
  decodeExtValue,
  MAX_FILENAME_BYTES,
  type DispositionParams,
} from './content-disposition.ts';
export { readJobStream, DEFAULT_SSE_MAX_BUFFER, DEFAULT_SSE_IDLE_TIMEOUT_MS, type SseOutcome, type SseConnectOptions } from './sse.ts';
export {
  watchJob,
  DEFAULT_POLL_INTERVAL_MS,
  MAX_POLL_INTERVAL_MS,
  DEFAULT_MAX_SSE_FAILURES,
  type JobProgress,
  type WatchOptions,
  type WatchDeps,
} from './watch.ts';
export {
  verifyWebhookSignature,
  signWebhookBody,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookVerifyFailure,
  type WebhookVerifyOptions,
  type WebhookVerifyResult,
} from './webhook-signature.ts';
// The guarded file layer travels in this bundle (downloads use it); the editor reaches it through loadApi().
export { ChangedError, EXPECT_ANY, GuardedRoot, NotAFileError, OutsideRootError, isChangedError, readRange, type Expect } from '../shared/guardedFs.ts';
