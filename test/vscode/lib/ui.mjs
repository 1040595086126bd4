// Runs the Playwright UI tests (test/vscode/ui/*.test.mjs, mocha BDD in this Node process) against
// one code-server workbench: either with the extension under development, or with the packaged
// .vsix installed into a private extensions folder (then only tests tagged @packaged run).
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Mocha from 'mocha';
import { ensureCodeServer } from '../install.mjs';
import { setWorkbench } from '../ui/context.mjs';
import { Workbench } from '../ui/workbench.mjs';
import { installVsix } from './codeserver.mjs';
import { removeTempDir, trackTempDir } from './processes.mjs';
import { openSession } from './session.mjs';
import { EXTENSION_ID, activatedInLog, extensionHostCrashes } from './verdict.mjs';

/**
 * @param {{ repoRoot: string, vsix?: string, grep?: string, timeoutMs?: number, testsDir?: string,
 *           extensionDevelopmentPath?: string, keepOpen?: (session: object) => Promise<void>,
 *           locale?: string }} o   locale: the workbench's display language (a second, separate run)
 */
export async function runUiTests(o) {
  const started = Date.now();
  const packaged = Boolean(o.vsix);
  const testsDir = o.testsDir ?? join(o.repoRoot, 'test', 'vscode', 'ui');
  let extensionsDir;
  let installDirToRemove;
  if (packaged) {
    const installDir = await ensureCodeServer();
    installDirToRemove = trackTempDir(mkdtempSync(join(tmpdir(), 'doc-translate-vsix-')));
    extensionsDir = join(installDirToRemove, 'extensions');
    const out = installVsix({ installDir, runDir: installDirToRemove, extensionsDir, vsix: o.vsix });
    process.stdout.write(
      `[harness] ${
        out
          .split('\n')
          .filter((l) => /install/i.test(l))
          .pop() ?? out
      }\n`,
    );
    process.stdout.write(
      `[harness] installed ${relative(o.repoRoot, o.vsix)} into ${extensionsDir}: ${readdirSync(extensionsDir)
        .filter((n) => !n.endsWith('.json'))
        .join(', ')}\n`,
    );
  }
  const session = await openSession({
    repoRoot: o.repoRoot,
    name: `${packaged ? 'ui-packaged' : 'ui'}${o.locale ? `-${o.locale}` : ''}`,
    extensionDevelopmentPath: packaged ? undefined : (o.extensionDevelopmentPath ?? o.repoRoot),
    extensionsDir,
    // No tooltip shows up late over a list or a quick pick and takes a click (seen at load 12-20).
    settings: { 'workbench.hover.delay': 600_000 },
    locale: o.locale,
  });
  const reasons = [];
  let passes = 0;
  let failures = 0;
  try {
    await session.page.goto(session.url);
    const wb = new Workbench(session.page, { screenshotsDir: join(o.repoRoot, 'test-results', 'screenshots'), screenshotPrefix: packaged ? 'packaged-' : '' });
    await wb.ready();
    process.stderr.write(`[harness] workbench ready (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    setWorkbench(wb, {
      mode: packaged ? 'packaged' : 'development',
      emulator: session.emulator && { baseUrl: session.emulator.baseUrl, apiKey: session.emulator.apiKey, controlUrl: session.emulator.controlUrl },
      workspace: session.workspace,
      locale: o.locale ?? 'en',
    });
    const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, reporter: 'spec', color: process.stdout.isTTY === true });
    const grep = packaged ? '@packaged' : o.grep;
    if (grep) mocha.grep(grep);
    for (const f of readdirSync(testsDir)
      .filter((n) => n.endsWith('.test.mjs'))
      .sort())
      mocha.addFile(join(testsDir, f));
    await mocha.loadFilesAsync();
    let timer;
    const run = new Promise((resolve) => {
      const runner = mocha.run((n) => resolve(n));
      runner.on('pass', () => {
        passes += 1;
      });
      runner.on('fail', (test) => {
        failures += 1;
        void wb.screenshot(`failed-${test.fullTitle()}`).catch(() => {});
        // Where the keyboard was when it failed: the report CI prints, beside the screenshot it keeps.
        void wb
          .focusReport()
          .then((r) => process.stdout.write(`[harness] focus when "${test.title}" failed: ${r}\n`))
          .catch(() => {});
      });
    });
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), o.timeoutMs ?? 600_000);
    });
    const outcome = await Promise.race([run, timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      reasons.push(`timed out; screenshot ${await session.screenshot('timeout.png')}`);
    }
    if (failures > 0) reasons.push(`${failures} UI test(s) failed`);
    if (passes === 0) reasons.push('no UI test passed');
    await new Promise((r) => setTimeout(r, 500));
    const log = session.serverLog();
    for (const line of extensionHostCrashes(log)) reasons.push(`extension host crashed: ${line}`);
    if (packaged) {
      if (activatedInLog(log)) process.stdout.write(`[harness] extension host log: ${EXTENSION_ID} activated from the installed .vsix\n`);
      else reasons.push(`the extension host log does not show ${EXTENSION_ID} activated`);
    }
    if (reasons.length) session.keepLogs();
    if (o.keepOpen) await o.keepOpen(session);
  } catch (err) {
    reasons.push(String(err?.stack ?? err));
    await session.screenshot('failure.png');
    session.keepLogs();
  } finally {
    await session.close();
    if (installDirToRemove) removeTempDir(installDirToRemove);
  }
  return {
    pass: reasons.length === 0,
    reasons,
    result: { passes, failures },
    resultsDir: session.resultsDir,
    durationMs: Date.now() - started,
  };
}
