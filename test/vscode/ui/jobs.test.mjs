// Translate Files through the UI only: the Explorer context menu, the pickers, the confirmation
// with balance and threshold, then the Jobs view and the status bar while the job runs (a
// screenshot of both is kept in test-results/screenshots/jobs-view-running.png).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
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

/** A call to the service (the emulator) with the harness's key, as another client of the account would make it. */
async function serviceApi(method, route, body) {
  const { baseUrl, apiKey } = runInfo().emulator;
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'x-api-key': apiKey, 'idempotency-key': randomUUID(), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${route} answered ${res.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** Waits until a row of the Jobs view matches; returns its label. */
async function waitForJobRow(wb, match, timeout = 30_000) {
  let rows = [];
  return until(
    async () => {
      rows = await wb.viewRows('Jobs');
      return rows.find((r) => match.test(r));
    },
    { what: () => `a Jobs view row matching ${match}; rows: ${JSON.stringify(rows)}`, timeoutMs: timeout, intervalMs: 200 },
  );
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

    await wb.chooseExplorerMenuItem('notes.txt', 'Translate Files…');

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

  it('pages back to older jobs: "Load older jobs…" after the newest 50 (screenshot)', async () => {
    const wb = workbench();
    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(runInfo().emulator.apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    await wb.clearNotifications();
    // 52 jobs made elsewhere (another client of the account) on one uploaded document.
    const bytes = Buffer.from('Older jobs are listed page by page.\n');
    const p = await serviceApi('POST', '/upload/presign', { filename: 'older.txt', file_size: bytes.length });
    const put = await fetch(p.upload_url, { method: 'PUT', headers: p.upload_headers, body: bytes });
    assert.equal(put.status, 200);
    await serviceApi('POST', '/upload/finalize', { finalize_token: p.finalize_token });
    await emulatorSettings({ job_speed: 20 });
    for (let i = 0; i < 52; i++) await serviceApi('POST', '/jobs', { document_id: p.document_id, target_lang: i % 2 === 0 ? 'fr' : 'es' });
    await wb.runCommand('Doc Translate: Focus on Jobs View');
    await wb.runCommand('Doc Translate: Refresh Jobs');
    // The view renders only the rows in sight: scroll to its end, where the newest 50 stop.
    const list = wb.view('Jobs').locator('.monaco-list').first();
    let rows = [];
    await until(
      async () => {
        await list.hover();
        await wb.page.mouse.wheel(0, 4000);
        rows = await wb.viewRows('Jobs');
        return rows.some((r) => /Load older jobs|jobs created before the oldest one shown/i.test(r));
      },
      { what: () => `the Load older jobs row; rows: ${JSON.stringify(rows.slice(-5))}`, timeoutMs: 30_000, intervalMs: 300 },
    );
    const shot = await wb.screenshot('jobs-view-load-older');
    assert.ok(shot.endsWith('jobs-view-load-older.png'));
    await wb.view('Jobs').locator('.monaco-list-row').filter({ hasText: 'Load older jobs' }).click();
    await until(
      async () => {
        await list.hover();
        await wb.page.mouse.wheel(0, 4000);
        rows = await wb.viewRows('Jobs');
        return !rows.some((r) => /Load older jobs|jobs created before the oldest one shown/i.test(r));
      },
      { what: () => `every job listed, no Load older jobs row left; rows: ${JSON.stringify(rows.slice(-5))}`, timeoutMs: 30_000, intervalMs: 300 },
    );
    await wb.runCommand('View: Show Explorer');
  });
});
