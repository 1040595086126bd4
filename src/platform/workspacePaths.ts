// Where a write may land: inside a workspace folder, judged on real paths (symlinks resolved), so
// neither `..` in a pattern nor a symlinked folder can lead a write out of the workspace.
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';

/** True when `target` lies strictly inside `root` (both absolute, same platform). */
export function isInsidePath(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The real path of `target`, which need not exist yet: the deepest existing ancestor is resolved
 * (following symlinks) and the rest appended.
 */
export async function realTargetPath(target: string): Promise<string> {
  const rest: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    try {
      const real = await realpath(current);
      return rest.length === 0 ? real : path.join(real, ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(target);
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** Whether the real location of `target` is inside the real location of `root`. */
export async function isInsideRealPath(root: string, target: string): Promise<boolean> {
  const [realRoot, realTarget] = await Promise.all([realTargetPath(root), realTargetPath(target)]);
  return isInsidePath(realRoot, realTarget);
}
