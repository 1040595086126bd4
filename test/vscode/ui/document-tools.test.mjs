// Document tools through the UI only: the Explorer context menu on a PDF (its Document Tools
// submenu, screenshot test-results/screenshots/document-tools-explorer-menu.png), Extract Text and
// Visual Extract… (the cost question with the page count) from it, then both operations in the
// Operations section of the Doc Translate container (document-tools-operations.png).
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { runInfo, workbench } from './context.mjs';

async function handbook(pages) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Handbook chapter ${i}`, { x: 56, y: 770, size: 20, font });
    page.drawText(`What chapter ${i} is about, in one line.`, { x: 56, y: 730, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

/** Right-clicks `fileName` in the Explorer and opens the Document Tools submenu; returns the submenu's item texts. */
async function openToolsMenu(wb, fileName) {
  await wb.hoverExplorerMenuItem(fileName, 'Document Tools');
  await wb.page.locator('.monaco-submenu .action-item').filter({ hasText: 'Visual Extract…' }).first().waitFor({ state: 'visible', timeout: 10_000 });
  return wb.page
    .locator('.monaco-submenu .action-item .action-label')
    .evaluateAll((items) => items.map((i) => (i instanceof HTMLElement ? i.innerText : '').trim()).filter((t) => t !== ''));
}

/** Runs an item of the open Document Tools submenu (rendered inside its entry, as `.monaco-submenu`). */
const runFromMenu = (wb, itemText) => wb.chooseMenuItem(itemText, { scope: '.monaco-submenu' });

describe('Document tools in the workbench', function () {
  this.timeout(120_000);

  after(async () => {
    const wb = workbench();
    for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Escape');
    await wb.closeQuickInput();
    await wb.runCommand('View: Show Explorer').catch(() => {});
  });

  it('offers the document tools on a PDF in the Explorer context menu', async () => {
    const wb = workbench();
    const { apiKey } = runInfo().emulator;
    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    await wb.clearNotifications();
    writeFileSync(join(runInfo().workspace, 'handbook.pdf'), await handbook(3));

    const items = await openToolsMenu(wb, 'handbook.pdf');
    for (const expected of ['Extract Text', 'Convert PDF to HTML', 'Visual Extract…', 'Split PDF…', 'Compress PDF']) {
      assert.ok(items.includes(expected), `the submenu offers ${expected}: ${JSON.stringify(items)}`);
    }
    for (const absent of ['Merge PDFs', 'Convert Image…', 'Compress Image']) {
      assert.ok(!items.includes(absent), `${absent} is not offered on one PDF: ${JSON.stringify(items)}`);
    }
    const shot = await wb.screenshot('document-tools-explorer-menu');
    assert.ok(shot.endsWith('document-tools-explorer-menu.png'));
    await runFromMenu(wb, 'Extract Text');
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'handbook.extract.json' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  });

  it('asks before a visual extraction with the page count and cost, and lists both operations in the Operations section', async () => {
    const wb = workbench();
    await openToolsMenu(wb, 'handbook.pdf');
    await runFromMenu(wb, 'Visual Extract…');
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await dialog.innerText();
    assert.match(text, /Visual Extract handbook\.pdf: 3 pages × 1 credit = 3 credits\?/);
    assert.match(text, /Charged on completion by the pages the service counts \(1 credit per page, at most 20 pages\)/);
    assert.match(text, /Balance: [\d,.]+ credits available/);
    await dialog.locator('.monaco-button').filter({ hasText: 'Extract' }).click();
    await wb.page.locator('.tabs-container .tab').filter({ hasText: 'handbook.visual.json' }).first().waitFor({ state: 'visible', timeout: 30_000 });

    await wb.runCommand('Doc Translate: Focus on Operations View');
    await wb.waitForViewRow('Operations', /handbook\.pdf.*Visual Extract · completed · 3 credits/);
    const rows = await wb.waitForViewRow('Operations', /handbook\.pdf.*Extract Text · completed · free/);
    assert.ok(rows.length >= 2, JSON.stringify(rows));
    await wb.clearNotifications().catch(() => {});
    // For the picture: the other sections collapsed and the side bar wider; both put back afterwards.
    const others = [];
    for (const title of ['Jobs', 'Localization', 'Library', 'Media']) {
      const header = wb.view(title).locator('.pane-header').first();
      if ((await header.count()) > 0 && (await header.getAttribute('aria-expanded')) === 'true') {
        await header.click();
        others.push(header);
      }
    }
    const sidebar = await wb.page.locator('#workbench\\.parts\\.sidebar').boundingBox();
    const y = sidebar.y + sidebar.height / 2;
    await wb.page.mouse.move(sidebar.x + sidebar.width, y);
    await wb.page.mouse.down();
    await wb.page.mouse.move(sidebar.x + sidebar.width + 260, y, { steps: 8 });
    await wb.page.mouse.up();
    await wb.page.locator('.pane').filter({ hasText: 'Operations' }).locator('.monaco-list-row').first().hover();
    const shot = await wb.screenshot('document-tools-operations');
    assert.ok(shot.endsWith('document-tools-operations.png'));
    await wb.page.mouse.move(sidebar.x + sidebar.width + 260, y);
    await wb.page.mouse.down();
    await wb.page.mouse.move(sidebar.x + sidebar.width, y, { steps: 8 });
    await wb.page.mouse.up();
    for (const header of others) await header.click();
  });
});
