// The Library view in the workbench: documents organised in projects and tags, and a share link
// of a translated result, as the user sees them (screenshot test-results/screenshots/library-view.png).
import assert from 'node:assert/strict';
import { runInfo, workbench } from './context.mjs';

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
  const row = wb.view('Library').locator('.monaco-list-row').filter({ hasText: new RegExp(`^${label}`) }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
}

async function waitForRow(wb, match, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let rows = [];
  while (Date.now() < deadline) {
    rows = await wb.viewRows('Library');
    if (rows.some((r) => match.test(r))) return rows;
    await wb.page.waitForTimeout(200);
  }
  throw new Error(`no Library row matching ${match}; rows: ${JSON.stringify(rows)}`);
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
    for (let i = 0; i < 150; i++) {
      if ((await api('GET', `/jobs/${job.id}`)).status === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const artifact = (await api('GET', `/artifacts?job_id=${job.id}`)).items[0];
    assert.ok(artifact, 'a translated result to share');
    await api('POST', '/shares', { artifact_id: artifact.id, expires_in_days: 30 });

    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(runInfo().emulator.apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    await wb.runCommand('Doc Translate: Focus on Library View');
    await waitForRow(wb, /user-guide\.md/);
    for (const section of ['Projects', 'Tags', 'Shares']) await expand(wb, section);
    await waitForRow(wb, /Spring launch/);
    await expand(wb, 'Handbook');
    await waitForRow(wb, /needs review/);
    const rows = await waitForRow(wb, /user-guide\.de\.md/);
    assert.ok(rows.some((r) => /faq\.txt/.test(r)), 'the Handbook project lists its documents');
    await wb.page.mouse.move(0, 0);
    const shot = await wb.screenshot('library-view');
    assert.ok(shot.endsWith('library-view.png'));
  });
});
