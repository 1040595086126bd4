/**
 * The one guarded file-system layer: every write of the extension and of the localization CLI
 * (translations, base copies, the lock, caches, downloads, file-job and tool outputs) goes through
 * a `GuardedRoot`. Lint allows Node's writing fs functions only in this file.
 *
 * What it guarantees, for a root folder whose real path is resolved once:
 * - Nothing is read or written whose real path leaves the root (`..`, absolute paths and symbolic
 *   links that lead out are refused with `OutsideRootError`); links that stay inside are followed.
 * - Never a folder: a target that is a folder or a symbolic link is refused (`NotAFileError`).
 * - Never a partial file: content goes to a temporary file with a random name in the target's own
 *   folder, created exclusively (O_EXCL, and O_NOFOLLOW where the platform has it, so a planted link
 *   is never followed), then takes the target's name in one step.
 * - Never silently over a change: the caller says what its decision was based on (`Expect`), and the
 *   target is looked at again just before the rename: a file that should not exist is created
 *   exclusively (a hard link, which fails if the name was taken meanwhile); a file that should hold
 *   what the caller read is re-read and compared. Otherwise `ChangedError` and nothing is written.
 * - Folders are created one level at a time, each checked to stay inside the root, and the target's
 *   folder is checked again at the rename.
 *
 * Plain Node, no vscode: the editor's SafeWriter, the localization engine and the client's
 * downloads share it. A remaining window (between the last check and the rename system call) is
 * inherent to POSIX file systems without renameat2; it is microseconds, not the length of a
 * request.
 */
import { closeSync, constants, lstatSync, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import { link, lstat, mkdir, open, readFile, realpath, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { existingDirInside } from './guardedDirs.ts';

export {
  ChangedError,
  EXPECT_ABSENT,
  EXPECT_ANY,
  isChangedError,
  isWithin,
  NotAFileError,
  OutsideRootError,
  realTargetPath,
  tempName,
  type Expect,
  type WriteHow,
} from './guardedPaths.ts';
import {
  bytesOf,
  ChangedError,
  code,
  EXPECT_ABSENT,
  isChangedError,
  isWithin,
  NotAFileError,
  OutsideRootError,
  realTargetPath,
  tempName,
  type Expect,
  type WriteHow,
} from './guardedPaths.ts';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/** Not on Windows, where a write-through temp file is an ordinary one. */
const O_DSYNC = constants.O_DSYNC ?? 0;
const TEMP_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | O_NOFOLLOW;

/** `file` opened read-only, for a reader that reads it in pieces (an upload's body). */
export function openForReading(file: string): Promise<FileHandle> {
  return open(file, constants.O_RDONLY);
}

/**
 * Up to `length` bytes of `file` from `position`, opened read-only (file handles are opened only
 * in this module, so lint can keep writes here).
 */
export async function readRange(file: string, position: number, length: number): Promise<Buffer> {
  const fh = await open(file, constants.O_RDONLY);
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** `readRange`, synchronous. */
export function readRangeSync(file: string, position: number, length: number): Buffer {
  const fd = openSync(file, constants.O_RDONLY);
  try {
    const buf = Buffer.alloc(length);
    return buf.subarray(0, readSync(fd, buf, 0, length, position));
  } finally {
    closeSync(fd);
  }
}

/** A temporary file opened exclusively in the target's folder; `commit` gives it the target's name. */
export interface TempFile {
  readonly path: string;
  readonly handle: FileHandle;
}

/**
 * A folder whose real path is resolved once; every path given to it is absolute or relative to it.
 */
export class GuardedRoot {
  private constructor(
    /** The root as given (resolved to an absolute path). */
    readonly path: string,
    /** Its real path (symbolic links resolved). */
    readonly real: string,
  ) {}

  /** Resolves the root's real path; the root must be an existing folder. */
  static async open(root: string): Promise<GuardedRoot> {
    const abs = path.resolve(root);
    const real = await realpath(abs);
    const st = await lstat(real);
    if (!st.isDirectory()) throw new NotAFileError(abs, 'special file');
    return new GuardedRoot(abs, real);
  }

  /** Creates the root folder when missing (a folder of the extension's own, such as its storage), then opens it. */
  static async ensure(root: string): Promise<GuardedRoot> {
    await mkdir(path.resolve(root), { recursive: true });
    return GuardedRoot.open(root);
  }

  /** Synchronous `open`, for callers that cannot wait (the root must exist). */
  static openSync(root: string): GuardedRoot {
    const abs = path.resolve(root);
    return new GuardedRoot(abs, realpathSync.native(abs));
  }

  /** The absolute path of `p` (relative to the root), refused when it leaves the root lexically. */
  resolve(p: string): string {
    const abs = path.resolve(this.path, p);
    if (!isWithin(this.path, abs) && !isWithin(this.real, abs)) throw new OutsideRootError(this.describe(p), this.path, 'path');
    return abs;
  }

  /** `p` relative to the root, with `/` separators, for messages. */
  describe(p: string): string {
    const abs = path.resolve(this.path, p);
    const rel = path.relative(this.path, abs);
    return rel === '' ? '.' : rel.split(path.sep).join('/');
  }

  /** The real path of `p` (which need not exist), refused when it leaves the root. */
  async check(p: string): Promise<string> {
    const abs = this.resolve(p);
    const real = realTargetPath(abs);
    if (!isWithin(this.real, real)) throw new OutsideRootError(this.describe(p), this.path, 'link');
    return real;
  }

  /** Synchronous `check`. */
  checkSync(p: string): string {
    const abs = this.resolve(p);
    const real = realTargetPath(abs);
    if (!isWithin(this.real, real)) throw new OutsideRootError(this.describe(p), this.path, 'link');
    return real;
  }

  /** True when `p` is inside the root by real path (no error). */
  async contains(p: string): Promise<boolean> {
    try {
      await this.check(p);
      return true;
    } catch (err) {
      if (err instanceof OutsideRootError) return false;
      throw err;
    }
  }

  /** Folders already found inside the root by real path (a root serves one run). */
  private readonly dirsInside = new Set<string>();

  private checkDirSync(dir: string): void {
    if (this.dirsInside.has(dir)) return;
    this.checkSync(dir);
    this.dirsInside.add(dir);
  }

  /**
   * The file's bytes, or undefined when it does not exist; refused when its real path leaves the
   * root. Synchronous underneath: for many small files it is several times faster than
   * fs.promises (no thread-pool round trips); folders are checked once per root.
   */
  async readBytes(p: string): Promise<Buffer | undefined> {
    return this.readBytesSync(p);
  }

  /** Synchronous `readBytes`. */
  readBytesSync(p: string): Buffer | undefined {
    const abs = this.resolve(p);
    try {
      this.checkDirSync(path.dirname(abs));
      const st = lstatSync(abs, { throwIfNoEntry: false });
      if (st === undefined) return undefined;
      if (st.isSymbolicLink()) this.checkSync(abs);
      else if (st.isDirectory()) throw new NotAFileError(this.describe(abs), 'folder');
      return readFileSync(abs);
    } catch (err) {
      if (code(err) === 'ENOENT' || code(err) === 'ENOTDIR') return undefined;
      throw err;
    }
  }

  /** The file's text (UTF-8), or undefined when it does not exist. */
  async readText(p: string): Promise<string | undefined> {
    return this.readBytesSync(p)?.toString('utf8');
  }

  /**
   * Creates `dir` and its missing parents one level at a time, each level checked to be a folder
   * inside the root by real path (a symbolic link leading out is refused before anything is made
   * beyond it).
   */
  async mkdirs(dir: string): Promise<void> {
    const abs = this.resolve(dir);
    const rel = path.relative(this.path, abs);
    if (rel === '') return;
    // Usually the folder exists already (every file after the first in it): one check of the folder
    // itself, by real path, decides, always made anew (a folder checked earlier may since be a link).
    if (existingDirInside(this.real, abs, () => this.describe(abs), this.path)) return;
    let current = this.path;
    for (const part of rel.split(path.sep)) {
      current = path.join(current, part);
      try {
        await mkdir(current);
      } catch (err) {
        if (code(err) !== 'EEXIST') throw err;
      }
      const real = await this.check(current);
      const st = await lstat(real);
      if (!st.isDirectory()) throw new NotAFileError(this.describe(current), 'special file');
    }
  }

  /**
   * Opens a new temporary file in the folder of `target` (created if needed), exclusively and
   * without following links. The caller writes through `handle`, then calls `commit` or `discard`.
   * `writeThrough` opens it with O_DSYNC where the platform has it (each write returns once on disk).
   */
  async createTemp(target: string, opts: { writeThrough?: boolean } = {}): Promise<TempFile> {
    const abs = this.resolve(target);
    const dir = path.dirname(abs);
    await this.mkdirs(dir);
    const temp = tempName(dir, path.basename(abs));
    const handle = await open(temp, TEMP_FLAGS | (opts.writeThrough === true ? O_DSYNC : 0), 0o666);
    return { path: temp, handle };
  }

  /** Closes and removes a temporary file (never throws). */
  async discard(temp: TempFile | string): Promise<void> {
    if (typeof temp !== 'string') await temp.handle.close().catch(() => undefined);
    await rm(typeof temp === 'string' ? temp : temp.path, { force: true }).catch(() => undefined);
  }

  /**
   * Gives the (closed) temporary file the target's name after checking `expect` against what is
   * there now. The temporary file is removed whatever happens. Returns how the target changed.
   */
  async commit(temp: string, target: string, expect: Expect, content?: Buffer): Promise<WriteHow> {
    const abs = this.resolve(target);
    try {
      // The folder may have been swapped for a link since the temporary file was made.
      await this.check(path.dirname(abs));
      if (path.dirname(temp) !== path.dirname(abs)) throw new Error('a temporary file must be in the target folder');
      const st = await lstat(abs).catch((err: unknown) => {
        if (code(err) === 'ENOENT') return undefined;
        throw err;
      });
      if (st !== undefined && st.isDirectory()) throw new NotAFileError(this.describe(abs), 'folder');
      if (st !== undefined && st.isSymbolicLink()) throw new NotAFileError(this.describe(abs), 'symbolic link');
      if (st !== undefined && !st.isFile()) throw new NotAFileError(this.describe(abs), 'special file');
      const want: Expect = expect.kind === 'asRead' ? (expect.content === undefined ? EXPECT_ABSENT : { kind: 'content', content: expect.content }) : expect;
      if (want.kind === 'absent') {
        if (st !== undefined) throw new ChangedError(this.describe(abs), 'created');
        await this.createExclusively(temp, abs);
        return 'created';
      }
      if (want.kind === 'check') {
        const now = st === undefined ? undefined : await readFile(abs);
        if (!want.matches(now)) throw new ChangedError(this.describe(abs), st === undefined ? 'deleted' : 'changed');
        if (now === undefined) {
          await this.createExclusively(temp, abs);
          return 'created';
        }
        if (content !== undefined && now.equals(content)) return 'unchanged';
        await rename(temp, abs);
        return 'replaced';
      }
      if (want.kind === 'content') {
        if (st === undefined) throw new ChangedError(this.describe(abs), 'deleted');
        const now = await readFile(abs);
        if (!now.equals(bytesOf(want.content))) throw new ChangedError(this.describe(abs), 'changed');
        if (content !== undefined && now.equals(content)) return 'unchanged';
        await rename(temp, abs);
        return 'replaced';
      }
      if (st === undefined) {
        await this.createExclusively(temp, abs);
        return 'created';
      }
      if (content !== undefined && (await readFile(abs)).equals(content)) return 'unchanged';
      await rename(temp, abs);
      return 'replaced';
    } finally {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }

  /**
   * Gives the (closed) temporary file the name `target` only if no file has it (atomically: a
   * hard link); false, with the temporary file kept, when the name is taken.
   */
  async placeNew(temp: string, target: string): Promise<boolean> {
    const abs = this.resolve(target);
    await this.check(path.dirname(abs));
    try {
      await this.createExclusively(temp, abs);
    } catch (err) {
      if (isChangedError(err)) return false;
      throw err;
    }
    await rm(temp, { force: true });
    return true;
  }

  /** link() fails with EEXIST atomically, which rename() cannot do. */
  private async createExclusively(temp: string, abs: string): Promise<void> {
    try {
      await link(temp, abs);
    } catch (err) {
      const c = code(err);
      if (c === 'EEXIST') throw new ChangedError(this.describe(abs), 'created');
      if (c !== 'EPERM' && c !== 'ENOTSUP' && c !== 'EOPNOTSUPP' && c !== 'EXDEV' && c !== 'ENOSYS') throw err;
      // File systems without hard links: look once more, then rename (a narrow race is unavoidable there).
      if (
        await lstat(abs).then(
          () => true,
          () => false,
        )
      )
        throw new ChangedError(this.describe(abs), 'created');
      await rename(temp, abs);
    }
  }

  /**
   * Writes `content` to `target` in one step, under the guarantees above. `durable` fsyncs the
   * temporary file before the rename (the lock, downloads).
   */
  async write(target: string, content: string | Uint8Array, expect: Expect, opts: { durable?: boolean } = {}): Promise<WriteHow> {
    const bytes = bytesOf(content);
    const temp = await this.createTemp(target);
    try {
      await temp.handle.writeFile(bytes);
      if (opts.durable === true) await temp.handle.sync();
    } catch (err) {
      await this.discard(temp);
      throw err;
    }
    await temp.handle.close();
    return this.commit(temp.path, target, expect, bytes);
  }

  /**
   * Creates a new file exclusively with `content` (fails with EEXIST when it exists), without a
   * temporary file: for small marker files such as a run lock.
   */
  async createFile(target: string, content: string): Promise<void> {
    const abs = this.resolve(target);
    await this.mkdirs(path.dirname(abs));
    const handle = await open(abs, TEMP_FLAGS, 0o666);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
  }

  /** Removes a file inside the root (never a folder, never through a link that leads out). */
  async removeFile(target: string): Promise<void> {
    const abs = this.resolve(target);
    await this.check(path.dirname(abs));
    try {
      const st = await lstat(abs);
      if (st.isDirectory()) throw new NotAFileError(this.describe(abs), 'folder');
      await unlink(abs);
    } catch (err) {
      if (code(err) !== 'ENOENT') throw err;
    }
  }

  /** Removes a folder of the extension's own (a cache entry) inside the root, with everything in it. */
  async removeTree(target: string): Promise<void> {
    const abs = this.resolve(target);
    if (abs === this.path || abs === this.real) throw new OutsideRootError(this.describe(target), this.path, 'root');
    await this.check(path.dirname(abs));
    await rm(abs, { recursive: true, force: true });
  }

  /** Renames a file inside the root to another name inside it (the target must not exist). */
  async move(from: string, to: string): Promise<void> {
    const src = this.resolve(from);
    const dst = this.resolve(to);
    await this.check(path.dirname(src));
    await this.mkdirs(path.dirname(dst));
    const st = await lstat(src);
    if (!st.isFile()) throw new NotAFileError(this.describe(src), st.isDirectory() ? 'folder' : 'special file');
    await this.createExclusively(src, dst);
    await rm(src, { force: true });
  }
}
