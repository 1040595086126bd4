/** Child processes of the benchmark: the emulator and the transfer client, each in its own process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

export const BENCH_DIR = join(__dirname, '..');
export const REPO_ROOT = join(BENCH_DIR, '..', '..');

export interface EmulatorProcess {
  baseUrl: string;
  apiKey: string;
  controlUrl: string;
  storageUrl: string;
  accountId: string;
  pid: number;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs a TypeScript file with tsx; stdin is a pipe (closing it tells the child to end). */
export function spawnTs(file: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, file), ...args], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Resolves with the first stdout line parsed as JSON. */
export function firstJsonLine(child: ChildProcess, what: string, timeoutMs = 60_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${what}: no answer in ${timeoutMs} ms`)), timeoutMs);
    rl.once('line', (line) => {
      clearTimeout(timer);
      rl.close();
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`${what}: not JSON: ${line.slice(0, 200)}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code ?? signal}) before answering`));
    });
  });
}

export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  const child = spawnTs('emulator-child.ts');
  const info = (await firstJsonLine(child, 'emulator')) as Record<string, string>;
  return {
    baseUrl: info['base_url']!,
    apiKey: info['api_key']!,
    controlUrl: info['control_url']!,
    storageUrl: info['storage_url']!,
    accountId: info['account_id']!,
    pid: child.pid!,
    stop: async () => {
      child.stdin?.end();
      child.kill('SIGTERM');
      const done = exited(child);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await done;
      clearTimeout(timer);
    },
  };
}

/** Runs a TypeScript child to completion and returns its last stdout line as JSON; killed after `timeoutMs`. */
export function runJsonChild(file: string, args: string[], timeoutMs = 0): Promise<unknown> {
  return lastJsonLine(spawnTs(file, args), file, timeoutMs);
}

/** Same for a plain JavaScript file (a bundle built by `buildShipped`), at its absolute path. */
export function runJsonScript(path: string, args: string[], timeoutMs = 0): Promise<unknown> {
  const child = spawn(process.execPath, [path, ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  return lastJsonLine(child, path, timeoutMs);
}

/** Same for a plain ES module (the harness libraries are .mjs). */
export function runJsonChildMjs(file: string, args: string[]): Promise<unknown> {
  const child = spawn(process.execPath, [join(BENCH_DIR, file), ...args], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  return lastJsonLine(child, file);
}

async function lastJsonLine(child: ChildProcess, file: string, timeoutMs = 0): Promise<unknown> {
  child.stdin?.end();
  let timedOut = false;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, timeoutMs)
      : undefined;
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (d: string) => {
    out += d;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  if (timedOut) throw new Error(`${file} did not finish within ${timeoutMs / 1000} s`);
  const last = out.trim().split('\n').pop() ?? '';
  if (code !== 0) throw new Error(`${file} exited with ${code}: ${last.slice(0, 300)}`);
  return JSON.parse(last);
}

/** JSON over HTTP to the emulator's control API. */
export async function control(controlUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const send = (): Promise<Response> =>
    fetch(`${controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  // A kept-alive connection the emulator closed while a long transfer ran fails once; the
  // control calls are safe to repeat.
  const res = await send().catch(send);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text === '' ? undefined : JSON.parse(text);
}
