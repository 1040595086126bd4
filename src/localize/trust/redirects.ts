/**
 * Server-side redirects a site declares, read as data: Netlify / Cloudflare Pages `_redirects`
 * files (`/from /to [status]`, `:placeholder` segments, a trailing `*` as `:splat`) and
 * `[[redirects]]` in netlify.toml. A link to a redirected path leads where the rule sends it; rules
 * with a 4xx status (custom 404 pages) lead nowhere.
 */
import { parse as parseToml } from 'smol-toml';

export interface Redirect {
  from: string;
  to: string;
  status: number;
}

export function parseRedirectsFile(text: string): Redirect[] {
  const out: Redirect[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const [from, to, status] = line.split(/\s+/);
    if (from === undefined || to === undefined || !from.startsWith('/')) continue;
    out.push({ from, to, status: status === undefined ? 301 : Number.parseInt(status, 10) || 301 });
  }
  return out;
}

export function parseNetlifyToml(text: string): Redirect[] {
  let data: unknown;
  try {
    data = parseToml(text);
  } catch {
    return [];
  }
  const list = (data as { redirects?: unknown }).redirects;
  if (!Array.isArray(list)) return [];
  return list.flatMap((r: unknown) => {
    const x = r as { from?: unknown; to?: unknown; status?: unknown };
    return typeof x.from === 'string' && typeof x.to === 'string' && x.from.startsWith('/')
      ? [{ from: x.from, to: x.to, status: typeof x.status === 'number' ? x.status : 301 }]
      : [];
  });
}

const trim = (p: string): string => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** Where `path` is sent by the first rule that matches it (trailing slashes and case ignored), or undefined. */
export function redirectOf(path: string, rules: readonly Redirect[]): string | undefined {
  const segs = trim(path).toLowerCase().split('/');
  for (const rule of rules) {
    if (rule.status >= 400) {
      if (matches(rule.from, segs) !== undefined) return undefined;
      continue;
    }
    const params = matches(rule.from, segs);
    if (params === undefined) continue;
    return rule.to.replace(/:([A-Za-z_]\w*)/g, (all, name: string) => params.get(name.toLowerCase()) ?? all);
  }
  return undefined;
}

function matches(from: string, segs: string[]): Map<string, string> | undefined {
  const pat = trim(from).toLowerCase().split('/');
  const params = new Map<string, string>();
  for (let i = 0; i < pat.length; i++) {
    const p = pat[i]!;
    if (p === '*' && i === pat.length - 1) {
      params.set('splat', segs.slice(i).join('/'));
      return params;
    }
    const s = segs[i];
    if (s === undefined) return undefined;
    if (p.startsWith(':')) params.set(p.slice(1), s);
    else if (p !== s) return undefined;
  }
  return segs.length === pat.length ? params : undefined;
}
