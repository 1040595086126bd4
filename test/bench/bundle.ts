/**
 * bundle-bytes: size of the production dist/extension.js (what activation loads), built by
 * `node esbuild.mjs --production`; bundle-total-bytes adds the lazily loaded client, dist/api.js.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { atMost, note, type Figure } from './lib/figures.ts';
import { REPO_ROOT } from './lib/processes.ts';

function build(args: string[]): void {
  const r = spawnSync(process.execPath, ['esbuild.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node esbuild.mjs ${args.join(' ')} failed: ${r.stderr}`);
}

/** Builds the production bundle, copies its files into `copyTo` (for the activation runs), then restores the development build. */
export function benchBundle(copyTo: string): Figure[] {
  build(['--production']);
  mkdirSync(copyTo, { recursive: true });
  const sizes: Record<string, number> = {};
  for (const file of BUNDLE_FILES) {
    const path = join(REPO_ROOT, 'dist', file);
    sizes[file] = statSync(path).size;
    copyFileSync(path, join(copyTo, file));
  }
  build([]);
  const main = sizes['extension.js']!;
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  note(`bundle: production ${BUNDLE_FILES.map((f) => `dist/${f} ${sizes[f]} bytes`).join(', ')}`);
  return [
    { name: 'bundle-bytes', value: main, unit: 'bytes', ref: 400_000, goal: 'ratio<=1', met: atMost(1) },
    { name: 'bundle-total-bytes', value: total, unit: 'bytes', ref: 400_000, goal: 'ratio<=1', met: atMost(1) },
  ];
}

/** The files of the production build: the extension and the client it loads on first use. */
export const BUNDLE_FILES = ['extension.js', 'api.js'];
