import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.ts';
import type { Account, ApiKeyRecord } from './state.ts';

export const DEFAULT_JSON_LIMIT = 1_000_000;
/** Past this, an oversized body is no longer drained but the connection dropped. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

export interface Reply {
  status: number;
  /** JSON-encoded unless it is a Buffer or string (then sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Not sent: lets idempotency remember the created resource (e.g. a job id). */
  resourceId?: string;
}

export interface AuthInfo {
  account: Account;
  key: ApiKeyRecord;
  style: 'x-api-key' | 'bearer';
}

/** A handler returns a Reply, or writes `ctx.res` itself (streams) and returns nothing. */
export type Handler = (ctx: RequestContext) => Promise<Reply | void> | Reply | void;

export interface RouteOptions {
  /** API routes authenticate by default; control and storage routes never do. */
  auth?: boolean;
}

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
  options: RouteOptions;
}

export class RequestContext {
  params: Record<string, string> = {};
  auth: AuthInfo | undefined;
  /** Characters of translation work done; latency faults scale with it and it counts as busy time. */
  workChars = 0;
  /** Set by translate handlers so their latency is counted in busy_ms. */
  isWork = false;
  private bodyPromise: Promise<Buffer> | undefined;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly url: URL,
    readonly requestId: string,
  ) {}

  get method(): string {
    return this.req.method ?? 'GET';
  }

  get path(): string {
    return this.url.pathname;
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  requireAuth(): AuthInfo {
    if (!this.auth) throw new HttpError(401, 'missing_credentials', 'An API key is required');
    return this.auth;
  }

  /** Reads the whole body once; over `limit` bytes gives 413 request_too_large. */
  body(limit = DEFAULT_JSON_LIMIT): Promise<Buffer> {
    this.bodyPromise ??= readBody(this.req, limit);
    return this.bodyPromise;
  }

  /** Parsed JSON body; `undefined` when the body is empty. */
  async json(limit = DEFAULT_JSON_LIMIT): Promise<unknown> {
    const raw = await this.body(limit);
    if (raw.length === 0) return undefined;
    try {
      return JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
    }
  }

  /** JSON object body, `{}` when empty; anything else is 422. */
  async object(limit = DEFAULT_JSON_LIMIT): Promise<Record<string, unknown>> {
    const value = await this.json(limit);
    if (value === undefined) return {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new HttpError(422, 'invalid_request', 'Request body must be a JSON object', [{ field: 'body', message: 'must be a JSON object' }]);
    }
    return value as Record<string, unknown>;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT) {
        req.destroy();
        return;
      }
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    // Draining an oversized body before answering keeps clients from failing with EPIPE.
    req.on('end', () => {
      if (tooLarge) reject(new HttpError(413, 'request_too_large', `Request body exceeds ${limit} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new HttpError(400, 'incomplete_body', 'Request body was not completely received'));
    });
  });
}

export type MatchResult =
  | { kind: 'found'; handler: Handler; params: Record<string, string>; options: RouteOptions }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

/** Method + path pattern router; `:name` segments become params, literal segments win over params. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, options: RouteOptions = {}): this {
    this.routes.push({ method: method.toUpperCase(), segments: split(pattern), handler, options });
    return this;
  }

  get(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('GET', pattern, handler, options);
  }

  post(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('POST', pattern, handler, options);
  }

  put(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PUT', pattern, handler, options);
  }

  patch(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PATCH', pattern, handler, options);
  }

  delete(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('DELETE', pattern, handler, options);
  }

  match(method: string, path: string): MatchResult {
    const parts = split(path);
    let best: { route: Route; params: Record<string, string>; literals: number } | undefined;
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      const isHead = method === 'HEAD' && route.method === 'GET';
      if (route.method !== method && !isHead) {
        allowed.add(route.method);
        continue;
      }
      const literals = route.segments.filter((s) => !s.startsWith(':')).length;
      if (!best || literals > best.literals) best = { route, params, literals };
    }
    if (best) return { kind: 'found', handler: best.route.handler, params: best.params, options: best.route.options };
    if (allowed.size > 0) return { kind: 'method_not_allowed', allowed: [...allowed] };
    return { kind: 'not_found' };
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(v);
      } catch {
        return undefined;
      }
    } else if (p !== v) {
      return undefined;
    }
  }
  return params;
}

/** Writes a Reply unless the socket is already gone (client timed out or a fault reset it). */
export function sendReply(res: ServerResponse, reply: Reply): void {
  if (res.writableEnded || res.destroyed) return;
  const headers: Record<string, string> = { ...(reply.headers ?? {}) };
  let payload: Buffer | string | undefined;
  if (reply.body === undefined) payload = undefined;
  else if (Buffer.isBuffer(reply.body) || typeof reply.body === 'string') payload = reply.body;
  else {
    payload = JSON.stringify(reply.body);
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}

export function errorReply(err: HttpError): Reply {
  return { status: err.status, body: err.toBody(), headers: err.headers };
}
