/**
 * Where each translated paragraph comes from: `machine` (as the tool wrote it), `human-edited`
 * (changed by a person since) or `reviewed` (a person marked it reviewed, with who and when).
 *
 * Only the reviews are stored, in the lock entry's `reviewed` list, one line per review action:
 * `<when> <block hash>,<block hash>... <who>`. A block hash there is that of the block's text as it
 * was reviewed (labels left out), so a review holds exactly as long as that text: an edit or a new
 * translation of the paragraph makes it machine or human-edited again, and an old lock (no
 * `reviewed`) reads as machine, or human-edited where a block differs from what the tool wrote.
 * Blocks without segments (code, kept human blocks) have no provenance and are not counted.
 */
import { splitBlocks } from '../blocks.ts';
import { shortHash } from '../hash.ts';
import type { LockEntry } from '../lock.ts';

export type Provenance = 'machine' | 'human-edited' | 'reviewed';

export interface Review {
  by: string;
  /** ISO 8601, UTC, to the second. */
  at: string;
}

export interface BlockProvenance {
  /** Block index (the lock entry's block line). */
  index: number;
  /** Range in the text given (labels left out). */
  start: number;
  end: number;
  hash: string;
  segments: number;
  kind: Provenance | undefined;
  review?: Review;
}

/** Block hash → its review, from the entry's records (a later record wins). */
export function parseReviews(entry: Pick<LockEntry, 'reviewed'> | undefined): Map<string, Review> {
  const out = new Map<string, Review>();
  for (const line of [...(entry?.reviewed ?? [])].sort()) {
    const a = line.indexOf(' ');
    const b = line.indexOf(' ', a + 1);
    if (a < 0 || b < 0) continue;
    const review = { at: line.slice(0, a), by: line.slice(b + 1) };
    for (const h of line.slice(a + 1, b).split(',')) if (h !== '') out.set(h, review);
  }
  return out;
}

/** The records of a review map, one per (when, who), sorted; undefined when there are none. */
export function encodeReviews(reviews: ReadonlyMap<string, Review>): string[] | undefined {
  const groups = new Map<string, { review: Review; hashes: string[] }>();
  for (const [hash, review] of reviews) {
    const key = `${review.at} ${review.by}`;
    const g = groups.get(key) ?? { review, hashes: [] };
    g.hashes.push(hash);
    groups.set(key, g);
  }
  if (groups.size === 0) return undefined;
  return [...groups.values()].map((g) => `${g.review.at} ${g.hashes.sort().join(',')} ${g.review.by}`).sort();
}

/** A reviewer's name as recorded: one line, single spaces, not empty. */
export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** Now as recorded in a review: ISO 8601 UTC to the second. */
export function reviewTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Segments recorded in a block line (`<hash> <out> <seg>@<off>+<len>...`), without decoding it. */
function segmentsOf(line: string): number {
  let n = 0;
  for (let i = line.indexOf('@'); i >= 0; i = line.indexOf('@', i + 1)) n++;
  return n;
}

/** All segments of an entry (from the lock alone). */
export function entrySegments(entry: LockEntry): number {
  let n = 0;
  for (const line of entry.blocks) n += segmentsOf(line);
  return n;
}

/**
 * Provenance of each block of a translation (its text without labels), or undefined when its blocks
 * no longer match the entry's (added or removed by hand).
 */
export function provenance(entry: LockEntry, content: string): BlockProvenance[] | undefined {
  const ranges = splitBlocks(content);
  if (ranges.length !== entry.blocks.length) return undefined;
  const reviews = parseReviews(entry);
  return ranges.map((r, index) => {
    const line = entry.blocks[index]!;
    const segments = segmentsOf(line);
    const hash = shortHash(content.slice(r.start, r.end));
    const review = reviews.get(hash);
    const out = line.split(' ', 2)[1];
    const kind: Provenance | undefined = segments === 0 ? undefined : review !== undefined ? 'reviewed' : hash === out ? 'machine' : 'human-edited';
    return { index, start: r.start, end: r.end, hash, segments, kind, review };
  });
}

export interface ReviewCount {
  segments: number;
  reviewed: number;
}

/** Segments of a translation and how many of them are reviewed; without a readable text, none are. */
export function reviewCount(entry: LockEntry, content: string | undefined): ReviewCount {
  const total = entrySegments(entry);
  if (entry.reviewed === undefined || entry.reviewed.length === 0 || content === undefined) return { segments: total, reviewed: 0 };
  const blocks = provenance(entry, content);
  const reviewed = blocks === undefined ? 0 : blocks.reduce((a, b) => a + (b.kind === 'reviewed' ? b.segments : 0), 0);
  return { segments: total, reviewed };
}

/** Whether a page still carries machine translation nobody reviewed (a block that cannot be aligned counts as unreviewed). */
export function hasUnreviewed(entry: LockEntry, content: string): boolean {
  const blocks = provenance(entry, content);
  if (blocks === undefined) return entrySegments(entry) > 0;
  return blocks.some((b) => b.kind !== undefined && b.kind !== 'reviewed');
}

/** The entry's reviews kept for the blocks a text still has (a review of text that is gone is dropped). */
export function keptReviews(entry: Pick<LockEntry, 'reviewed'> | undefined, blockHashes: Iterable<string>): string[] | undefined {
  if (entry?.reviewed === undefined || entry.reviewed.length === 0) return undefined;
  const all = parseReviews(entry);
  const kept = new Map<string, Review>();
  for (const h of blockHashes) {
    const r = all.get(h);
    if (r !== undefined) kept.set(h, r);
  }
  return encodeReviews(kept);
}
