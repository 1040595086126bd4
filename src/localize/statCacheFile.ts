/**
 * The bytes of `.doc-translate/stat-cache` (see statCache.ts for what it means): a fixed head,
 * then the records as typed arrays (copied as they are, so nothing but numbers is decoded), a
 * JSON header, and the paths of the positions, one a line.
 *
 *   magic (32 bytes) | count, json length, paths length (u32 LE each) | padding to 48
 *   stats: count x STATS float64 | hashes: count x HASHES uint32 | flags: count x uint8
 *   header (JSON, UTF-8) | paths (UTF-8, "\n"-separated)
 */
import { join, resolve } from 'node:path';
import { readRangeSync } from '../shared/guardedFs.ts';
import type { LeftOut } from './listing.ts';
import { allPlain, HASHES, STATS } from './statCacheRecords.ts';
import { prestartStatPool } from './statCacheStat.ts';

/** Where the cache of a set-up's folder is, relative to it. */
export const STAT_CACHE = '.doc-translate/stat-cache';
const MAGIC = 'doc-translate stat-cache 1\n';
const HEAD = 48;
/** A lock entry that fits no position, kept whole except its block lines. */
export interface ExtraEntry {
  target: string;
  source: string;
  lang: string;
  sourceHash: string | null;
  output: string;
}

export interface LockPart {
  /** The lock file's stat and content hash when it was projected. */
  stat: string;
  hash: string;
  /** The listing key of the positions the projection belongs to. */
  listing: string;
  removedLanguages: string[];
  extras: ExtraEntry[];
}

/** The last listing's walk: every folder it read with its stat then, and a hash of the names it found. */
export interface WalkPart {
  dir: string;
  folders: [rel: string, stat: string][];
  names: string;
}

/** What a search of folders found (site/rules.ts `FolderMemo`), with every folder it read and its stat then. */
export interface MemoPart {
  folders: [rel: string, stat: string][];
  value: string[];
}

export interface Header {
  walk?: WalkPart;
  /** Kept by name; carried from listing to listing. */
  memos?: Record<string, MemoPart>;
  listing: string;
  /** Configured languages per source (positions per source = 1 + langs). */
  langs: number;
  pages: number;
  files: number;
  leftOut: LeftOut[];
  lock?: LockPart;
  /**
   * The folders of the positions: for each slot (0: the sources, then one per configured language),
   * every run of sources whose files there share a folder, as [slot, first source, folder] (the
   * folder relative to the root, '' for the root itself), in slot then source order.
   */
  runs?: [slot: number, first: number, folder: string][];
}

export interface Records {
  header: Header;
  paths: string[];
  stats: Float64Array<ArrayBuffer>;
  hashes: Uint32Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
}

/**
 * Starts the workers a scan of `folder` will want for the files its cache records (its head alone
 * is read), before the engine is loaded: the command line does (see statCacheStat.ts).
 */
export function prestartScan(folder: string): void {
  const file = join(resolve(folder), STAT_CACHE);
  prestartStatPool(resolve(folder), recordsIn(file), file);
}

const isMemoPart = (m: unknown): m is MemoPart => {
  const p = m as Partial<MemoPart> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    Array.isArray(p.value) &&
    p.value.every((v) => typeof v === 'string') &&
    Array.isArray(p.folders) &&
    p.folders.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string')
  );
};

/** The number of records a cache says it holds, from its head; undefined when `buf` does not start with a head of this version. */
const countIn = (buf: Buffer): number | undefined =>
  buf.length >= HEAD && buf.toString('latin1', 0, MAGIC.length) === MAGIC ? buf.readUInt32LE(32) : undefined;

/** The number of records of the cache at `file`, from its head alone (0 when it is missing or not a cache of this version). */
function recordsIn(file: string): number {
  try {
    return countIn(readRangeSync(file, 0, HEAD)) ?? 0;
  } catch {
    return 0;
  }
}

/**
 * The records in `buf`, their paths as read (one a line), and whether every path is plain;
 * undefined when it is not a cache of this version or its parts do not match (JSON errors throw).
 */
export function decodeCache(buf: Buffer): (Records & { lines: string; plain: boolean }) | undefined {
  const count = countIn(buf);
  if (count === undefined) return undefined;
  const jsonLen = buf.readUInt32LE(36);
  const pathsLen = buf.readUInt32LE(40);
  const hashesAt = HEAD + count * STATS * 8;
  const flagsAt = hashesAt + count * HASHES * 4;
  const jsonAt = flagsAt + count;
  const pathsAt = jsonAt + jsonLen;
  if (pathsAt + pathsLen !== buf.length) return undefined;
  const header = JSON.parse(buf.toString('utf8', jsonAt, pathsAt)) as Header;
  if (
    typeof header !== 'object' ||
    header === null ||
    typeof header.listing !== 'string' ||
    !Number.isInteger(header.langs) ||
    !Number.isInteger(header.pages) ||
    !Number.isInteger(header.files) ||
    !Array.isArray(header.leftOut)
  )
    return undefined;
  // Memos not of the expected shape are dropped, the rest of the cache kept.
  const memos: unknown = header.memos;
  if (memos !== undefined)
    header.memos = typeof memos === 'object' && memos !== null ? Object.fromEntries(Object.entries(memos).filter(([, m]) => isMemoPart(m))) : {};
  const lines = buf.toString('utf8', pathsAt, pathsAt + pathsLen);
  const paths = pathsLen === 0 ? [] : lines.split('\n');
  if (paths.length !== count || count !== (header.pages + header.files) * (1 + header.langs)) return undefined;
  // Copies: typed arrays must be aligned, and the buffer may be a slice of a larger one.
  const stats = new Float64Array(count * STATS);
  new Uint8Array(stats.buffer).set(buf.subarray(HEAD, hashesAt));
  const hashes = new Uint32Array(count * HASHES);
  new Uint8Array(hashes.buffer).set(buf.subarray(hashesAt, flagsAt));
  return { header, paths, lines, stats, hashes, flags: new Uint8Array(buf.subarray(flagsAt, jsonAt)), plain: allPlain(lines) };
}

/** The bytes `decodeCache` reads back as these records. */
export function encodeCache(r: Records): Buffer {
  const json = Buffer.from(JSON.stringify(r.header), 'utf8');
  const paths = Buffer.from(r.paths.join('\n'), 'utf8');
  const head = Buffer.alloc(HEAD);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(r.paths.length, 32);
  head.writeUInt32LE(json.length, 36);
  head.writeUInt32LE(paths.length, 40);
  const view = (a: Float64Array | Uint32Array | Uint8Array): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  return Buffer.concat([head, view(r.stats), view(r.hashes), view(r.flags), json, paths]);
}
