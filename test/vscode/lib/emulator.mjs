// Starts the service emulator (test/emulator/main.ts) as its own process group and reads the one
// JSON line it prints: {"base_url", "api_key", "control_url"}.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnGroup, waitForLine, killGroup } from './processes.mjs';

export function emulatorMain(repoRoot) {
  return process.env.DOC_TRANSLATE_EMULATOR_MAIN ?? join(repoRoot, 'test', 'emulator', 'main.ts');
}

function parseReadyLine(line) {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const o = JSON.parse(trimmed);
    if (typeof o.base_url === 'string' && typeof o.api_key === 'string') return o;
  } catch {
    /* not the ready line */
  }
  return undefined;
}

/**
 * @param {{ repoRoot: string, port?: number, logFile?: string }} opts port 0 = a free one
 * @returns {Promise<{ baseUrl: string, apiKey: string, controlUrl: string, pid: number, stop(): Promise<void> }>}
 */
export async function startEmulator({ repoRoot, port = 0, logFile }) {
  const main = emulatorMain(repoRoot);
  if (!existsSync(main)) throw new Error(`emulator entry ${main} not found`);
  const child = spawnGroup('emulator', process.execPath, ['--import', 'tsx', main, '--port', String(port)], {
    cwd: repoRoot,
    env: { ...process.env },
    logFile,
  });
  const ready = await waitForLine(child, parseReadyLine, 30_000, 'emulator');
  return {
    baseUrl: ready.base_url,
    apiKey: ready.api_key,
    controlUrl: ready.control_url ?? '',
    pid: child.pid,
    stop: () => killGroup(child.pid),
  };
}
