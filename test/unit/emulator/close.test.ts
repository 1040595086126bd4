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
import { startEmulator, type EmulatorApp } from '../../emulator/index.ts';

/** Starts `work` on a timer, as a job step is, and resolves once it runs (then waits in an emulated work time that closing cuts short). */
function wokenByClose(app: EmulatorApp, work: () => Promise<void>): Promise<void> {
  return new Promise<void>((started) =>
    app.setTimer(async () => {
      started();
      await app.sleep(3_600_000);
      await work();
    }, 0),
  );
}

describe('emulator: close', () => {
  it('waits for the writes of work woken by closing, then removes the data folder', async () => {
    const emu = await startEmulator();
    const app = emu.app;
    let wrote = false;
    // The output written after the wait, as a job does.
    await wokenByClose(app, async () => {
      const dir = join(app.state.dataDir, 'artifacts', 'late');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'content'), 'late output');
      wrote = true;
    });
    await emu.close();
    assert.equal(wrote, true, 'the work finished its writes');
    assert.equal(existsSync(app.dataDir), false, 'the data folder is removed after them');
  });

  it('a failed piece of work does not keep the folder', async () => {
    const emu = await startEmulator();
    await wokenByClose(emu.app, () => Promise.reject(new Error('failed on purpose')));
    await emu.close();
    assert.equal(existsSync(emu.app.dataDir), false);
  });
});
