/**
 * The retry loop around the transport, and JSON calls with schema validation. Resources use
 * `requestJson`; streaming callers (downloads, SSE tickets) can put their own attempt inside
 * `withRetry` and get the same decisions, waits and logging.
 */
import type * as z from 'zod/mini';
import englishMessages from 'zod/v4/locales/en.js';
import { sleep, throwIfAborted, type Sleep } from './abort.ts';
import { createApiError } from './errors.ts';
import { DocTranslateError, invalidRequest, UnexpectedResponseError } from './error-classes.ts';
import type { Logger } from './logger.ts';
import { silentLogger } from './logger.ts';
import { redactPath } from './redact.ts';
import { decideRetry, RETRY_DEFAULTS } from './retry.ts';
import { toTransportError, type HttpMethod, type QueryValue, type ResponseBody, type SendResult, type Transport } from './transport.ts';

/**
 * Per-call options every resource method accepts. Resources pass their own options object on
 * unchanged (as the last argument of `requestJson`); only these three fields are read from it.
 */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Per-attempt deadline in ms. */
  timeoutMs?: number;
  /** Overrides the client's retry count for this call (0 = a single attempt). */
  maxRetries?: number;
}

/** One path segment from an id: percent-encoded, never empty, `.` or `..`. */
export function pathSegment(id: string): string {
  if (typeof id !== 'string' || id === '' || id === '.' || id === '..') {
    throw invalidRequest('An identifier in the request path is empty or invalid.');
  }
  return encodeURIComponent(id);
}

export interface RetryConfig {
  maxRetries?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  retryAfterCapMs?: number;
  /** Injected for tests; defaults to Math.random, Date.now and real timers (`sleep` in abort.ts). */
  random?: () => number;
  now?: () => number;
  /** Every wait of the client: between attempts here, between polls in `pollUntil` (poll.ts). */
  sleep?: Sleep;
}

export interface AttemptContext {
  method: HttpMethod;
  /** Redacted path used in log lines. */
  path: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
  maxRetries?: number;
}

/** What to send; how (abort, deadline, retries) is the separate `RequestOptions`. */
export interface ApiRequest {
  method: HttpMethod;
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  headers?: Record<string, string>;
  /** Sent unchanged on every attempt; makes a POST retryable. */
  idempotencyKey?: string;
}

export interface JsonResponse<T> {
  data: T;
  status: number;
  requestId?: string;
}

const MAX_JSON_BYTES = 32 * 1024 * 1024;
const MAX_ERROR_BYTES = 64 * 1024;
/**
 * zod/mini ships no messages ("Invalid input" for every issue); the English ones say what was
 * expected and the type received, never the value. Passed per call instead of set globally.
 */
const ISSUE_MESSAGES = englishMessages().localeError;

/** Reads a body as UTF-8 up to `limit` bytes; beyond it, returns undefined (caller decides). */
export async function readBodyText(
  body: ResponseBody,
  limit: number,
  details: { method: string; path: string; requestId?: string },
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        body.destroy();
        return undefined;
      }
      chunks.push(chunk);
    }
  } catch (err) {
    throw toTransportError(err, details);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class Requester {
  readonly transport: Transport;
  readonly #logger: Logger;
  readonly #config: Required<Omit<RetryConfig, 'sleep'>>;
  /** The client's clock and wait (Date.now and real timers unless a test injected them); pollers and the job watcher use them too. */
  readonly now: () => number;
  readonly sleep: Sleep;

  constructor(transport: Transport, config: RetryConfig = {}, logger: Logger = silentLogger) {
    this.transport = transport;
    this.#logger = logger;
    this.#config = {
      maxRetries: config.maxRetries ?? RETRY_DEFAULTS.maxRetries,
      retryBaseDelayMs: config.retryBaseDelayMs ?? RETRY_DEFAULTS.baseDelayMs,
      retryMaxDelayMs: config.retryMaxDelayMs ?? RETRY_DEFAULTS.maxDelayMs,
      retryAfterCapMs: config.retryAfterCapMs ?? RETRY_DEFAULTS.retryAfterCapMs,
      random: config.random ?? Math.random,
      now: config.now ?? Date.now,
    };
    this.now = this.#config.now;
    this.sleep = config.sleep ?? sleep;
  }

  /** Runs `attempt` until it succeeds or the retry decision says stop; waits abort at once. */
  async withRetry<T>(ctx: AttemptContext, attempt: (index: number) => Promise<T>): Promise<T> {
    const maxRetries = ctx.maxRetries ?? this.#config.maxRetries;
    for (let index = 0; ; index++) {
      throwIfAborted(ctx.signal);
      try {
        return await attempt(index);
      } catch (err) {
        if (!(err instanceof DocTranslateError)) throw err;
        const decision = decideRetry({
          attempt: index,
          maxRetries,
          method: ctx.method,
          hasIdempotencyKey: ctx.idempotencyKey !== undefined,
          error: err,
          now: this.#config.now(),
          random: this.#config.random,
          baseDelayMs: this.#config.retryBaseDelayMs,
          maxDelayMs: this.#config.retryMaxDelayMs,
          retryAfterCapMs: this.#config.retryAfterCapMs,
        });
        if (!decision.retry) {
          err.attempts = index + 1;
          if (index > 0 || decision.reason !== 'not_retryable') {
            this.#logger.debug(`giving up on ${ctx.method} ${redactPath(ctx.path)} after ${index + 1} attempt(s): ${decision.reason}`);
          }
          throw err;
        }
        const status = err.status !== undefined ? ` HTTP ${err.status}` : '';
        const rid = err.requestId !== undefined ? ` x-request-id=${err.requestId}` : '';
        this.#logger.warn(
          `retrying ${ctx.method} ${redactPath(ctx.path)} in ${decision.delayMs} ms (attempt ${index + 2} of ${maxRetries + 1}) after ${err.code}${status}${rid}`,
        );
        await this.sleep(decision.delayMs, ctx.signal);
      }
    }
  }

  /** A JSON API call with retries; the 2xx body is validated against `schema`. */
  async requestJson<S extends z.ZodMiniType>(req: ApiRequest, schema: S, opts: RequestOptions = {}): Promise<z.output<S>> {
    return (await this.requestJsonResponse(req, schema, opts)).data;
  }

  /** As requestJson, also returning the status and X-Request-Id of the successful response. */
  async requestJsonResponse<S extends z.ZodMiniType>(req: ApiRequest, schema: S, opts: RequestOptions = {}): Promise<JsonResponse<z.output<S>>> {
    const { signal, timeoutMs, maxRetries } = opts;
    return this.withRetry({ method: req.method, path: req.path, idempotencyKey: req.idempotencyKey, signal, maxRetries }, async () => {
      const res = await this.transport.send({ ...req, signal, timeoutMs });
      return this.#readJson(res, req, schema);
    });
  }

  async #readJson<S extends z.ZodMiniType>(res: SendResult, req: ApiRequest, schema: S): Promise<JsonResponse<z.output<S>>> {
    const details = { ...res.describe, requestId: res.requestId };
    if (res.status < 200 || res.status > 299) {
      const text = await readBodyText(res.body, MAX_ERROR_BYTES, details);
      throw createApiError(res.status, text ?? '', res.headers, {
        method: req.method,
        path: req.path,
        hasIdempotencyKey: req.idempotencyKey !== undefined,
        now: this.#config.now(),
        scrub: this.transport.scrub,
      });
    }
    const text = await readBodyText(res.body, MAX_JSON_BYTES, details);
    if (text === undefined) {
      throw new UnexpectedResponseError('The service response was too large.', { ...details, code: 'unexpected_response', status: res.status });
    }
    let value: unknown;
    try {
      value = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      throw new UnexpectedResponseError('The service response was not valid JSON.', { ...details, code: 'unexpected_response', status: res.status });
    }
    const parsed = schema.safeParse(value, { error: ISSUE_MESSAGES });
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      throw new UnexpectedResponseError(`The service response did not have the expected shape (${where}).`, {
        ...details,
        code: 'unexpected_response',
        status: res.status,
      });
    }
    return { data: parsed.data, status: res.status, requestId: res.requestId };
  }
}
