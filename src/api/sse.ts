/**
 * One SSE connection to `GET /sse/jobs/{job_id}?ticket=...` (spec 4.8, 6.1), read to its first
 * terminal event. Reconnecting, tickets and polling are the watcher's business (watch.ts).
 *
 * The stream is parsed by eventsource-parser with a bounded buffer: a line or event that grows
 * past `maxBufferSize` characters without a boundary ends the connection (a broken or hostile
 * server cannot make the client buffer without limit). Heartbeat comments are ignored, unknown
 * event names skipped, job events whose data does not parse are dropped.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { createApiError } from './errors.ts';
import { AbortError, DocTranslateError, UnexpectedResponseError } from './error-classes.ts';
import { headerValue } from './headers.ts';
import { silentLogger, type Logger } from './logger.ts';
import { pathSegment, readBodyText } from './requester.ts';
import { JobEventDataSchema, type JobEventData } from './schemas.ts';
import { toTransportError, type ResponseBody, type Transport } from './transport.ts';

/** Characters the parser may hold between event boundaries. Job events are a few hundred bytes. */
export const DEFAULT_SSE_MAX_BUFFER = 256 * 1024;
/** Silence (no byte, not even a heartbeat) after which a connection counts as dropped. */
export const DEFAULT_SSE_IDLE_TIMEOUT_MS = 60_000;

export type SseOutcome =
  /** `job_done` arrived; `data` when its payload parsed. */
  | { kind: 'done'; data?: JobEventData }
  /** The server's `timeout` event: reconnect with a new ticket. */
  | { kind: 'timeout' }
  /** The server's `error` event: reconnect later with a new ticket. */
  | { kind: 'server_error' }
  /** The stream ended cleanly without a terminal event. */
  | { kind: 'ended'; events: number }
  /** The connection broke, went silent, or overflowed the buffer. */
  | { kind: 'dropped'; events: number; error: DocTranslateError }
  /** 404: SSE is not open for this service; poll instead. */
  | { kind: 'not_open' }
  /** Any other non-2xx answer (e.g. a rejected ticket). */
  | { kind: 'rejected'; error: DocTranslateError };

export interface SseConnectOptions {
  jobId: string;
  ticket: string;
  signal?: AbortSignal;
  /** Called for every `job_update` (and for the data of `job_done` before returning). */
  onSnapshot?: (data: JobEventData) => void;
  /** Called for every event of any kind (after parsing), e.g. to reset failure counters. */
  onEvent?: (name: string) => void;
  maxBufferSize?: number;
  idleTimeoutMs?: number;
  logger?: Logger;
}

function parseData(raw: string): JobEventData | undefined {
  try {
    const parsed = JobEventDataSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * WHATWG server-sent events: a line ends in CRLF, LF or a lone CR. The text is normalised to LF as
 * it arrives, so a CR that ends a chunk ends its line at once (a parser waiting for the next byte to
 * see whether LF follows would hold an event back while the server keeps the connection open
 * without a heartbeat); an LF that starts the next chunk after such a CR is dropped.
 */
function createLineNormalizer(): (text: string) => string {
  let pendingCr = false;
  return (text: string): string => {
    if (text === '') return text;
    const rest = pendingCr && text.startsWith('\n') ? text.slice(1) : text;
    pendingCr = rest.endsWith('\r');
    return rest.replace(/\r\n?/g, '\n');
  };
}

/** Closes a body nobody reads any more; undici reports that as an error, which is expected here. */
function discard(body: ResponseBody): void {
  body.on('error', () => {});
  if (!body.destroyed) body.destroy();
}

/** Opens one stream and reads it until a terminal event, the end, or a failure. Throws only AbortError. */
export async function readJobStream(transport: Transport, opts: SseConnectOptions): Promise<SseOutcome> {
  const logger = opts.logger ?? silentLogger;
  const path = `/sse/jobs/${pathSegment(opts.jobId)}`;
  let res;
  try {
    res = await transport.send({
      method: 'GET',
      path,
      query: { ticket: opts.ticket },
      headers: { accept: 'text/event-stream', 'cache-control': 'no-cache' },
      signal: opts.signal,
      timeoutMs: 0,
      idleTimeoutMs: opts.idleTimeoutMs ?? DEFAULT_SSE_IDLE_TIMEOUT_MS,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw new AbortError();
    return { kind: 'dropped', events: 0, error: toTransportError(err) };
  }
  if (res.status === 404) {
    await readBodyText(res.body, 64 * 1024, res.describe).catch(() => undefined);
    return { kind: 'not_open' };
  }
  if (res.status < 200 || res.status > 299) {
    const text = await readBodyText(res.body, 64 * 1024, res.describe).catch(() => undefined);
    return { kind: 'rejected', error: createApiError(res.status, text ?? '', res.headers, { method: 'GET', path, scrub: transport.scrub }) };
  }
  const contentType = headerValue(res.headers, 'content-type') ?? '';
  if (!/^text\/event-stream\b/i.test(contentType.trim())) {
    discard(res.body);
    const error = new UnexpectedResponseError('The live progress stream had an unexpected content type.', {
      code: 'unexpected_response',
      status: res.status,
      ...res.describe,
    });
    return { kind: 'rejected', error };
  }

  let terminal: SseOutcome | undefined;
  let overflow = false;
  let events = 0;
  const parser = createParser({
    maxBufferSize: opts.maxBufferSize ?? DEFAULT_SSE_MAX_BUFFER,
    onComment: () => {},
    onError: (err) => {
      if (err.type === 'max-buffer-size-exceeded') overflow = true;
    },
    onEvent: (message: EventSourceMessage) => {
      if (terminal !== undefined) return;
      events++;
      const name = message.event ?? 'message';
      opts.onEvent?.(name);
      if (name === 'job_update') {
        const data = parseData(message.data);
        if (data !== undefined) opts.onSnapshot?.(data);
        else logger.debug(`SSE job_update for a job had data that did not parse; skipped`);
      } else if (name === 'job_done') {
        const data = parseData(message.data);
        if (data !== undefined) opts.onSnapshot?.(data);
        terminal = { kind: 'done', data };
      } else if (name === 'timeout') {
        terminal = { kind: 'timeout' };
      } else if (name === 'error') {
        terminal = { kind: 'server_error' };
      }
    },
  });

  const decoder = new TextDecoder('utf-8');
  const normalize = createLineNormalizer();
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      parser.feed(normalize(decoder.decode(chunk, { stream: true })));
      if (terminal !== undefined || overflow) break;
    }
  } catch (err) {
    if (opts.signal?.aborted) throw new AbortError();
    if (terminal !== undefined) return terminal;
    return { kind: 'dropped', events, error: toTransportError(err, res.describe) };
  } finally {
    discard(res.body);
  }
  if (opts.signal?.aborted) throw new AbortError();
  if (terminal !== undefined) return terminal;
  if (overflow) {
    const error = new UnexpectedResponseError('The live progress stream sent an event larger than allowed.', {
      code: 'unexpected_response',
      ...res.describe,
    });
    return { kind: 'dropped', events, error };
  }
  return { kind: 'ended', events };
}
