/**
 * Nothing failed is recorded as done. After an update's answers, each segment of a written file is
 * either done, pending (its translation failed: the answer kept the source text, lost a protected
 * term's placeholder, or failed its structure check with nothing to fall back on; the source text
 * is written in its place) or a term violation (written, since it is useful, but the page is not up
 * to date). Both are recorded in the file's lock entry (`pending`, `terms`) with `sourceHash` null,
 * so no status ever answers "up to date" from hashes alone; the next update sends those segments
 * again. A person who edits such a paragraph by hand has decided it: its marks are dropped and the
 * edit is kept, as every human edit is.
 */
import { splitBlocks } from '../blocks.ts';
import { decodeBlock, type LockEntry } from '../lock.ts';
import type { TermIssue } from './terms.ts';

/** What the answers of one language came to, by segment hash. */
export interface Outcome {
  /** Segments whose translation failed (the source text was used). */
  failed: Set<string>;
  /** Segments whose translation breaks a term rule. */
  terms: Map<string, TermIssue[]>;
}

export function emptyOutcome(): Outcome {
  return { failed: new Set(), terms: new Map() };
}

/** A term issue as the lock records it: `<segment hash> keep|prefer <term>`. */
export function encodeTermIssue(hash: string, issue: TermIssue): string {
  return `${hash} ${issue.kind} ${issue.term}`;
}

export function decodeTermIssue(line: string): { hash: string; issue: TermIssue } | undefined {
  const m = /^(\S+) (keep|prefer) (.+)$/.exec(line);
  return m === null ? undefined : { hash: m[1]!, issue: { kind: m[2] as TermIssue['kind'], term: m[3]! } };
}

/** The segments a lock entry marks as not done, or undefined when none (the common case). */
export interface Retry {
  pending: Set<string>;
  terms: Map<string, TermIssue[]>;
}

export function retryOf(entry: LockEntry | undefined): Retry | undefined {
  if (entry === undefined || ((entry.pending?.length ?? 0) === 0 && (entry.terms?.length ?? 0) === 0)) return undefined;
  const terms = new Map<string, TermIssue[]>();
  for (const line of entry.terms ?? []) {
    const d = decodeTermIssue(line);
    if (d !== undefined) terms.set(d.hash, [...(terms.get(d.hash) ?? []), d.issue]);
  }
  return { pending: new Set(entry.pending ?? []), terms };
}

export function isRetried(retry: Retry | undefined, hash: string): boolean {
  return retry !== undefined && (retry.pending.has(hash) || retry.terms.has(hash));
}

/** A term violation where it stands in a translation file. */
export interface TermProblem extends TermIssue {
  /** 1-based line of the segment's translation in the file, when known. */
  line?: number;
  /** The translation to use (prefer), when the rule is still configured. */
  expected?: string;
}

/** 1-based line of a segment's translation in `text`, from the entry's block offsets. */
export function segmentLine(entry: Pick<LockEntry, 'blocks'>, text: string, hash: string): number | undefined {
  const ranges = splitBlocks(text);
  if (ranges.length !== entry.blocks.length) return undefined;
  for (const [i, line] of entry.blocks.entries()) {
    const seg = decodeBlock(line).segments.find((s) => s.hash === hash);
    if (seg !== undefined) return text.slice(0, ranges[i]!.start + seg.off).split('\n').length;
  }
  return undefined;
}

/** What a plan reports of the marks it sends again: pending segments and term problems with their lines. */
export function retryReport(
  retry: Retry,
  needed: ReadonlySet<string>,
  entry: LockEntry,
  targetText: string | undefined,
): { pending: number; terms: TermProblem[] } {
  let pending = 0;
  for (const h of retry.pending) if (needed.has(h)) pending++;
  const terms: TermProblem[] = [];
  for (const [hash, issues] of retry.terms) {
    if (!needed.has(hash)) continue;
    const line = targetText === undefined ? undefined : segmentLine(entry, targetText, hash);
    for (const issue of issues) terms.push({ ...issue, ...(line !== undefined ? { line } : {}) });
  }
  return { pending, terms };
}

/**
 * The entry of a file as written, with the marks of this run's answers: `fresh` are the segments
 * whose translation came from this run's answers (not from the file's clean blocks).
 */
export function markEntry(entry: LockEntry, fresh: ReadonlySet<string>, outcome: Outcome | undefined): LockEntry {
  if (outcome === undefined) return entry;
  const pending = [...fresh].filter((h) => outcome.failed.has(h)).sort();
  const terms = [...fresh]
    .filter((h) => !outcome.failed.has(h))
    .flatMap((h) => (outcome.terms.get(h) ?? []).map((issue) => encodeTermIssue(h, issue)))
    .sort();
  if (pending.length === 0 && terms.length === 0) return entry;
  return { ...entry, sourceHash: null, ...(pending.length > 0 ? { pending } : {}), ...(terms.length > 0 ? { terms } : {}) };
}

/** The term violations an entry records, each with its line in the file as written. */
export function entryProblems(entry: LockEntry, text: string): TermProblem[] {
  return (entry.terms ?? []).flatMap((t) => {
    const d = decodeTermIssue(t);
    if (d === undefined) return [];
    const line = segmentLine(entry, text, d.hash);
    return [{ ...d.issue, ...(line !== undefined ? { line } : {}) }];
  });
}
