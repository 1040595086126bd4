/** One site's view of the workspace: its files (relative to the site root) and reads through `io`. */
import { join, type SiteIo } from './model.ts';

export interface SiteContext {
  /** The site root, relative to the workspace root ('' = the root). */
  root: string;
  /** Every file of the site, relative to `root`, sorted. */
  files: string[];
  read(rel: string): Promise<string | undefined>;
  has(rel: string): boolean;
  /** True when some file lies below `rel` (a folder). */
  hasDir(rel: string): boolean;
}

export function siteContext(io: SiteIo, root: string, allFiles: readonly string[]): SiteContext {
  const prefix = root === '' ? '' : `${root}/`;
  const files = allFiles
    .filter((f) => f.startsWith(prefix))
    .map((f) => f.slice(prefix.length))
    .sort();
  const set = new Set(files);
  const dirs = new Set<string>();
  for (const f of files) {
    let i = f.lastIndexOf('/');
    while (i > 0) {
      const d = f.slice(0, i);
      if (dirs.has(d)) break;
      dirs.add(d);
      i = d.lastIndexOf('/');
    }
  }
  return {
    root,
    files,
    read: (rel) => (set.has(rel) ? io.readText(join(root, rel)) : Promise.resolve(undefined)),
    has: (rel) => set.has(rel),
    hasDir: (rel) => rel === '' || dirs.has(rel),
  };
}
