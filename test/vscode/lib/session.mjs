// One harness session: emulator + private code-server + headless Chromium on a fresh copy of the
// fixture workspace. Used by the extension-host suite, the UI tests, the packaged-extension check
// and the activation benchmark.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureCodeServer } from '../install.mjs';
import { launchBrowser, streamConsole } from './browser.mjs';
import { installVsix, startCodeServer } from './codeserver.mjs';
import { startEmulator } from './emulator.mjs';
import { buildDisplayLanguagePack, recordLanguagePack } from './languagePack.mjs';
import { removeTempDir, trackTempDir } from './processes.mjs';
import { workbenchUrl } from './verdict.mjs';

export function resultsDirFor(repoRoot, name) {
  const dir = join(repoRoot, 'test-results', 'vscode', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Text of every log file below `dir` (the server's own logs: remoteagent, exthost, ...). */
export function readLogTree(dir) {
  if (!existsSync(dir)) return '';
  let text = '';
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) text += readLogTree(full);
    else if (entry.name.endsWith('.log') && statSync(full).size < 20_000_000) {
      text += `\n--- ${full}\n${readFileSync(full, 'utf8')}`;
    }
  }
  return text;
}

/**
 * Starts everything a workbench needs and returns handles; the caller must await `close()`.
 * @param {object} o
 * @param {string} o.repoRoot
 * @param {string} o.name              results go to test-results/vscode/<name>
 * @param {string} [o.extensionDevelopmentPath]  absolute; omitted = only installed extensions
 * @param {string} [o.extensionTestsPath]        absolute path of the suite's index.js
 * @param {string} [o.extensionsDir]   private extensions folder (e.g. holding an installed .vsix)
 * @param {Record<string,string>} [o.env] extra environment for code-server and its extension host
 * @param {Record<string,unknown>} [o.settings] extra user settings
 * @param {(text: string, level?: string) => void} [o.onConsole] extension-host console output
 * @param {(line: string) => void} [o.onServerLine]
 * @param {boolean} [o.emulator=true]  start the emulator
 * @param {string} [o.locale]          display language, e.g. 'de': a pack declaring it is installed
 *                                     into the profile and code-server starts with --locale
 */
export async function openSession(o) {
  const t0 = Date.now();
  const note = (msg) => process.stderr.write(`[harness] ${o.name}: ${msg} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);
  const installDir = await ensureCodeServer();
  const resultsDir = resultsDirFor(o.repoRoot, o.name);
  const runDir = trackTempDir(mkdtempSync(join(tmpdir(), `doc-translate-${o.name.replace(/[^\w-]/g, '_')}-`)));
  const workspace = join(runDir, 'workspace');
  cpSync(join(o.repoRoot, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const resultFile = join(runDir, 'result.json');
  const closers = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch(() => {});
    closers.length = 0;
  };
  try {
    let emulator;
    if (o.emulator !== false) {
      emulator = await startEmulator({ repoRoot: o.repoRoot, port: 0, logFile: join(resultsDir, 'emulator.log') });
      closers.push(() => emulator.stop());
      note(`emulator at ${emulator.baseUrl}`);
    }
    const env = {
      DOC_TRANSLATE_TEST_RESULT_FILE: resultFile,
      DOC_TRANSLATE_TEST_WORKSPACE: workspace,
      ...(emulator
        ? {
            DOC_TRANSLATE_TEST_BASE_URL: emulator.baseUrl,
            DOC_TRANSLATE_TEST_API_KEY: emulator.apiKey,
            DOC_TRANSLATE_TEST_CONTROL_URL: emulator.controlUrl,
          }
        : {}),
      ...o.env,
    };
    const settings = { ...(emulator ? { 'docTranslate.baseUrl': emulator.baseUrl } : {}), ...o.settings };
    const extensionsDir = o.extensionsDir ?? join(runDir, 'extensions');
    if (o.locale && !o.locale.toLowerCase().startsWith('en')) {
      // Installed with this run's user-data folder: the install records the pack in its languagepacks.json.
      const vsix = buildDisplayLanguagePack({ repoRoot: o.repoRoot, dir: runDir, locale: o.locale });
      installVsix({ installDir, runDir, extensionsDir, vsix });
      recordLanguagePack({ userDataDir: join(runDir, 'user-data'), extensionsDir, locale: o.locale });
      note(`display language ${o.locale} installed`);
    }
    const server = await startCodeServer({
      installDir,
      runDir,
      settings,
      env,
      extensionsDir,
      locale: o.locale,
      logFile: join(resultsDir, 'server.log'),
      onLine: o.onServerLine,
    });
    closers.push(() => server.stop());
    note(`code-server at ${server.origin}`);
    const chromium = await launchBrowser();
    closers.push(() => chromium.close());
    note('chromium started');
    const context = await chromium.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const consoleStream = streamConsole(page, { logFile: join(resultsDir, 'browser-console.log'), onText: o.onConsole });
    const url = workbenchUrl({
      origin: server.origin,
      folder: workspace,
      extensionDevelopmentPath: o.extensionDevelopmentPath,
      extensionTestsPath: o.extensionTestsPath,
    });
    return {
      url,
      page,
      context,
      server,
      emulator,
      workspace,
      runDir,
      resultsDir,
      resultFile,
      consoleStream,
      serverLog: () => {
        const own = existsSync(join(resultsDir, 'server.log')) ? readFileSync(join(resultsDir, 'server.log'), 'utf8') : '';
        return own + readLogTree(join(server.userDataDir, 'logs'));
      },
      /** Copies the server's log folder into the results folder (kept by CI). */
      keepLogs: () => {
        const logs = join(server.userDataDir, 'logs');
        if (existsSync(logs)) cpSync(logs, join(resultsDir, 'logs'), { recursive: true });
      },
      screenshot: async (file) => {
        const path = join(resultsDir, file);
        await page.screenshot({ path, timeout: 10_000 }).catch(() => {});
        return relative(o.repoRoot, path);
      },
      close: async () => {
        await close();
        removeTempDir(runDir);
      },
    };
  } catch (err) {
    await close();
    removeTempDir(runDir);
    throw err;
  }
}
