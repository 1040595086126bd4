// Maps any error from a service call to what the user sees: one message and the actions that
// help. Pure (no vscode import) so the wording can be tested anywhere. Errors are told apart by
// their class name, which the client sets on each class's prototype so it survives minification;
// this module therefore needs no value from the client bundle and never loads it.
import type { DocTranslateError, RateLimitedError, ValidationError } from '../api/index.ts';
import { formatCredits } from './format.ts';

export type ErrorAction = 'setApiKey' | 'setServiceUrl' | 'changeTargetLanguage' | 'showBalance' | 'showLog';

export interface ErrorContext {
  /** What was attempted, e.g. "Translation"; starts the fallback message. */
  operation?: string;
  baseUrl?: string;
  targetLanguage?: string;
  sourceLanguage?: string;
  engine?: string;
  /** Credits available after debt, in millicredits, when known (used for 402). */
  availableMillicredits?: number;
}

export interface ErrorMessage {
  /** Cancellation by the user: show nothing. */
  silent: boolean;
  severity: 'error' | 'warning';
  message: string;
  actions: ErrorAction[];
}

const silent: ErrorMessage = { silent: true, severity: 'warning', message: '', actions: [] };

/** The client's error class name of `err` ('' for anything else). */
function errorName(err: unknown): string {
  return err instanceof Error ? err.name : '';
}

/** A client error: every one carries a stable reason `code`. */
function isServiceError(err: unknown): err is DocTranslateError {
  return err instanceof Error && typeof (err as { code?: unknown }).code === 'string';
}

export function isCancellation(err: unknown): boolean {
  return errorName(err) === 'AbortError';
}

export function describeError(err: unknown, ctx: ErrorContext = {}): ErrorMessage {
  if (isCancellation(err)) return silent;
  const operation = ctx.operation ?? 'The request';
  if (!isServiceError(err)) {
    const detail = err instanceof Error ? err.message : String(err);
    return error(`${operation} failed: ${detail}`, ['showLog']);
  }
  const ref = err.requestId !== undefined ? ` (request id ${err.requestId})` : '';
  const name = errorName(err);

  if (name === 'AuthenticationError') {
    return error('The service rejected the API key (401). Set a valid key and try again.', ['setApiKey']);
  }
  if (name === 'FinalizeTokenError') {
    // A 401 at upload finalize: the upload's token, not the key; a new upload fixes it.
    return error('The upload could not be confirmed: its finalize token is invalid or has expired (401). Upload the file again.', []);
  }
  if (name === 'KeyBudgetExhaustedError') {
    // Waiting does not help (no retry hint): only a raised budget or another key does.
    return warning("This API key's budget is used up (429). Raise the key's budget in the service console, or set another API key.", [
      'setApiKey',
    ]);
  }
  if (name === 'ConflictError') {
    return error(`${operation} conflicts with the current state on the service (409): ${err.message}${ref}`, ['showLog']);
  }
  if (name === 'InsufficientCreditsError') {
    const balance =
      ctx.availableMillicredits !== undefined ? ` You have ${formatCredits(ctx.availableMillicredits)} available.` : '';
    return warning(`Not enough credits for this request (402).${balance} Top up your account and try again.`, [
      'showBalance',
    ]);
  }
  if (name === 'PermissionError') {
    if (err.code === 'engine_not_allowed') {
      return error(`This API key may not use the translation engine "${ctx.engine ?? '?'}" (403).`, ['setApiKey']);
    }
    return error(`The service refused the request (403): ${err.message}${ref}`, ['setApiKey']);
  }
  if (name === 'ValidationError') return describeValidation(err as ValidationError, ctx, ref);
  if (name === 'RateLimitedError') {
    const retryAfterMs = (err as RateLimitedError).retryAfterMs;
    const wait =
      retryAfterMs !== undefined
        ? `Try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds.`
        : 'Try again in a moment.';
    return warning(`The service is receiving too many requests (429). ${wait}`, []);
  }
  if (name === 'ConnectionError') {
    return error(
      `Could not reach the service at ${ctx.baseUrl ?? 'the configured address'}. Check the service URL and your network.`,
      ['setServiceUrl', 'showLog'],
    );
  }
  if (name === 'TimeoutError') {
    return error(`The service at ${ctx.baseUrl ?? 'the configured address'} did not answer in time. Try again.`, [
      'showLog',
    ]);
  }
  if (name === 'ServiceUnavailableError' || name === 'ServerError') {
    const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
    return error(`The service is temporarily unavailable${status}. Try again later.${ref}`, ['showLog']);
  }
  const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
  return error(`${operation} failed${status}: ${err.message}${ref}`, ['showLog']);
}

function describeValidation(err: ValidationError, ctx: ErrorContext, ref: string): ErrorMessage {
  const fields = err.fieldErrors.map((f) => f.field);
  const names = (name: string): boolean => fields.some((f) => f === name || f.endsWith(`.${name}`));
  if (err.code === 'engine_unavailable' || names('engine')) {
    return error(`The translation engine "${ctx.engine ?? '?'}" is not available (${err.status ?? 400}). Choose another engine in the settings.`, []);
  }
  if (names('source_lang')) {
    return error(`The service does not support the source language "${ctx.sourceLanguage ?? '?'}" (422).`, []);
  }
  if (names('target_lang') || err.code === 'unsupported_language') {
    return error(`The service does not support the target language "${ctx.targetLanguage ?? '?'}" (422).`, [
      'changeTargetLanguage',
    ]);
  }
  const detail =
    err.fieldErrors.length > 0 ? err.fieldErrors.map((f) => `${f.field}: ${f.message}`).join('; ') : err.message;
  if (err.status === undefined) return error(`The request is invalid: ${detail}`, []);
  return error(`The service rejected the request (${err.status}): ${detail}${ref}`, []);
}

function error(message: string, actions: ErrorAction[]): ErrorMessage {
  return { silent: false, severity: 'error', message, actions };
}

function warning(message: string, actions: ErrorAction[]): ErrorMessage {
  return { silent: false, severity: 'warning', message, actions };
}
