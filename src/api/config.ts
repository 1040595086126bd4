/**
 * Checks on where requests may go and what credential may be sent. The key travels over plain
 * http only to loopback hosts; everything else must be https. Messages never echo the key, and
 * never echo a URL that might carry user info.
 */
import { API_PATH_SUFFIX, isLoopbackHost } from '../shared/serviceUrl.ts';
import { invalidRequest, UnexpectedResponseError, type ValidationError } from './error-classes.ts';

export { API_PATH_SUFFIX, isLoopbackHost };

function configError(message: string, field: string, code: 'invalid_base_url' | 'invalid_api_key' = 'invalid_base_url'): ValidationError {
  return invalidRequest(message, [{ field, message }], code);
}

/** Parses an absolute http(s) URL that will receive requests; http only for loopback. */
export function assertSafeUrl(raw: string | URL, field = 'url'): URL {
  let url: URL;
  try {
    url = typeof raw === 'string' ? new URL(raw.trim()) : new URL(raw.href);
  } catch {
    throw configError('The service URL is not a valid absolute URL.', field);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw configError('The service URL must start with https://.', field);
  }
  if (url.username !== '' || url.password !== '') {
    throw configError('The service URL must not contain a user name or password.', field);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw configError('The service URL must use https:// (plain http is allowed only for 127.0.0.1, ::1 and localhost).', field);
  }
  return url;
}

/**
 * An address the service sent in a body (download-link `url`, presign `upload_url`): untrusted, so it
 * must be an absolute http(s) URL without user info, plain http only to loopback hosts (the same rule
 * as the configured URL). Anything else is an UnexpectedResponseError (`unexpected_response`) that
 * never echoes the value (it may carry a token).
 */
export function assertServerUrl(raw: unknown, what: string): URL {
  const refuse = (why: string): UnexpectedResponseError =>
    new UnexpectedResponseError(`The service sent ${what} that ${why}; refused.`, { code: 'unexpected_response' });
  if (typeof raw !== 'string' || raw.trim() === '') throw refuse('is empty');
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw refuse('is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('is not an http(s) URL');
  if (url.username !== '' || url.password !== '') throw refuse('carries a user name or password');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) throw refuse('uses plain http to a non-loopback host');
  return url;
}

export interface BaseUrl {
  /** e.g. `https://api.example.com` */
  origin: string;
  /** e.g. `/api/v1` or `/prefix/api/v1`, never with a trailing slash. */
  basePath: string;
  /** origin + basePath */
  href: string;
}

/** Validates and normalises the configured base URL, which must end with `/api/v1`. */
export function parseBaseUrl(raw: string): BaseUrl {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw configError('The service URL is not set.', 'baseUrl');
  }
  const url = assertSafeUrl(raw, 'baseUrl');
  if (url.search !== '' || url.hash !== '') {
    throw configError('The service URL must not contain a query or fragment.', 'baseUrl');
  }
  const basePath = url.pathname.replace(/\/+$/, '');
  if (!basePath.endsWith(API_PATH_SUFFIX)) {
    throw configError(`The service URL must end with ${API_PATH_SUFFIX}.`, 'baseUrl');
  }
  return { origin: url.origin, basePath, href: url.origin + basePath };
}

/** The key must be a non-empty header-safe token; it is never shown in the message. */
export function assertApiKey(key: unknown): string {
  if (typeof key !== 'string' || key.trim() === '') {
    throw configError('No API key is set.', 'apiKey', 'invalid_api_key');
  }
  const trimmed = key.trim();
  if (trimmed.length > 1024 || !/^[\x21-\x7e]+$/.test(trimmed)) {
    throw configError('The API key contains characters that cannot be sent.', 'apiKey', 'invalid_api_key');
  }
  return trimmed;
}
