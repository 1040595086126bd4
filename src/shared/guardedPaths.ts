/**
 * The rules of the guarded file layer that read nothing and write nothing: what a write expects
 * to find, its errors, where a path may lead, temporary names and real paths. The layer itself,
 * the only place allowed to write, is src/shared/guardedFs.ts (which re-exports all of this).
 */
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import * as path from 'node:path';

/** What the write decision was based on; checked again just before the new content takes the name. */
export type Expect =
  /** The target must not exist: it is created exclusively. */
  | { kind: 'absent' }
  /** The target must hold exactly these bytes (or this text, as UTF-8), as read when deciding. */
  | { kind: 'content'; content: string | Uint8Array }
  /** The target must not exist, or hold these bytes: whatever the caller read (undefined = absent). */
  | { kind: 'asRead'; content: string | Uint8Array | undefined }
  /** The target's current bytes (undefined = absent) must pass `matches` (e.g. a hash taken earlier). */
  | { kind: 'check'; matches: (current: Buffer | undefined) => boolean }
  /** Whatever is there is replaced (caches, the extension's own copies). */
  | { kind: 'any' };

export const EXPECT_ANY: Expect = { kind: 'any' };
export const EXPECT_ABSENT: Expect = { kind: 'absent' };

export class OutsideRootError extends Error {
  readonly code = 'outside_root';
  constructor(
    readonly target: string,
    readonly root: string,
    how: 'path' | 'link' | 'root',
  ) {
    super(
      how === 'link'
        ? `${target} leads outside through a symbolic link (out of ${root}); nothing was read or written there.`
        : how === 'root'
          ? `${target} is the folder ${root} itself; it is never removed.`
          : `${target} is not inside ${root}; nothing was read or written there.`,
    );
  }
}
Object.defineProperty(OutsideRootError.prototype, 'name', { value: 'OutsideRootError', configurable: true, writable: true });

export class NotAFileError extends Error {
  readonly code = 'not_a_file';
  constructor(
    readonly target: string,
    what: 'folder' | 'symbolic link' | 'special file',
  ) {
    super(`${target} is a ${what}; it is never written over.`);
  }
}
Object.defineProperty(NotAFileError.prototype, 'name', { value: 'NotAFileError', configurable: true, writable: true });

/** The target is no longer what the decision to write was based on: nothing was written. */
export class ChangedError extends Error {
  readonly code = 'changed';
  constructor(
    readonly target: string,
    readonly how: 'created' | 'changed' | 'deleted',
  ) {
    super(`${target} was ${how} by someone else while this was being prepared; it was left as it is.`);
  }
}
Object.defineProperty(ChangedError.prototype, 'name', { value: 'ChangedError', configurable: true, writable: true });

/**
 * True for a ChangedError from any copy of this module (the editor, the client and the
 * localization engine are separate bundles, each with its own class): judged by its code.
 */
export function isChangedError(err: unknown): err is ChangedError {
  return err instanceof Error && (err as { code?: unknown }).code === 'changed' && err.name === 'ChangedError';
}

export type WriteHow = 'created' | 'replaced' | 'unchanged';

export function code(err: unknown): string | undefined {
  const c = (err as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : undefined;
}

export function bytesOf(content: string | Uint8Array): Buffer {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/** True when `target` is `root` or lies inside it (both absolute, same platform). */
export function isWithin(root: string, target: string, allowRoot = true): boolean {
  const rel = path.relative(root, target);
  if (rel === '') return allowRoot;
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** A temporary name in `dir` for `name`: random, so it cannot be predicted and planted. */
export function tempName(dir: string, name: string): string {
  return path.join(dir, `.${name.slice(0, 100)}.${randomBytes(8).toString('hex')}.tmp`);
}

/**
 * The real path of `target`, which need not exist yet: the deepest existing ancestor is resolved
 * (following symbolic links) and the rest appended.
 */
export function realTargetPath(target: string): string {
  const rest: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return rest.length === 0 ? real : path.join(real, ...rest.reverse());
    } catch (err) {
      const parent = path.dirname(current);
      if (parent === current || (code(err) !== 'ENOENT' && code(err) !== 'ENOTDIR')) return path.resolve(target);
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
