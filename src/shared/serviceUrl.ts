// Rules for the service address, used by the editor (setting, Set Service URL) and the client
// (src/api/config.ts). Pure: no vscode, no dependencies.

export type ServiceUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/** The path every service address ends in. */
export const API_PATH_SUFFIX = '/api/v1';

/** 127.0.0.0/8, ::1 and localhost. `hostname` as produced by WHATWG URL (IPv4 normalised, IPv6 bracketed). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]' || host === '::1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m !== null && m.slice(1).every((part) => Number(part) <= 255);
}

/** The origin (scheme, host, port) of a service address; secrets are stored per origin. */
export function serviceOrigin(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}

/** Accepts `https://host/.../api/v1` (trailing slash dropped); `http` only for loopback hosts. */
export function checkServiceUrl(input: string): ServiceUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter the service address, ending in /api/v1.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'This is not a valid address (example: https://translate.example.com/api/v1).' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'The address must start with https://.' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, reason: 'Plain http is allowed only for loopback addresses (127.0.0.1, localhost); use https.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'The address must not contain a user name or password.' };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, reason: 'The address must not contain a query or fragment.' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith(API_PATH_SUFFIX)) {
    return { ok: false, reason: 'The address must end in /api/v1.' };
  }
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
