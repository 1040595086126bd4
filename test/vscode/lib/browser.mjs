// Headless Chromium through playwright-core. The browser is started as a Playwright browser
// server so its process id (leader of its own process group) is known and can be killed.
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium } from '../install.mjs';
import { killGroup, removeTempDir, trackGroup, trackTempDir } from './processes.mjs';
import { formatConsoleArgs } from './verdict.mjs';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** @returns {Promise<{ browser: import('playwright-core').Browser, close(): Promise<void> }>} */
export async function launchBrowser() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (install the Debian package "chromium" or set DOC_TRANSLATE_CHROMIUM)');
  // Chromium keeps a crash-report database under $XDG_CONFIG_HOME; keep it out of the home folder.
  const home = trackTempDir(mkdtempSync(join(tmpdir(), 'doc-translate-chromium-')));
  const server = await chromium.launchServer({
    executablePath,
    headless: true,
    args: ARGS,
    env: { ...process.env, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const pid = server.process().pid;
  trackGroup(pid, 'chromium');
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
      await Promise.race([server.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      await killGroup(pid, 1000);
      removeTempDir(home);
    },
  };
}

/**
 * Writes every page console message to `logFile` and passes extension-host output to `onText`
 * in order (argument values are fetched asynchronously, so messages are queued).
 */
export function streamConsole(page, { logFile, onText }) {
  let queue = Promise.resolve();
  page.on('console', (msg) => {
    const args = msg.args();
    queue = queue.then(async () => {
      let values;
      try {
        values = await Promise.all(args.map((a) => a.jsonValue()));
      } catch {
        values = [msg.text()];
      }
      const { fromExtensionHost, level, text } = formatConsoleArgs(values);
      if (logFile) appendFileSync(logFile, `[${msg.type()}]${level ? ` [${level}]` : ''} ${text}\n`);
      if (fromExtensionHost) onText?.(text, level);
    });
  });
  page.on('pageerror', (err) => {
    if (logFile) appendFileSync(logFile, `[pageerror] ${err.stack ?? err.message}\n`);
  });
  return { flush: () => queue };
}
