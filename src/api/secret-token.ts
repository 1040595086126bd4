/**
 * Share and library-link tokens grant downloads to whoever holds them (spec 5): like the key, they
 * never reach a log line or an error message. Paths and URLs are already redacted (redact.ts);
 * this also hides a token a server echoes in an error message.
 */
import { DocTranslateError } from './error-classes.ts';
import { REDACTED } from './redact.ts';

export function hideToken(err: unknown, ...tokens: (string | undefined)[]): unknown {
  const secrets = tokens.filter((t): t is string => t !== undefined && t.length >= 4);
  if (!(err instanceof Error) || secrets.length === 0) return err;
  const scrub = (text: string): string => secrets.reduce((out, t) => out.split(t).join(REDACTED), text);
  err.message = scrub(err.message);
  if (err.stack !== undefined) err.stack = scrub(err.stack);
  if (err instanceof DocTranslateError && err.path !== undefined) (err as { path?: string }).path = scrub(err.path);
  return err;
}

/** Runs `call`; an error it throws has the tokens masked. */
export async function withHiddenTokens<T>(call: () => Promise<T>, ...tokens: (string | undefined)[]): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw hideToken(err, ...tokens);
  }
}
