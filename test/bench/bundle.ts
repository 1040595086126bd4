/**
 * bundle-bytes: size of the production dist/extension.js (what activation loads: the platform and
 * the features' stand-ins), built by `node esbuild.mjs --production`, against the 80 KB budget the
 * editor layer had with two features; bundle-total-bytes adds the lazily loaded client, dist/api.js;
 * bundle-parts-bytes (information) is the features' parts loaded on first use (esbuild.mjs
 * FEATURE_PARTS) together; bundle-segmentation-bytes is the segmentation engine, dist/translate.js,
 * loaded by the first translation (Markdown, MDX and YAML parsers).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: the build script is plain JavaScript without type declarations.
import { FEATURE_PARTS, partFile } from '../../esbuild.mjs';
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
  const parts = (FEATURE_PARTS as string[]).map((part) => (partFile as (p: string) => string)(part));
  const partBytes = parts.reduce((sum, file) => sum + statSync(join(REPO_ROOT, 'dist', file)).size, 0);
  build([]);
  const main = sizes['extension.js']!;
  const total = main + sizes['api.js']!;
  note(`bundle: production ${BUNDLE_FILES.map((f) => `dist/${f} ${sizes[f]} bytes`).join(', ')}; ${parts.length} feature parts ${partBytes} bytes`);
  return [
    { name: 'bundle-bytes', value: main, unit: 'bytes', ref: BUNDLE_BUDGET, goal: 'ratio<=1', met: atMost(1) },
    { name: 'bundle-total-bytes', value: total, unit: 'bytes', ref: 400_000, goal: 'ratio<=1', met: atMost(1) },
    { name: 'bundle-parts-bytes', value: partBytes, unit: 'bytes', ref: BUNDLE_BUDGET, goal: 'info' },
    { name: 'bundle-segmentation-bytes', value: sizes['translate.js']!, unit: 'bytes', ref: 1_000_000, goal: 'info' },
  ];
}

/** What activation may load: the editor layer's size with two features (text translation, file jobs). */
export const BUNDLE_BUDGET = 80_000;

/** The files of the production build: the extension, and the client and segmentation engine it loads on first use. */
export const BUNDLE_FILES = ['extension.js', 'api.js', 'translate.js'];
