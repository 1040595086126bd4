/**
 * Code measured as it ships: bundled by esbuild for Node 20 and minified, as esbuild.mjs builds
 * dist/ and the CLI. tsx, which runs the benchmarks, wraps every function definition (the closures
 * created on every call included) in a `__name` call and loads each module through its loader
 * thread, which the shipped bundles never pay.
 */
import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bundles `entry` (a path from the repository's root) into `dir` as a CommonJS file; returns its path. */
export function buildShipped(entry: string, dir: string, name = 'shipped.cjs'): string {
  const outfile = join(dir, name);
  buildSync({
    entryPoints: [join(__dirname, '..', '..', '..', entry)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/**
 * Bundles `entry` (as buildShipped) into a temporary folder outside the repository, calls `use`
 * with the bundle's path and removes the folder once `use` returns, or once its promise settles.
 */
export function withShipped<T>(entry: string, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-shipped-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  let result: T;
  try {
    result = use(buildShipped(entry, dir));
  } catch (err) {
    remove();
    throw err;
  }
  if (result instanceof Promise) return result.finally(remove) as T;
  remove();
  return result;
}
