// Runs a bundled extension-host mocha suite inside code-server and decides pass or fail from the
// exit code, the suite's result file and the server logs together.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSession } from './session.mjs';
import { evaluateRun, parseResult } from './verdict.mjs';

/** First line test/vscode/suite/index.ts prints. */
export const SUITE_START_MARKER = 'extension-host suite:';

const delay = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {object} o
 * @param {string} o.repoRoot
 * @param {string} o.name               results folder name under test-results/vscode/
 * @param {string} o.testsIndex         absolute path of the bundled index.js
 * @param {string} [o.extensionDevelopmentPath]  defaults to repoRoot
 * @param {string} [o.grep]
 * @param {number} [o.timeoutMs=600000]
 * @param {boolean} [o.quiet]          do not echo extension-host output
 * @param {Record<string,string>} [o.env]
 * @param {() => Promise<void>} [o.keepOpen] awaited before tearing down (debugging)
 */
export async function runSuite(o) {
  const started = Date.now();
  let echoing = false;
  const print = (text) => {
    if (!o.quiet) process.stdout.write(`${text}\n`);
  };
  const session = await openSession({
    repoRoot: o.repoRoot,
    name: o.name,
    extensionDevelopmentPath: o.extensionDevelopmentPath ?? o.repoRoot,
    extensionTestsPath: o.testsIndex,
    env: {
      ...(o.grep ? { DOC_TRANSLATE_TEST_GREP: o.grep } : {}),
      ...o.env,
    },
    onConsole: (text, level) => {
      // Workbench logging shares the console with the extension host: echo from the suite's start.
      if (!echoing) {
        if (!text.startsWith(SUITE_START_MARKER)) return;
        echoing = true;
      }
      if (level && level !== 'INFO' && level !== 'LOG') print(`[${level}] ${text.split('\n')[0]}`);
      else print(text);
    },
    onServerLine: (line) => {
      if (/Extension Host Process exited/i.test(line)) print(`[server] ${line.trim()}`);
    },
  });
  let timedOut = false;
  let exitCode;
  try {
    let resolveExit;
    const exited = new Promise((resolve) => {
      resolveExit = resolve;
    });
    await session.page.exposeFunction('codeAutomationExit', (code) => {
      resolveExit(code);
    });
    await session.page.goto(session.url);
    let timer;
    const timeoutMs = o.timeoutMs ?? 600_000;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const outcome = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      timedOut = true;
      const shot = await session.screenshot('timeout.png');
      print(`[harness] timed out after ${timeoutMs / 1000} s; screenshot ${shot}`);
    } else {
      exitCode = outcome;
    }
    // The crash line and the last console messages arrive shortly after the exit call.
    await delay(1500);
    await session.consoleStream.flush();
    const resultText = existsSync(session.resultFile) ? readFileSync(session.resultFile, 'utf8') : undefined;
    if (resultText !== undefined) copyFileSync(session.resultFile, join(session.resultsDir, 'result.json'));
    const consoleLog = join(session.resultsDir, 'browser-console.log');
    const verdict = evaluateRun({
      exitCode,
      resultText,
      serverLog: session.serverLog(),
      timedOut,
      secrets: [session.emulator?.apiKey],
      otherLogs: existsSync(consoleLog) ? readFileSync(consoleLog, 'utf8') : '',
    });
    if (!verdict.pass) {
      if (!timedOut) await session.screenshot('failure.png');
      session.keepLogs();
    }
    if (o.keepOpen) await o.keepOpen(session);
    return {
      ...verdict,
      exitCode,
      result: parseResult(resultText),
      resultsDir: session.resultsDir,
      durationMs: Date.now() - started,
    };
  } finally {
    await session.close();
  }
}
