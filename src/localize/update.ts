/**
 * An update: scan every translation (keeping hashes and sizes, not texts), then stream the files
 * through translation and writing (updateStream.ts): a window of files at a time is read, its
 * segments are queued per language and sent in full batches (the fewest requests for the whole
 * update, the same text once), and each file is written in one step as soon as its answers are in;
 * then file jobs; the lock last. Cancelling stops before the next file: files written before stay,
 * and the lock then records exactly the files written (nothing, when none was written yet).
 */
import { join } from 'node:path';
import { isChangedError } from '../shared/guardedFs.ts';
import type { BatchRequest, BatchResponse, IdempotentRequestOptions } from '../api/index.ts';
import { isFileJobClient, placeFileJob, runFileJobs, type FileJobClient, type FileJobFailure, type FileJobResult } from './filejobs.ts';
import type { LockEntry } from './lock.ts';
import { acquireRunLock, commitLock, type RunHolder } from './lockFile.ts';
import type { Conflict } from './plan.ts';
import { resolveFs, scan, type LocalizeOptions, type Scan } from './scan.ts';
import { uniqueNeeded } from './status.ts';
import { startBudget, type BudgetReport, type RunBudget } from './trust/budget.ts';
import type { TermProblem } from './trust/outcome.ts';
import { charsOf, slimmer, streamTranslations } from './updateStream.ts';
import { changedConflict } from './updateWrite.ts';

export { BASE_DIR } from './updateWrite.ts';

/** The part of the service client an update uses (DocTranslateClient fits). */
export interface BatchTranslator {
  translateBatch(req: BatchRequest, opts?: IdempotentRequestOptions): Promise<BatchResponse>;
}

export interface UpdateProgress {
  phase: 'scan' | 'translate' | 'write';
  done: number;
  total: number;
  /**
   * Translate phase: once everything is sent, one event per language with segments (its line in the
   * CLI's log); while the files stream, `done` counts the characters sent in every language.
   * Write phase: files written; its events come once everything is sent (files written earlier included).
   */
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

function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** What an update sends and writes: the translation files, and each language's unique segments (by hash) and characters. */
function workOf(s: Scan): UpdateWork {
  const languages = s.languages.map((lang) => {
    const unique = [...uniqueNeeded(s.plans, lang).values()];
    return { lang, segments: unique.length, chars: unique.reduce((a, x) => a + charsOf(x), 0) };
  });
  const files = s.plans.filter((p) => p.compose !== undefined || p.fileJob !== undefined).length;
  return { files, segments: languages.reduce((a, l) => a + l.segments, 0), chars: languages.reduce((a, l) => a + l.chars, 0), languages };
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
      signal: opts.signal,
      onWait: opts.onWait,
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

/** Runs the file jobs chosen, then places each result; cancelling discards the results not placed. */
async function fileJobs(opts: UpdateOptions, s: Scan, budget: RunBudget, report: UpdateReport, changes: Map<string, LockEntry | null>): Promise<void> {
  const jobPlans = budget.plans.filter((p) => p.fileJob !== undefined);
  if (jobPlans.length === 0) return;
  if (!isFileJobClient(opts.client)) {
    report.skipped = jobPlans.map((p) => p.target);
    return;
  }
  const failed: FileJobFailure[] = [];
  let jobs: FileJobResult[];
  try {
    jobs = await runFileJobs(jobPlans, {
      folder: opts.config.folder,
      root: s.root,
      client: opts.client,
      engine: opts.config.engine,
      sourceLanguage: opts.config.sourceLanguage,
      maxCredit: (plan) => budget.meter.jobCap(budget.jobEstimates.get(plan.target) ?? 0),
      signal: opts.signal,
      failed,
    });
  } catch (err) {
    if (!aborted(opts.signal)) throw err;
    report.cancelled = true;
    return;
  }
  report.failedJobs = failed.map((f) => ({ target: f.plan.target, reason: f.reason }));
  report.fileJobs = jobs.length;
  for (const [i, job] of jobs.entries()) {
    if (aborted(opts.signal)) {
      report.cancelled = true;
      await Promise.all(jobs.slice(i).map((j) => s.root.discard(j.temp)));
      return;
    }
    try {
      changes.set(job.plan.target, await placeFileJob(s.root, job));
    } catch (err) {
      if (!isChangedError(err)) throw err;
      report.conflicts.push(changedConflict(job.plan));
      continue;
    }
    report.written.push(job.plan.target);
  }
}

async function updateLocked(opts: UpdateOptions): Promise<UpdateReport> {
  const { config } = opts;
  // Hashes of the translations to write as the scan read them; the scan keeps no texts (updateStream.ts).
  const seen = new Map<string, string | undefined>();
  const s = await scan(opts, slimmer(opts.maxMillicredits !== undefined, seen));
  const report: UpdateReport = {
    ...emptyReport(),
    files: s.sources.length,
    stale: s.plans.filter((p) => p.state === 'stale').length,
    missing: s.plans.filter((p) => p.state === 'missing').length,
    orphaned: s.orphaned,
    unconfigured: s.unconfigured,
  };
  const budget: RunBudget = await startBudget(s.plans, {
    cap: opts.maxMillicredits,
    rate: config.estimateMillicreditsPerChar,
    readSource: (plan) => s.root.readBytes(join(config.folder, plan.source)),
  });
  report.budget = budget.meter.report(budget.left);
  const work = workOf({ ...s, plans: budget.plans });
  const toWrite = budget.plans.filter((p) => p.compose !== undefined);
  // What this run changes in the lock; applied to the lock as it is on disk when written.
  const changes = new Map<string, LockEntry | null>();
  for (const t of [...s.orphaned, ...s.unconfigured]) changes.set(t, null);
  const removedChanged = s.removedLanguages.join() !== (s.lock.removedLanguages ?? []).join();
  const dropped = changes.size;
  opts.onProgress?.({ phase: 'translate', done: 0, total: work.chars, work });
  let ended = false;
  try {
    try {
      await streamTranslations({ s, opts, report, meter: budget.meter, work, seen, changes }, toWrite);
    } catch (err) {
      if (!aborted(opts.signal)) throw err;
      report.cancelled = true;
    }
    if (!report.cancelled) await fileJobs(opts, s, budget, report, changes);
    ended = !report.cancelled;
  } finally {
    // Whatever happened, the lock records exactly the files written so far, on top of whatever
    // another run wrote into it meanwhile; stopped before any file was written, it is left alone.
    if ((changes.size > 0 || removedChanged) && (ended || changes.size > dropped)) {
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
  opts.onProgress?.({ phase: 'write', done: toWrite.length, total: toWrite.length, work });
  return report;
}
