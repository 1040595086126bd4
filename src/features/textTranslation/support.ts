// Helpers shared by the translate commands: request parameters from settings and failure reporting.
import type { Platform } from '../../platform/platform.ts';
import * as vscode from 'vscode';
import { defineCommand, type RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import type { CommandId } from '../../shared/ids.ts';
import type { TranslateParams } from './engine.ts';
import { dialectOf, type Dialect } from './dialect.ts';
import { frontMatterKeysForDocument } from './frontMatterKeys.ts';
import type { ErrorContext } from '../../platform/errorMessages.ts';
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

/** What an error message of a translation names: the service, the languages and the engine. */
function settingsContext(s: Pick<Platform, 'settings'>): Omit<ErrorContext, 'operation'> {
  return {
    baseUrl: s.settings.baseUrl,
    targetLanguage: s.settings.targetLanguage,
    sourceLanguage: s.settings.sourceLanguage,
    engine: s.settings.engine,
  };
}

/** A translate command declared through the runner: the settings in its error messages, the balance on a 402. */
export function translateCommand(s: TextDeps, id: CommandId, run: (ctx: RunContext, ...args: unknown[]) => Promise<TranslateResult>): Command {
  return defineCommand<TranslateResult>(s, {
    id,
    operation: () => vscode.l10n.t('Translation'),
    context: () => settingsContext(s),
    failed: (why) =>
      'error' in why ? { applied: false, reason: 'failed', ...(why.error !== 'failed' ? { error: why.error } : {}) } : { applied: false, ...why },
    run,
  });
}

/** Runs `task` with the translation engine, loaded on first use (it brings the segmentation bundle). */
export async function translateWith<T>(task: (engine: typeof import('./engine.ts')) => Promise<T>): Promise<T> {
  return task(await import('./engine.ts'));
}
