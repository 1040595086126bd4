// Starts a private code-server: own config, user-data and extensions folders, loopback only,
// no gallery, no telemetry. Settings are written to both the User and the Machine settings of
// the private user-data folder (see userSettingsFiles).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeServerCommand } from '../install.mjs';
import { spawnGroup, waitForLine, killGroup } from './processes.mjs';
import { parseListeningPort } from './verdict.mjs';

/** Settings every harness profile gets, so the workbench starts quiet and the same each time. */
export const BASE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'chat.commandCenter.enabled': false,
};

/**
 * In code-server the extension host is "remote": the web client's user settings live in
 * <user-data>/User/settings.json and machine settings in <user-data>/Machine/settings.json. The
 * harness writes the same object to both so a machine-scoped setting is seen either way.
 */
export function userSettingsFiles(userDataDir) {
  return [join(userDataDir, 'User', 'settings.json'), join(userDataDir, 'Machine', 'settings.json')];
}

function cleanEnv(extra) {
  const env = { ...process.env };
  // A harness started from a VS Code terminal must not talk to that VS Code.
  for (const key of Object.keys(env)) {
    if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') delete env[key];
  }
  return { ...env, EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: '' }), ...extra };
}

function commonArgs(runDir, userDataDir, extensionsDir) {
  const config = join(runDir, 'config.yaml');
  writeFileSync(config, 'auth: none\ncert: false\n');
  return ['--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
}

/** Installs a .vsix into a private extensions folder (code-server --install-extension). */
export function installVsix({ installDir, runDir, extensionsDir, vsix }) {
  const userDataDir = join(runDir, 'user-data');
  mkdirSync(extensionsDir, { recursive: true });
  const [exe, ...lead] = codeServerCommand(installDir);
  const r = spawnSync(exe, [...lead, ...commonArgs(runDir, userDataDir, extensionsDir), '--install-extension', vsix], {
    encoding: 'utf8',
    env: cleanEnv({}),
    timeout: 120_000,
  });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0) throw new Error(`code-server --install-extension ${vsix} failed (${r.status}):\n${out}`);
  return out.trim();
}

/**
 * Starts code-server on a loopback port (0 = a free one). Resolves once it listens. `locale` is
 * passed as `--locale` (the workbench's display language).
 * @returns {Promise<{ port: number, origin: string, userDataDir: string, extensionsDir: string, pid: number, stop(): Promise<void> }>}
 */
export async function startCodeServer({ installDir, runDir, settings = {}, env = {}, extensionsDir, logFile, onLine, port = 0, locale }) {
  const userDataDir = join(runDir, 'user-data');
  const extDir = extensionsDir ?? join(runDir, 'extensions');
  mkdirSync(extDir, { recursive: true });
  const allSettings = JSON.stringify({ ...BASE_SETTINGS, ...settings }, null, 2) + '\n';
  for (const file of userSettingsFiles(userDataDir)) {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, allSettings);
  }
  const [exe, ...lead] = codeServerCommand(installDir);
  const args = [
    ...lead,
    ...commonArgs(runDir, userDataDir, extDir),
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    // The display language; it applies only with a language pack for it installed (see languagePack.mjs).
    ...(locale ? ['--locale', locale] : []),
  ];
  const child = spawnGroup('code-server', exe, args, { cwd: runDir, env: cleanEnv(env), logFile, onLine });
  const boundPort = await waitForLine(child, parseListeningPort, 60_000, 'code-server');
  return {
    port: boundPort,
    origin: `http://127.0.0.1:${boundPort}`,
    userDataDir,
    extensionsDir: extDir,
    pid: child.pid,
    child,
    stop: () => killGroup(child.pid),
  };
}
