/**
 * File access of the engine. The editor passes its own `writeText` to route writes through its
 * safe writer (open documents, undo); everything else defaults to Node's fs. Paths are absolute.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface LocalizeFs {
  /** The file's text, or undefined when it does not exist. */
  readText(path: string): Promise<string | undefined>;
  /**
   * The file's bytes, for hashing without decoding (optional; when `fs` overrides readText
   * without it, hashing goes through readText so both always see the same content).
   */
  readBytes?(path: string): Promise<Buffer | undefined>;
  /**
   * Replaces the file's content in one step: readers see the old text or the new, never a part
   * (the default writes a temporary file beside it and renames it over), creating folders.
   */
  writeText(path: string, text: string): Promise<void>;
  /** True when a file or folder exists (used to resolve relative links). */
  exists(path: string): boolean;
  /** Files under `dir`, relative to it with `/` separators; folders named node_modules or starting with `.` are skipped. */
  listFiles(dir: string): Promise<string[]>;
}

let tmpCounter = 0;

export async function atomicWrite(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${++tmpCounter}.tmp`);
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Synchronous underneath: for many small files it is about three times faster than fs.promises
 * (no thread-pool round trips); the scan yields to the event loop every few hundred files.
 */
async function readText(path: string): Promise<string | undefined> {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (abs: string, rel: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const dirs: Promise<void>[] = [];
    for (const e of entries) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) dirs.push(walk(join(abs, e.name), r));
      } else if (e.isFile()) {
        out.push(r);
      }
    }
    await Promise.all(dirs);
  };
  await walk(dir, '');
  return out.sort();
}

async function readBytes(path: string): Promise<Buffer | undefined> {
  try {
    return readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export const nodeFs: LocalizeFs = { readText, readBytes, writeText: atomicWrite, exists: existsSync, listFiles };

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
