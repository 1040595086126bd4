#!/usr/bin/env node
// npm start: builds the extension, starts the emulator (port 8787, or a free one if taken), copies
// the demo workspace (test/demo/workspace: a few documents, no test fixtures) into a temporary
// folder and opens VS Code with the extension loaded and the service URL preset in a private
// profile. Desktop `code` when on PATH (with --extensionDevelopmentPath and a fresh
// --user-data-dir), else a local code-server on 127.0.0.1; code-server needs a few Debian packages,
// which are installed only after asking (or with DOC_TRANSLATE_INSTALL_SYSTEM_PACKAGES=1). Runs
// until Ctrl+C (or until the desktop window is closed), then removes the temporary folder and says
// so, with a short summary of what was saved there; --keep leaves it.
//
//   npm start                      (node test/demo/start.mjs)
//   npm start -- --code-server     use code-server even when `code` is on PATH
//   npm start -- --port 8080       code-server port (default: a free one)
//   npm start -- --keep            keep the temporary workspace (and what you saved in it)
//   npm start -- --folder ~/docs   open your own folder instead (used in place: nothing copied or removed)
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureCodeServer } from '../vscode/install.mjs';
import { BASE_SETTINGS, startCodeServer } from '../vscode/lib/codeserver.mjs';
import { startEmulator } from '../vscode/lib/emulator.mjs';
import { freePort, installCleanupHandlers, killAll, removeTempDir, trackGroup, trackTempDir } from '../vscode/lib/processes.mjs';
import { workbenchUrl } from '../vscode/lib/verdict.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: opts } = parseArgs({
  options: { 'code-server': { type: 'boolean' }, port: { type: 'string' }, keep: { type: 'boolean' }, folder: { type: 'string' } },
});
const ownFolder = opts.folder !== undefined ? resolve(opts.folder) : undefined;
const demoDir = mkdtempSync(join(tmpdir(), 'doc-translate-demo-'));
if (!opts.keep) trackTempDir(demoDir);
const workspaceSource = join(repoRoot, 'test', 'demo', 'workspace');
const workspace = ownFolder ?? join(demoDir, 'workspace');
installCleanupHandlers(() => finish());
const say = (msg) => process.stdout.write(`${msg}\n`);

function desktopCode() {
  if (opts['code-server']) return undefined;
  const r = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' });
  const path = r.stdout.trim();
  // Inside a code-server terminal `code` is a remote CLI for that server, not a desktop VS Code.
  if (!path || process.env.VSCODE_IPC_HOOK_CLI || /code-server/.test(path)) return undefined;
  return path;
}

async function main() {
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the extension failed');

  const emulatorPort = await freePort(8787);
  const emulator = await startEmulator({ repoRoot, port: emulatorPort, logFile: join(demoDir, 'emulator.log') });
  if (ownFolder === undefined) cpSync(workspaceSource, workspace, { recursive: true });
  else if (!statSync(ownFolder, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`--folder: ${ownFolder} is not a folder`);
  const settings = { ...BASE_SETTINGS, 'docTranslate.baseUrl': emulator.baseUrl };

  const code = desktopCode();
  let where;
  let closed;
  if (code) {
    const userDataDir = join(demoDir, 'user-data');
    mkdirSync(join(userDataDir, 'User'), { recursive: true });
    writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
    const child = spawn(
      code,
      [
        '--new-window',
        '--wait',
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        join(demoDir, 'extensions'),
        `--extensionDevelopmentPath=${repoRoot}`,
        workspace,
      ],
      { detached: true, stdio: 'ignore' },
    );
    trackGroup(child.pid, 'code');
    closed = new Promise((r) => child.on('close', r));
    where = `VS Code (${code}) opened with the extension in development mode`;
  } else {
    // No Chromium: the workbench opens in your own browser.
    const installDir = await ensureCodeServer({ browser: false });
    const port = opts.port ? Number(opts.port) : 0;
    const server = await startCodeServer({ installDir, runDir: demoDir, settings, port, logFile: join(demoDir, 'code-server.log') });
    const url = workbenchUrl({ origin: server.origin, folder: workspace, extensionDevelopmentPath: repoRoot });
    closed = new Promise((r) => server.child.on('close', r));
    where = `code-server is running; open this address in a browser:\n\n  ${url}\n`;
  }

  say('');
  say(`Doc Translate demo`);
  say(`  ${where}`);
  say(`  Emulator:   ${emulator.baseUrl}   (control API ${emulator.controlUrl})`);
  say(`  Workspace:  ${workspace}`);
  say(
    ownFolder !== undefined
      ? '              your own folder (--folder), used in place'
      : `              a temporary copy of test/demo/workspace; ${opts.keep ? 'kept after the demo (--keep)' : 'deleted when the demo stops, with anything you save in it (start with --keep to keep it)'}`,
  );
  say(`  Service URL is preset in the profile's user settings (docTranslate.baseUrl).`);
  say('');
  say(`  Run "Doc Translate: Set API Key" and paste the emulator's demo key:`);
  say(`    ${emulator.apiKey}`);
  say('');
  say('  Press Ctrl+C to stop.');
  await closed;
}

let finished = false;
/** Says where the workspace was and what happens to it (on Ctrl+C too); removes it unless --keep. */
function finish() {
  if (finished) return;
  finished = true;
  if (ownFolder !== undefined) {
    if (!opts.keep) removeTempDir(demoDir);
    say(`Demo stopped. Your folder ${ownFolder} is left as it is.`);
    return;
  }
  const added = filesAddedTo(workspace, workspaceSource);
  if (opts.keep) {
    say(`Demo stopped. The workspace is kept at ${workspace}`);
    return;
  }
  removeTempDir(demoDir);
  say(
    `Demo stopped. Removed the temporary workspace ${workspace}` +
      (added.length > 0 ? ` and ${summarize(added)} saved in it (use --keep next time to keep them).` : '.'),
  );
}

/** "3 files (a.md, b.md, c.md)" or "70 files (docs/ 40, site/ 25, (top level) 5)": one short line, never every path. */
function summarize(paths) {
  const files = (n) => `${n} file${n === 1 ? '' : 's'}`;
  if (paths.length <= 3) return `${files(paths.length)} (${paths.join(', ')})`;
  const byFolder = new Map();
  for (const p of paths) {
    const top = p.includes(sep) ? `${p.split(sep)[0]}/` : '(top level)';
    byFolder.set(top, (byFolder.get(top) ?? 0) + 1);
  }
  const folders = [...byFolder.entries()].sort((a, b) => b[1] - a[1]);
  const shown = folders
    .slice(0, 3)
    .map(([f, n]) => `${f} ${n}`)
    .join(', ');
  const more = folders.length > 3 ? `, ${folders.length - 3} more folder${folders.length - 3 === 1 ? '' : 's'}` : '';
  return `${files(paths.length)} (${shown}${more})`;
}

/** Files in the demo workspace that the copy did not start with (saved translations, new files). */
function filesAddedTo(dir, original) {
  const out = [];
  const walk = (d) => {
    let entries = [];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const rel = relative(dir, p);
        try {
          statSync(join(original, rel));
        } catch {
          out.push(rel);
        }
      }
    }
  };
  walk(dir);
  return out;
}

main()
  .then(
    () => 0,
    (err) => {
      process.stderr.write(`[start] ${err?.stack ?? err}\n`);
      return 1;
    },
  )
  .then(async (code) => {
    await killAll();
    finish();
    process.exit(code);
  });
