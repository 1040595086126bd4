/**
 * The quick answer of `GuardedRoot.mkdirs` for a folder that exists already (every file after the
 * first written in it): one look at the folder itself, by real path, made anew at every call (a
 * folder checked earlier may since have been swapped for a link), instead of one mkdir, realpath
 * and lstat per level.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { code, isWithin, NotAFileError, OutsideRootError } from './guardedPaths.ts';

/**
 * True when `abs` is now a folder whose real path is inside `rootReal`; false when it does not
 * exist or a level of it is not a folder (the caller then creates it level by level); refused when
 * it leads out of the root or is not a folder. Nothing is created when it exists, and a file put
 * in it lands at its real path: that path alone has to stay inside the root.
 */
export function existingDirInside(rootReal: string, abs: string, describe: () => string, rootPath: string): boolean {
  let real: string;
  try {
    real = realpathSync.native(abs);
  } catch (err) {
    if (code(err) === 'ENOENT' || code(err) === 'ENOTDIR') return false;
    throw err;
  }
  if (!isWithin(rootReal, real)) throw new OutsideRootError(describe(), rootPath, 'link');
  if (!lstatSync(real).isDirectory()) throw new NotAFileError(describe(), 'special file');
  return true;
}
