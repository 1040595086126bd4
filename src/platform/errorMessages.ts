// Maps any error from a service call to what the user sees: one message and the actions that
// help. Pure (no vscode import) so the wording can be tested anywhere. Errors are told apart by
// their class name, which the client sets on each class's prototype so it survives minification;
// this module therefore needs no value from the client bundle and never loads it.
import type { DocTranslateError, RateLimitedError, ValidationError } from '../api/index.ts';
import { maskKnownSecrets } from '../shared/secretValues.ts';
import { formatCredits } from './format.ts';
import { t } from './l10n.ts';

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
  const operation = ctx.operation ?? t('The request');
  if (!isServiceError(err)) {
    const detail = err instanceof Error ? err.message : String(err);
    return error(t('{0} failed: {1}', operation, detail), ['showLog']);
  }
  const ref = err.requestId !== undefined ? t(' (request id {0})', err.requestId) : '';
  const name = errorName(err);

  if (name === 'AuthenticationError') {
    return error(t('The service rejected the API key (401). Set a valid key and try again.'), ['setApiKey']);
  }
  if (name === 'FinalizeTokenError') {
    // A 401 at upload finalize: the upload's token, not the key. The client has already started
    // the upload over once with a new token, so this is the second refusal.
    return error(
      t(
        'The upload could not be confirmed even after uploading the file a second time: the finalize token was invalid or had expired both times (401). Upload the file again later or over a faster connection.',
      ),
      [],
    );
  }
  if (name === 'KeyBudgetExhaustedError') {
    // Waiting does not help (no retry hint): only a raised budget or another key does.
    return warning(t("This API key's budget is used up (429). Raise the key's budget in the service console, or set another API key."), ['setApiKey']);
  }
  if (name === 'ConflictError') {
    return error(t('{0} conflicts with the current state on the service (409): {1}{2}', operation, err.message, ref), ['showLog']);
  }
  if (name === 'InsufficientCreditsError') {
    const message =
      ctx.availableMillicredits !== undefined
        ? t('Not enough credits for this request (402). You have {0} available. Top up your account and try again.', formatCredits(ctx.availableMillicredits))
        : t('Not enough credits for this request (402). Top up your account and try again.');
    return warning(message, ['showBalance']);
  }
  if (name === 'PermissionError') {
    if (err.code === 'engine_not_allowed') {
      return error(t('This API key may not use the translation engine "{0}" (403).', ctx.engine ?? '?'), ['setApiKey']);
    }
    return error(t('The service refused the request (403): {0}{1}', err.message, ref), ['setApiKey']);
  }
  if (name === 'ValidationError') return describeValidation(err as ValidationError, ctx, ref);
  if (name === 'RateLimitedError') {
    const retryAfterMs = (err as RateLimitedError).retryAfterMs;
    const wait =
      retryAfterMs !== undefined
        ? t('The service is receiving too many requests (429). Try again in {0} seconds.', Math.max(1, Math.ceil(retryAfterMs / 1000)))
        : t('The service is receiving too many requests (429). Try again in a moment.');
    return warning(wait, []);
  }
  if (name === 'ConnectionError') {
    return error(
      ctx.baseUrl !== undefined
        ? t('Could not reach the service at {0}. Check the service URL and your network.', ctx.baseUrl)
        : t('Could not reach the service at the configured address. Check the service URL and your network.'),
      ['setServiceUrl', 'showLog'],
    );
  }
  if (name === 'TimeoutError') {
    return error(
      ctx.baseUrl !== undefined
        ? t('The service at {0} did not answer in time. Try again.', ctx.baseUrl)
        : t('The service at the configured address did not answer in time. Try again.'),
      ['showLog'],
    );
  }
  if (name === 'ServiceUnavailableError' || name === 'ServerError') {
    const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
    return error(t('The service is temporarily unavailable{0}. Try again later.{1}', status, ref), ['showLog']);
  }
  const status = err.status !== undefined ? ` (HTTP ${err.status})` : '';
  return error(t('{0} failed{1}: {2}{3}', operation, status, err.message, ref), ['showLog']);
}

function describeValidation(err: ValidationError, ctx: ErrorContext, ref: string): ErrorMessage {
  const fields = err.fieldErrors.map((f) => f.field);
  const names = (name: string): boolean => fields.some((f) => f === name || f.endsWith(`.${name}`));
  if (err.code === 'engine_unavailable' || names('engine')) {
    return error(t('The translation engine "{0}" is not available ({1}). Choose another engine in the settings.', ctx.engine ?? '?', err.status ?? 400), []);
  }
  if (names('source_lang')) {
    return error(t('The service does not support the source language "{0}" (422).', ctx.sourceLanguage ?? '?'), []);
  }
  if (names('target_lang') || err.code === 'unsupported_language') {
    return error(t('The service does not support the target language "{0}" (422).', ctx.targetLanguage ?? '?'), ['changeTargetLanguage']);
  }
  const detail = err.fieldErrors.length > 0 ? err.fieldErrors.map((f) => `${f.field}: ${f.message}`).join('; ') : err.message;
  if (err.status === undefined) return error(t('The request is invalid: {0}', detail), []);
  return error(t('The service rejected the request ({0}): {1}{2}', err.status, detail, ref), []);
}

// Every message shown has the secret values held in memory masked (an error from outside the
// client, or a detail built here, may still carry the key, a webhook secret or a token).
function error(message: string, actions: ErrorAction[]): ErrorMessage {
  return { silent: false, severity: 'error', message: maskKnownSecrets(message), actions };
}

function warning(message: string, actions: ErrorAction[]): ErrorMessage {
  return { silent: false, severity: 'warning', message: maskKnownSecrets(message), actions };
}
