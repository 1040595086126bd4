/**
 * One HTTP attempt on undici: a keep-alive Pool per origin, the key only as X-API-Key and only on
 * API paths, redirects never followed (a 3xx is handed back as is), a per-attempt deadline combined
 * with the caller's AbortSignal, and every failure mapped to a typed client error.
 *
 * `send()` is deliberately low level so callers can stream request bodies (uploads to the storage
 * origin, sent without credentials) and stream responses (downloads, SSE). Retries live above it.
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { Pool } from './vendor/undici-pool.ts';
import { assertApiKey, assertSafeUrl, parseBaseUrl, type BaseUrl } from './config.ts';
import { AbortError, ConnectionError, DocTranslateError, TimeoutError, invalidRequest, type ErrorDetails } from './error-classes.ts';
import { headerValue } from './headers.ts';
import { silentLogger, type Logger } from './logger.ts';
import { redactHeaders, redactPath, redactUrl, scrubHeaderValue, scrubText } from './redact.ts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type ResponseBody = Dispatcher.ResponseData['body'];

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  logger?: Logger;
  /** Full User-Agent override; by default `doc-translate-vscode/<clientVersion>`. */
  userAgent?: string;
  clientVersion?: string;
  /** Per-attempt deadline in ms (default 30 s). */
  timeoutMs?: number;
  connectionsPerOrigin?: number;
  keepAliveTimeoutMs?: number;
}

export interface SendOptions {
  method: HttpMethod;
  /** Path under the base URL, e.g. `/ai/translate-batch`. The API key is attached. */
  path?: string;
  /** An absolute URL on any origin (storage, redirect targets). Credentials are never attached. */
  url?: string | URL;
  query?: Record<string, QueryValue>;
  /** Extra headers. Credential headers given here are dropped: only the transport adds the key. */
  headers?: Record<string, string>;
  /** Serialised as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body (e.g. a file stream for an upload). */
  body?: string | Uint8Array | Readable | null;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Deadline for the whole exchange including reading the body; 0 disables it. */
  timeoutMs?: number;
  /** Maximum silence while waiting for headers or between body chunks (undici's timers). */
  idleTimeoutMs?: number;
}

export interface SendResult {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  /** Stream the body, or use `.text()`/`.json()`; errors from it are already typed client errors. */
  body: ResponseBody;
  requestId?: string;
  /** The request's redacted `METHOD path`, for messages and logs. */
  describe: { method: string; path: string };
}

const CREDENTIAL_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return errorCode((err as { cause?: unknown }).cause);
}

/** Maps anything thrown by undici or a body stream to a typed client error. */
export function toTransportError(err: unknown, details: Omit<ErrorDetails, 'code'> = {}): DocTranslateError {
  if (err instanceof DocTranslateError) return err;
  const code = errorCode(err);
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new TimeoutError('The service did not answer in time.', details);
  }
  if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_ARG_TYPE' || code === 'ERR_INVALID_ARG_VALUE') {
    return invalidRequest('The request could not be built.');
  }
  if (err instanceof Error && err.name === 'AbortError') return new AbortError(undefined, details);
  const suffix = code !== undefined ? ` (${code.replace(/[^A-Z0-9_]/gi, '').slice(0, 40)})` : '';
  return new ConnectionError(`Could not reach the service${suffix}.`, details, code);
}

export class Transport {
  readonly base: BaseUrl;
  readonly #apiKey: string;
  readonly #logger: Logger;
  readonly #userAgent: string;
  readonly #timeoutMs: number;
  readonly #poolOptions: Pool.Options;
  readonly #pools = new Map<string, Pool>();
  #closed = false;

  constructor(opts: TransportOptions) {
    this.base = parseBaseUrl(opts.baseUrl);
    this.#apiKey = assertApiKey(opts.apiKey);
    this.#logger = opts.logger ?? silentLogger;
    this.#userAgent = opts.userAgent ?? `doc-translate-vscode/${opts.clientVersion ?? 'dev'}`;
    this.#timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#poolOptions = {
      connections: opts.connectionsPerOrigin ?? 8,
      keepAliveTimeout: opts.keepAliveTimeoutMs ?? 10_000,
      pipelining: 1,
    };
  }

  get defaultTimeoutMs(): number {
    return this.#timeoutMs;
  }

  /**
   * Server text made safe to log or keep: the configured key (wherever it appears) and tokens
   * masked; `header` values also lose credential parameters, `text` (messages) keeps its wording.
   */
  readonly scrub = (text: string, kind: 'header' | 'text' = 'header'): string =>
    kind === 'header' ? scrubHeaderValue(text, [this.#apiKey]) : scrubText(text, [this.#apiKey]);

  /** One keep-alive dispatcher per origin. */
  #pool(origin: string): Pool {
    let pool = this.#pools.get(origin);
    if (pool === undefined) {
      pool = new Pool(origin, this.#poolOptions);
      this.#pools.set(origin, pool);
    }
    return pool;
  }

  #target(opts: SendOptions): { url: URL; credentials: boolean } {
    if ((opts.path === undefined) === (opts.url === undefined)) {
      throw invalidRequest('A request needs exactly one of path or url.');
    }
    let url: URL;
    if (opts.path !== undefined) {
      if (!opts.path.startsWith('/') || opts.path.startsWith('//') || opts.path.includes('?') || opts.path.includes('#')) {
        throw invalidRequest('A request path must start with a single "/" and carry no query.');
      }
      url = new URL(this.base.basePath + opts.path, this.base.origin);
    } else {
      url = assertSafeUrl(opts.url!, 'url');
    }
    for (const [name, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.append(name, String(value));
    }
    return { url, credentials: opts.path !== undefined };
  }

  #headers(opts: SendOptions, credentials: boolean): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (!CREDENTIAL_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    headers['user-agent'] ??= this.#userAgent;
    if (credentials) {
      headers['accept'] ??= 'application/json';
      headers['x-api-key'] = this.#apiKey;
    }
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.idempotencyKey !== undefined) headers['idempotency-key'] = opts.idempotencyKey;
    return headers;
  }

  /** Describes a request for errors: API paths relative to the base URL, foreign URLs by origin only. */
  describe(method: string, url: URL, apiPath?: string): { method: string; path: string } {
    return { method, path: apiPath !== undefined ? redactPath(apiPath + url.search) : redactUrl(url, this.base.origin) };
  }

  /** Sends one request and returns the response whatever its status (3xx included, never followed). */
  async send(opts: SendOptions): Promise<SendResult> {
    if (this.#closed) throw new ConnectionError('The client has been closed.', {});
    const { url, credentials } = this.#target(opts);
    const describe = this.describe(opts.method, url, opts.path);
    // Mutable: once the response arrives its request id joins errors raised later (deadline, abort).
    const details: Omit<ErrorDetails, 'code'> = { method: describe.method, path: describe.path };
    if (opts.signal?.aborted) throw new AbortError(undefined, details);

    const headers = this.#headers(opts, credentials);
    const body = opts.json !== undefined ? JSON.stringify(opts.json) : (opts.body ?? null);

    // Own controller so that the reason undici sees (and rethrows from the body stream) is typed.
    const controller = new AbortController();
    const timeoutMs = opts.timeoutMs ?? this.#timeoutMs;
    const timer =
      timeoutMs > 0 ? setTimeout(() => controller.abort(new TimeoutError(`No complete answer within ${timeoutMs} ms.`, details)), timeoutMs) : undefined;
    const onCallerAbort = (): void => controller.abort(new AbortError(undefined, details));
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const cleanup = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    };

    const started = performance.now();
    // One debug line per request (the answer below, or the failure); the start only at trace.
    this.#logger.trace(`→ ${describe.method} ${redactUrl(url, this.base.origin)}`);
    this.#logger.trace(`  request headers: ${redactHeaders(headers, [this.#apiKey])}`);
    let res: Dispatcher.ResponseData;
    try {
      res = await this.#pool(url.origin).request({
        method: opts.method,
        path: url.pathname + url.search,
        headers,
        body,
        signal: controller.signal,
        // undefined leaves undici's defaults (it reads both with `!= null`).
        headersTimeout: opts.idleTimeoutMs,
        bodyTimeout: opts.idleTimeoutMs,
      });
    } catch (err) {
      cleanup();
      const mapped = toTransportError(controller.signal.aborted ? controller.signal.reason : err, details);
      const ms = Math.round(performance.now() - started);
      this.#logger.debug(`✕ ${describe.method} ${describe.path} ${mapped.code}${connectionCause(mapped)} after ${ms} ms`);
      throw mapped;
    }

    const rawRequestId = headerValue(res.headers, 'x-request-id');
    const requestId = rawRequestId !== undefined ? this.scrub(rawRequestId).slice(0, 200) : undefined;
    if (requestId !== undefined) details.requestId = requestId;
    const ms = Math.round(performance.now() - started);
    this.#logger.debug(`← ${res.statusCode} ${describe.method} ${describe.path} ${ms} ms${requestId ? ` x-request-id=${requestId}` : ''}`);
    this.#logger.trace(`  response headers: ${redactHeaders(res.headers, [this.#apiKey])}`);
    res.body.once('close', cleanup);
    res.body.once('end', cleanup);
    const result: SendResult = { status: res.statusCode, headers: res.headers, body: res.body, describe };
    if (requestId !== undefined) result.requestId = requestId;
    return result;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }
}

function connectionCause(err: DocTranslateError): string {
  return err instanceof ConnectionError && err.causeCode ? ` (${err.causeCode})` : '';
}
