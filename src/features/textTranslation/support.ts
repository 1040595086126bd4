// Helpers shared by the translate commands: request parameters from settings and failure reporting.
import type { Platform } from '../../platform/platform.ts';
import type * as vscode from 'vscode';
import type { TranslateParams } from './engine.ts';
import { dialectOf, type Dialect } from './dialect.ts';
import { frontMatterKeysForDocument } from './frontMatterKeys.ts';
import { isCancellation, type ErrorContext } from '../../platform/errorMessages.ts';
import { errorCode, showError } from '../../platform/showError.ts';
import type { TranslateResult } from './results.ts';

/**
 * The request parameters for a document: the settings, its front matter keys (the framework's
 * defaults and the setting's keys) and its dialect, decided by its file name as much as by its
 * language id (`.mdx` is MDX even when VS Code opened it as plain text).
 */
export async function documentParams(
  s: Pick<Platform, 'settings'>,
  doc: { uri: vscode.Uri; languageId: string },
): Promise<{ params: Omit<TranslateParams, 'signal' | 'onProgress'>; dialect: Dialect }> {
  const settings = translationSettings(s);
  const frontMatterKeys = await frontMatterKeysForDocument(doc.uri, settings.frontMatterKeys ?? []);
  return { params: { ...settings, frontMatterKeys }, dialect: dialectOf(doc.uri.path, doc.languageId) };
}

/** What the translate commands use of the platform. */
export type TextDeps = Pick<Platform, 'clients' | 'settings' | 'logger' | 'balance'>;

function translationSettings(s: Pick<Platform, 'settings'>): Omit<TranslateParams, 'signal' | 'onProgress'> {
  return {
    targetLanguage: s.settings.targetLanguage,
    sourceLanguage: s.settings.sourceLanguage,
    engine: s.settings.engine,
    mode: s.settings.segmentation,
    frontMatterKeys: s.settings.frontMatterKeys,
  };
}

/** The log line of a translation's checks: whole blocks that fell back to fragments, parts left in the source language. */
export function reportLine(r: { segments: number; fellBack: number; untranslated: number }): string {
  return `${r.segments} segment(s); ${r.fellBack} block(s) failed the structure check and were sent again as fragments; ${r.untranslated} part(s) kept their source text`;
}

export function errorContext(s: Pick<Platform, 'settings'>, operation: string): ErrorContext {
  return {
    operation,
    baseUrl: s.settings.baseUrl,
    targetLanguage: s.settings.targetLanguage,
    sourceLanguage: s.settings.sourceLanguage,
    engine: s.settings.engine,
  };
}

/** Shows the error (without waiting for a click) and returns the command's failed result. */
export function reportFailure(s: TextDeps, err: unknown, operation: string): TranslateResult {
  if (isCancellation(err)) return { applied: false, reason: 'cancelled' };
  s.logger.warn(`${operation} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  void showError(err, errorContext(s, operation), { availableMillicredits: async () => (await s.balance.fetch({ timeoutMs: 5000 }))?.available });
  const code = errorCode(err);
  return code !== undefined ? { applied: false, reason: 'failed', error: code } : { applied: false, reason: 'failed' };
}

/** Runs `task` with the translation engine, loaded on first use (it brings the segmentation bundle). */
export async function translateWith<T>(task: (engine: typeof import('./engine.ts')) => Promise<T>): Promise<T> {
  return task(await import('./engine.ts'));
}
