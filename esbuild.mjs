// Bundles the extension (src/extension.ts -> dist/extension.js, the service client
// src/api/index.ts -> dist/api.js) and, with --tests,
// the extension-host test suite (test/vscode/suite -> out/test/suite).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
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

/**
 * The service client (undici, zod, SSE) is its own file, dist/api.js, loaded on the first call to
 * the service: the editor layer reaches it only through `loadApi()` (src/platform/api.ts), so
 * activation never parses it. The segmentation engine (Markdown, MDX and YAML parsers) is
 * dist/translate.js, loaded by the first translation through the modules that import it lazily.
 * The localization engine (src/localize) is dist/localizer.js, loaded by the Localization feature
 * on first use; it reaches the client and the segmentation through their own bundles.
 */
const bundlesApart = {
  name: 'bundles-apart',
  setup(build) {
    build.onResolve({ filter: /(^|[\\/])(api|translate|localize)[\\/]index\.ts$/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const importer = args.importer.replace(/\\/g, '/');
      const which = /(?:^|[\\/])(api|translate|localize)[\\/]index\.ts$/.exec(args.path)[1];
      if (importer.includes(`/src/${which}/`)) return undefined;
      // The segmentation engine may use the client's types only, so it never pulls in dist/api.js.
      return { path: `./${which === 'localize' ? 'localizer' : which}.js`, external: true };
    });
    // The Localization feature's commands load with its first command (dist/localization-commands.js).
    build.onResolve({ filter: /^\.\/commands\/index\.ts$/ }, (args) => {
      if (args.kind === 'entry-point' || !args.resolveDir.replace(/\\/g, '/').endsWith('/src/features/localization')) return undefined;
      return { path: './localization-commands.js', external: true };
    });
    // The Account feature's view, receipts and webhook commands load when first used (dist/account-ui.js).
    build.onResolve({ filter: /^\.\/ui\/index\.ts$/ }, (args) => {
      if (args.kind === 'entry-point' || !args.resolveDir.replace(/\\/g, '/').endsWith('/src/features/account')) return undefined;
      return { path: './account-ui.js', external: true };
    });
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
  plugins: [bundlesApart],
  // `await import('./api.js')` becomes a lazy require(): same module instance, no ESM loader.
  supported: { 'dynamic-import': false },
};

/** @type {import('esbuild').BuildOptions} */
const client = {
  ...extension,
  entryPoints: ['src/api/index.ts'],
  outfile: 'dist/api.js',
  plugins: [plainLlhttpOnly],
};

/** @type {import('esbuild').BuildOptions} */
const segmentation = {
  ...extension,
  entryPoints: ['src/translate/index.ts'],
  outfile: 'dist/translate.js',
  plugins: [],
};

/**
 * The localization command line (`npm run localize`, src/localize/main.ts -> dist/localize.js): plain
 * Node, one self-contained file with the client. `--localize` builds only this one.
 */
const localize = {
  ...client,
  entryPoints: ['src/localize/main.ts'],
  outfile: 'dist/localize.js',
  logLevel: 'warning',
};
const localizeOnly = process.argv.includes('--localize');

/** The localization engine for the editor (src/localize/index.ts -> dist/localizer.js), loaded on first use. */
const localizer = {
  ...extension,
  entryPoints: ['src/localize/index.ts'],
  outfile: 'dist/localizer.js',
};

/** The Localization feature's commands (dist/localization-commands.js), loaded by the first of them. */
const localizationCommands = {
  ...extension,
  entryPoints: ['src/features/localization/commands/index.ts'],
  outfile: 'dist/localization-commands.js',
};

/**
 * The Account view's page script for the webview (browser, not Node): @vscode-elements/elements
 * controls and the uPlot chart, dist/webview/account.js; uPlot's stylesheet is copied beside it.
 */
const accountPage = {
  entryPoints: ['src/features/account/webview/main.ts'],
  outfile: 'dist/webview/account.js',
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  minify: production,
  sourcemap: false,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'info',
};

/** The Account feature's view, receipts and webhook commands (dist/account-ui.js), loaded on first use. */
const accountUi = {
  ...extension,
  entryPoints: ['src/features/account/ui/index.ts'],
  outfile: 'dist/account-ui.js',
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

/** uPlot's stylesheet beside the page script (the webview loads both from the extension's dist/). */
function copyWebviewAssets() {
  mkdirSync('dist/webview', { recursive: true });
  copyFileSync('node_modules/uplot/dist/uPlot.min.css', 'dist/webview/uplot.css');
}

if (watch) {
  copyWebviewAssets();
  for (const options of [extension, client, segmentation, localizer, localizationCommands, accountUi, accountPage]) await (await esbuild.context(options)).watch();
} else {
  if (localizeOnly) {
    await esbuild.build(localize);
  } else if (!tests) {
    for (const map of ['dist/extension.js.map', 'dist/api.js.map', 'dist/translate.js.map', 'dist/localizer.js.map', 'dist/localization-commands.js.map', 'dist/account-ui.js.map']) rmSync(map, { force: true });
    await Promise.all([esbuild.build(extension), esbuild.build(client), esbuild.build(segmentation), esbuild.build(localizer), esbuild.build(localizationCommands), esbuild.build(accountUi), esbuild.build(accountPage), esbuild.build(localize)]);
    copyWebviewAssets();
  } else {
    rmSync('out/test/suite', { recursive: true, force: true });
    await esbuild.build(suite());
  }
}
