// The API key's shape and its one masked form, used by the editor (input box, messages) and by the
// client's redaction. Pure: no vscode, no dependencies.

export const API_KEY_PREFIX = 'sk_';

/** Why `value` cannot be an API key (for the input box and command arguments), or undefined. */
export function apiKeyProblem(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return 'Enter your API key.';
  if (!key.startsWith(API_KEY_PREFIX)) return `API keys start with "${API_KEY_PREFIX}".`;
  if (/\s/.test(key)) return 'An API key contains no spaces.';
  return undefined;
}

/** `sk_…` plus the last 4 characters, and only when the key is long enough to keep the rest hidden. */
export function maskApiKey(key: string): string {
  const trimmed = key.trim();
  return trimmed.length >= 16 ? `${API_KEY_PREFIX}…${trimmed.slice(-4)}` : `${API_KEY_PREFIX}…`;
}
