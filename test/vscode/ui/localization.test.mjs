// The Localization view in the workbench: a docs folder with doc-translate.json, an update through
// the palette (the dry-run question answered in its dialog), then two sources edited: the view shows
// stale and up-to-date translations, the status bar "Localization: 4 stale", and the Explorer a badge
// on a stale translation (screenshot test-results/screenshots/localization-view.png: the workbench
// with the Localization view, and the Explorer beside it).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { runInfo, workbench } from './context.mjs';
import { until } from '../../unit/support/until.mjs';

const PAGES = ['getting-started', 'configuration', 'deployment'];
const page = (name) => `# ${name.replace('-', ' ')}\n\nThis page explains ${name.replace('-', ' ')} step by step.\n\nRead it before you continue.\n`;

async function waitForRows(wb, title, check, what, timeout = 30_000) {
  let rows = [];
  return until(
    async () => {
      rows = await wb.viewRows(title);
      return check(rows) ? rows : undefined;
    },
    { what: () => `${what}; rows: ${JSON.stringify(rows)}`, timeoutMs: timeout, intervalMs: 200 },
  );
}

/** Collapses every other expanded pane of the side bar so `title` has the room. */
async function only(wb, title) {
  const mine = wb.page.locator(`.sidebar .pane-header[aria-label^="${title}"]`).filter({ visible: true }).first();
  // The command that shows `title` returns before the side bar has switched to its container: the
  // panes read below would be the previous container's, hidden as they are clicked.
  await mine.waitFor({ state: 'visible', timeout: 30_000 });
  for (let round = 0; round < 10; round++) {
    // Panes of the container shown only (a hidden container keeps its panes in the page).
    const labels = await wb.page
      .locator('.sidebar .pane-header[aria-expanded="true"]')
      .evaluateAll((hs) => hs.filter((h) => h instanceof HTMLElement && h.offsetParent !== null).map((h) => h.getAttribute('aria-label') ?? ''));
    const other = labels.find((l) => !l.toLowerCase().startsWith(title.toLowerCase()));
    if (other === undefined) break;
    await wb.page.locator(`.sidebar .pane-header[aria-expanded="true"][aria-label="${other}"]`).filter({ visible: true }).first().click();
    await wb.page
      .locator(`.sidebar .pane-header[aria-expanded="false"][aria-label="${other}"]`)
      .filter({ visible: true })
      .first()
      .waitFor({ state: 'visible' });
  }
  if ((await mine.getAttribute('aria-expanded')) === 'false') await mine.click();
}

/** `right` (a PNG) pasted to the right of `left`, top-aligned. */
function sideBySide(left, right) {
  const a = PNG.sync.read(left);
  const b = PNG.sync.read(right);
  const out = new PNG({ width: a.width + b.width, height: Math.max(a.height, b.height) });
  PNG.bitblt(a, out, 0, 0, a.width, a.height, 0, 0);
  PNG.bitblt(b, out, 0, 0, b.width, b.height, a.width, 0);
  return PNG.sync.write(out);
}

describe('The Localization view in the workbench', function () {
  this.timeout(180_000);
  const ws = () => runInfo().workspace;

  after(async () => {
    const wb = workbench();
    for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Escape');
    await wb.closeQuickInput();
    for (const p of ['doc-translate.json', 'doc-translate.lock', 'guide', '.doc-translate']) rmSync(join(ws(), p), { recursive: true, force: true });
  });

  it('shows stale and up-to-date translations, the status bar count and an Explorer badge', async () => {
    const wb = workbench();
    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(runInfo().emulator.apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    mkdirSync(join(ws(), 'guide'), { recursive: true });
    for (const p of PAGES) writeFileSync(join(ws(), 'guide', `${p}.md`), page(p));
    writeFileSync(
      join(ws(), 'doc-translate.json'),
      `${JSON.stringify({ source: 'guide', sourceLanguage: 'en', targetLanguages: ['de', 'fr'], layout: 'vitepress' }, null, 2)}\n`,
    );
    await wb.waitForStatusBarText(/Localization: 6 missing/, { id: 'docTranslate.localization', timeout: 30_000 });

    await wb.runCommand('Doc Translate: Update Translations');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await dialog.innerText(), /estimate only: the service decides/);
    await dialog.locator('.monaco-button', { hasText: /^Update$/ }).click();
    await wb.waitForNotification(/updated 6 translation/, { timeout: 60_000 });
    await wb.waitForStatusBarText(/Localization: up to date/, { id: 'docTranslate.localization' });

    for (const p of PAGES.slice(0, 2)) {
      const file = join(ws(), 'guide', `${p}.md`);
      writeFileSync(file, readFileSync(file, 'utf8').replace('Read it before you continue.', 'Read it before you continue, and keep it open.'));
    }
    await wb.waitForStatusBarText(/Localization: 4 stale/, { id: 'docTranslate.localization', timeout: 30_000 });
    await wb.clearNotifications();

    // The Explorer with the stale translation revealed (opening it reveals it), then the Localization view.
    await wb.openFile('guide/de/getting-started.md');
    await wb.runCommand('View: Show Explorer');
    await only(wb, 'Explorer');
    await waitForRows(wb, 'Explorer', (rows) => rows.some((r) => /getting-started\.md/.test(r)), 'the Explorer lists the translation');
    // The badge is drawn as the label's ::after content.
    let badges = [];
    await until(
      async () => {
        badges = await wb.page.locator('.explorer-folders-view .monaco-list-row').evaluateAll((rows) =>
          rows.map((r) => {
            const label = r.querySelector('.monaco-icon-label');
            return `${r.getAttribute('aria-label') ?? ''} ${label ? getComputedStyle(label, '::after').content : ''}`;
          }),
        );
        return badges.some((b) => /getting-started\.md.*"S"/.test(b));
      },
      { what: () => `a stale badge in the Explorer: ${JSON.stringify(badges)}`, intervalMs: 200 },
    );
    await wb.page.mouse.move(0, 0);
    const sidebar = wb.page.locator('.part.sidebar');
    const explorerShot = await sidebar.screenshot();

    await wb.runCommand('Doc Translate: Focus on Localization View');
    await only(wb, 'Localization');
    // Files are grouped by folder, each file row with its languages' states.
    const rows = await waitForRows(
      wb,
      'Localization',
      (r) => r.some((x) => /deployment\.md/.test(x)) && r.some((x) => /getting-started\.md/.test(x)),
      'the file rows under their folder',
    );
    assert.ok(
      rows.some((r) => /^guide\b/.test(r)),
      JSON.stringify(rows),
    );
    // A stale source and an up-to-date one open, so both kinds of language rows are in the picture.
    for (const name of ['getting-started.md', 'deployment.md']) {
      const row = wb.view('Localization').locator('.monaco-list-row', { hasText: name }).first();
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
    }
    await waitForRows(
      wb,
      'Localization',
      (r) => r.some((x) => /stale \(1 segment\)/.test(x)) && r.filter((x) => /up to date/.test(x)).length >= 2,
      'stale and up-to-date language rows',
    );
    await wb.page.mouse.move(0, 0);
    const full = await wb.page.screenshot();
    const path = join(wb.screenshotsDir, `${wb.screenshotPrefix}localization-view.png`);
    writeFileSync(path, sideBySide(full, explorerShot));
    assert.ok(path.endsWith('localization-view.png'));
  });
});
