// Pure validation of the service address (no vscode import), shared by the setting reader,
// the Set Service URL input box and the command's argument.

export type ServiceUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host)) return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
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
  if (!path.endsWith('/api/v1')) {
    return { ok: false, reason: 'The address must end in /api/v1.' };
  }
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
