// Secret values held in memory (the API key, webhook signing secrets, share and link tokens), so
// that any text shown or logged can have them masked by value, whatever their shape and wherever a
// server echoes them. Pure: no vscode, nothing outside src/shared. The client's redaction (src/api/redact.ts)
// and the editor's logger and error display apply `maskKnownSecrets`.
import { API_KEY_PREFIX, maskApiKey } from './apiKey.ts';

/** Shorter values are not registered: they could be ordinary words. */
export const MIN_SECRET_LENGTH = 8;
/** At most this many values are kept; the oldest go first (a long session lists many share tokens). */
export const MAX_SECRETS = 1000;

interface Registry {
  /** value -> how many holders remembered it (forgotten when the last one forgets it). */
  held: Map<string, number>;
  /** Longest first, so a secret containing another is masked whole; rebuilt on change. */
  ordered: string[];
}

// One registry per process, not per module copy: the extension, the lazily loaded client
// (dist/api.js) and each feature part are separate bundles, each with its own copy of this file.
const KEY = Symbol.for('docTranslate.secretValues');
const registry: Registry = ((globalThis as Record<symbol, unknown>)[KEY] as Registry | undefined) ?? { held: new Map(), ordered: [] };
(globalThis as Record<symbol, unknown>)[KEY] = registry;
const held = registry.held;

function reorder(): void {
  registry.ordered = [...held.keys()].sort((a, b) => b.length - a.length);
}

/**
 * The masked form of a secret value: an API key in its one masked form (`sk_…` and its last 4
 * characters, maskApiKey), anything else as at most its first 4 characters (fewer for short
 * values, so most of it stays hidden) and "…".
 */
export function maskSecretValue(value: string): string {
  if (value.startsWith(API_KEY_PREFIX)) return maskApiKey(value);
  const shown = Math.min(4, Math.floor(value.length / 4));
  return `${value.slice(0, shown)}…`;
}

/** Remembers `value` (trimmed) as a secret; ignored when shorter than MIN_SECRET_LENGTH. */
export function rememberSecret(value: string | null | undefined): void {
  if (typeof value !== 'string') return;
  const secret = value.trim();
  if (secret.length < MIN_SECRET_LENGTH) return;
  const count = held.get(secret);
  if (count !== undefined) {
    held.delete(secret);
    held.set(secret, count + 1);
    return;
  }
  held.set(secret, 1);
  while (held.size > MAX_SECRETS) {
    const oldest = held.keys().next().value as string;
    held.delete(oldest);
  }
  reorder();
}

/** Forgets one remembrance of `value`; it stays masked while another holder still remembers it. */
export function forgetSecret(value: string | null | undefined): void {
  if (typeof value !== 'string') return;
  const secret = value.trim();
  const count = held.get(secret);
  if (count === undefined) return;
  if (count > 1) held.set(secret, count - 1);
  else {
    held.delete(secret);
    reorder();
  }
}

/** `text` with every remembered secret value replaced by its masked form. */
export function maskKnownSecrets(text: string): string {
  if (registry.ordered.length === 0 || text.length < MIN_SECRET_LENGTH) return text;
  let out = text;
  for (const secret of registry.ordered) {
    if (out.includes(secret)) out = out.split(secret).join(maskSecretValue(secret));
  }
  return out;
}

/** How many values are remembered (for tests and diagnostics; never the values). */
export function knownSecretCount(): number {
  return held.size;
}
