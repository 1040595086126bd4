import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.ts';
import type { AuthInfo } from './router.ts';
import type { EmulatorState, RequestLogEntry } from './state.ts';

export type AuthStyle = RequestLogEntry['auth'];

/** Which credential headers a request carries (for the request log; never the values). */
export function authStyle(req: IncomingMessage): AuthStyle {
  const hasKey = req.headers['x-api-key'] !== undefined;
  const hasAuthorization = req.headers.authorization !== undefined;
  if (hasKey && hasAuthorization) return 'both';
  if (hasKey) return 'x-api-key';
  if (hasAuthorization) return 'bearer';
  return 'none';
}

/**
 * Spec part 5: X-API-Key or Authorization: Bearer, one style per request.
 * Both headers at once is a malformed request: 400 `multiple_credentials` (the emulator's choice).
 * Missing credentials: 401 `missing_credentials`; an unknown key or a non-Bearer
 * Authorization scheme: 401 `invalid_api_key`.
 */
export function authenticate(req: IncomingMessage, state: EmulatorState): AuthInfo {
  const style = authStyle(req);
  if (style === 'both') {
    throw new HttpError(400, 'multiple_credentials', 'Send the API key in X-API-Key or Authorization: Bearer, not both');
  }
  if (style === 'none') {
    throw new HttpError(401, 'missing_credentials', 'An API key is required (X-API-Key or Authorization: Bearer)', undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  }
  let secret: string;
  if (style === 'x-api-key') {
    secret = headerValue(req.headers['x-api-key']).trim();
  } else {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(headerValue(req.headers.authorization));
    if (!match) throw invalidKey();
    secret = match[1]!;
  }
  const key = state.keyBySecret(secret);
  if (!key) throw invalidKey();
  const account = state.accounts.get(key.accountId);
  if (!account) throw invalidKey();
  return { account, key, style };
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function invalidKey(): HttpError {
  return new HttpError(401, 'invalid_api_key', 'The API key is invalid or has been revoked', undefined, {
    'WWW-Authenticate': 'Bearer error="invalid_token"',
  });
}
