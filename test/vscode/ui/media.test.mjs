// Media through the UI only: Add Voice… from the Explorer shows the rights statement and needs the
// explicit consent (screenshot of that step: test-results/screenshots/media-add-voice-consent.png);
// Transcribe… shows the estimate as an estimate, then the finished job with its transcript in the
// Media view (media-view-finished.png).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInfo, workbench } from './context.mjs';

/** 8 kHz mono 8-bit PCM silence, `ms` long. */
function wavFile(ms) {
  const n = Math.round((8000 * ms) / 1000);
  const b = Buffer.alloc(44 + n, 0x80);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(n, 40);
  return b;
}

describe('Media view, transcription and voices in the workbench', function () {
  this.timeout(120_000);

  after(async () => {
    const wb = workbench();
    for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Escape');
    await wb.closeQuickInput();
  });

  it('Add Voice shows the rights statement and creates the voice only after the explicit consent', async () => {
    const wb = workbench();
    const { apiKey } = runInfo().emulator;
    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    await wb.clearNotifications();
    writeFileSync(join(runInfo().workspace, 'me.wav'), wavFile(6000));
    await wb.chooseExplorerMenuItem('me.wav', 'Add Voice…');

    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await dialog.innerText();
    assert.match(text, /Create a voice from me\.wav\?/);
    assert.match(text, /voice-source-rights-v1/);
    assert.match(text, /own voice, or that the person speaking has validly authorised you/);
    const consent = dialog.locator('.monaco-button').filter({ hasText: 'The recording is my own or validly authorised' });
    await consent.waitFor({ state: 'visible' });
    await wb.screenshot('media-add-voice-consent');
    await consent.click();
    await wb.waitForNotification(/voice "me\.wav" is pending_confirmation/, { timeout: 30_000 });
    await wb.clearNotifications();
  });

  it('transcribes a recording after showing the estimate and shows the finished job with its transcript', async () => {
    const wb = workbench();
    writeFileSync(join(runInfo().workspace, 'talk.wav'), wavFile(75_000));
    await wb.chooseExplorerMenuItem('talk.wav', 'Transcribe…');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await dialog.innerText();
    assert.match(text, /Transcribe talk\.wav with Speech recognition\? Estimated cost: about 2 credits \(an estimate only\)/);
    assert.match(text, /Length: about 1:15 \(read from the file\)/);
    await dialog.locator('.monaco-button').filter({ hasText: 'Start' }).click();
    await wb.waitForViewRow('Media', /talk\.wav · Speech recognition.*completed · 2 credits/);
    const rows = await wb.waitForViewRow('Media', /talk\.transcript\.txt/);
    assert.ok(
      rows.some((r) => /^Voice me\.wav, pending confirmation/.test(r)),
      `the voice is listed: ${JSON.stringify(rows)}`,
    );
    await wb.clearNotifications().catch(() => {});
    // Widen the side bar for the picture so the job's status is not cut off; put it back afterwards.
    const sidebar = await wb.page.locator('#workbench\\.parts\\.sidebar').boundingBox();
    const edge = { x: sidebar.x + sidebar.width + 1, y: sidebar.y + sidebar.height / 2 };
    const drag = async (from, to) => {
      await wb.page.mouse.move(from, edge.y);
      await wb.page.mouse.down();
      await wb.page.mouse.move(to, edge.y, { steps: 8 });
      await wb.page.mouse.up();
    };
    await drag(edge.x, edge.x + 220);
    const shot = await wb.screenshot('media-view-finished');
    assert.ok(shot.endsWith('media-view-finished.png'));
    await drag(edge.x + 220, edge.x);
    await wb.runCommand('View: Show Explorer');
  });
});
