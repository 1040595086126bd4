#!/usr/bin/env node
// Runs the extension's tests inside a real VS Code.
//
//   node test/vscode/run.mjs                 extension-host suite (test/vscode/suite) in code-server
//   node test/vscode/run.mjs --grep <re>     only matching tests
//   node test/vscode/run.mjs --suite <dir>   another suite folder (its *.test.ts + the standard index.ts)
//   node test/vscode/run.mjs --self-test     proves failing and crashing suites are reported as failures
//   node test/vscode/run.mjs --ui            Playwright UI tests (test/vscode/ui/*.test.mjs)
//   node test/vscode/run.mjs --vsix <file>   installs the packaged extension and runs the @packaged UI tests
//   node test/vscode/run.mjs --ui --locale de --grep German   UI tests in a workbench whose display language is German
//   --timeout <s>  overall limit per run (default 600)   --keep-open  leave the workbench running (Ctrl+C ends)
//
// With VSCODE_EXECUTABLE (a desktop VS Code) or VSCODE_TEST_VERSION (downloaded by
// @vscode/test-electron) the suite runs there instead of code-server.
import { basename, dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildExtension, buildSuite } from './lib/build.mjs';
import { electronRequested, runSuiteInElectron } from './lib/electron.mjs';
import { installCleanupHandlers, killAll } from './lib/processes.mjs';
import { runSuite } from './lib/suite.mjs';
import { runUiTests } from './lib/ui.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: opts } = parseArgs({
  options: {
    grep: { type: 'string' },
    suite: { type: 'string' },
    'self-test': { type: 'boolean' },
    ui: { type: 'boolean' },
    vsix: { type: 'string' },
    locale: { type: 'string' },
    timeout: { type: 'string' },
    'keep-open': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opts.help) {
  const text = (await import('node:fs')).readFileSync(fileURLToPath(import.meta.url), 'utf8');
  process.stdout.write(
    text
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.slice(3))
      .join('\n') + '\n',
  );
  process.exit(0);
}
const timeoutMs = (Number(opts.timeout) || 600) * 1000;
installCleanupHandlers();

function summary(label, r) {
  const secs = (r.durationMs / 1000).toFixed(1);
  const counts = r.result ? `${r.result.passes} passing, ${r.result.failures} failing` : 'no result';
  if (r.pass) return `PASS ${label}: ${counts} (${secs} s)`;
  return `FAIL ${label}: ${counts} (${secs} s)\n  - ${r.reasons.join('\n  - ')}\n  logs: ${relative(repoRoot, r.resultsDir)}/`;
}

const keepOpen = opts['keep-open']
  ? async (session) => {
      process.stdout.write(
        `[harness] workbench left running: ${session.server.origin}/?folder=${encodeURIComponent(session.workspace)}\n` + '[harness] press Ctrl+C to stop\n',
      );
      await new Promise(() => {});
    }
  : undefined;

async function runOne(name, suiteDir, grep) {
  const testsIndex = await buildSuite(repoRoot, suiteDir);
  if (electronRequested()) return runSuiteInElectron({ repoRoot, name, testsIndex, grep });
  return runSuite({ repoRoot, name, testsIndex, grep, timeoutMs, keepOpen });
}

/** Runs the deliberate fixture suites and checks the harness judges each correctly. */
async function selfTest() {
  const checks = [
    {
      label: 'a failing extension-host test fails the run',
      run: () => runOne('self-test-failing', 'test/vscode/fixtures/failing-suite'),
      expect: (r) => !r.pass && r.exitCode === 1 && r.result?.failures === 1 && r.result?.passes === 1,
    },
    {
      label: 'the same suite without its failing test passes (environment and settings reach the host)',
      run: () => runOne('self-test-passing', 'test/vscode/fixtures/failing-suite', '^harness fixture: failing suite passes'),
      expect: (r) => r.pass && r.result?.passes === 1 && r.result?.failures === 0,
    },
    {
      label: 'an extension host that exits with code 0 mid-suite fails the run',
      run: () => runOne('self-test-crashing', 'test/vscode/fixtures/crashing-suite'),
      expect: (r) => !r.pass && r.reasons.some((x) => x.includes('no result file')),
    },
  ];
  let ok = true;
  for (const c of checks) {
    process.stdout.write(`\n[self-test] ${c.label}\n`);
    const r = await c.run();
    const good = c.expect(r);
    ok &&= good;
    process.stdout.write(
      `[self-test] ${good ? 'ok' : 'NOT OK'}: harness said ${r.pass ? 'PASS' : 'FAIL'}` +
        `${r.pass ? '' : ` (${r.reasons.join('; ')})`} in ${(r.durationMs / 1000).toFixed(1)} s\n`,
    );
  }
  process.stdout.write(`\n${ok ? 'PASS' : 'FAIL'} harness self-test\n`);
  return ok;
}

async function main() {
  if (!opts.vsix) buildExtension(repoRoot);
  if (opts['self-test']) return selfTest();
  if (opts.ui || opts.vsix) {
    const r = await runUiTests({ repoRoot, vsix: opts.vsix && resolve(opts.vsix), grep: opts.grep, timeoutMs, keepOpen, locale: opts.locale });
    const label = `${opts.vsix ? 'packaged extension (UI)' : 'UI tests'}${opts.locale ? ` (display language ${opts.locale})` : ''}`;
    process.stdout.write(`\n${summary(label, r)}\n`);
    return r.pass;
  }
  const suiteDir = opts.suite ?? 'test/vscode/suite';
  const r = await runOne(opts.suite ? `suite-${basename(suiteDir)}` : 'suite', suiteDir, opts.grep);
  process.stdout.write(`\n${summary(`extension-host suite (${relative(repoRoot, resolve(repoRoot, suiteDir))})`, r)}\n`);
  return r.pass;
}

main()
  .then(
    (ok) => ok,
    (err) => {
      process.stderr.write(`[harness] ${err?.stack ?? err}\n`);
      return false;
    },
  )
  .then(async (ok) => {
    // Nothing started may outlive the run, whatever path it took.
    await killAll();
    process.exit(ok ? 0 : 1);
  });
