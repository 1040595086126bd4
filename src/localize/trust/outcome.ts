/**
 * Nothing failed is recorded as done. After an update's answers, each segment of a written file is
 * done, pending, or a term violation, recorded in the file's lock entry with `sourceHash` null (so
 * no status ever answers "up to date" from hashes alone):
 *
 * - `pending: [<segment hash>]`: its translation failed (the answer kept the source text, lost a
 *   protected term's placeholder, or failed its structure check with nothing to fall back on); the
 *   source text is written in its place. Every update sends it again until it is translated.
 * - `terms: ["<segment hash> keep|prefer <term>"]`: written (it is useful) but a term rule is broken.
 *   The next update sends it once more (an engine may answer differently); if the answer breaks the
 *   rule again, it is recorded as `keep!`/`prefer!` and not sent again: status and check report it
 *   with its line until a person fixes the paragraph or the rule changes. Each status checks the
 *   marked paragraphs again against the terms as configured now.
 *
 * A person who edits such a paragraph by hand has decided it: its marks are dropped and the edit is
 * kept, as every human edit is.
 */
import { inputOf, splitBlocks, type BlockSegment } from '../blocks.ts';
import { decodeBlock, type LockBlock, type LockEntry } from '../lock.ts';
import { checkTerms, type TermIssue, type TermRules } from './terms.ts';

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

/** A term violation where it stands in a translation file. */
export interface TermProblem extends TermIssue {
  /** 1-based line of the segment's translation in the file, when known. */
  line?: number;
  /** The translation to use (prefer), when the rule is still configured. */
  expected?: string;
}

/** A term mark as the lock records it: `<segment hash> keep|prefer[!] <term>` (`!`: already sent again once). */
export function encodeTermIssue(hash: string, issue: TermIssue, settled = false): string {
  return `${hash} ${issue.kind}${settled ? '!' : ''} ${issue.term}`;
}

export function decodeTermIssue(line: string): { hash: string; issue: TermIssue; settled: boolean } | undefined {
  const m = /^(\S+) (keep|prefer)(!?) (.+)$/.exec(line);
  return m === null ? undefined : { hash: m[1]!, issue: { kind: m[2] as TermIssue['kind'], term: m[4]! }, settled: m[3] === '!' };
}

/** The marks of a lock entry as the next plan treats them. */
export interface Marks {
  /** Segments to send again: pending ones and term violations found once. */
  resend: Set<string>;
  /** Term violations found once (a repeated violation after this retry is recorded as settled). */
  retried: Set<string>;
  /** Term violations already retried and still there: kept in the entry, reported, not sent. */
  settled: Map<string, TermIssue[]>;
  /** Pending segments sent again. */
  pending: number;
  /** Every term violation still there, with its line. */
  problems: TermProblem[];
}

interface OldBlock {
  block: LockBlock;
  text: string;
  clean: boolean;
  start: number;
}

/**
 * The plan of an entry's marks against the new source and the translation as it stands: a mark
 * whose segment is gone from the source, or whose paragraph was edited by hand, is dropped; a term
 * mark is checked again with `rules` (when given) and dropped when the rule holds now.
 */
export function planMarks(
  entry: LockEntry | undefined,
  old: readonly OldBlock[],
  blocks: readonly { segments: readonly BlockSegment[] }[],
  rules: TermRules | undefined,
  targetText: string | undefined,
): Marks | undefined {
  if (entry === undefined || ((entry.pending?.length ?? 0) === 0 && (entry.terms?.length ?? 0) === 0)) return undefined;
  const segments = new Map(blocks.flatMap((b) => b.segments.map((x) => [x.hash, x] as const)));
  const marks: Marks = { resend: new Set(), retried: new Set(), settled: new Map(), pending: 0, problems: [] };
  /** The segment's translation in a clean block of the file, and its line. */
  const locate = (hash: string): { text: string; line: number } | undefined => {
    for (const o of old) {
      const seg = o.block.segments.find((s) => s.hash === hash);
      if (seg === undefined) continue;
      if (!o.clean || targetText === undefined) return undefined;
      return { text: o.text.slice(seg.off, seg.off + seg.len), line: targetText.slice(0, o.start + seg.off).split('\n').length };
    }
    return undefined;
  };
  for (const hash of entry.pending ?? []) {
    if (!segments.has(hash) || locate(hash) === undefined) continue;
    marks.resend.add(hash);
    marks.pending++;
  }
  const byHash = new Map<string, { issues: TermIssue[]; settled: boolean }>();
  for (const line of entry.terms ?? []) {
    const d = decodeTermIssue(line);
    if (d === undefined) continue;
    const seen = byHash.get(d.hash) ?? { issues: [], settled: false };
    seen.issues.push(d.issue);
    seen.settled ||= d.settled;
    byHash.set(d.hash, seen);
  }
  for (const [hash, recorded] of byHash) {
    const seg = segments.get(hash);
    const at = seg === undefined ? undefined : locate(hash);
    if (seg === undefined || at === undefined) continue;
    const issues = rules === undefined ? recorded.issues : checkTerms(inputOf(seg.part), at.text, rules);
    if (issues.length === 0) continue;
    if (recorded.settled) marks.settled.set(hash, issues);
    else {
      marks.resend.add(hash);
      marks.retried.add(hash);
    }
    for (const issue of issues) marks.problems.push({ ...issue, line: at.line });
  }
  return marks;
}

/**
 * The entry of a file as written, with its marks: `fresh` are the segments whose translation came
 * from this run's answers; the others keep the settled marks the plan found still violated.
 */
export function markEntry(entry: LockEntry, fresh: ReadonlySet<string>, outcome: Outcome | undefined, marks: Marks | undefined): LockEntry {
  const pending = outcome === undefined ? [] : [...fresh].filter((h) => outcome.failed.has(h)).sort();
  const terms: string[] = [];
  for (const h of fresh) {
    if (outcome === undefined || outcome.failed.has(h)) continue;
    for (const issue of outcome.terms.get(h) ?? []) terms.push(encodeTermIssue(h, issue, marks?.retried.has(h) === true));
  }
  const written = new Set(entry.blocks.flatMap((line) => decodeBlock(line).segments.map((s) => s.hash)));
  for (const [h, issues] of marks?.settled ?? []) if (!fresh.has(h) && written.has(h)) for (const issue of issues) terms.push(encodeTermIssue(h, issue, true));
  if (pending.length === 0 && terms.length === 0) return entry;
  // Spread: a plain `pending: undefined` or `terms: undefined` would hide the entry's own list.
  return { ...entry, sourceHash: null, ...(pending.length > 0 ? { pending } : {}), ...(terms.length > 0 ? { terms: [...new Set(terms)].sort() } : {}) };
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

/** The term violations an entry records, each with its line in the file as written. */
export function entryProblems(entry: LockEntry, text: string, rules?: TermRules): TermProblem[] {
  return (entry.terms ?? []).flatMap((t) => {
    const d = decodeTermIssue(t);
    if (d === undefined) return [];
    const line = segmentLine(entry, text, d.hash);
    const expected = d.issue.kind === 'prefer' ? rules?.prefer[d.issue.term] : undefined;
    return [{ ...d.issue, line, expected }];
  });
}
