// Translate Files through the UI only: the Explorer context menu, the pickers, the confirmation
// with balance and threshold, then the Jobs view and the status bar while the job runs (a
// screenshot of both is kept in test-results/screenshots/jobs-view-running.png).
import assert from 'node:assert/strict';
import { runInfo, workbench } from './context.mjs';
import { until } from '../../unit/support/until.mjs';

async function emulatorSettings(body) {
  const res = await fetch(`${runInfo().emulator.controlUrl}/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.ok(res.ok, `emulator settings answered ${res.status}`);
}

/** Waits until a row of the Jobs view matches; returns its label. */
async function waitForJobRow(wb, match, timeout = 30_000) {
  let rows = [];
  return until(async () => {
    rows = await wb.viewRows('Jobs');
    return rows.find((r) => match.test(r));
  }, { what: () => `a Jobs view row matching ${match}; rows: ${JSON.stringify(rows)}`, timeoutMs: timeout, intervalMs: 200 });
}

describe('Translate Files and the Jobs view in the workbench', function () {
  this.timeout(120_000);

  after(async () => {
    await emulatorSettings({ job_speed: 1 }).catch(() => {});
    // Leave no menu, dialog or picker open for the next tests.
    const wb = workbench();
    for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Escape');
    await wb.closeQuickInput();
  });

  it('starts a job from the Explorer and shows it live in the Jobs view and the status bar', async () => {
    const wb = workbench();
    const { apiKey } = runInfo().emulator;
    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    // Slow jobs down so that one is still translating when the screenshot is taken.
    await emulatorSettings({ job_speed: 0.05 });

    // A click right after the menu opens may be swallowed; hovering focuses the item and Enter runs it.
    await wb.hoverExplorerMenuItem('notes.txt', 'Translate Files…');
    await wb.page.keyboard.press('Enter');

    // Target languages (the configured one is preselected), output, engine, options: accept each.
    for (const title of ['target languages', 'output', 'engine', 'options']) {
      await wb.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: title }).waitFor({ state: 'visible', timeout: 15_000 });
      await wb.page.keyboard.press('Enter');
    }
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const question = await dialog.innerText();
    assert.match(question, /Your balance: [\d,.]+ credits/, 'the balance is shown before starting');
    assert.match(question, /Expected cost: about [\d,.]+ credits .* 1 credit per character/, 'the cost is said in plain words, with why');
    assert.doesNotMatch(question, /spec:|threshold/i, 'no jargon');
    assert.match(question, /charged only when a job completes/);
    await dialog.locator('.monaco-button').filter({ hasText: 'Start' }).click();

    const status = await wb.waitForStatusBarText(/1 job · \d+%/, { id: 'docTranslate.jobs', timeout: 30_000 });
    assert.match(status, /1 job · \d+%/);
    const label = await waitForJobRow(wb, /notes\.txt.*de · (translating|preparing|accepted) /);
    assert.match(label, /notes\.txt/);
    await waitForJobRow(wb, /notes\.txt.*de · translating [1-9]\d*%/);
    const shot = await wb.screenshot('jobs-view-running');
    assert.ok(shot.endsWith('jobs-view-running.png'));

    await emulatorSettings({ job_speed: 20 });
    await waitForJobRow(wb, /notes\.txt.*de · completed/, 60_000);
    await wb.waitForNotification(/notes\.txt translated to de/, { timeout: 15_000 });
    await wb.clearNotifications();
    await wb.runCommand('View: Show Explorer');
  });
});
