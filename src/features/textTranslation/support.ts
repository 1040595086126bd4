// Helpers shared by the translate commands: request parameters from settings and failure reporting.
import type { Services } from '../../platform/platform.ts';
import type { TranslateParams } from './engine.ts';
import type { ErrorContext } from '../../platform/errorMessages.ts';
import { showError } from '../../platform/showError.ts';
import type { TranslateResult } from './results.ts';

export function translationSettings(s: Services): Omit<TranslateParams, 'signal' | 'onProgress'> {
  return {
    targetLanguage: s.settings.targetLanguage,
    sourceLanguage: s.settings.sourceLanguage,
    engine: s.settings.engine,
  };
}

export function errorContext(s: Services, operation: string): ErrorContext {
  return {
    operation,
    baseUrl: s.settings.baseUrl,
    targetLanguage: s.settings.targetLanguage,
    sourceLanguage: s.settings.sourceLanguage,
    engine: s.settings.engine,
  };
}

/** Shows the error (without waiting for a click) and returns the command's failed result. */
export async function reportFailure(s: Services, err: unknown, operation: string): Promise<TranslateResult> {
  const { isCancellation } = await import('../../platform/errorMessages.ts');
  if (isCancellation(err)) return { applied: false, reason: 'cancelled' };
  s.logger.warn(`${operation} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  void showError(err, errorContext(s, operation), { availableMillicredits: () => availableCredits(s) });
  const code = typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : undefined;
  return code !== undefined ? { applied: false, reason: 'failed', error: code } : { applied: false, reason: 'failed' };
}

async function availableCredits(s: Services): Promise<number | undefined> {
  const state = await s.clients.get();
  if (state.kind !== 'ready') return undefined;
  const balance = await state.client.getBalance({ timeoutMs: 5000 });
  return balance.available;
}
