// Translates pieces of text through the client, choosing a snippet request for one short prose
// segment and batches otherwise. Pure orchestration (no vscode import, types only from the
// client), so benchmarks and plain-Node tests can drive the same path as the commands.
import type { DocTranslateClient } from '../../api/index.ts';
import * as t from '../../translate/index.ts';
import type { Part, Segmented, SegmentationMode, TranslatePart, TranslationReport } from '../../translate/index.ts';

/** How a text is segmented: Markdown (and MDX) keep their structure; everything else is plain text. */
export type TextKind = 'markdown' | 'plaintext';
export type TranslationApi = Pick<DocTranslateClient, 'translateSnippet' | 'translateBatch'>;

export interface TranslateParams {
  targetLanguage: string;
  sourceLanguage: string;
  engine: string;
  signal: AbortSignal;
  /** Fraction 0..1 of the characters translated so far. */
  onProgress?: (fraction: number) => void;
  /** `wholeBlocks` (default): a paragraph goes as one segment with its inline Markdown; `fragments`: prose between kept spans. */
  mode?: SegmentationMode;
  /** Front matter keys whose values readers see (translated); the segmenter's defaults otherwise. */
  frontMatterKeys?: readonly string[];
  /** The document is MDX (JSX and expressions kept); guessed from the text when not given. */
  mdx?: boolean;
  /** How many blocks fell back to fragments and how many kept their source text. */
  onReport?: (report: TranslationReport) => void;
}

/** Spec part 8: translate-snippet takes 1-5000 characters. */
export const SNIPPET_MAX_CHARS = 5000;

/**
 * Translates each text, keeping its structure (Markdown code, front matter, blank lines and
 * surrounding whitespace stay byte-for-byte). All texts share the same batches, so many small
 * selections cost few requests. Results are in the order of `texts`.
 */
export async function translateTexts(api: TranslationApi, texts: readonly string[], kind: TextKind, p: TranslateParams): Promise<string[]> {
  const docs = texts.map((text, i) => withIdPrefix(segment(text, kind, p), `${i}.`));
  const prose = docs.flatMap((d) => d.parts).filter(isProse);
  const translations = new Map<string, string>();

  // One short segment goes as a snippet; its answer is checked like any other, and a failed check
  // sends it again through the batch path, which falls back to fragments.
  const single = prose.length === 1 ? prose[0] : undefined;
  let done = false;
  if (single !== undefined && single.text.length <= SNIPPET_MAX_CHARS && single.text.trim() !== '') {
    const result = await api.translateSnippet(
      { text: single.text, target_lang: p.targetLanguage, source_lang: p.sourceLanguage, engine: p.engine },
      { signal: p.signal },
    );
    done = t.verifyTranslation(single, result.translated_text);
    if (done) {
      translations.set(single.id, result.translated_text);
      p.onProgress?.(1);
    }
  }
  if (!done && prose.length > 0) {
    await t.translateSegmentedWithReport(
      { parts: docs.flatMap((d) => d.parts) },
      {
        signal: p.signal,
        mode: p.mode,
        onReport: p.onReport,
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
export async function translateDocumentText(api: TranslationApi, text: string, kind: TextKind, p: TranslateParams): Promise<string> {
  return t.translateSegmented(segment(text, kind, p), {
    signal: p.signal,
    mode: p.mode,
    onReport: p.onReport,
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

function segment(text: string, kind: TextKind, p: Pick<TranslateParams, 'mode' | 'frontMatterKeys' | 'mdx'>): Segmented {
  if (kind !== 'markdown') return t.segmentPlainText(text);
  return t.segmentMarkdown(text, {
    mode: p.mode,
    frontMatterKeys: p.frontMatterKeys,
    // The file's dialect decides (a `.md` file is CommonMark even when a line looks like MDX).
    mdx: p.mdx,
  });
}

function isProse(part: Part): part is TranslatePart {
  return part.kind === 'translate';
}

function withIdPrefix(doc: Segmented, prefix: string): Segmented {
  return { parts: doc.parts.map((p) => (p.kind === 'translate' ? { ...p, id: prefix + p.id } : p)) };
}
