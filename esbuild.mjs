// Bundles the extension (src/extension.ts -> dist/extension.js) and, with --tests,
// the extension-host test suite (test/vscode/suite -> out/test/suite).
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

/**
 * undici ships its HTTP parser twice as WebAssembly (SIMD and plain, ~72 KB each). undici tries
 * the SIMD build first and falls back to the plain one when it fails to load, so the bundle
 * carries only the plain build.
 */
const plainLlhttpOnly = {
  name: 'plain-llhttp-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp_simd-wasm\.js$/ }, () => ({
      contents: 'throw new Error("SIMD llhttp build not bundled");',
      loader: 'js',
    }));
  },
};

/** @type {import('esbuild').BuildOptions} */
const extension = {
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  minify: production,
  sourcemap: production ? 'external' : 'linked',
  sourcesContent: !production,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'info',
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
  plugins: [plainLlhttpOnly],
};

function suiteEntries(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...suiteEntries(full));
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

/** @type {() => import('esbuild').BuildOptions} */
const suite = () => ({
  entryPoints: suiteEntries('test/vscode/suite'),
  outdir: 'out/test/suite',
  outbase: 'test/vscode/suite',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode', 'mocha'],
  sourcemap: 'inline',
  logLevel: 'info',
});

if (watch) {
  const ctx = await esbuild.context(extension);
  await ctx.watch();
} else {
  if (!tests) {
    rmSync('dist/extension.js.map', { force: true });
    await esbuild.build(extension);
  } else {
    rmSync('out/test/suite', { recursive: true, force: true });
    await esbuild.build(suite());
  }
}
