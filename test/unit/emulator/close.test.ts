/**
 * Closing the emulator: work a timer started (a job or operation writing its output) that closing
 * woke from its emulated wait finishes its writes before the data folder is removed, and the folder
 * is gone after `close()`. Removing it first failed under load with ENOTEMPTY, or left a folder a
 * late write had created again.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmulator } from '../../emulator/index.ts';

describe('emulator: close', () => {
  it('waits for the writes of work woken by closing, then removes the data folder', async () => {
    const emu = await startEmulator();
    const app = emu.app;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let wrote = false;
    app.setTimer(async () => {
      started();
      // An emulated work time that closing cuts short, then the output written, as a job does.
      await app.sleep(3_600_000);
      const dir = join(app.state.dataDir, 'artifacts', 'late');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'content'), 'late output');
      wrote = true;
    }, 0);
    await running;
    await emu.close();
    assert.equal(wrote, true, 'the work finished its writes');
    assert.equal(existsSync(app.dataDir), false, 'the data folder is removed after them');
  });

  it('a failed piece of work does not keep the folder', async () => {
    const emu = await startEmulator();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    emu.app.setTimer(async () => {
      started();
      await emu.app.sleep(3_600_000);
      throw new Error('failed on purpose');
    }, 0);
    await running;
    await emu.close();
    assert.equal(existsSync(emu.app.dataDir), false);
  });
});
