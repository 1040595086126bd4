// What activation loads stays small: dist/extension.js holds the features' stand-ins, and each
// feature part listed in esbuild.mjs (FEATURE_PARTS) is its own file, reached only through import().
// Built in memory with the project's own options (esbuild.mjs), read through esbuild's metafile.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
// @ts-expect-error: the build script is plain JavaScript without type declarations.
import { FEATURE_PARTS, extension, partFile } from '../../../esbuild.mjs';

const root = path.resolve(__dirname, '../../..');
const parts = FEATURE_PARTS as string[];
const options = extension as esbuild.BuildOptions;
const fileOf = partFile as (part: string) => string;

async function build(extra: esbuild.BuildOptions): Promise<esbuild.BuildResult<{ metafile: true; write: false }>> {
  return esbuild.build({ ...options, absWorkingDir: root, write: false, metafile: true, logLevel: 'silent', ...extra });
}

/** Source files (repo-relative) bundled into the single output, and the files it loads at run time. */
function contents(result: esbuild.Metafile): { inputs: Set<string>; loads: Set<string> } {
  const [out] = Object.values(result.outputs).filter((o) => o.entryPoint !== undefined);
  assert.ok(out, 'one output');
  return {
    inputs: new Set(Object.keys(out.inputs)),
    loads: new Set(out.imports.filter((i) => i.external).map((i) => i.path)),
  };
}

/** A module of each part that is the part's own code: it must not be in the activation bundle. */
const OWN_CODE: Record<string, string[]> = {
  'account/ui': ['src/features/account/view.ts', 'src/features/account/webhooks.ts'],
  'localization/commands': ['src/features/localization/commands/update.ts'],
  'library/ui': ['src/features/library/tree.ts', 'src/features/library/commands/items.ts', 'src/features/library/files.ts'],
  'media/ui': ['src/features/media/feature.ts', 'src/features/media/commands.ts', 'src/features/media/tree.ts'],
  'documentTools/ui': ['src/features/documentTools/feature.ts', 'src/features/documentTools/commands.ts', 'src/features/documentTools/runFileTool.ts'],
  'jobs/ui': [
    'src/features/jobs/feature.ts',
    'src/features/jobs/view/tree.ts',
    'src/features/jobs/translateFiles/command.ts',
    'src/features/jobs/commands/index.ts',
  ],
  'textTranslation/commands': ['src/features/textTranslation/translateSelection.ts', 'src/features/textTranslation/engine.ts'],
};

describe('bundles: what activation loads', function () {
  this.timeout(60_000);

  it('every feature part is its own file, loaded by the activation bundle only at run time', async () => {
    const main = contents((await build({})).metafile);
    assert.deepEqual(Object.keys(OWN_CODE).sort(), [...parts].sort(), 'each part has its own code listed here');
    for (const part of parts) {
      assert.ok(main.loads.has(`./${fileOf(part)}`), `dist/extension.js loads ./${fileOf(part)} on first use`);
      const built = contents((await build({ entryPoints: [`src/features/${part}/index.ts`], outfile: `dist/${fileOf(part)}` })).metafile);
      for (const file of OWN_CODE[part]!) {
        assert.ok(built.inputs.has(file), `${file} is in dist/${fileOf(part)}`);
        assert.ok(!main.inputs.has(file), `${file} is not in dist/extension.js`);
      }
      for (const file of built.inputs)
        assert.ok(!file.startsWith(`src/features/${part}/`) || !main.inputs.has(file), `${file} (the part's entry folder) is not in dist/extension.js`);
    }
  });

  it('the client, segmentation and localization engines stay out of the activation bundle', async () => {
    const main = contents((await build({})).metafile);
    for (const file of main.inputs) assert.doesNotMatch(file, /^src\/(api|translate|localize)\/|node_modules/, `${file} is not in dist/extension.js`);
    const known = new Set(['vscode', './api.js', './translate.js', './localizer.js', ...parts.map((p) => `./${fileOf(p)}`)]);
    for (const file of main.loads) assert.ok(known.has(file) || !file.startsWith('.'), `dist/extension.js loads ${file}, a file the build makes`);
    assert.ok(main.loads.has('./api.js'), 'the client is loaded on first use');
  });

  it("loading a bundle reads the vscode API's keys once, not once per module that imports it", async () => {
    for (const entry of ['src/extension.ts', ...parts.map((p) => `src/features/${p}/index.ts`)]) {
      const result = await esbuild.build({
        ...options,
        entryPoints: [entry],
        outfile: 'dist/probe.js',
        absWorkingDir: root,
        write: false,
        logLevel: 'silent',
        sourcemap: false,
      });
      const code = result.outputFiles.find((f) => f.path.endsWith('probe.js'))!.text;
      assert.equal(apiKeyReads(code), 1, `${entry}: the API object is enumerated once while its bundle loads`);
    }
  });

  it('a static import of a part fails the build with what to do instead', async () => {
    await assert.rejects(
      build({
        entryPoints: undefined,
        stdin: {
          contents: "import { libraryPart } from './ui/index.ts';\nexport const x = libraryPart;",
          resolveDir: path.join(root, 'src/features/library'),
          loader: 'ts',
          sourcefile: 'static.ts',
        },
      }),
      (err: esbuild.BuildFailure) => err.errors.some((e) => /library\/ui is loaded on first use: import it with import\(\)/.test(e.text)),
    );
  });

  it('a part loaded with import() but not listed in FEATURE_PARTS fails the build', async () => {
    await assert.rejects(
      build({
        entryPoints: undefined,
        stdin: {
          contents: "export const x = () => import('./tools/index.ts');",
          resolveDir: path.join(root, 'src/features/media'),
          loader: 'ts',
          sourcefile: 'unlisted.ts',
        },
      }),
      (err: esbuild.BuildFailure) => err.errors.some((e) => /media\/tools is loaded on first use but is not listed in FEATURE_PARTS/.test(e.text)),
    );
  });
});

/**
 * Loads bundled CommonJS `code` with a stand-in `vscode` module and counts how often the bundle
 * lists the stand-in's keys (esbuild's interop copies an imported CommonJS namespace key by key).
 */
function apiKeyReads(code: string): number {
  let reads = 0;
  // Namespaces, a class for every capitalised name the code reads off an object (what a module may
  // extend when it loads), and as many keys as the real API has.
  const target: Record<string, unknown> = {};
  for (const ns of ['window', 'workspace', 'commands', 'languages', 'env', 'l10n', 'extensions']) target[ns] = {};
  for (const [, name] of code.matchAll(/\.([A-Z]\w*)\b/g)) target[name!] = class {};
  for (let i = 0; Object.keys(target).length < 300; i++) target[`api${i}`] = i;
  const vscode = new Proxy(target, {
    ownKeys(t) {
      reads++;
      return Reflect.ownKeys(t);
    },
  });
  const nodeRequire = createRequire(path.join(root, 'dist', 'probe.js'));
  const mod = { exports: {} };
  const require = (id: string): unknown => (id === 'vscode' ? vscode : nodeRequire(id));
  new Function('module', 'exports', 'require', code)(mod, mod.exports, require);
  return reads;
}
