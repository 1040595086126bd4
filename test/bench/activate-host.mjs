// activate-ms: runs the extension in 3 fresh extension hosts (the harness of test/vscode: private
// code-server + headless Chromium) and prints one JSON line { samples: [{ activateMs, loadMs }] }.
// Each host gets a copy of the extension (production bundle, package.json without the startup and
// workspaceContains activation events) so that the benchmark suite, and nothing else, activates it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSuite } from '../vscode/lib/build.mjs';
import { installCleanupHandlers, killAll } from '../vscode/lib/processes.mjs';
import { runSuite } from '../vscode/lib/suite.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const runs = Number(process.argv[2] ?? 3);
/** Folder with the production build's files (extension.js and the lazily loaded api.js). */
const bundleDir = process.argv[3] ?? join(repoRoot, 'dist');

function extensionCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'doc-translate-bench-ext-'));
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  // Nothing may activate the copy before the benchmark does: no startup or workspace-content events.
  pkg.activationEvents = (pkg.activationEvents ?? []).filter((e) => e !== 'onStartupFinished' && e !== '*' && !e.startsWith('workspaceContains:'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  mkdirSync(join(dir, 'dist'));
  for (const file of ['extension.js', 'api.js']) cpSync(join(bundleDir, file), join(dir, 'dist', file));
  if (existsSync(join(repoRoot, 'media'))) cpSync(join(repoRoot, 'media'), join(dir, 'media'), { recursive: true });
  return dir;
}

installCleanupHandlers();
const samples = [];
const failures = [];
const ext = extensionCopy();
try {
  const testsIndex = await buildSuite(repoRoot, 'test/bench/host');
  for (let i = 0; i < runs; i++) {
    const out = join(ext, `result-${i}.json`);
    const r = await runSuite({
      repoRoot,
      name: `bench-activate-${i}`,
      testsIndex,
      extensionDevelopmentPath: ext,
      quiet: true,
      timeoutMs: 90_000,
      env: { DOC_TRANSLATE_BENCH_OUT: out },
    });
    if (r.pass && existsSync(out)) samples.push(JSON.parse(readFileSync(out, 'utf8')));
    else failures.push(r.reasons?.join('; ') ?? 'no result');
    process.stderr.write(`[bench] activate: host ${i + 1}/${runs} ${r.pass ? 'done' : 'FAILED'} in ${(r.durationMs / 1000).toFixed(1)} s\n`);
  }
} finally {
  rmSync(ext, { recursive: true, force: true });
  await killAll();
}
process.stdout.write(`${JSON.stringify({ samples, failures })}\n`);
process.exit(0);
