import { planBatches } from './batches.ts';
import { fallbackSegments, needsFallback, reassembleWithReport, toFragments, type TranslationReport } from './reassemble.ts';
import type { Segment, Segmented, SegmentationMode } from './types.ts';

export type TranslateBatchFn = (segments: Segment[], signal: AbortSignal) => Promise<{ id: string; translated_text: string }[]>;

export interface TranslateSegmentedOptions {
  translateBatch: TranslateBatchFn;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Characters of source text translated so far, and in total (the total grows when blocks fall back). */
  onProgress?: (done: number, total: number) => void;
  /** `fragments` sends every whole block as its fragments instead (default `wholeBlocks`: as segmented). */
  mode?: SegmentationMode;
  /** How many blocks fell back to fragments, how many segments were re-sent, what stayed untranslated. */
  onReport?: (report: TranslationReport) => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function checkResult(batch: Segment[], result: { id: string; translated_text: string }[], into: Map<string, string>): void {
  const expected = new Set(batch.map((s) => s.id));
  for (const { id, translated_text } of result) {
    if (!expected.delete(id)) throw new Error(`translation returned an unexpected or repeated segment id ${JSON.stringify(id)}`);
    into.set(id, translated_text);
  }
  if (expected.size > 0) throw new Error(`translation is missing ${expected.size} segment(s)`);
}

const chars = (batch: Segment[]): number => batch.reduce((sum, s) => sum + s.text.length, 0);

/** One pool run: batches largest first, `concurrency` workers, the first failure aborts the rest. */
async function runPool(
  segments: Segment[],
  opts: TranslateSegmentedOptions,
  concurrency: number,
  translations: Map<string, string>,
  progress: (n: number) => void,
): Promise<void> {
  // Largest first: the pool's tail then holds the smallest batches, so slots finish together.
  const batches = planBatches(segments).sort((a, b) => chars(b) - chars(a));
  const outer = opts.signal;
  if (outer?.aborted) throw abortReason(outer);
  const controller = new AbortController();
  let rejectAbort: (reason: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    rejectAbort = reject;
  });
  aborted.catch(() => undefined);
  const onOuterAbort = (): void => {
    const reason = abortReason(outer!);
    controller.abort(reason);
    rejectAbort(reason);
  };
  outer?.addEventListener('abort', onOuterAbort, { once: true });

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < batches.length && !controller.signal.aborted) {
      const batch = batches[next++]!;
      try {
        const result = await opts.translateBatch(batch, controller.signal);
        if (controller.signal.aborted) return;
        checkResult(batch, result, translations);
      } catch (error) {
        if (!controller.signal.aborted) controller.abort(error);
        throw error;
      }
      progress(chars(batch));
    }
  };

  try {
    const workers = Array.from({ length: Math.min(concurrency, batches.length) }, () => worker());
    await Promise.race([Promise.all(workers), aborted]);
    if (controller.signal.aborted) throw controller.signal.reason;
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Translates every 'translate' part through `translateBatch` and returns the reassembled text
 * with a report. Every translation is checked (verify.ts); whole blocks whose translation fails
 * are sent again as fragments in a second pass, and reassembly uses only translations that pass.
 *
 * Batches come from planBatches (fewest requests, balanced in size) and run in a pool of
 * `concurrency` workers, largest first, each starting its next batch as soon as one finishes.
 * The first failure or the caller's abort rejects at once and aborts every request in flight;
 * a partial result is never returned.
 */
export async function translateSegmentedWithReport(doc: Segmented, opts: TranslateSegmentedOptions): Promise<{ text: string; report: TranslationReport }> {
  const concurrency = opts.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  if (opts.signal?.aborted) throw abortReason(opts.signal);
  if (opts.mode === 'fragments') doc = toFragments(doc);

  const segments: Segment[] = [];
  for (const part of doc.parts) if (part.kind === 'translate') segments.push({ id: part.id, text: part.text });
  let total = chars(segments);
  let done = 0;
  const progress = (n: number): void => {
    done += n;
    opts.onProgress?.(done, total);
  };
  opts.onProgress?.(0, total);
  const translations = new Map<string, string>();
  await runPool(segments, opts, concurrency, translations, progress);

  const again = doc.parts.flatMap((p) => (p.kind === 'translate' && needsFallback(p, translations.get(p.id)) ? fallbackSegments(p) : []));
  if (again.length > 0) {
    total += chars(again);
    await runPool(again, opts, concurrency, translations, progress);
  }
  const result = reassembleWithReport(doc, translations);
  result.report.resent = again.length;
  opts.onReport?.(result.report);
  return result;
}

/** translateSegmentedWithReport without the report (see `onReport`). */
export async function translateSegmented(doc: Segmented, opts: TranslateSegmentedOptions): Promise<string> {
  return (await translateSegmentedWithReport(doc, opts)).text;
}
