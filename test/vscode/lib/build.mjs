// Builds what a harness run loads: the extension bundle (dist/extension.js) and a suite bundle
// (the standard in-host runner index.ts next to the suite's *.test.ts, in out/test/<name>/).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

export function buildExtension(repoRoot, { production = false } = {}) {
  const r = spawnSync(process.execPath, ['esbuild.mjs', ...(production ? ['--production'] : [])], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the extension failed');
}

/**
 * Bundles a suite folder; returns the absolute path of its index.js (extensionTestsPath).
 * test/vscode/suite is built by `node esbuild.mjs --tests`; any other folder gets the same options.
 */
export async function buildSuite(repoRoot, suiteDir) {
  const abs = resolve(repoRoot, suiteDir);
  if (abs === join(repoRoot, 'test', 'vscode', 'suite')) {
    const r = spawnSync(process.execPath, ['esbuild.mjs', '--tests'], { cwd: repoRoot, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('building the extension-host suite failed');
    return join(repoRoot, 'out', 'test', 'suite', 'index.js');
  }
  const entryPoints = { index: join(repoRoot, 'test', 'vscode', 'suite', 'index.ts') };
  for (const f of readdirSync(abs).filter((n) => n.endsWith('.test.ts'))) entryPoints[f.slice(0, -3)] = join(abs, f);
  // Inside the repository, so that require('mocha') resolves from its node_modules.
  const outdir = join(repoRoot, 'out', 'test', basename(abs));
  await esbuild.build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return join(outdir, 'index.js');
}
