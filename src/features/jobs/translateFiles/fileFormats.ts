// What Translate Files says about the files it sends, and the start threshold of spec part 8 where
// it can be computed here. Pure (no vscode import). Every file the user chose is sent: the formats
// are the service's decision (it answers 415 for one it does not take, reported per file), and
// the actual charge is settled on completion.

import { t } from '../../../platform/l10n.ts';
import { extensionOf, isTextFormat } from '../../../shared/formats.ts';

export { extensionOf };

export function isTextFile(fileName: string): boolean {
  return isTextFormat(extensionOf(fileName));
}

/** How many file names a message lists before it counts the rest. */
const NAMED_FILES = 5;

function baseName(p: string): string {
  return p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);
}

/**
 * Why a file was not sent without asking the service. Only what is certainly not a document:
 * `ignored`, an entry of a chosen folder inside node_modules or .git, or hidden by files.exclude;
 * `unreadable`, a chosen path that does not exist or cannot be read; `empty`, a file of 0 bytes
 * (spec 4.2: file_size must be above 0).
 */
export type SkipReason = 'ignored' | 'unreadable' | 'empty';

export interface SkippedFile {
  /** The file's path (for its name). */
  path: string;
  /** The file's URI, when it differs from the path (the leftOut report names files by URI). */
  uri?: string;
  why: SkipReason;
}

export function skipReasonText(why: SkipReason): string {
  switch (why) {
    case 'ignored':
      return t('in node_modules or .git, or hidden by files.exclude: not a document to translate');
    case 'unreadable':
      return t('could not be read');
    case 'empty':
      return t('empty (0 bytes): the service takes no empty files');
  }
}

/**
 * Which files were skipped locally and why, naming them, e.g. "2 files skipped (a.js, b.js): in
 * node_modules or .git, or hidden by files.exclude: …"; one sentence per reason, past five names
 * the rest are counted.
 */
export function describeSkipped(skipped: readonly SkippedFile[]): string | undefined {
  if (skipped.length === 0) return undefined;
  const sentences: string[] = [];
  for (const why of ['ignored', 'unreadable', 'empty'] as const) {
    const paths = skipped.filter((s) => s.why === why).map((s) => s.path);
    if (paths.length === 0) continue;
    const names = paths.slice(0, NAMED_FILES).map(baseName).join(', ');
    const list = paths.length <= NAMED_FILES ? names : t('{0} and {1} more', names, paths.length - NAMED_FILES);
    sentences.push(
      paths.length === 1
        ? t('1 file skipped ({0}): {1}.', list, skipReasonText(why))
        : t('{0} files skipped ({1}): {2}.', paths.length, list, skipReasonText(why)),
    );
  }
  return sentences.join(' ');
}

/** Unicode code points (what the service counts as characters). */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Spec part 8 for non-PDF files: source characters x 1 credit, at least 2 credits (in millicredits). */
export function textThresholdMillicredits(characters: number): number {
  return Math.max(2000, characters * 1000);
}

export type ThresholdEstimate = { kind: 'text'; characters: number; millicredits: number } | { kind: 'pdf' } | { kind: 'binary' };

export interface ThresholdSummary {
  /** Sum of the computable thresholds over all jobs (files x languages). */
  knownMillicredits: number;
  /** The largest single-job threshold that could be computed. */
  largestMillicredits: number;
  /** Jobs whose threshold cannot be computed here (PDF pages, text inside images or DOCX). */
  unknownJobs: number;
  pdfFiles: number;
}

export function summarizeThresholds(estimates: readonly ThresholdEstimate[], languages: number): ThresholdSummary {
  let known = 0;
  let largest = 0;
  let unknown = 0;
  let pdf = 0;
  for (const e of estimates) {
    if (e.kind === 'text') {
      known += e.millicredits * languages;
      largest = Math.max(largest, e.millicredits);
    } else {
      unknown += languages;
      if (e.kind === 'pdf') pdf += 1;
    }
  }
  return { knownMillicredits: known, largestMillicredits: largest, unknownJobs: unknown, pdfFiles: pdf };
}

/** A file the user chose that was not sent, or not into every language, and why. */
export interface LeftOutFile {
  /** The file's URI or path. */
  file: string;
  /** The language whose job was not created; absent when the file was not sent at all. */
  lang?: string;
  reason: string;
}

/** Why a request left a file out: the service's words (and status); for MDX, where it is translated instead. */
export function leftOutReason(fileName: string, err: unknown): string {
  const status = (err as { status?: unknown } | null)?.status;
  const message = err instanceof Error ? err.message : String(err);
  const said = typeof status === 'number' ? `${message} (HTTP ${status})` : message;
  return extensionOf(fileName) === 'mdx' && status === 415
    ? t('{0}. MDX keeps its JSX, imports and code with Translate Document, or with Update Translations in a folder set up for localization', said)
    : said;
}

/**
 * The files of a Translate Files run that were not sent (or not into every language), each named
 * with its reason; undefined when everything was sent.
 */
export function describeNotSent(total: number, leftOut: readonly LeftOutFile[]): string | undefined {
  if (leftOut.length === 0) return undefined;
  const whole = new Set(leftOut.filter((l) => l.lang === undefined).map((l) => l.file)).size;
  const shown = leftOut.slice(0, NAMED_FILES * 2).map((l) => `${baseName(l.file)}${l.lang !== undefined ? ` (${l.lang})` : ''}: ${l.reason}`);
  const more = leftOut.length > shown.length ? t(' … and {0} more (see the log).', leftOut.length - shown.length) : '';
  const head = whole > 0 ? t('{0} of {1} files were not sent.', whole, total) : t('Some translation jobs were not started.');
  return `${head} ${shown.join('; ')}${more}`;
}
