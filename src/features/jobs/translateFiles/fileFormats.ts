// Which files Translate Files sends, and the start threshold of spec part 8 where it can be
// computed here. Pure (no vscode import). The service decides in the end (415 for a format it
// does not take, and the actual charge on completion).

import { t } from '../../../platform/l10n.ts';
import { extensionOf, isTextFormat, TEXT_FORMATS } from '../../../shared/formats.ts';

export { extensionOf };
/** Binary formats: PDF pages and text inside images or DOCX are only known to the service. */
export const BINARY_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'docx'] as const;
export const SUPPORTED_EXTENSIONS: readonly string[] = [...TEXT_FORMATS, ...BINARY_EXTENSIONS];

export function isSupportedFile(fileName: string): boolean {
  return SUPPORTED_EXTENSIONS.includes(extensionOf(fileName));
}

export function isTextFile(fileName: string): boolean {
  return isTextFormat(extensionOf(fileName));
}

/** How many file names a message lists before it counts the rest. */
const NAMED_FILES = 5;

function baseName(p: string): string {
  return p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);
}

/**
 * Why files were left out, naming them, e.g. "2 files skipped (notes.yml, Makefile): Translate
 * Files sends documents (md, txt, …)."; past five names the rest are counted by extension
 * ("a.yml, b.yml, c.yml, d.yml, e.yml and 3 more: .yml ×6, .ts ×2").
 */
export function describeSkipped(paths: readonly string[]): string | undefined {
  if (paths.length === 0) return undefined;
  const byExt = new Map<string, number>();
  for (const p of paths) {
    const ext = extensionOf(p);
    const label = ext === '' ? t('no extension') : `.${ext}`;
    byExt.set(label, (byExt.get(label) ?? 0) + 1);
  }
  const kinds = [...byExt].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([k, n]) => (n > 1 ? `${k} ×${n}` : k));
  const more = byExt.size > 5 ? ', …' : '';
  const names = paths.slice(0, NAMED_FILES).map(baseName).join(', ');
  const list = paths.length <= NAMED_FILES ? names : t('{0} and {1} more: {2}', names, paths.length - NAMED_FILES, `${kinds.join(', ')}${more}`);
  const formats = SUPPORTED_EXTENSIONS.join(', ');
  return paths.length === 1
    ? t('1 file skipped ({0}): Translate Files sends documents ({1}).', list, formats)
    : t('{0} files skipped ({1}): Translate Files sends documents ({2}).', paths.length, list, formats);
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

export type ThresholdEstimate =
  | { kind: 'text'; characters: number; millicredits: number }
  | { kind: 'pdf' }
  | { kind: 'binary' };

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
