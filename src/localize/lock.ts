/**
 * `doc-translate.lock`: committed next to doc-translate.json. One entry per translation file, keyed
 * by its path and sorted, so a diff shows exactly the translations that changed and shards that
 * write different files never touch the same entry. Each entry records the source path, a hash of
 * the whole source (only while nothing is in conflict), a hash of the output as last written, and
 * one line per block: `<block hash> <hash of the block as written> <segment>...`, where a segment is
 * `<source segment hash>@<offset>+<length>` (where its translation sits in the written block).
 * `removedLanguages` names the languages that were target languages once and are no longer: their
 * entries are gone, their files are left alone and never taken as sources.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';

export interface LockSegment {
  hash: string;
  off: number;
  len: number;
}

export interface LockBlock {
  hash: string;
  out: string;
  segments: LockSegment[];
}

export interface LockEntry {
  source: string;
  lang: string;
  /** Hash of the source text this translation is fully up to date with; null while blocks are in conflict. */
  sourceHash: string | null;
  /** Hash of the whole translation file as last written. */
  output: string;
  /** Encoded block lines (decode with decodeBlock). */
  blocks: string[];
  /**
   * Source block hashes whose conflict (a changed source paragraph over a human's edit) was already
   * reported with its new translation: not sent again until that source paragraph changes again.
   */
  reported?: string[];
  /**
   * Source block hashes an adopted human translation covers without a block of its own (the human
   * wrote fewer blocks for that section): not sent, not inserted, until that source block changes.
   */
  covered?: string[];
  /**
   * Review records (trust/provenance.ts): `<when> <block hashes, comma-separated> <who>`, where a
   * block hash is that of the block's text as it was reviewed (labels left out).
   */
  reviewed?: string[];
  /**
   * Segment hashes whose translation failed (the answer kept the source text, or failed its checks):
   * the source text is written in their place, `sourceHash` is null, and the next update sends them
   * again (see trust/outcome.ts).
   */
  pending?: string[];
  /** Term violations, `<segment hash> keep|prefer <term>`: written, not up to date, sent again by the next update. */
  terms?: string[];
}

export interface Lock {
  files: Map<string, LockEntry>;
  /** Languages no longer among the target languages whose entries an update dropped (sorted). */
  removedLanguages?: string[];
}

const LockSchema = z.object({ version: z.literal(1), removedLanguages: z.optional(z.array(z.string())), files: z.record(z.string(), z.unknown()) });

/** Checked by hand: zod on every entry of a 20,000-entry lock costs more than the rest of a status. */
function isEntry(e: unknown): e is LockEntry {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  return (
    typeof x['source'] === 'string' &&
    typeof x['lang'] === 'string' &&
    (x['sourceHash'] === null || typeof x['sourceHash'] === 'string') &&
    typeof x['output'] === 'string' &&
    Array.isArray(x['blocks']) &&
    x['blocks'].every((b) => typeof b === 'string') &&
    (x['reported'] === undefined || (Array.isArray(x['reported']) && x['reported'].every((h) => typeof h === 'string'))) &&
    (x['covered'] === undefined || (Array.isArray(x['covered']) && x['covered'].every((h) => typeof h === 'string'))) &&
    (x['reviewed'] === undefined || (Array.isArray(x['reviewed']) && x['reviewed'].every((h) => typeof h === 'string'))) &&
    (x['pending'] === undefined || (Array.isArray(x['pending']) && x['pending'].every((h) => typeof h === 'string'))) &&
    (x['terms'] === undefined || (Array.isArray(x['terms']) && x['terms'].every((h) => typeof h === 'string')))
  );
}

export class LockError extends Error {
  override name = 'LockError';
}

export function emptyLock(): Lock {
  return { files: new Map() };
}

export function parseLock(text: string | undefined): Lock {
  if (text === undefined || text.trim() === '') return emptyLock();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new LockError(`doc-translate.lock is not valid JSON (${err instanceof Error ? err.message : String(err)}); restore it from version control`);
  }
  const parsed = LockSchema.safeParse(raw);
  if (!parsed.success) throw new LockError(`doc-translate.lock has an unexpected shape at ${parsed.error.issues[0]?.path.join('.') ?? '(root)'}`);
  const files = new Map<string, LockEntry>();
  for (const [target, entry] of Object.entries(parsed.data.files)) {
    if (!isEntry(entry)) throw new LockError(`doc-translate.lock has an unexpected shape at files.${target}`);
    files.set(target, entry);
  }
  const removed = parsed.data.removedLanguages ?? [];
  return removed.length > 0 ? { files, removedLanguages: [...new Set(removed)].sort() } : { files };
}

/** Stable text: entries sorted by path, fixed key order, one block per line; `removedLanguages` only when there are any. */
export function serializeLock(lock: Lock): string {
  const files: Record<string, LockEntry> = {};
  for (const key of [...lock.files.keys()].sort()) {
    const e = lock.files.get(key)!;
    files[key] = {
      source: e.source,
      lang: e.lang,
      sourceHash: e.sourceHash,
      output: e.output,
      blocks: e.blocks,
      reported: sortedList(e.reported),
      covered: sortedList(e.covered),
      reviewed: sortedList(e.reviewed),
      pending: sortedList(e.pending),
      terms: sortedList(e.terms),
    };
  }
  // JSON.stringify leaves out the undefined fields: an empty or absent list is not written.
  return `${JSON.stringify({ version: 1, removedLanguages: sortedList([...new Set(lock.removedLanguages ?? [])]), files }, null, 2)}\n`;
}

/** A sorted copy of a non-empty list; undefined for an empty or absent one. */
function sortedList(list: readonly string[] | undefined): string[] | undefined {
  return list !== undefined && list.length > 0 ? [...list].sort() : undefined;
}

export function encodeBlock(b: LockBlock): string {
  const segs = b.segments.map((s) => `${s.hash}@${s.off}+${s.len}`);
  return [b.hash, b.out, ...segs].join(' ');
}

export function decodeBlock(line: string): LockBlock {
  const [hash = '', out = '', ...rest] = line.split(' ');
  const segments = rest.map((s): LockSegment => {
    const at = s.indexOf('@');
    const h = s.slice(0, at);
    const [off, len] = s
      .slice(at + 1)
      .split('+')
      .map(Number);
    return { hash: h, off: off ?? 0, len: len ?? 0 };
  });
  return { hash, out, segments };
}

/** Which shard (1..n) owns a source path: a hash of the path, so adding files never moves others. */
export function shardOf(sourcePath: string, n: number): number {
  return (parseInt(createHash('sha256').update(sourcePath).digest('hex').slice(0, 8), 16) % n) + 1;
}

/**
 * Combines the locks written by shards 1..n of one run (in that order): every entry is taken from
 * the shard that owns its source, so the result never depends on merge order and never conflicts.
 * Removed languages are the same in every shard of a run; they are joined.
 */
export function mergeLocks(shards: readonly Lock[]): Lock {
  const n = shards.length;
  const out = emptyLock();
  shards.forEach((lock, i) => {
    for (const [target, entry] of lock.files) if (shardOf(entry.source, n) === i + 1) out.files.set(target, entry);
  });
  const removed = [...new Set(shards.flatMap((l) => l.removedLanguages ?? []))].sort();
  if (removed.length > 0) out.removedLanguages = removed;
  return out;
}
