import type { EmulatorApp } from '../app.ts';
import { HttpError, notFound, notOwned } from '../errors.ts';
import { secretToken } from '../random.ts';
import type { Reply, RequestContext } from '../router.ts';
import type { SseTicketRecord } from '../state.ts';
import { SseStream, streamsOf } from '../jobs/sse-streams.ts';
import { ownedJob } from '../jobs/store.ts';

/** Spec part 5 and 8: a ticket is valid 30 seconds (virtual clock) and opens one stream. */
export const TICKET_TTL_SECONDS = 30;

function issueTicket(app: EmulatorApp, ctx: RequestContext): Reply {
  const { account } = ctx.requireAuth();
  const job = ownedJob(app, account.id, ctx.params.job_id!);
  const now = app.clock.now();
  const record: SseTicketRecord = {
    ticket: secretToken('sset_'),
    jobId: job.id,
    accountId: account.id,
    expiresAt: now + TICKET_TTL_SECONDS * 1000,
    used: false,
  };
  app.state.sseTickets.set(record.ticket, record);
  return {
    status: 200,
    body: { ticket: record.ticket, expires_in: TICKET_TTL_SECONDS, expires_at: new Date(record.expiresAt).toISOString() },
  };
}

/**
 * No API key: the ticket authenticates. 404 when SSE is switched off (checked first, like a
 * service without SSE), 401 for a missing, unknown, used or expired ticket, 403 for a ticket of
 * another job. A ticket is spent when the stream opens.
 */
function openStream(app: EmulatorApp, ctx: RequestContext): Reply | void {
  if (!app.state.settings.sse_enabled) throw new HttpError(404, 'sse_unavailable', 'SSE is not available; poll GET /jobs/{job_id}');
  const value = ctx.query.get('ticket');
  if (value === null || value.length === 0) throw new HttpError(401, 'missing_ticket', 'A ticket query parameter is required');
  const ticket = app.state.sseTickets.get(value);
  if (!ticket) throw new HttpError(401, 'invalid_ticket', 'The ticket is not valid');
  if (ticket.used) throw new HttpError(401, 'ticket_used', 'The ticket has already been used; request a new one');
  if (app.clock.now() >= ticket.expiresAt) throw new HttpError(401, 'ticket_expired', 'The ticket has expired; request a new one');
  if (ticket.jobId !== ctx.params.job_id) throw new HttpError(403, 'ticket_job_mismatch', 'The ticket was issued for another job');
  ticket.used = true;
  const job = app.state.jobs.get(ticket.jobId);
  if (!job || job.deleted) throw notFound('Job');
  if (job.accountId !== ticket.accountId) throw notOwned('job', 'job');
  new SseStream(app, ctx.res, job).open();
}

/** SSE for translation jobs (spec 4.8 and 6.1). */
export function register(app: EmulatorApp): void {
  app.onReset(() => {
    for (const stream of [...streamsOf(app)]) stream.drop();
  });
  app.onClose(() => {
    for (const stream of [...streamsOf(app)]) stream.drop();
  });
  app.api.post('/sse/ticket/:job_id', (ctx) => issueTicket(app, ctx));
  app.api.get('/sse/jobs/:job_id', (ctx) => openStream(app, ctx), { auth: false });
}
