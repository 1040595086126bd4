/**
 * One translation file: what an update would send and how to write it. Blocks of the new source
 * are aligned with the lock's blocks by content (LCS on block hashes), so an inserted paragraph
 * costs that paragraph. An unchanged block keeps the translation file's block as it stands (a
 * human's correction survives); a changed or new block is composed from the new source with each
 * segment's translation taken from this file's clean blocks when its source segment is unchanged,
 * else sent. A changed block whose translation a human edited is a conflict: it is left as it
 * stands and reported with the three versions.
 */
import { hasConflictMarkers } from './conflictMarkers.ts';
import { lcsPairs } from './lcs.ts';
import { glueOf, inputOf, isMdxSource, parseSource, splitBlocks, type BlockSegment, type SourceBlock, type SourceDoc } from './blocks.ts';
import { fileHash, shortHash } from './hash.ts';
import { decodeBlock, encodeBlock, type LockBlock, type LockEntry } from './lock.ts';
import { stripLabels } from './trust/labels.ts';
import { keptReviews, parseReviews, type Review } from './trust/provenance.ts';
import { markEntry, planMarks, type Outcome, type TermProblem } from './trust/outcome.ts';
import type { TermRules } from './trust/terms.ts';

/** `terms`: written, but a protected or preferred term is not as configured (trust/terms.ts); not up to date. */
export type TargetState = 'up-to-date' | 'stale' | 'missing' | 'edited' | 'conflict' | 'terms';

export interface PlanInput {
  source: string;
  target: string;
  lang: string;
  sourceText: string;
  targetText: string | undefined;
  entry: LockEntry | undefined;
  frontMatterKeys: readonly string[];
  /** Reader label keys left out of the translation before it is aligned (trust/labels.ts). */
  labelKeys?: readonly string[];
  /** The term rules of this language: marked paragraphs are checked again (trust/outcome.ts). */
  terms?: TermRules;
}

export interface Conflict {
  source: string;
  target: string;
  lang: string;
  /** Block index in the new source, or -1 for the whole file. */
  block: number;
  /**
   * `changed`: the file changed on disk while the update was translating; it was left as it is.
   * `markers`: the file holds merge conflict markers (see `hasConflictMarkers`): a merge left
   * undecided, never up to date until a person removes them.
   */
  reason: 'edited' | 'untracked' | 'restructured' | 'changed' | 'markers';
  /** The translation as last written (from the base copy), when known. */
  base: string | undefined;
  /** The translation as it stands in the file (a human's edit). */
  theirs: string;
  /** The new translation of the changed source; filled in once translated. */
  ours: string | undefined;
  /** Source block hash and the new block composed, for resolving. */
  sourceBlockHash: string;
  /** A file job's result (not text): only 'keep' resolves it. */
  file?: boolean;
  /** The paragraph left as it stands was reviewed: by whom and when (trust/provenance.ts). */
  reviewed?: Review;
}

export type Needed = BlockSegment;

/** How composed text is finished: link destinations in kept text (by source offset) and in new translations. */
export interface Rewriters {
  keep: (start: number, text: string) => string;
  fresh: (piece: string) => string;
}

export interface FilePlan {
  source: string;
  target: string;
  lang: string;
  state: TargetState;
  /** Segments this file needs translated (unique by hash). */
  needed: Needed[];
  conflicts: Conflict[];
  /** Present when the file must be (re)written; builds the text and the lock entry. */
  /** `translations`: segment hash -> the translation as written in place (see update.ts); `outcome`: what failed (trust/outcome.ts). */
  compose?: (translations: ReadonlyMap<string, string>, rewriters: Rewriters, outcome?: Outcome) => Composed;
  /** Segments of this file whose last translation failed (pending in the lock), sent again. */
  pending?: number;
  /** Term violations recorded by the last update, sent again (state `terms`). */
  terms?: TermProblem[];
  /** Old blocks needing their base text, by conflict index. */
  baseHashes: string[];
  /** Present when a non-Markdown file must be translated as a file job (see filejobs.ts). */
  fileJob?:
    { sourceHash: string; /** The target's hash when planned (undefined: missing); placing checks it again. */ targetHash: string | undefined } | undefined;
}

export interface Composed {
  text: string;
  entry: LockEntry;
  /** New translation of each conflicting block (same order as `conflicts`); absent for a conflict reported before and not sent again. */
  ours: (string | undefined)[];
}

/** A blank line inside a translation would split its block; soft breaks are kept. */
function singleBlock(text: string): string {
  return text.replace(/\r?\n[ \t]*(?=\r?\n)/g, '');
}

interface Old {
  block: LockBlock;
  text: string;
  clean: boolean;
  /** Offset of the block in the translation. */
  start: number;
}

const nothing = (p: PlanInput, state: TargetState, conflicts: Conflict[] = []): FilePlan => ({
  source: p.source,
  target: p.target,
  lang: p.lang,
  state,
  needed: [],
  conflicts,
  baseHashes: conflicts.map(() => ''),
});

/** A translation that holds merge conflict markers: a whole-file conflict; nothing is sent or written for it. */
export function markersPlan(source: string, target: string, lang: string, text: string): FilePlan {
  return {
    source,
    target,
    lang,
    state: 'conflict',
    needed: [],
    baseHashes: [''],
    conflicts: [{ source, target, lang, block: -1, reason: 'markers', base: undefined, theirs: text, ours: undefined, sourceBlockHash: '' }],
  };
}

/** Nothing, shared by every unchanged plan (a status of a large site makes one per translation); frozen: nothing adds to a plan's lists. */
const NONE = Object.freeze([]) as never[];

/** The plan of a translation whose source is the one the lock records: nothing to send. */
export function unchangedPlan(source: string, target: string, lang: string, state: 'up-to-date' | 'edited'): FilePlan {
  return { source, target, lang, state, needed: NONE, conflicts: NONE, baseHashes: NONE };
}

/**
 * The block hash `adopt` records for a block of an existing human translation that matched no
 * source block: never paired with a source block, never rewritten, kept in place by every update.
 */
export const KEPT_BLOCK = '-';

export function planFile(p: PlanInput, getDoc: () => SourceDoc = () => parseSource(p.sourceText, p.frontMatterKeys, isMdxSource(p.source))): FilePlan {
  const { entry, targetText } = p;
  const fileConflict = (reason: Conflict['reason']): FilePlan =>
    nothing(p, 'conflict', [
      {
        source: p.source,
        target: p.target,
        lang: p.lang,
        block: -1,
        reason,
        base: undefined,
        theirs: targetText ?? '',
        ours: undefined,
        sourceBlockHash: '',
      },
    ]);
  // Conflict markers left by a merge: nothing is up to date, sent or written until a person decides.
  if (targetText !== undefined && hasConflictMarkers(targetText)) return fileConflict('markers');
  if (entry !== undefined && targetText !== undefined && entry.sourceHash === fileHash(p.sourceText)) {
    return nothing(p, fileHash(targetText) === entry.output ? 'up-to-date' : 'edited');
  }
  if (entry === undefined && targetText !== undefined) return fileConflict('untracked');
  const doc = getDoc();
  let old: Old[] = [];
  // Reader labels are the tool's, not the translation's: aligned and hashed without them.
  const body = targetText !== undefined && p.labelKeys !== undefined ? stripLabels(targetText, p.labelKeys) : targetText;
  if (entry !== undefined && body !== undefined) {
    const ranges = splitBlocks(body);
    if (ranges.length !== entry.blocks.length) return fileConflict('restructured');
    old = entry.blocks.map((line, i) => {
      const block = decodeBlock(line);
      const text = body.slice(ranges[i]!.start, ranges[i]!.end);
      return { block, text, clean: shortHash(text) === block.out, start: ranges[i]!.start };
    });
  }
  // Translations available in this file: every segment of a clean block, but those marked pending or breaking a term rule.
  const marks = planMarks(entry, old, doc.blocks, p.terms, body);
  // Offsets are in the text without its reader labels; a problem's line is the page's, labels included.
  if (marks !== undefined && targetText !== undefined && body !== undefined && body !== targetText) {
    const pageLine = lineMap(targetText, body);
    for (const problem of marks.problems) if (problem.line !== undefined) problem.line = pageLine(problem.line);
  }
  const pool = new Map<string, string>();
  for (const o of old) {
    if (!o.clean) continue;
    for (const s of o.block.segments)
      if (s.off + s.len <= o.text.length && marks?.resend.has(s.hash) !== true) pool.set(s.hash, o.text.slice(s.off, s.off + s.len));
  }
  // Alignment: equal blocks by LCS; in each gap, changed blocks pair up in order. Blocks of an
  // adopted translation that matched no source block (KEPT_BLOCK) pair with nothing: the human
  // text stays where it is, before the gap's new blocks (keptBefore: source index -> old blocks).
  const pairOf = new Map<number, { j: number; same: boolean }>();
  const keptBefore = new Map<number, number[]>();
  const matches = lcsPairs(
    doc.blocks.map((b) => b.hash),
    old.map((o) => o.block.hash),
  );
  let ni = 0;
  let oj = 0;
  for (const [mi, mj] of [...matches, [doc.blocks.length, old.length] as [number, number]]) {
    const free: number[] = [];
    for (let j = oj; j < mj; j++) {
      if (old[j]!.block.hash === KEPT_BLOCK) keptBefore.set(ni, [...(keptBefore.get(ni) ?? []), j]);
      else free.push(j);
    }
    for (let k = 0; ni + k < mi && k < free.length; k++) pairOf.set(ni + k, { j: free[k]!, same: false });
    if (mi < doc.blocks.length) pairOf.set(mi, { j: mj, same: true });
    ni = mi + 1;
    oj = mj + 1;
  }
  // A clean block holding a marked segment is composed again (an edited one is the person's decision).
  if (marks !== undefined)
    for (const pair of pairOf.values())
      if (pair.same && old[pair.j]!.clean && old[pair.j]!.block.segments.some((x) => marks.resend.has(x.hash))) pair.same = false;
  const needed = new Map<string, BlockSegment>();
  const conflicts: Conflict[] = [];
  const baseHashes: string[] = [];
  const conflictOf = new Map<number, number>();
  // Conflicts already reported with their new translation: not sent again until the source changes again.
  const reported = new Set(entry?.reported ?? []);
  const resend = new Set<number>();
  // Source blocks an adopted translation covers in a section where the human wrote fewer blocks.
  const coveredBy = new Set(entry?.covered ?? []);
  const covered = new Set<number>();
  // A reviewed paragraph is never replaced silently: when its source changes it is a conflict, like a human edit.
  const reviews = parseReviews(entry);
  doc.blocks.forEach((b, i) => {
    const pair = pairOf.get(i);
    if (pair?.same) return;
    if (pair === undefined && coveredBy.has(b.hash)) {
      covered.add(i);
      return;
    }
    const o = pair !== undefined ? old[pair.j] : undefined;
    const review = o !== undefined && reviews.size > 0 ? reviews.get(shortHash(o.text)) : undefined;
    const conflict = o !== undefined && (!o.clean || review !== undefined);
    if (!conflict || !reported.has(b.hash)) {
      for (const s of b.segments) if (!pool.has(s.hash)) needed.set(s.hash, s);
      if (conflict) resend.add(i);
    }
    if (conflict) {
      conflictOf.set(i, conflicts.length);
      baseHashes.push(o.block.out);
      conflicts.push({
        source: p.source,
        target: p.target,
        lang: p.lang,
        block: i,
        reason: 'edited',
        base: undefined,
        theirs: o.text,
        ours: undefined,
        sourceBlockHash: b.hash,
        reviewed: review,
      });
    }
  });
  const state: TargetState = conflicts.length > 0 ? 'conflict' : targetText === undefined ? 'missing' : (marks?.problems.length ?? 0) > 0 ? 'terms' : 'stale';
  const compose = (translations: ReadonlyMap<string, string>, rewriters: Rewriters, outcome?: Outcome): Composed => {
    const get = (s: BlockSegment): string => pool.get(s.hash) ?? singleBlock(rewriters.fresh(translations.get(s.hash) ?? inputOf(s.part)));
    // Segments written from this run's answers (their outcome is recorded in the entry).
    const fresh = new Set<string>();
    const getFresh = (s: BlockSegment): string => {
      if (!pool.has(s.hash)) fresh.add(s.hash);
      return get(s);
    };
    const glue = glueOf(doc.text, doc.blocks);
    const lines: string[] = [];
    const ours: string[] = [];
    // The hashes of the blocks written as they stood (their reviews are kept).
    const keptHashes: string[] = [];
    let text = glue[0]!;
    // Kept human blocks before source block i (or at the end): each stays a block of its own.
    const emitKept = (i: number): void => {
      for (const j of keptBefore.get(i) ?? []) {
        if (i === doc.blocks.length) text = `${text.replace(/\n*$/, '')}\n\n${old[j]!.text}\n`;
        else text += `${old[j]!.text}\n\n`;
        lines.push(entry!.blocks[j]!);
      }
    };
    doc.blocks.forEach((b, i) => {
      emitKept(i);
      if (covered.has(i)) return;
      const pair = pairOf.get(i);
      let blockText: string;
      let line: string;
      const ci = conflictOf.get(i);
      if (pair?.same || ci !== undefined) {
        const o = old[pair!.j]!;
        blockText = o.text;
        line = entry!.blocks[pair!.j]!;
        if (reviews.size > 0) keptHashes.push(shortHash(o.text));
        // A conflict not sent again has no new translation here (the update takes it from its cache).
        if (ci !== undefined && resend.has(i)) ours[ci] = composeBlock(b, get, rewriters.keep).text;
      } else {
        const c = composeBlock(b, getFresh, rewriters.keep);
        blockText = c.text;
        line = encodeBlock({ hash: b.hash, out: shortHash(c.text), segments: c.segments });
      }
      lines.push(line);
      text += blockText + glue[i + 1]!;
    });
    emitKept(doc.blocks.length);
    const reviewed = reviews.size > 0 ? keptReviews(entry, keptHashes) : undefined;
    return {
      text,
      ours,
      entry: markEntry(
        {
          source: p.source,
          lang: p.lang,
          sourceHash: conflicts.length > 0 ? null : fileHash(p.sourceText),
          output: fileHash(text),
          blocks: lines,
          // Kept: empty lists are left out of the entry (a value rule, not an undefined one).
          ...(conflicts.length > 0 ? { reported: conflicts.map((c) => c.sourceBlockHash) } : {}),
          ...(covered.size > 0 ? { covered: [...covered].map((i) => doc.blocks[i]!.hash) } : {}),
          reviewed,
        },
        fresh,
        outcome,
        marks,
      ),
    };
  };
  return {
    source: p.source,
    target: p.target,
    lang: p.lang,
    state,
    needed: [...needed.values()],
    conflicts,
    compose,
    baseHashes,
    pending: marks?.pending,
    terms: marks?.problems,
  };
}

function composeBlock(b: SourceBlock, get: (s: BlockSegment) => string, rewriteKeep: Rewriters['keep']): { text: string; segments: LockBlock['segments'] } {
  let text = '';
  const segments: LockBlock['segments'] = [];
  let k = 0;
  for (const { part, start } of b.parts) {
    if (part.kind === 'keep') {
      text += rewriteKeep(start, part.text);
    } else {
      const seg = b.segments[k++]!;
      const t = get(seg);
      segments.push({ hash: seg.hash, off: text.length, len: t.length });
      text += t;
    }
  }
  return { text, segments };
}

/** A line of `body` (1-based) as a line of `page`: the body is the page less whole label lines, so its lines are a subsequence of the page's. */
function lineMap(page: string, body: string): (line: number) => number {
  const p = page.split('\n');
  const b = body.split('\n');
  const map: number[] = [];
  for (let i = 0, j = 0; i < p.length && j < b.length; i++) if (p[i] === b[j]) map[j++] = i + 1;
  return (line) => map[line - 1] ?? line;
}
