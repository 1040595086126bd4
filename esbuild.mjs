// Bundles the extension (src/extension.ts -> dist/extension.js, what activation loads), the parts
// loaded on first use (the service client dist/api.js, the segmentation and localization engines,
// the features' parts dist/<feature>-<dir>.js) and, with --tests, the extension-host test suite
// (test/vscode/suite -> out/test/suite).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
    // The client speaks HTTP/1.1 (the pool never sets allowH2) and sends strings, buffers and
    // streams, never FormData or Blob bodies: undici's HTTP/2 client and the fetch body machinery it
    // would reach for those (about 45 KB with WebIDL, the multipart parser and data: URLs) stay out.
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, () => ({
      contents: 'module.exports = function connectH2() { throw new Error("HTTP/2 is not bundled: the client uses HTTP/1.1"); };',
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]web[\\/]fetch[\\/]body\.js$/ }, () => ({
      contents: 'exports.extractBody = function extractBody() { throw new Error("FormData and Blob request bodies are not bundled"); };',
      loader: 'js',
    }));
  },
};

/**
 * Parts of features loaded on first use (a command, the view shown, a document opened), each its own
 * file so activation never parses them: `<feature>/<dir>` is src/features/<feature>/<dir>/index.ts,
 * built as dist/<feature>-<dir>.js.
 */
export const FEATURE_PARTS = ['account/ui', 'localization/commands', 'library/ui', 'media/ui', 'documentTools/ui', 'jobs/ui', 'textTranslation/commands'];
/** dist/ file name of a feature part. */
export function partFile(part) {
  return `${part.replace('/', '-')}.js`;
}

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
    // A feature's part loaded on first use: `import('./<dir>/index.ts')` in src/features/<feature>/
    // becomes dist/<feature>-<dir>.js (FEATURE_PARTS); a static import of it would copy it into
    // the activation bundle, so only the dynamic form is bundled apart.
    build.onResolve({ filter: /^\.\/\w+\/index\.ts$/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const feature = /[\\/]src[\\/]features[\\/](\w+)$/.exec(args.resolveDir)?.[1];
      if (feature === undefined) return undefined;
      const part = `${feature}/${args.path.slice(2, -'/index.ts'.length)}`;
      if (args.kind !== 'dynamic-import') {
        if (!FEATURE_PARTS.includes(part)) return undefined;
        return { errors: [{ text: `${part} is loaded on first use: import it with import(), or only its types with \`import type\`` }] };
      }
      if (!FEATURE_PARTS.includes(part)) {
        return {
          errors: [
            {
              text: `${part} is loaded on first use but is not listed in FEATURE_PARTS (esbuild.mjs): add it there, to .vscodeignore and to test/vscode/package.mjs`,
            },
          ],
        };
      }
      return { path: `./${partFile(part)}`, external: true };
    });
  },
};

/**
 * `import * as vscode from 'vscode'` in a CommonJS bundle becomes `__toESM(require("vscode"))` in
 * every module that imports it: a fresh copy of the whole API object (a getter per key, hundreds of
 * keys) per module, about 30 copies while the bundle loads, which was most of its load time. Every
 * import of 'vscode' resolves instead to one module that re-exports the API once; modules share it.
 */
export const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-api' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api' },
    );
    build.onLoad({ filter: /^vscode$/, namespace: 'vscode-api' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** @type {import('esbuild').BuildOptions} */
export const extension = {
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
  plugins: [bundlesApart, oneVscodeNamespace],
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
const cliVersion = JSON.parse(readFileSync(new URL('./cli/package.json', import.meta.url), 'utf8')).version;
export const localize = {
  ...client,
  entryPoints: ['src/localize/main.ts'],
  outfile: 'dist/localize.js',
  logLevel: 'warning',
  define: { ...client.define, __DOC_TRANSLATE_VERSION__: JSON.stringify(cliVersion) },
};
const localizeOnly = process.argv.includes('--localize');

/**
 * The same command line as the npm package `doc-translate` (cli/package.json, its `bin`), in two
 * files that need no dependency, minified, no source map: cli/dist/doc-translate.js (with a
 * shebang) answers `--version` and `--help` itself and loads cli/dist/doc-translate-engine.js
 * (src/localize/cliEngine.ts, the engine and the client) for every other command, so those answers
 * never parse the 1 MB engine. `--cli` builds only these (cli/'s prepack runs it).
 */
const CLI_ENGINE = 'doc-translate-engine.js';
const cliEngineBundle = {
  ...localize,
  entryPoints: ['src/localize/cliEngine.ts'],
  outfile: `cli/dist/${CLI_ENGINE}`,
  minify: true,
  sourcemap: false,
  sourcesContent: false,
  legalComments: 'eof',
  define: { ...localize.define, 'process.env.NODE_ENV': '"production"' },
};
const cliBundle = {
  ...cliEngineBundle,
  entryPoints: ['src/localize/main.ts'],
  outfile: 'cli/dist/doc-translate.js',
  banner: { js: '#!/usr/bin/env node' },
  plugins: [
    ...cliEngineBundle.plugins,
    {
      name: 'cli-engine-file',
      setup(build) {
        build.onResolve({ filter: /[\\/]cliEngine\.ts$/ }, () => ({ path: `./${CLI_ENGINE}`, external: true }));
      },
    },
  ],
};
const cliOnly = process.argv.includes('--cli');

/** The localization engine for the editor (src/localize/index.ts -> dist/localizer.js), loaded on first use. */
const localizer = {
  ...extension,
  entryPoints: ['src/localize/index.ts'],
  outfile: 'dist/localizer.js',
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

/** One build per feature part (FEATURE_PARTS). */
const featureParts = FEATURE_PARTS.map((part) => ({
  ...extension,
  entryPoints: [`src/features/${part}/index.ts`],
  outfile: `dist/${partFile(part)}`,
  logLevel: 'warning',
}));

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

/** Builds what the command line asks for; importing this file (the bundle's tests) builds nothing. */
async function main() {
  if (watch) {
    copyWebviewAssets();
    for (const options of [extension, client, segmentation, localizer, ...featureParts, accountPage]) await (await esbuild.context(options)).watch();
  } else if (localizeOnly) {
    await esbuild.build(localize);
  } else if (cliOnly) {
    await Promise.all([esbuild.build(cliEngineBundle), esbuild.build(cliBundle)]);
  } else if (!tests) {
    const builds = [extension, client, segmentation, localizer, ...featureParts];
    for (const options of builds) rmSync(`${options.outfile}.map`, { force: true });
    await Promise.all([...builds, accountPage, localize].map((options) => esbuild.build(options)));
    copyWebviewAssets();
  } else {
    rmSync('out/test/suite', { recursive: true, force: true });
    await esbuild.build(suite());
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    // esbuild prints its own errors; anything else is printed here.
    if (!Array.isArray(err?.errors)) console.error(err);
    process.exitCode = 1;
  });
}
