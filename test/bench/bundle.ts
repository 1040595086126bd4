/** bundle-bytes: size of the production dist/extension.js, built by `node esbuild.mjs --production`. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { atMost, note, type Figure } from './lib/figures.ts';
import { REPO_ROOT } from './lib/processes.ts';

function build(args: string[]): void {
  const r = spawnSync(process.execPath, ['esbuild.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node esbuild.mjs ${args.join(' ')} failed: ${r.stderr}`);
}

/** Builds the production bundle, copies it to `copyTo` (for the activation runs), then restores the development build. */
export function benchBundle(copyTo: string): Figure[] {
  const out = join(REPO_ROOT, 'dist', 'extension.js');
  build(['--production']);
  const bytes = statSync(out).size;
  copyFileSync(out, copyTo);
  build([]);
  note(`bundle: production dist/extension.js ${bytes} bytes`);
  return [{ name: 'bundle-bytes', value: bytes, unit: 'bytes', ref: 400_000, goal: 'ratio<=1', met: atMost(1) }];
}
