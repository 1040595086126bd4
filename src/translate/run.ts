import { planBatches } from './batches.ts';
import { reassemble } from './reassemble.ts';
import type { Segment, Segmented } from './types.ts';

export type TranslateBatchFn = (
  segments: Segment[],
  signal: AbortSignal,
) => Promise<{ id: string; translated_text: string }[]>;

export interface TranslateSegmentedOptions {
  translateBatch: TranslateBatchFn;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Characters of source text translated so far, and in total. */
  onProgress?: (done: number, total: number) => void;
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

/**
 * Translates every 'translate' part through `translateBatch` and returns the reassembled text.
 *
 * Batches come from planBatches (fewest requests, balanced in size) and run in a pool of
 * `concurrency` workers, largest first, each starting its next batch as soon as one finishes.
 * The first failure or the caller's abort rejects at once and aborts every request in flight;
 * a partial result is never returned.
 */
export async function translateSegmented(doc: Segmented, opts: TranslateSegmentedOptions): Promise<string> {
  const concurrency = opts.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  const outer = opts.signal;
  if (outer?.aborted) throw abortReason(outer);

  const segments: Segment[] = [];
  for (const part of doc.parts) if (part.kind === 'translate') segments.push({ id: part.id, text: part.text });
  const chars = (batch: Segment[]): number => batch.reduce((sum, s) => sum + s.text.length, 0);
  // Largest first: the pool's tail then holds the smallest batches, so slots finish together.
  const batches = planBatches(segments).sort((a, b) => chars(b) - chars(a));
  const total = chars(segments);
  let done = 0;
  opts.onProgress?.(0, total);

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

  const translations = new Map<string, string>();
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
      done += chars(batch);
      opts.onProgress?.(done, total);
    }
  };

  try {
    const workers = Array.from({ length: Math.min(concurrency, batches.length) }, () => worker());
    await Promise.race([Promise.all(workers), aborted]);
    if (controller.signal.aborted) throw controller.signal.reason;
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
  }
  return reassemble(doc, translations);
}
