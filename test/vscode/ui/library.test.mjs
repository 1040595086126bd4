// The Library view in the workbench: documents organised in projects and tags, and a share link
// of a translated result, as the user sees them (screenshot test-results/screenshots/library-view.png);
// a document's menu under a project with Remove from Project apart from Delete (library-item-menu.png);
// a result previewed in the Simple Browser (library-preview-simple-browser.png).
import assert from 'node:assert/strict';
import { runInfo, workbench } from './context.mjs';
import { until } from '../../unit/support/until.mjs';

async function api(method, route, body) {
  const { baseUrl, apiKey } = runInfo().emulator;
  const res = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'x-api-key': apiKey, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${route}: ${res.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

async function control(method, route, body) {
  const res = await fetch(`${runInfo().emulator.controlUrl}${route}`, {
    method,
    headers: body !== undefined ? { 'content-type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  assert.ok(res.ok, `control ${route}: ${res.status}`);
}

async function upload(name, content) {
  const bytes = Buffer.from(content);
  const p = await api('POST', '/upload/presign', { filename: name, file_size: bytes.length });
  const put = await fetch(p.upload_url, { method: 'PUT', headers: p.upload_headers, body: bytes });
  assert.equal(put.status, 200);
  await api('POST', '/upload/finalize', { finalize_token: p.finalize_token });
  return p.document_id;
}

/** Expands a collapsed row of the Library view by its label. */
async function expand(wb, label) {
  const row = wb
    .view('Library')
    .locator('.monaco-list-row')
    .filter({ hasText: new RegExp(`^${label}`) })
    .first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
}

async function waitForRow(wb, match, timeout = 15_000) {
  let rows = [];
  return until(
    async () => {
      rows = await wb.viewRows('Library');
      return rows.some((r) => match.test(r)) ? rows : undefined;
    },
    { what: () => `a Library row matching ${match}; rows: ${JSON.stringify(rows)}`, timeoutMs: timeout, intervalMs: 200 },
  );
}

describe('The Library view in the workbench', function () {
  this.timeout(120_000);

  after(async () => {
    await control('POST', '/settings', { job_speed: 1 }).catch(() => {});
    const wb = workbench();
    for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Escape');
    await wb.closeQuickInput();
  });

  it('shows documents, projects, tags and a share link', async () => {
    const wb = workbench();
    await control('POST', '/settings', { job_speed: 20 });
    const guide = await upload('user-guide.md', '# User guide\n\nInstall, then run.\n');
    const notes = await upload('release-notes.md', '# Release notes\n\nFixed the importer.\n');
    const faq = await upload('faq.txt', 'Where are my files? In the library.\n');
    const handbook = await api('POST', '/projects', { name: 'Handbook' });
    const launch = await api('POST', '/projects', { name: 'Spring launch' });
    for (const id of [guide, faq]) await api('POST', `/projects/${handbook.id}/documents`, { document_id: id });
    await api('POST', `/projects/${launch.id}/documents`, { document_id: notes });
    const review = await api('POST', '/tags', { name: 'needs review' });
    const legal = await api('POST', '/tags', { name: 'legal' });
    await api('POST', `/tags/documents/${notes}`, { tag_id: review.id });
    await api('POST', `/tags/documents/${guide}`, { tag_id: legal.id });
    const job = await api('POST', '/jobs', { document_id: guide, target_lang: 'de' });
    await until(async () => (await api('GET', `/jobs/${job.id}`)).status === 'completed', { what: 'the job to complete', timeoutMs: 30_000, intervalMs: 200 });
    const artifact = (await api('GET', `/artifacts?job_id=${job.id}`)).items[0];
    assert.ok(artifact, 'a translated result to share');
    await api('POST', '/shares', { artifact_id: artifact.id, expires_in_days: 30 });

    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(runInfo().emulator.apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    await wb.runCommand('Doc Translate: Focus on Library View');
    await waitForRow(wb, /user-guide\.md/);
    // The container holds other views too: collapse them so the Library has the room.
    const others = wb.page.locator('.sidebar .pane-header[aria-expanded="true"]').filter({ hasNot: wb.page.locator('text=/^Library$/i') });
    for (let i = await others.count(); i > 0; i--) {
      const header = others.first();
      if (/^library/i.test((await header.getAttribute('aria-label')) ?? '')) break;
      const label = await header.getAttribute('aria-label');
      await header.click();
      await wb.page.locator(`.sidebar .pane-header[aria-expanded="false"][aria-label="${label}"]`).first().waitFor({ state: 'attached' });
    }
    for (const section of ['Projects', 'Tags', 'Shares']) await expand(wb, section);
    await waitForRow(wb, /Spring launch/);
    await expand(wb, 'Handbook');
    await waitForRow(wb, /needs review/);
    const rows = await waitForRow(wb, /user-guide\.de\.md/);
    assert.ok(
      rows.some((r) => /faq\.txt/.test(r)),
      'the Handbook project lists its documents',
    );
    await wb.page.mouse.move(0, 0);
    const shot = await wb.screenshot('library-view');
    assert.ok(shot.endsWith('library-view.png'));
  });

  it("a document's menu under a project offers Remove from Project apart from Delete", async () => {
    const wb = workbench();
    await wb.runCommand('Doc Translate: Focus on Library View');
    // Documents lists faq.txt too: collapse it, so the row right-clicked is the one under Handbook.
    const documents = wb
      .view('Library')
      .locator('.monaco-list-row')
      .filter({ hasText: /^Documents/ })
      .first();
    if ((await documents.getAttribute('aria-expanded')) === 'true') await documents.click();
    await expand(wb, 'Handbook');
    const row = wb
      .view('Library')
      .locator('.monaco-list-row')
      .filter({ hasText: /^faq\.txt/ })
      .last();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click({ button: 'right' });
    const menu = wb.page.locator('.monaco-menu');
    const remove = menu.locator('.action-item').filter({ hasText: 'Remove from Project' }).first();
    await remove.waitFor({ state: 'visible', timeout: 10_000 });
    const labels = (await menu.locator('.action-item').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '');
    assert.ok(
      labels.some((l) => /^Delete…/.test(l)),
      JSON.stringify(labels),
    );
    assert.ok(!labels.some((l) => /^Untag/.test(l)), `Untag only under a tag: ${JSON.stringify(labels)}`);
    // Remove from Project sits in its own group, between the organising actions and Rename/Delete.
    const order = labels.map((l) => l.split('\n')[0]);
    assert.ok(order.indexOf('Remove from Project') < order.findIndex((l) => /^Delete…/.test(l)), JSON.stringify(order));
    await remove.hover();
    const shot = await wb.screenshot('library-item-menu');
    assert.ok(shot.endsWith('library-item-menu.png'));
    await wb.page.keyboard.press('Escape');
  });

  it('Preview opens a result in the Simple Browser, without downloading it', async () => {
    const wb = workbench();
    await wb.runCommand('Doc Translate: Focus on Library View');
    await expand(wb, 'Shares');
    const share = wb
      .view('Library')
      .locator('.monaco-list-row')
      .filter({ hasText: /user-guide\.de\.md/ })
      .last();
    await share.waitFor({ state: 'visible', timeout: 15_000 });
    await share.click({ button: 'right' });
    await wb.chooseMenuItem(/^Preview$/);
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Simple Browser' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    // The Simple Browser's webview holds the page in a frame of its own: the translated text is shown there.
    const page = wb.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame').frameLocator('iframe');
    await until(
      async () =>
        (
          (await page
            .locator('body')
            .innerText({ timeout: 2_000 })
            .catch(() => '')) ?? ''
        ).trim().length > 0,
      {
        what: 'the result shown in the Simple Browser',
        timeoutMs: 30_000,
        intervalMs: 250,
      },
    );
    await wb.page.mouse.move(0, 0);
    const shot = await wb.screenshot('library-preview-simple-browser');
    assert.ok(shot.endsWith('library-preview-simple-browser.png'));
    // Focus inside the previewed page (as after a click in it): the palette still opens.
    await page.locator('body').click();
    // Only the Simple Browser closes (editors of earlier tests may hold unsaved changes).
    await wb.runCommand('View: Close Editor');
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'Simple Browser' }).first().waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('Search Library shows documents and jobs while typing, matched by name, tag or project', async () => {
    const wb = workbench();
    await wb.runCommand('Doc Translate: Search Library…');
    const box = wb.page.locator('.quick-input-widget .quick-input-box input');
    await box.waitFor({ state: 'visible' });
    await box.pressSequentially('handbook', { delay: 30 });
    let labels = [];
    await until(
      async () => {
        labels = await wb.quickPickLabels();
        return labels.some((l) => /faq\.txt/.test(l)) && labels.some((l) => /user-guide\.md/.test(l));
      },
      { what: () => `both files in the search results: ${JSON.stringify(labels)}`, intervalMs: 100 },
    ).catch(() => undefined);
    // Neither name contains "handbook": the service matched them by their project, and the picker keeps them.
    assert.ok(
      labels.some((l) => /faq\.txt/.test(l)),
      JSON.stringify(labels),
    );
    assert.ok(
      labels.some((l) => /user-guide\.md/.test(l)),
      JSON.stringify(labels),
    );
    await box.fill('user-guide');
    await wb.page.waitForFunction(
      () => [...document.querySelectorAll('.quick-input-list .monaco-list-row')].some((r) => /job/.test(r.textContent ?? '')),
      undefined,
      { timeout: 15_000 },
    );
    await wb.screenshot('library-search');
    await wb.closeQuickInput();
  });
});
