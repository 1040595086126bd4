// Translates pieces of text through the client, choosing a snippet request for one short prose
// segment and batches otherwise. Pure orchestration (no vscode import, types only from the
// client), so benchmarks and plain-Node tests can drive the same path as the commands.
import type { DocTranslateClient } from '../../api/index.ts';
import * as t from '../../translate/index.ts';
import type { Part, Segmented } from '../../translate/index.ts';

import type { TextKind } from './support.ts';

export type { TextKind };
export type TranslationApi = Pick<DocTranslateClient, 'translateSnippet' | 'translateBatch'>;

export interface TranslateParams {
  targetLanguage: string;
  sourceLanguage: string;
  engine: string;
  signal: AbortSignal;
  /** Fraction 0..1 of the characters translated so far. */
  onProgress?: (fraction: number) => void;
}

/** Spec part 8: translate-snippet takes 1-5000 characters. */
export const SNIPPET_MAX_CHARS = 5000;


/**
 * Translates each text, keeping its structure (Markdown code, front matter, blank lines and
 * surrounding whitespace stay byte-for-byte). All texts share the same batches, so many small
 * selections cost few requests. Results are in the order of `texts`.
 */
export async function translateTexts(
  api: TranslationApi,
  texts: readonly string[],
  kind: TextKind,
  p: TranslateParams,
): Promise<string[]> {
  const segment = kind === 'markdown' ? t.segmentMarkdown : t.segmentPlainText;
  const docs = texts.map((text, i) => withIdPrefix(segment(text), `${i}.`));
  const prose = docs.flatMap((d) => d.parts).filter(isProse);
  const translations = new Map<string, string>();

  const single = prose.length === 1 ? prose[0] : undefined;
  if (single !== undefined && single.text.length <= SNIPPET_MAX_CHARS && single.text.trim() !== '') {
    const result = await api.translateSnippet(
      { text: single.text, target_lang: p.targetLanguage, source_lang: p.sourceLanguage, engine: p.engine },
      { signal: p.signal },
    );
    translations.set(single.id, result.translated_text);
    p.onProgress?.(1);
  } else if (prose.length > 0) {
    await t.translateSegmented(
      { parts: docs.flatMap((d) => d.parts) },
      {
        signal: p.signal,
        onProgress: (done, total) => p.onProgress?.(total > 0 ? done / total : 1),
        translateBatch: async (segments, signal) => {
          const result = await api.translateBatch(batchRequest(segments, p), { signal });
          for (const s of result.segments) translations.set(s.id, s.translated_text);
          return result.segments;
        },
      },
    );
  }
  return docs.map((d) => t.reassemble(d, translations));
}

/** Translates one whole document through the batch path (the same path the benchmarks measure). */
export async function translateDocumentText(
  api: TranslationApi,
  text: string,
  kind: TextKind,
  p: TranslateParams,
): Promise<string> {
  const doc = kind === 'markdown' ? t.segmentMarkdown(text) : t.segmentPlainText(text);
  return t.translateSegmented(doc, {
    signal: p.signal,
    onProgress: (done, total) => p.onProgress?.(total > 0 ? done / total : 1),
    translateBatch: async (segments, signal) => (await api.translateBatch(batchRequest(segments, p), { signal })).segments,
  });
}

function batchRequest(segments: { id: string; text: string }[], p: TranslateParams) {
  return {
    segments,
    target_lang: p.targetLanguage,
    // "auto" is the service's default; sent only when a language is named.
    ...(p.sourceLanguage !== 'auto' ? { source_lang: p.sourceLanguage } : {}),
    engine: p.engine,
  };
}

function isProse(part: Part): part is Extract<Part, { kind: 'translate' }> {
  return part.kind === 'translate';
}

function withIdPrefix(doc: Segmented, prefix: string): Segmented {
  return { parts: doc.parts.map((p) => (p.kind === 'translate' ? { ...p, id: prefix + p.id } : p)) };
}
