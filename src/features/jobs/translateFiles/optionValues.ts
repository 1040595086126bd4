// The options of Translate Files as data: parsing an argument or a remembered value, and the
// one-line summary. Pure (no vscode import).
import { t } from '../../../platform/l10n.ts';
import { isLanguageCode } from '../../../platform/languages.ts';

export interface TranslateFilesOptions {
  targetLanguages: string[];
  outputMode?: 'single' | 'bilingual';
  engine?: string;
  glossaryId?: string;
  includeImages?: boolean;
  contextTranslation?: boolean;
  stylePreset?: string;
}

/** Reads an options argument; undefined when it is not one. */
export function parseOptions(value: unknown): TranslateFilesOptions | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  // A Uri (the Explorer's arguments) has no targetLanguages, so it is never taken for options.
  if (!Array.isArray(o['targetLanguages'])) return undefined;
  const langs = o['targetLanguages'].filter((l): l is string => typeof l === 'string' && isLanguageCode(l));
  const out: TranslateFilesOptions = { targetLanguages: [...new Set(langs)] };
  if (o['outputMode'] === 'single' || o['outputMode'] === 'bilingual') out.outputMode = o['outputMode'];
  for (const key of ['engine', 'glossaryId', 'stylePreset'] as const) {
    const v = o[key];
    if (typeof v === 'string' && v.trim() !== '') out[key] = v.trim();
  }
  for (const key of ['includeImages', 'contextTranslation'] as const) {
    const v = o[key];
    if (typeof v === 'boolean') out[key] = v;
  }
  return out;
}

export function describeOptions(o: TranslateFilesOptions): string {
  const parts = [o.targetLanguages.join(', '), o.outputMode ?? t('single for documents'), o.engine ?? t('default engine')];
  if (o.glossaryId !== undefined) parts.push(t('glossary {0}', o.glossaryId));
  if (o.includeImages === true) parts.push(t('images'));
  if (o.contextTranslation === true) parts.push(t('context'));
  if (o.stylePreset !== undefined) parts.push(t('style {0}', o.stylePreset));
  return parts.join(' · ');
}

/**
 * The output mode sent: the one chosen, else `single` for documentation text (Markdown, MDX,
 * plain text), where a translated file is wanted rather than both languages; other files keep the
 * service's default.
 */
export function outputMode(options: Pick<TranslateFilesOptions, 'outputMode'>, fileName: string): { output_mode?: 'single' | 'bilingual' } {
  if (options.outputMode !== undefined) return { output_mode: options.outputMode };
  return /\.(md|markdown|mdx|txt)$/i.test(fileName) ? { output_mode: 'single' } : {};
}
