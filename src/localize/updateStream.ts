/**
 * The translation files of an update, streamed: the scan keeps a summary of each plan (hashes and
 * sizes, no text: `slimmer`); here a window of sources at a time is read again and planned, its
 * segments join one queue per language, and a language's queue is sent once it holds `concurrency`
 * full batches (cut at the boundaries of the packing with the fewest requests, so the update sends
 * no more requests than one shared batch per language would). A file is written through the
 * guarded writer as soon as all its answers are in, in the scan's order, and then dropped: what is
 * held is a window of files, the queues, and the answers later files still need (counted from the
 * summaries), plus hashes and lock entries for the files finished.
 */
import { join } from 'node:path';
import type { BatchRequest } from '../api/index.ts';
import { packedSizes } from '../translate/batches.ts';
import { translateSegmented, type Part, type Segment, type TranslateSegmentedOptions, type TranslationReport } from '../translate/index.ts';
import { isMdxSource, parseSource, type SourceDoc } from './blocks.ts';
import { decodeText } from './encoding.ts';
import { mapLimit } from './fs.ts';
import { fileHash } from './hash.ts';
import type { LockEntry } from './lock.ts';
import { planFile, type FilePlan, type Needed } from './plan.ts';
import type { Scan, SlimPlan } from './scan.ts';
import type { BudgetMeter } from './trust/budget.ts';
import { AnswerCheck } from './trust/answers.ts';
import { emptyOutcome, type Outcome } from './trust/outcome.ts';
import { labelKeysToStrip } from './trust/pageLabels.ts';
import { termRulesFor } from './trust/termsConfig.ts';
import type { UpdateOptions, UpdateReport, UpdateWork } from './update.ts';
import { rewriters, type SourceUrls } from './updateLinks.ts';
import { changedConflict, writeTranslation } from './updateWrite.ts';

/** Sources read and planned at a time. */
const WINDOW_SOURCES = 16;
/**
 * Text held by the files planned and waiting for their answers (source and translation, counted
 * per file) at most: beyond, every queue is sent, its last batch too (one more request per language
 * at worst; only when a language lags far behind the others).
 */
const MAX_WAITING_CHARS = 8_000_000;

/** Separates the parts of the synthetic document a queue's segments travel in; never in a translation. */
const SEP = '\u0000';

/** A segment of a plan's summary: its hash and size (its text only under a budget cap, which needs it to choose files). */
type SlimNeeded = Needed & { chars: number };

/** Characters of a needed segment, from a summary or a full plan. */
export function charsOf(n: Needed): number {
  return (n as Partial<SlimNeeded>).chars ?? n.text.length;
}

/** A summary's composer: the file is planned again from what is on disk before it is composed. */
const PLANNED_AGAIN = (): never => {
  throw new Error('a summarized plan is planned again before it is composed');
};

/**
 * The scan's summary of each plan that writes a file: no composer, no texts, only hashes and
 * sizes of its segments; `seen` records the hash of each such translation as the scan read it.
 */
export function slimmer(keepTexts: boolean, seen: Map<string, string | undefined>): SlimPlan {
  return (plan, targetText) => {
    if (plan.compose === undefined) return plan;
    seen.set(plan.target, targetText === undefined ? undefined : fileHash(targetText));
    const needed = plan.needed.map((n): SlimNeeded => ({ hash: n.hash, text: keepTexts ? n.text : '', chars: n.text.length }) as SlimNeeded);
    return { ...plan, needed, compose: PLANNED_AGAIN };
  };
}

/** What the update hands the stream. */
export interface StreamContext {
  s: Scan;
  opts: UpdateOptions;
  report: UpdateReport;
  meter: BudgetMeter;
  work: UpdateWork;
  /** Hash of each translation to write as the scan read it (undefined: missing). */
  seen: ReadonlyMap<string, string | undefined>;
  /** Lock entries of the files written (applied to the lock by the update). */
  changes: Map<string, LockEntry | null>;
}

interface Lang {
  lang: string;
  queue: Needed[];
  queued: Set<string>;
  /** Answers as written in place, by segment hash, while a file still needs them. */
  answers: Map<string, string>;
  outcome: Outcome;
  /** Files still to compose that need each segment (from the summaries). */
  refs: Map<string, number>;
}

interface Waiting {
  plan: FilePlan;
  sourceText: string;
  targetText: string | undefined;
}

function reader(s: Scan, opts: UpdateOptions): (rel: string) => Promise<string | undefined> {
  // As the scan reads: bytes decoded, unless the caller reads text itself (the editor's open documents).
  const readBytes = opts.fs?.readText !== undefined && opts.fs.readBytes === undefined ? undefined : s.fs.readBytes;
  return async (rel) => {
    const path = join(opts.config.folder, rel);
    if (readBytes === undefined) return s.fs.readText(path);
    const bytes = await readBytes(path);
    return bytes === undefined ? undefined : decodeText(bytes, path);
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Translates and writes `toWrite` (summaries, in the scan's order). Throws on failure or abort
 * (the abort's reason); files written before stay written, their entries in `changes`.
 */
export async function streamTranslations(ctx: StreamContext, toWrite: readonly FilePlan[]): Promise<void> {
  const { s, opts, report } = ctx;
  const { config } = opts;
  const signal = opts.signal;
  const concurrency = opts.concurrency ?? 4;
  const langs = new Map<string, Lang>(
    s.languages.map((lang) => [lang, { lang, queue: [], queued: new Set(), answers: new Map(), outcome: emptyOutcome(), refs: new Map() }]),
  );
  for (const p of toWrite) {
    const refs = langs.get(p.lang)?.refs;
    if (refs !== undefined) for (const n of p.needed) refs.set(n.hash, (refs.get(n.hash) ?? 0) + 1);
  }
  // Only segments more than one file needs are counted (a missing count is one); the summaries' lists are done with.
  for (const l of langs.values()) for (const [hash, n] of l.refs) if (n < 2) l.refs.delete(hash);
  for (const p of toWrite) if (p.compose === PLANNED_AGAIN) p.needed = [];
  const read = reader(s, opts);
  const urlMemo: { last: SourceUrls } = { last: undefined };
  const waiting: Waiting[] = [];
  let sentChars = 0;
  let handled = 0;
  let waitingChars = 0;
  const charsHeld = (w: Waiting): number => w.sourceText.length + (w.targetText?.length ?? 0);
  let sentAll = false;
  const total = ctx.work.chars;

  const want = (l: Lang, n: Needed): void => {
    if (l.answers.has(n.hash) || l.queued.has(n.hash)) return;
    l.queued.add(n.hash);
    l.queue.push(n);
  };
  // Ready when every answer it needs is in; a missing one not queued (its count ran out) is queued again.
  const ready = (w: Waiting): boolean => {
    const l = langs.get(w.plan.lang)!;
    let all = true;
    for (const n of w.plan.needed) {
      if (l.answers.has(n.hash)) continue;
      want(l, n);
      all = false;
    }
    return all;
  };
  const release = (w: Waiting): void => {
    const l = langs.get(w.plan.lang)!;
    for (const n of w.plan.needed) {
      const left = (l.refs.get(n.hash) ?? 1) - 1;
      if (left > 0) {
        l.refs.set(n.hash, left);
        continue;
      }
      l.refs.delete(n.hash);
      l.answers.delete(n.hash);
      l.outcome.failed.delete(n.hash);
      l.outcome.terms.delete(n.hash);
    }
  };

  const send = async (l: Lang, count: number): Promise<void> => {
    const chunk = l.queue.splice(0, count);
    const parts: Part[] = [];
    chunk.forEach((n, i) => parts.push({ ...n.part, id: `s${i}` }, { kind: 'keep', text: SEP }));
    const check = new AnswerCheck(parts, termRulesFor(config.terms, l.lang));
    const before = sentChars;
    const text = await translateSegmented({ parts }, {
      concurrency,
      signal,
      onProgress: (done) => {
        sentChars = before + done;
        opts.onProgress?.({ phase: 'translate', done: sentChars, total, work: ctx.work });
      },
      onReport: (r: TranslationReport) => {
        report.untranslated += r.untranslated;
        check.report(r);
      },
      translateBatch: (batch: Segment[], sig: AbortSignal) =>
        check.send(batch, async (segments) => {
          const req: BatchRequest = { segments, target_lang: l.lang, engine: config.engine };
          if (config.sourceLanguage !== 'auto') req.source_lang = config.sourceLanguage;
          // Past the budget (only a block sent again as fragments can get here): not sent, the source text stays (pending).
          if (!ctx.meter.take(segments.map((x) => x.text))) return segments.map((x) => ({ id: x.id, translated_text: x.text }));
          report.requests++;
          const res = await opts.client.translateBatch(req, { signal: sig });
          report.segments_sent += segments.length;
          report.chars_sent += segments.reduce((sum, x) => sum + x.text.length, 0);
          return res.segments;
        }),
    } as TranslateSegmentedOptions);
    const pieces = text.split(SEP);
    if (pieces.length !== chunk.length + 1) throw new Error('translations could not be matched to their segments');
    const hashes = chunk.map((n) => n.hash);
    const outcome = check.outcome(hashes, pieces);
    hashes.forEach((hash, i) => {
      l.answers.set(hash, pieces[i]!);
      l.queued.delete(hash);
    });
    for (const h of outcome.failed) l.outcome.failed.add(h);
    for (const [h, issues] of outcome.terms) l.outcome.terms.set(h, issues);
  };

  // The leading full batches of a queue once it holds more than `concurrency` of them (0: keep waiting).
  const sendable = (l: Lang): number => {
    if (l.queue.length <= concurrency) return 0;
    const sizes = packedSizes(l.queue.map((n, i) => ({ id: `s${i}`, text: n.part.text })));
    return sizes.length > concurrency ? sizes.slice(0, -1).reduce((a, b) => a + b, 0) : 0;
  };

  // Writes the files whose answers are all in, in order; write progress once everything is sent.
  const writeReady = async (last: boolean): Promise<void> => {
    while (waiting.length > 0 && ready(waiting[0]!)) {
      if (signal?.aborted === true) throw abortError(signal);
      const w = waiting.shift()!;
      waitingChars -= charsHeld(w);
      if (last) opts.onProgress?.({ phase: 'write', done: handled, total: toWrite.length, work: ctx.work });
      const l = langs.get(w.plan.lang)!;
      const entry = await writeTranslation(s, config, report, {
        plan: w.plan,
        targetText: w.targetText,
        translations: l.answers,
        rewriters: rewriters(s, opts, w.plan, w.sourceText, urlMemo),
        outcome: l.outcome,
      });
      if (entry !== undefined) ctx.changes.set(w.plan.target, entry);
      release(w);
      handled++;
    }
  };

  const pump = async (last: boolean): Promise<void> => {
    for (;;) {
      const flush = last || waitingChars > MAX_WAITING_CHARS;
      for (const l of langs.values()) {
        const count = flush ? l.queue.length : sendable(l);
        if (count > 0) await send(l, count);
      }
      if (last && !sentAll) {
        // Everything is sent: each language's line, then the writes with their progress.
        sentAll = true;
        for (const l of ctx.work.languages) if (l.segments > 0) opts.onProgress?.({ phase: 'translate', done: sentChars, total, lang: l.lang, work: ctx.work });
      }
      await writeReady(last);
      if (!last || waiting.length === 0) return;
    }
  };

  // Reads and plans one window of sources again (each source once for all its languages), in order.
  const planWindow = async (plans: readonly FilePlan[]): Promise<void> => {
    const bySource: FilePlan[][] = [];
    for (const p of plans) {
      if (bySource.at(-1)?.[0]?.source === p.source) bySource.at(-1)!.push(p);
      else bySource.push([p]);
    }
    const planned = await mapLimit(bySource, 8, async (group) => {
      const source = group[0]!.source;
      const sourceText = (await read(source)) ?? '';
      let doc: SourceDoc | undefined;
      const getDoc = (): SourceDoc => (doc ??= parseSource(sourceText, config.frontMatterKeys, isMdxSource(source, config.layout)));
      const out: Waiting[] = [];
      for (const slim of group) {
        const targetText = await read(slim.target);
        // Changed since the scan: left as it is (as a file changed while its translation was in flight).
        if ((targetText === undefined ? undefined : fileHash(targetText)) !== ctx.seen.get(slim.target)) {
          report.conflicts.push(changedConflict(slim));
          continue;
        }
        const plan = planFile(
          {
            source,
            target: slim.target,
            lang: slim.lang,
            sourceText,
            targetText,
            entry: s.lock.files.get(slim.target),
            frontMatterKeys: config.frontMatterKeys,
            labelKeys: labelKeysToStrip(config),
            terms: termRulesFor(config.terms, slim.lang),
          },
          getDoc,
        );
        if (plan.compose === undefined) report.conflicts.push(...plan.conflicts);
        else out.push({ plan, sourceText, targetText });
      }
      return out;
    });
    for (const w of planned.flat()) {
      waiting.push(w);
      waitingChars += charsHeld(w);
      const l = langs.get(w.plan.lang)!;
      for (const n of w.plan.needed) want(l, n);
    }
  };

  let i = 0;
  while (i < toWrite.length) {
    if (signal?.aborted === true) throw abortError(signal);
    let sources = 0;
    let j = i;
    while (j < toWrite.length && (j === i || toWrite[j]!.source === toWrite[j - 1]!.source || ++sources < WINDOW_SOURCES)) j++;
    await planWindow(toWrite.slice(i, j));
    i = j;
    await pump(false);
  }
  await pump(true);
}
