/** What the stat-cache tests share: a stand-in translator that marks its answers, a spy on the engine's reads, and a wait for the clock. */
import { statSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import type { BatchRequest, BatchResponse } from '../../../../src/api/index.ts';
import type { BatchTranslator } from '../../../../src/localize/index.ts';
import { GuardedRoot } from '../../../../src/shared/guardedFs.ts';

/** Answers every segment with its text after the target language in capitals (`DE …`). */
export const markingClient: BatchTranslator = {
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    return Promise.resolve({
      segments: req.segments.map((s) => ({ id: s.id, translated_text: `${req.target_lang.toUpperCase()} ${s.text}` })),
    } as BatchResponse);
  },
};

/** Paths (relative to `dir`) read through the guarded layer while `fn` runs (every read of the engine goes through readBytesSync). */
export async function readsDuring<T>(dir: string, fn: () => Promise<T>): Promise<{ result: T; reads: string[] }> {
  const original = GuardedRoot.prototype.readBytesSync;
  const reads: string[] = [];
  GuardedRoot.prototype.readBytesSync = function (this: GuardedRoot, p: string) {
    reads.push(relative(dir, this.resolve(p)).split('\\').join('/'));
    return original.call(this, p);
  };
  try {
    return { result: await fn(), reads };
  } finally {
    GuardedRoot.prototype.readBytesSync = original;
  }
}

/** The Markdown pages among `reads`. */
export const pagesRead = (reads: string[]): string[] => reads.filter((r) => /\.mdx?$/.test(r));

/**
 * Waits until the file system's clock has moved past every file written so far (a new file's
 * times are newer than the latest change time in `dir`), so the next scan may record them. The
 * probe file is made beside `dir`, not in it: creating and removing it in `dir` would give `dir`
 * itself a change time the next scan could see as racy.
 */
export async function settle(dir: string, files: readonly string[]): Promise<void> {
  const latest = Math.max(...files.map((f) => Math.max(statSync(join(dir, f)).mtimeMs, statSync(join(dir, f)).ctimeMs)));
  const probe = join(dirname(dir), `.probe-${randomBytes(6).toString('hex')}`);
  for (;;) {
    writeFileSync(probe, '');
    const t = statSync(probe).mtimeMs;
    unlinkSync(probe);
    if (t > latest) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}
