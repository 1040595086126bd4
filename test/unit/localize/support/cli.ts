/** Runs the localize command line as a child process, as CI would run it. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let built: Promise<string> | undefined;

/**
 * The command line bundled from the sources once per test process, with the build's own options
 * (esbuild.mjs `localize`, as `npm run localize` runs it): a child then starts in about a fifth of
 * the CPU time the TypeScript loader needs for every start.
 */
export function localizeCliEntry(): Promise<string> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    // @ts-expect-error: the build script is plain JavaScript without type declarations.
    const { localize } = (await import('../../../../esbuild.mjs')) as { localize: import('esbuild').BuildOptions };
    const dir = mkdtempSync(join(tmpdir(), 'dt-cli-build-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, 'localize.js');
    await build({ ...localize, absWorkingDir: ROOT, outfile, sourcemap: false, logLevel: 'warning' });
    return outfile;
  })();
  return built;
}

export async function runLocalizeCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return (await startLocalizeCli(args, env)).done;
}

/** Starts the command line as a child process; `stderr()` is what it has written there so far. */
export async function startLocalizeCli(args: string[], env: Record<string, string> = {}): Promise<{ done: Promise<CliResult>; stderr: () => string }> {
  const child = spawn(process.execPath, [await localizeCliEntry(), ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
  return { done, stderr: () => stderr };
}
