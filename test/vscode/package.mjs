#!/usr/bin/env node
// npm run package: production bundle, then `vsce package` into dist/doc-translate.vsix. Prints the
// size and file list, and fails when anything but the bundle, media and manifest files got in
// (.vscodeignore keeps sources, tests, maps and node_modules out).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURE_PARTS, partFile } from '../../esbuild.mjs';
import { listZip } from './lib/zip.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(repoRoot, 'dist', 'doc-translate.vsix');

/** Everything the extension loads: activation's bundle, what it loads on first use, the webview's files. */
const REQUIRED = [
  'extension/package.json',
  'extension/package.nls.json',
  ...['extension', 'api', 'translate', 'localizer'].map((name) => `extension/dist/${name}.js`),
  ...FEATURE_PARTS.map((part) => `extension/dist/${partFile(part)}`),
  'extension/dist/webview/account.js',
  'extension/dist/webview/uplot.css',
];

/** What else may be inside the .vsix. */
const ALLOWED = [
  /^\[Content_Types\]\.xml$/,
  /^extension\.vsixmanifest$/,
  /^extension\/package\.json$/,
  /^extension\/package\.nls(\.[a-z]{2}(-[a-z]{2,4})?)?\.json$/,
  /^extension\/(readme|changelog|license)(\.md|\.txt)?$/i,
  /^extension\/media\/(screenshots\/)?[\w.-]+\.(png|svg)$/,
  /^extension\/l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
];

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${[cmd, ...args].join(' ')} failed with code ${r.status}`);
}

export function packageExtension() {
  run(process.execPath, ['esbuild.mjs', '--production']);
  mkdirSync(dirname(out), { recursive: true });
  rmSync(out, { force: true });
  run(join(repoRoot, 'node_modules', '.bin', 'vsce'), [
    'package',
    '--skip-license',
    '--no-dependencies',
    // README images are relative to the extension folder, where VS Code shows them from.
    '--allow-missing-repository',
    '--no-rewrite-relative-links',
    '--out',
    out,
  ]);
  const entries = listZip(readFileSync(out));
  const size = statSync(out).size;
  const lines = entries.map((e) => `  ${String(e.size).padStart(9)}  ${e.name}`);
  process.stdout.write(`\n${out.slice(repoRoot.length + 1)}: ${size} bytes (${(size / 1024).toFixed(1)} KiB), ${entries.length} files\n${lines.join('\n')}\n`);
  const unexpected = entries.map((e) => e.name).filter((n) => !REQUIRED.includes(n) && !ALLOWED.some((re) => re.test(n)));
  if (unexpected.length) throw new Error(`unexpected files in the .vsix (check .vscodeignore): ${unexpected.join(', ')}`);
  // A part missing from .vscodeignore would fail only when first used; the manifest's %key%
  // strings resolve only with package.nls.json beside it.
  const missing = REQUIRED.filter((file) => !entries.some((e) => e.name === file));
  if (missing.length) throw new Error(`the .vsix lacks ${missing.join(', ')} (check .vscodeignore)`);
  return { path: out, size, entries };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  try {
    packageExtension();
  } catch (err) {
    process.stderr.write(`[package] ${err.message}\n`);
    process.exit(1);
  }
}
