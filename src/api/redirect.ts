/** Redirects of downloads (download.ts): which statuses are followed, how far, and where to. */
import { isLoopbackHost } from './config.ts';
import { UnexpectedResponseError } from './error-classes.ts';

export const MAX_REDIRECTS = 5;
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export function refuse(message: string, status: number): UnexpectedResponseError {
  return new UnexpectedResponseError(message, { code: 'unexpected_redirect', status, method: 'GET' });
}

/**
 * The next hop of a redirect, or a typed refusal (`unexpected_redirect`): the Location (untrusted) is
 * resolved against the current address (RFC 9110 allows relative references) and must then be
 * http(s), never https→http, plain http only to loopback hosts, without user info.
 */
export function nextRedirectUrl(current: URL, location: string | undefined, status: number): URL {
  if (location === undefined || location.trim() === '') throw refuse('The download was redirected without a target address.', status);
  let next: URL;
  try {
    next = new URL(location.trim(), current);
  } catch {
    throw refuse('The download was redirected to an invalid address.', status);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw refuse('The download was redirected to a non-http(s) address; refused.', status);
  }
  if (current.protocol === 'https:' && next.protocol === 'http:') {
    throw refuse('The download was redirected from https to plain http; refused.', status);
  }
  if (next.protocol === 'http:' && !isLoopbackHost(next.hostname)) {
    throw refuse('The download was redirected to plain http on a non-loopback host; refused.', status);
  }
  if (next.username !== '' || next.password !== '') throw refuse('The download was redirected to an address with credentials; refused.', status);
  return next;
}
