/**
 * File access of the engine, through the guarded layer (src/shared/guardedFs.ts) rooted at the
 * set-up's folder: nothing is read or written whose real path leaves it, every write names what
 * its decision was based on (`Expect`) and is refused with ChangedError when the file changed since,
 * temporary files have random names and are created exclusively. The editor passes its own
 * `writeText` (open documents: one undoable edit) and reads (unsaved text); paths are absolute.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { GuardedRoot, type Expect } from '../shared/guardedFs.ts';
import { decodedExpect, encodeText, type TextEncoding } from './encoding.ts';

export type { Expect };

export interface LocalizeFs {
  /** The file's text, or undefined when it does not exist. */
  readText(path: string): Promise<string | undefined>;
  /**
   * The file's bytes, for hashing without decoding (optional; when `fs` overrides readText
   * without it, hashing goes through readText so both always see the same content).
   */
  readBytes?(path: string): Promise<Buffer | undefined>;
  /**
   * Replaces the file's content in one step (readers see the old text or the new, never a part),
   * creating folders, if the file is still what `expect` says (else ChangedError, nothing written).
   * `encoding`: the bytes to write (a UTF-16 source's translation is written in UTF-16 with its
   * mark, and `expect`'s text is compared decoded); UTF-8 when absent.
   */
  writeText(path: string, text: string, expect: Expect, encoding?: TextEncoding): Promise<void>;
  /** True when a file or folder exists (used to resolve relative links). */
  exists(path: string): boolean;
  /**
   * Files under `dir`, relative to it with `/` separators; folders named node_modules or starting
   * with `.` and symbolic links are skipped; a `dir` whose real path leaves the root is refused.
   * `onFolder`, when given, is called for each folder just before it is read.
   */
  listFiles(dir: string, onFolder?: (abs: string, rel: string) => void): Promise<string[]>;
}

/** Folders the engine's listing never enters. */
const skipFolder = (name: string): boolean => name === 'node_modules' || name.startsWith('.');

/** The engine's file access for `folder` (the folder holding doc-translate.json). */
export function localFs(folder: string): LocalizeFs & { root: GuardedRoot } {
  const root = GuardedRoot.openSync(folder);
  const listFiles = async (dir: string, onFolder?: (abs: string, rel: string) => void): Promise<string[]> => {
    try {
      await root.check(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return walkFiles(root.resolve(dir), skipFolder, 'missing', onFolder);
  };
  return {
    root,
    readText: (path) => root.readText(path),
    readBytes: (path) => root.readBytes(path),
    writeText: async (path, text, expect, encoding) =>
      void (await root.write(path, encoding === undefined ? text : encodeText(text, encoding), decodedExpect(expect, encoding, path))),
    exists: existsSync,
    listFiles,
  };
}

/**
 * Every file below `start`, relative to it with `/` separators, sorted; folders `skip` names are
 * not entered and symbolic links are not followed. A folder that cannot be read is skipped when
 * `tolerate` is 'all', only when it is gone with 'missing' (any other error is thrown).
 * `onFolder` is called for each folder just before it is read.
 */
export async function walkFiles(
  start: string,
  skip: (name: string) => boolean,
  tolerate: 'missing' | 'all',
  onFolder?: (abs: string, rel: string) => void,
): Promise<string[]> {
  const out: string[] = [];
  const walk = async (abs: string, rel: string): Promise<void> => {
    onFolder?.(abs, rel);
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch (err) {
      if (tolerate === 'all' || (err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const dirs: Promise<void>[] = [];
    for (const e of entries) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!skip(e.name)) dirs.push(walk(join(abs, e.name), r));
      } else if (e.isFile()) {
        out.push(r);
      }
    }
    await Promise.all(dirs);
  };
  await walk(start, '');
  return out.sort();
}

/** Runs `fn` over items with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
