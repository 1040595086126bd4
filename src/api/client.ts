/**
 * The service client: wiring only. Each endpoint group is a resource in `resources/`; to add an
 * endpoint: schema in schemas.ts, a method on a resource (using Requester.requestJson or
 * withRetry + Transport.send for streams), an emulator route, a test over HTTP.
 */
import type { Sleep } from './abort.ts';
import type { Logger } from './logger.ts';
import { Requester, type RequestOptions } from './requester.ts';
import { Billing } from './resources/billing.ts';
import { Artifacts, type ArtifactDownloadOptions } from './resources/artifacts.ts';
import { Documents } from './resources/documents.ts';
import { DocumentOperations } from './resources/document-operations.ts';
import { FileTools } from './resources/file-tools.ts';
import { Jobs } from './resources/jobs.ts';
import { Media } from './resources/media.ts';
import { Receipts } from './resources/receipts.ts';
import { Uploads, type UploadFileOptions } from './resources/uploads.ts';
import { Usage } from './resources/usage.ts';
import { Webhooks } from './resources/webhooks.ts';
import { Projects, Tags } from './resources/projects.ts';
import { Search, Workspace } from './resources/search.ts';
import { Shares } from './resources/shares.ts';
import { StorageFiles } from './resources/storage.ts';
import { forgetSecret, rememberSecret } from '../shared/secretValues.ts';
import { redactingLogger } from './redact.ts';
import { setDefaultMaxDownloadBytes, type DownloadResult } from './download.ts';
import type { WatchOptions } from './watch.ts';
import { InstantTranslation, type BatchRequest, type IdempotentRequestOptions, type SnippetRequest } from './resources/instant.ts';
import type { Balance, BatchResponse, Document, Job, SnippetResponse } from './schemas.ts';
import { Transport } from './transport.ts';

export interface ClientOptions {
  /** Must end with /api/v1; plain http only for loopback hosts. */
  baseUrl: string;
  /** sk_... — sent only as X-API-Key, only to the base URL's origin. */
  apiKey: string;
  logger?: Logger;
  /** Full User-Agent; by default `doc-translate-vscode/<clientVersion>`. */
  userAgent?: string;
  /** The extension's version, for the default User-Agent. */
  clientVersion?: string;
  /** Default 4 (so at most 5 attempts). */
  maxRetries?: number;
  /** Per attempt, default 30 s; translate-batch always allows at least 180 s. */
  timeoutMs?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  retryAfterCapMs?: number;
  /**
   * Time, for tests: the clock Retry-After dates are read against (default Date.now), the jitter
   * of backoff (default Math.random) and every wait: between attempts, between polls and between
   * the job watcher's reconnects (default real timers), so a test can assert the wait the client
   * asked for instead of measuring it.
   */
  now?: () => number;
  random?: () => number;
  sleep?: Sleep;
  /**
   * `maxBytes` of every download that does not set its own (default 2 GiB): a number, or a function
   * read at each download (e.g. a setting that may change).
   */
  maxDownloadBytes?: number | (() => number);
}

export class DocTranslateClient {
  readonly transport: Transport;
  readonly requester: Requester;
  readonly instant: InstantTranslation;
  readonly billing: Billing;
  readonly uploads: Uploads;
  readonly documents: Documents;
  /** Extraction, PDF to HTML and visual extraction, run asynchronously (spec 4.5). */
  readonly documentOperations: DocumentOperations;
  /** Synchronous PDF and image tools answering with a file (spec 4.6). */
  readonly fileTools: FileTools;
  readonly jobs: Jobs;
  readonly artifacts: Artifacts;
  readonly receipts: Receipts;
  readonly usage: Usage;
  readonly webhooks: Webhooks;
  /** Audio/video: media catalog, estimates, media jobs and voices (spec 4.7, 4.9). */
  readonly media: Media;
  readonly projects: Projects;
  readonly tags: Tags;
  readonly search: Search;
  readonly shares: Shares;
  readonly workspace: Workspace;
  readonly storage: StorageFiles;

  readonly #apiKey: string;

  constructor(opts: ClientOptions) {
    // Every line the client logs is masked of secret values held in memory (redact.ts).
    const logger = opts.logger !== undefined ? redactingLogger(opts.logger) : undefined;
    this.transport = new Transport({
      baseUrl: opts.baseUrl,
      apiKey: opts.apiKey,
      logger,
      userAgent: opts.userAgent,
      clientVersion: opts.clientVersion,
      timeoutMs: opts.timeoutMs,
    });
    // The key is masked by value wherever it appears, whatever its shape (src/shared/secretValues.ts).
    this.#apiKey = opts.apiKey.trim();
    rememberSecret(this.#apiKey);
    // Requester reads only its RetryConfig fields, each with a default when undefined.
    this.requester = new Requester(this.transport, opts, logger);
    if (opts.maxDownloadBytes !== undefined) setDefaultMaxDownloadBytes(this.requester, opts.maxDownloadBytes);
    this.instant = new InstantTranslation(this.requester);
    this.billing = new Billing(this.requester);
    this.uploads = new Uploads(this.requester, logger);
    this.documents = new Documents(this.requester);
    this.fileTools = new FileTools(this.requester);
    this.jobs = new Jobs(this.requester, logger);
    this.artifacts = new Artifacts(this.requester);
    this.receipts = new Receipts(this.requester);
    this.usage = new Usage(this.requester);
    this.webhooks = new Webhooks(this.requester);
    this.media = new Media(this.requester);
    this.projects = new Projects(this.requester);
    this.tags = new Tags(this.requester);
    this.search = new Search(this.requester);
    this.shares = new Shares(this.requester);
    this.workspace = new Workspace(this.requester);
    this.storage = new StorageFiles(this.requester);
    this.documentOperations = new DocumentOperations(this.requester, this.storage);
  }

  /** The normalised base URL (origin + path ending in /api/v1). */
  get baseUrl(): string {
    return this.transport.base.href;
  }

  translateSnippet(req: SnippetRequest, opts?: IdempotentRequestOptions): Promise<SnippetResponse> {
    return this.instant.snippet(req, opts);
  }

  translateBatch(req: BatchRequest, opts?: IdempotentRequestOptions): Promise<BatchResponse> {
    return this.instant.batch(req, opts);
  }

  getBalance(opts?: RequestOptions): Promise<Balance> {
    return this.billing.balance(opts);
  }

  /** Streams a file from disk through presign, PUT and finalize (same as `uploads.uploadFile`). */
  uploadFile(filePath: string, opts?: UploadFileOptions): Promise<Document> {
    return this.uploads.uploadFile(filePath, opts);
  }

  /** Follows a job until it ends and resolves with its final state (same as `jobs.watch`). */
  watchJob(jobId: string, opts?: WatchOptions): Promise<Job> {
    return this.jobs.watch(jobId, opts);
  }

  /** Streams an artifact to disk (same as `artifacts.download`). */
  downloadArtifact(artifactId: string, opts?: ArtifactDownloadOptions): Promise<DownloadResult> {
    return this.artifacts.download(artifactId, opts);
  }

  close(): Promise<void> {
    forgetSecret(this.#apiKey);
    return this.transport.close();
  }
}
