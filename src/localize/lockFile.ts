/**
 * Writing doc-translate.lock when someone else may write it too, and one update at a time per
 * folder.
 *
 * - `commitLock` applies a run's changes to the lock as it is on disk just before writing (not as
 *   it was when the run started): another run's entries written meanwhile are kept, and the write
 *   itself is refused by the guarded layer when the file changed between that read and the rename,
 *   in which case the changes are applied again to the newer file.
 * - `acquireRunLock` takes `.doc-translate/update.lock`, created exclusively with its holder (pid,
 *   host, tool, start time), shared by the CLI and every editor window. A second update waits until
 *   the first has finished (saying once who holds it); a lock whose process is gone (same host,
 *   no such pid) is stale and taken over.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isChangedError } from '../shared/guardedFs.ts';
import type { GuardedRoot } from '../shared/guardedFs.ts';
import { LOCK_FILE } from './config.ts';
import type { LocalizeFs } from './fs.ts';
import { parseLock, serializeLock, type Lock } from './lock.ts';

/** Applies a run's changes to the lock read from disk, then writes it; retried when it changed meanwhile. */
export async function commitLock(fs: LocalizeFs, folder: string, readText: string | undefined, apply: (lock: Lock) => void): Promise<void> {
  const file = join(folder, LOCK_FILE);
  let current = readText;
  for (let attempt = 0; ; attempt++) {
    const lock = parseLock(current);
    apply(lock);
    const text = serializeLock(lock);
    if (text === current) return;
    try {
      await fs.writeText(file, text, { kind: 'asRead', content: current });
      return;
    } catch (err) {
      if (!isChangedError(err) || attempt >= 20) throw err;
      current = await fs.readText(file);
    }
  }
}

export const RUN_LOCK = '.doc-translate/update.lock';

export interface RunHolder {
  pid: number;
  host: string;
  tool: string;
  started: string;
}

export interface RunLock {
  release(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string | undefined): RunHolder | undefined {
  if (text === undefined) return undefined;
  try {
    const h = JSON.parse(text) as Partial<RunHolder>;
    if (typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.started === 'string')
      return { pid: h.pid, host: h.host, tool: String(h.tool ?? ''), started: h.started };
  } catch {
    // A half-written holder (its writer was killed between create and write) counts as stale below.
  }
  return undefined;
}

/** True when the holder is certainly gone: same host and no such process. */
export function isStale(holder: RunHolder | undefined, host = hostname()): boolean {
  if (holder === undefined) return true;
  return holder.host === host && !alive(holder.pid);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Takes the folder's update lock, waiting (polling every `pollMs`) while another live process
 * holds it; `onWait` is told once who holds it. Cancelling the signal stops the wait.
 */
export async function acquireRunLock(
  root: GuardedRoot,
  opts: { tool: string; signal?: AbortSignal; onWait?: (holder: RunHolder) => void; pollMs?: number },
): Promise<RunLock> {
  const me: RunHolder = { pid: process.pid, host: hostname(), tool: opts.tool, started: new Date().toISOString() };
  const text = `${JSON.stringify(me)}\n`;
  let told = false;
  for (;;) {
    try {
      await root.createFile(RUN_LOCK, text);
      return {
        release: async () => {
          if ((await root.readText(RUN_LOCK)) === text) await root.removeFile(RUN_LOCK);
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const seen = await root.readText(RUN_LOCK);
    if (seen === undefined) continue;
    const holder = parseHolder(seen);
    // A holder that cannot be read is given a moment to finish writing itself before it is taken over.
    if (holder === undefined ? told : isStale(holder)) {
      if ((await root.readText(RUN_LOCK)) === seen) await root.removeFile(RUN_LOCK);
      continue;
    }
    if (!told && holder !== undefined) opts.onWait?.(holder);
    told = true;
    await sleep(opts.pollMs ?? 250, opts.signal);
  }
}
