/**
 * An update: plan every translation, send all changed segments of a language together (the fewest
 * requests for the whole update, the same text once), then write each file in one step and the
 * lock last. Cancelling while translating writes nothing; cancelling while writing stops before
 * the next file, and the lock then records exactly the files written.
 */
import { join, posix } from 'node:path';
import { EXPECT_ANY, isChangedError } from '../shared/guardedFs.ts';
import type { BatchRequest, BatchResponse, IdempotentRequestOptions } from '../api/index.ts';
import { translateSegmented, type Part, type Segment, type TranslateSegmentedOptions, type TranslationReport } from '../translate/index.ts';
import { splitBlocks } from './blocks.ts';
import { translationEncoding } from './encoding.ts';
import { isFileJobClient, placeFileJob, runFileJobs, type FileJobClient, type FileJobFailure, type FileJobResult } from './filejobs.ts';
import { shortHash } from './hash.ts';
import { findUrls, hugoAssetUrl, localizedAbsoluteUrl, rewriteUrl, type LinkContext, type UrlSpan } from './links.ts';
import type { LockEntry } from './lock.ts';
import { acquireRunLock, commitLock, type RunHolder } from './lockFile.ts';
import type { Conflict, FilePlan, Needed, Rewriters } from './plan.ts';
import { resolveFs, scan, type LocalizeOptions, type Scan } from './scan.ts';
import { uniqueNeeded } from './status.ts';
import { startBudget, type BudgetMeter, type BudgetReport, type RunBudget } from './trust/budget.ts';
import { labelComposed } from './trust/pageLabels.ts';
import { AnswerCheck } from './trust/answers.ts';
import { entryProblems, type Outcome, type TermProblem } from './trust/outcome.ts';
import { termRulesFor } from './trust/termsConfig.ts';

/** The part of the service client an update uses (DocTranslateClient fits). */
export interface BatchTranslator {
  translateBatch(req: BatchRequest, opts?: IdempotentRequestOptions): Promise<BatchResponse>;
}

export interface UpdateProgress {
  phase: 'scan' | 'translate' | 'write';
  done: number;
  total: number;
  /** Translate phase: the language whose segments are being sent (languages go one after another). */
  lang?: string;
  /** What this update sends and writes, known once the scan is done; on every event after it. */
  work?: UpdateWork;
}

/** The work of an update, from its scan: translation files to write, unique segments to send and their characters. */
export interface UpdateWork {
  files: number;
  segments: number;
  chars: number;
  languages: { lang: string; segments: number; chars: number }[];
}

export interface UpdateOptions extends LocalizeOptions {
  /** DocTranslateClient; a client with batch translation only skips file jobs. */
  client: BatchTranslator | (BatchTranslator & FileJobClient);
  signal?: AbortSignal;
  onProgress?: (p: UpdateProgress) => void;
  /** Batch requests in flight at once per language (default 4). */
  concurrency?: number;
  /** Who runs the update, recorded in the folder's update lock ('cli', 'editor'). */
  tool?: string;
  /** Called once when another update of the same folder is running and this one waits for it. */
  onWait?: (holder: RunHolder) => void;
  /** A budget cap in millicredits (see trust/budget.ts): only the files whose estimate fits are sent and written. */
  maxMillicredits?: number;
}

export interface UpdateReport {
  files: number;
  stale: number;
  missing: number;
  conflicts: Conflict[];
  segments_sent: number;
  chars_sent: number;
  requests: number;
  /** Translation files written (paths relative to the folder). */
  written: string[];
  /** Lock entries dropped because their source is gone (the files are left alone). */
  orphaned: string[];
  /** Lock entries dropped because their language is no longer a target language (the files are left alone). */
  unconfigured: string[];
  /** Segments whose translation failed its check and kept the source text. */
  untranslated: number;
  /** Segments written in the source language because their translation failed: pending in the lock, sent again next run. */
  pending: number;
  /** Term violations in the files written (written, not up to date; sent again next run). */
  terms: (TermProblem & { target: string })[];
  /** Non-Markdown files translated as file jobs. */
  fileJobs: number;
  /** File jobs the service ended without a result: not written, their lock entries unchanged (missing or stale; the next update runs them again). */
  failedJobs: { target: string; reason: string }[];
  /** File jobs not run because the client cannot upload (their targets). */
  skipped: string[];
  cancelled: boolean;
  /** The estimate of what was sent, and with a cap, whether it stopped the update and what is left. */
  budget?: BudgetReport;
}

export const BASE_DIR = '.doc-translate/base';

function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** Separates the parts of the synthetic document one language's segments travel in; never in a translation. */
const SEP = '\u0000';

/**
 * Every segment one language needs, from all files, goes through translateSegmented as one
 * document (the fewest requests for all of them, the translation checks and the fallback to
 * fragments included); kept separators between the parts cut its result back into each part's
 * translation as written in place.
 */
function workOf(s: Scan): { work: UpdateWork; byLang: { lang: string; unique: Map<string, Needed> }[] } {
  const byLang = s.languages.map((lang) => ({ lang, unique: uniqueNeeded(s.plans, lang) }));
  const languages = byLang.map(({ lang, unique }) => ({ lang, segments: unique.size, chars: [...unique.values()].reduce((a, x) => a + x.text.length, 0) }));
  const files = s.plans.filter((p) => p.compose !== undefined || p.fileJob !== undefined).length;
  return { work: { files, segments: languages.reduce((a, l) => a + l.segments, 0), chars: languages.reduce((a, l) => a + l.chars, 0), languages }, byLang };
}

async function translateAll(
  opts: UpdateOptions,
  report: UpdateReport,
  planned: ReturnType<typeof workOf>,
  meter: BudgetMeter,
  outcomes: Map<string, Outcome>,
): Promise<Map<string, Map<string, string>>> {
  const { config } = opts;
  const byLang = new Map<string, Map<string, string>>();
  const { work: all, byLang: work } = planned;
  const total = all.chars;
  let before = 0;
  opts.onProgress?.({ phase: 'translate', done: 0, total, work: all });
  for (const { lang, unique } of work) {
    const out = new Map<string, string>();
    byLang.set(lang, out);
    if (unique.size === 0) continue;
    const hashes = [...unique.keys()];
    const parts: Part[] = [];
    hashes.forEach((hash, i) => parts.push({ ...unique.get(hash)!.part, id: `s${i}` }, { kind: 'keep', text: SEP }));
    const check = new AnswerCheck(parts, termRulesFor(config.terms, lang));
    let langChars = 0;
    const text = await translateSegmented({ parts }, {
      concurrency: opts.concurrency ?? 4,
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      onProgress: (done) => {
        langChars = done;
        opts.onProgress?.({ phase: 'translate', done: before + done, total, lang, work: all });
      },
      onReport: (r: TranslationReport) => {
        report.untranslated += r.untranslated;
        check.report(r);
      },
      translateBatch: (batch: Segment[], signal: AbortSignal) =>
        check.send(batch, async (segments) => {
          const req: BatchRequest = { segments, target_lang: lang, engine: config.engine };
          if (config.sourceLanguage !== 'auto') req.source_lang = config.sourceLanguage;
          // Past the budget (only a block sent again as fragments can get here): not sent, the source text stays (pending).
          if (!meter.take(segments.map((x) => x.text))) return segments.map((x) => ({ id: x.id, translated_text: x.text }));
          report.requests++;
          const res = await opts.client.translateBatch(req, { signal });
          report.segments_sent += segments.length;
          report.chars_sent += segments.reduce((sum, x) => sum + x.text.length, 0);
          return res.segments;
        }),
    } as TranslateSegmentedOptions);
    const pieces = text.split(SEP);
    if (pieces.length !== hashes.length + 1) throw new Error('translations could not be matched to their segments');
    hashes.forEach((hash, i) => out.set(hash, pieces[i]!));
    outcomes.set(lang, check.outcome(hashes, pieces));
    before += langChars;
  }
  return byLang;
}

/** The link destinations of the last source composed (its translations are written one after another): parsed once, not once per language. */
type SourceUrls = { source: string; text: string; urls: UrlSpan[] } | undefined;

function rewriters(s: Scan, opts: LocalizeOptions, plan: FilePlan, memo: { last: SourceUrls }): Rewriters {
  const text = s.sourceText.get(plan.source) ?? '';
  const mdx = plan.source.endsWith('.mdx');
  const ctx: LinkContext = {
    sourcePath: plan.source,
    targetPath: plan.target,
    pageTarget: (p: string) => (s.allSourceSet.has(p) ? s.layout.target(p, plan.lang) : undefined),
    exists: (p: string) => s.fs.exists(join(opts.config.folder, p)),
  };
  // The framework's URL scheme (the site holding this page, from its own config).
  const site = s.listing.sites.find((x) => x.siteRoot === '' || plan.source.startsWith(`${x.siteRoot}/`));
  if (site !== undefined && site.framework !== 'docusaurus') {
    // Docusaurus builds each locale with its own baseUrl, so its absolute links are localized already.
    const locales = site.locales.map((l) => l.code);
    const lastSegment = posix.basename(opts.config.source).toLowerCase();
    const sourcePrefix = lastSegment !== '' && site.sourceLanguage.toLowerCase().startsWith(lastSegment) ? lastSegment : undefined;
    ctx.absolute = (url) => localizedAbsoluteUrl(url, plan.lang, locales, sourcePrefix);
  }
  if (site?.framework === 'hugo') {
    ctx.asset = (resolved, rest) => hugoAssetUrl({ source: plan.source, target: plan.target, resolved, rest, contentDir: opts.config.source });
  }
  const spansOf = (t: string, urls = findUrls(t, mdx)): { start: number; end: number; to: string }[] => {
    const out: { start: number; end: number; to: string }[] = [];
    for (const span of urls) {
      const to = rewriteUrl(span.url, ctx);
      if (to !== undefined) out.push({ start: span.start, end: span.end, to });
    }
    return out;
  };
  const apply = (t: string, start: number, spans: { start: number; end: number; to: string }[]): string => {
    let result = '';
    let pos = 0;
    for (const sp of spans) {
      if (sp.start < start || sp.end > start + t.length) continue;
      result += t.slice(pos, sp.start - start) + sp.to;
      pos = sp.end - start;
    }
    return result + t.slice(pos);
  };
  let sourceSpans: { start: number; end: number; to: string }[] | undefined;
  // What findUrls can find at all: an inline link or image, a definition, a src or href attribute (HTML, MDX, Hugo shortcodes).
  const mayLink = (t: string): boolean => /\]\(|\]:|\b(?:src|href)\s*=/.test(t);
  return {
    keep: (start, keep) => {
      if (!mayLink(keep)) return keep;
      if (sourceSpans === undefined) {
        const last = memo.last;
        const urls = last !== undefined && last.source === plan.source && last.text === text ? last.urls : findUrls(text, mdx);
        memo.last = { source: plan.source, text, urls };
        sourceSpans = spansOf(text, urls);
      }
      return apply(keep, start, sourceSpans);
    },
    fresh: (piece) => (mayLink(piece) ? apply(piece, 0, spansOf(piece)) : piece),
  };
}

const CONFLICT_DIR = '.doc-translate/conflicts';

/** The new translations of a target's conflicting paragraphs, by source block hash (empty when none or unreadable). */
async function readConflictCache(s: Scan, target: string): Promise<Record<string, string>> {
  try {
    const text = await s.root.readText(join(CONFLICT_DIR, `${target}.json`));
    const parsed: unknown = text === undefined ? {} : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

async function baseBlock(s: Scan, opts: LocalizeOptions, target: string, hash: string): Promise<string | undefined> {
  if (hash === '' || !opts.config.keepBase) return undefined;
  const text = await s.fs.readText(join(opts.config.folder, BASE_DIR, target));
  if (text === undefined) return undefined;
  for (const r of splitBlocks(text)) {
    const block = text.slice(r.start, r.end);
    if (shortHash(block) === hash) return block;
  }
  return undefined;
}

/**
 * One update at a time per folder (the CLI and every editor window share the lock): a second one
 * waits for the first, then scans what the first wrote.
 */
export async function update(opts: UpdateOptions): Promise<UpdateReport> {
  const root = resolveFs(opts.config.folder, opts.fs).root;
  opts.onProgress?.({ phase: 'scan', done: 0, total: 1 });
  let held;
  try {
    held = await acquireRunLock(root, {
      tool: opts.tool ?? 'cli',
      ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
      ...(opts.onWait !== undefined ? { onWait: opts.onWait } : {}),
    });
  } catch (err) {
    if (aborted(opts.signal)) return { ...emptyReport(), cancelled: true };
    throw err;
  }
  try {
    return await updateLocked(opts);
  } finally {
    await held.release();
  }
}

function emptyReport(): UpdateReport {
  return {
    files: 0,
    stale: 0,
    missing: 0,
    conflicts: [],
    segments_sent: 0,
    chars_sent: 0,
    requests: 0,
    written: [],
    orphaned: [],
    unconfigured: [],
    untranslated: 0,
    pending: 0,
    terms: [],
    failedJobs: [],
    fileJobs: 0,
    skipped: [],
    cancelled: false,
  };
}

async function updateLocked(opts: UpdateOptions): Promise<UpdateReport> {
  const { config } = opts;
  const s = await scan(opts);
  const report: UpdateReport = {
    files: s.sources.length,
    stale: s.plans.filter((p) => p.state === 'stale').length,
    missing: s.plans.filter((p) => p.state === 'missing').length,
    conflicts: [],
    segments_sent: 0,
    chars_sent: 0,
    requests: 0,
    written: [],
    orphaned: s.orphaned,
    unconfigured: s.unconfigured,
    untranslated: 0,
    pending: 0,
    terms: [],
    failedJobs: [],
    fileJobs: 0,
    skipped: [],
    cancelled: false,
  };
  const budget: RunBudget = await startBudget(s.plans, {
    cap: opts.maxMillicredits,
    rate: config.estimateMillicreditsPerChar,
    readSource: (plan) => s.root.readBytes(join(config.folder, plan.source)),
  });
  report.budget = budget.meter.report(budget.left);
  const fail = (): UpdateReport => ({ ...report, budget: budget.meter.report(budget.left), cancelled: true });
  let translations: Map<string, Map<string, string>>;
  const planned = workOf({ ...s, plans: budget.plans });
  const outcomes = new Map<string, Outcome>();
  try {
    translations = await translateAll(opts, report, planned, budget.meter, outcomes);
  } catch (err) {
    if (aborted(opts.signal)) return fail();
    throw err;
  }
  if (aborted(opts.signal)) return fail();
  const jobPlans = budget.plans.filter((p) => p.fileJob !== undefined);
  let jobs: FileJobResult[] = [];
  const failedJobs: FileJobFailure[] = [];
  if (jobPlans.length > 0 && !isFileJobClient(opts.client)) report.skipped = jobPlans.map((p) => p.target);
  else if (jobPlans.length > 0) {
    try {
      jobs = await runFileJobs(jobPlans, {
        folder: config.folder,
        root: s.root,
        client: opts.client as FileJobClient,
        engine: config.engine,
        sourceLanguage: config.sourceLanguage,
        maxCredit: (plan) => budget.meter.jobCap(budget.jobEstimates.get(plan.target) ?? 0),
        ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
        failed: failedJobs,
      });
      report.failedJobs = failedJobs.map((f) => ({ target: f.plan.target, reason: f.reason }));
    } catch (err) {
      if (aborted(opts.signal)) return fail();
      throw err;
    }
    report.fileJobs = jobs.length;
  }
  if (aborted(opts.signal)) {
    await Promise.all(jobs.map((j) => s.root.discard(j.temp)));
    return fail();
  }
  const toWrite = budget.plans.filter((p) => p.compose !== undefined);
  const urlMemo: { last: SourceUrls } = { last: undefined };
  // What this run changes in the lock; applied to the lock as it is on disk when written.
  const changes = new Map<string, LockEntry | null>();
  for (const t of [...s.orphaned, ...s.unconfigured]) changes.set(t, null);
  const removedChanged = s.removedLanguages.join() !== (s.lock.removedLanguages ?? []).join();
  let lockChanged = changes.size > 0 || removedChanged;
  const changedMeanwhile = (plan: FilePlan, err: unknown): boolean => {
    if (!isChangedError(err)) return false;
    report.conflicts.push({
      source: plan.source,
      target: plan.target,
      lang: plan.lang,
      block: -1,
      reason: 'changed',
      base: undefined,
      theirs: '',
      ours: undefined,
      sourceBlockHash: '',
      file: true,
    });
    return true;
  };
  try {
    for (const [i, plan] of toWrite.entries()) {
      if (aborted(opts.signal)) {
        report.cancelled = true;
        break;
      }
      opts.onProgress?.({ phase: 'write', done: i, total: toWrite.length, work: planned.work });
      const bare = plan.compose!(translations.get(plan.lang) ?? new Map(), rewriters(s, opts, plan, urlMemo), outcomes.get(plan.lang));
      // Reader labels (trust/): written with the page, never part of its blocks or of the base copy.
      const composed = labelComposed(config, plan.target, bare);
      // New translations of conflicting paragraphs are kept in .doc-translate/conflicts/ (not committed):
      // a conflict reported once is not sent again, and its new translation is taken from there.
      const cached = plan.conflicts.length > 0 ? await readConflictCache(s, plan.target) : {};
      let cacheChanged = false;
      for (const [ci, c] of plan.conflicts.entries()) {
        const ours = composed.ours[ci] ?? cached[c.sourceBlockHash];
        if (composed.ours[ci] !== undefined && cached[c.sourceBlockHash] !== composed.ours[ci]) {
          cached[c.sourceBlockHash] = composed.ours[ci]!;
          cacheChanged = true;
        }
        report.conflicts.push({ ...c, ours, base: await baseBlock(s, opts, plan.target, plan.baseHashes[ci] ?? '') });
      }
      if (cacheChanged)
        await s.root.write(join(config.folder, CONFLICT_DIR, `${plan.target}.json`), `${JSON.stringify(cached, null, 1)}\n`, EXPECT_ANY).catch(() => undefined);
      if (composed.text !== s.targetText.get(plan.target)) {
        try {
          // Written only if the file is still what the plan was made from: an edit saved (or a file
          // created) while the batch request was in flight is never overwritten.
          // In the source's encoding: a UTF-16 source gets a UTF-16 translation (encoding.ts).
          const encoding = await translationEncoding(s.fs.readBytes, join(config.folder, plan.source), composed.text);
          await s.fs.writeText(join(config.folder, plan.target), composed.text, { kind: 'asRead', content: s.targetText.get(plan.target) }, encoding);
        } catch (err) {
          if (changedMeanwhile(plan, err)) continue;
          throw err;
        }
        report.written.push(plan.target);
        if (config.keepBase) await s.root.write(join(config.folder, BASE_DIR, plan.target), bare.text, EXPECT_ANY).catch(() => undefined);
      }
      changes.set(plan.target, composed.entry);
      lockChanged = true;
      report.pending += composed.entry.pending?.length ?? 0;
      report.terms.push(...entryProblems(composed.entry, composed.text, termRulesFor(config.terms, plan.lang)).map((t) => ({ ...t, target: plan.target })));
    }
    for (const [i, job] of jobs.entries()) {
      if (report.cancelled || aborted(opts.signal)) {
        report.cancelled = true;
        await Promise.all(jobs.slice(i).map((j) => s.root.discard(j.temp)));
        break;
      }
      try {
        changes.set(job.plan.target, await placeFileJob(s.root, job));
      } catch (err) {
        if (changedMeanwhile(job.plan, err)) continue;
        throw err;
      }
      report.written.push(job.plan.target);
      lockChanged = true;
    }
  } finally {
    // Whatever happened, the lock records exactly the files written so far, on top of whatever
    // another run wrote into it meanwhile.
    if (lockChanged) {
      await commitLock(s.fs, config.folder, s.lockText, (lock) => {
        for (const [target, entry] of changes) {
          if (entry === null) lock.files.delete(target);
          else lock.files.set(target, entry);
        }
        if (removedChanged) {
          if (s.removedLanguages.length > 0) lock.removedLanguages = s.removedLanguages;
          else delete lock.removedLanguages;
        }
      });
    }
  }
  const left = new Set(budget.left.files);
  for (const p of s.plans) if (p.compose === undefined || left.has(p.target)) report.conflicts.push(...p.conflicts);
  report.budget = budget.meter.report(budget.left);
  report.untranslated += budget.meter.held;
  opts.onProgress?.({ phase: 'write', done: toWrite.length, total: toWrite.length, work: planned.work });
  return report;
}
