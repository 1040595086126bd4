// Alternative path where a desktop VS Code is available: @vscode/test-electron with a local build
// (VSCODE_EXECUTABLE=/path/to/code) or a downloaded one (VSCODE_TEST_VERSION=stable|insiders|1.100.3).
// Same suite, same environment variables, same result-file verdict.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { BASE_SETTINGS } from './codeserver.mjs';
import { startEmulator } from './emulator.mjs';
import { removeTempDir, trackTempDir } from './processes.mjs';
import { resultsDirFor } from './session.mjs';
import { evaluateRun, parseResult } from './verdict.mjs';

export function electronRequested() {
  return Boolean(process.env.VSCODE_EXECUTABLE || process.env.VSCODE_TEST_VERSION);
}

export async function runSuiteInElectron({ repoRoot, name, testsIndex, grep }) {
  const started = Date.now();
  const resultsDir = resultsDirFor(repoRoot, name);
  const runDir = trackTempDir(mkdtempSync(join(tmpdir(), 'doc-translate-electron-')));
  const workspace = join(runDir, 'workspace');
  cpSync(join(repoRoot, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const userDataDir = join(runDir, 'user-data');
  const resultFile = join(runDir, 'result.json');
  const emulator = await startEmulator({ repoRoot, port: 0, logFile: join(resultsDir, 'emulator.log') });
  try {
    mkdirSync(join(userDataDir, 'User'), { recursive: true });
    writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...BASE_SETTINGS, 'docTranslate.baseUrl': emulator.baseUrl }, null, 2));
    let exitCode = 0;
    try {
      await runTests({
        ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : { version: process.env.VSCODE_TEST_VERSION }),
        extensionDevelopmentPath: repoRoot,
        extensionTestsPath: testsIndex,
        launchArgs: [
          workspace,
          '--user-data-dir',
          userDataDir,
          '--extensions-dir',
          join(runDir, 'extensions'),
          '--disable-extensions',
          '--disable-workspace-trust',
          '--skip-welcome',
          '--skip-release-notes',
        ],
        extensionTestsEnv: {
          DOC_TRANSLATE_TEST_BASE_URL: emulator.baseUrl,
          DOC_TRANSLATE_TEST_API_KEY: emulator.apiKey,
          DOC_TRANSLATE_TEST_CONTROL_URL: emulator.controlUrl,
          DOC_TRANSLATE_TEST_RESULT_FILE: resultFile,
          DOC_TRANSLATE_TEST_WORKSPACE: workspace,
          ...(grep ? { DOC_TRANSLATE_TEST_GREP: grep } : {}),
        },
      });
    } catch (err) {
      // runTests rejects with a TestRunFailedError (code or signal) when VS Code exits non-zero.
      exitCode = typeof err?.code === 'number' && err.code !== 0 ? err.code : 1;
      process.stderr.write(`[harness] ${err?.message ?? err}\n`);
    }
    const resultText = existsSync(resultFile) ? readFileSync(resultFile, 'utf8') : undefined;
    if (resultText !== undefined) writeFileSync(join(resultsDir, 'result.json'), resultText);
    // A desktop extension host crash shows as a missing result file or a non-zero exit code.
    const verdict = evaluateRun({ exitCode, resultText, serverLog: '' });
    return { ...verdict, exitCode, result: parseResult(resultText), resultsDir, durationMs: Date.now() - started };
  } finally {
    await emulator.stop();
    removeTempDir(runDir);
  }
}
