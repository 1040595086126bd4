// Child processes of the memory tests: each figure is measured in a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The first line a child prints on stdout; rejects with its stderr tail if it exits first. */
export function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', (line) => {
      rl.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}: ${stderr.slice(-2000)}`)));
  });
}

export interface ChildEmulator {
  process: ChildProcess;
  info: { base_url: string; api_key: string; control_url: string };
}

/** The emulator in its own process (test/unit/api/helpers/emulator-child.ts), so its memory is not the client's. */
export async function startEmulatorChild(): Promise<ChildEmulator> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'helpers', 'emulator-child.ts')], { stdio: ['pipe', 'pipe', 'pipe'] });
  return { process: child, info: JSON.parse(await firstLine(child)) as ChildEmulator['info'] };
}
