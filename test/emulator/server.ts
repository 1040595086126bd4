import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX, CONTROL_PREFIX } from './app.ts';
import type { EmulatorApp } from './app.ts';
import { authStyle, authenticate } from './auth.ts';
import { HttpError } from './errors.ts';
import { faultError, takeFaults } from './faults.ts';
import type { FaultOrigin, TriggeredFaults } from './faults.ts';
import { newRequestId } from './random.ts';
import { RequestContext, errorReply, sendReply } from './router.ts';
import type { Reply, Router } from './router.ts';
import type { RequestLogEntry } from './state.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function begin(req: IncomingMessage, res: ServerResponse): RequestContext {
  const requestId = newRequestId();
  // Set first so that every answer, including 404s, faults and crashes, carries it.
  res.setHeader('X-Request-Id', requestId);
  // Only origin-form targets are meaningful here; anything else is treated as "/" (404).
  const target = req.url?.startsWith('/') ? req.url : '/';
  let url: URL;
  try {
    url = new URL(`http://127.0.0.1${target}`);
  } catch {
    url = new URL('http://127.0.0.1/');
  }
  return new RequestContext(req, res, url, requestId);
}

/** Runs a matched route; the route's own errors become error replies. */
async function dispatch(router: Router, ctx: RequestContext, relPath: string, authenticateWith?: () => void): Promise<Reply | void> {
  const match = router.match(ctx.method, relPath);
  if (match.kind === 'not_found') return errorReply(new HttpError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}`));
  if (match.kind === 'method_not_allowed') {
    const err = new HttpError(405, 'method_not_allowed', `${ctx.method} is not allowed here`, undefined, { Allow: match.allowed.join(', ') });
    return errorReply(err);
  }
  ctx.params = match.params;
  try {
    if (authenticateWith && match.options.auth !== false) authenticateWith();
    return await match.handler(ctx);
  } catch (err) {
    if (err instanceof HttpError) return errorReply(err);
    process.stderr.write(`[emulator] ${ctx.method} ${ctx.path} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return errorReply(new HttpError(500, 'internal_error', 'Internal emulator error'));
  }
}

async function applyLatency(app: EmulatorApp, ctx: RequestContext, faults: TriggeredFaults): Promise<void> {
  const ms = faults.latencyMs + faults.latencyPerCharMs * ctx.workChars;
  if (ms <= 0) return;
  if (ctx.isWork) app.state.busyMs += ms;
  await app.sleep(ms);
}

function destroy(ctx: RequestContext): void {
  ctx.req.socket.destroy();
}

/** The API origin: /api/v1 (faults, auth, request log) and /_emulator (loopback control API). */
export async function handleApi(app: EmulatorApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ctx = begin(req, res);
  const path = ctx.path;
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      sendReply(res, errorReply(new HttpError(403, 'forbidden', 'The control API accepts loopback peers only')));
      return;
    }
    const reply = await dispatch(app.control, ctx, path.slice(CONTROL_PREFIX.length));
    if (reply) sendReply(res, reply);
    return;
  }

  const state = app.state;
  const entry: RequestLogEntry = {
    at: app.clock.nowIso(),
    method: ctx.method,
    // Share tokens are addresses that download without a key: never kept in the log.
    path: path.replace(/(\/shares\/)[^/]+/, '$1REDACTED'),
    idempotency_key: ctx.header('idempotency-key') ?? null,
    auth: authStyle(req),
    status: 0,
    request_id: ctx.requestId,
    fault: null,
  };
  state.requests.push(entry);
  res.on('finish', () => {
    entry.status = res.statusCode;
  });

  const before = takeFaults(state, 'api', ctx.method, path, 'before');
  if (before.terminal) {
    entry.fault = before.terminal.id;
    await applyLatency(app, ctx, before);
    if (before.terminal.kind === 'reset') destroy(ctx);
    else sendReply(res, errorReply(faultError(before.terminal)));
    return;
  }

  let reply: Reply | void;
  if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
    reply = await dispatch(app.api, ctx, path.slice(API_PREFIX.length), () => {
      ctx.auth = authenticate(req, app.state);
    });
  } else {
    reply = errorReply(new HttpError(404, 'not_found', `No route for ${ctx.method} ${path}`));
  }
  await applyLatency(app, ctx, before);
  if (!reply) return;

  const after = takeFaults(state, 'api', ctx.method, path, 'after');
  await applyLatency(app, ctx, after);
  if (after.terminal) {
    entry.fault = after.terminal.id;
    if (after.terminal.kind === 'reset') destroy(ctx);
    else sendReply(res, errorReply(faultError(after.terminal)));
    return;
  }
  sendReply(res, reply);
}

/** The storage origin: a different port, so credentials sent here are cross-origin leaks and get recorded. */
export async function handleStorage(app: EmulatorApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ctx = begin(req, res);
  const state = app.state;
  const credentialHeaders = ['x-api-key', 'authorization'].filter((h) => req.headers[h] !== undefined);
  if (credentialHeaders.length > 0) {
    state.storageCredentialLog.push({ at: app.clock.nowIso(), method: ctx.method, path: ctx.path, headers: credentialHeaders });
  }
  const origin: FaultOrigin = 'storage';
  const before = takeFaults(state, origin, ctx.method, ctx.path, 'before');
  await applyLatency(app, ctx, before);
  if (before.terminal) {
    if (before.terminal.kind === 'reset') destroy(ctx);
    else sendReply(res, errorReply(faultError(before.terminal)));
    return;
  }
  const reply = await dispatch(app.storage, ctx, ctx.path);
  if (!reply) return;
  const after = takeFaults(state, origin, ctx.method, ctx.path, 'after');
  await applyLatency(app, ctx, after);
  if (after.terminal?.kind === 'reset') destroy(ctx);
  else if (after.terminal) sendReply(res, errorReply(faultError(after.terminal)));
  else sendReply(res, reply);
}

/** Last line of defence: a bug in the pipeline answers 500 (or drops the socket) instead of crashing the process. */
export function guarded(
  handler: (app: EmulatorApp, req: IncomingMessage, res: ServerResponse) => Promise<void>,
  app: EmulatorApp,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handler(app, req, res).catch((err: unknown) => {
      process.stderr.write(`[emulator] request pipeline failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      if (res.headersSent) res.destroy();
      else sendReply(res, errorReply(new HttpError(500, 'internal_error', 'Internal emulator error')));
    });
  };
}
