// The extension in German, through the UI: with the workbench's display language German
// (node test/vscode/run.mjs --ui --locale de --grep German), the Command Palette lists the
// commands under their titles from package.nls.de.json. Skipped in a run in another language.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInfo, workbench } from './context.mjs';
import { until } from '../../unit/support/until.mjs';

const nls = (file) => JSON.parse(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));

describe('Display language German', function () {
  before(function () {
    if (runInfo().locale !== 'de') this.skip();
  });

  it('lists the Doc Translate commands with their German titles in the Command Palette', async () => {
    const wb = workbench();
    const de = nls('package.nls.de.json');
    const en = nls('package.nls.json');
    assert.equal(await wb.page.evaluate(() => globalThis._VSCODE_NLS_LANGUAGE), 'de', 'the workbench runs in German');
    // Translate Selection is offered when an editor is open.
    await wb.openFile('docs/getting-started.md');
    const title = (key) => `${de['command.category']}: ${de[key]}`;
    const labels = await wb.filterPalette('Doc Translate', title('command.translateSelection.title'));
    // The list renders only the rows in view (sorted by title): these two are among them.
    for (const key of ['command.translateDocument.title', 'command.setServiceUrl.title']) {
      assert.ok(
        labels.some((l) => l.startsWith(title(key))),
        `${title(key)} is listed: ${JSON.stringify(labels)}`,
      );
    }
    const english = `${en['command.category']}: ${en['command.translateSelection.title']}`;
    assert.ok(!labels.some((l) => l.startsWith(english)), `no English title: ${JSON.stringify(labels)}`);
    await wb.screenshot('command-palette-de');
    await wb.closeQuickInput();
  });

  it('runs the extension host in German too: the status bar item speaks German (vscode.env.language, l10n bundle)', async function () {
    // The code's messages come from l10n/bundle.l10n.de.json once vscode.env.language is 'de'.
    const key = 'Doc Translate target language: {0}';
    let bundle;
    try {
      bundle = nls('l10n/bundle.l10n.de.json');
    } catch {
      this.skip();
    }
    if (typeof bundle[key] !== 'string') this.skip();
    const prefix = bundle[key].split('{0}')[0];
    const wb = workbench();
    const item = wb.statusBarItem('docTranslate.targetLanguage');
    await item.waitFor({ state: 'attached', timeout: 15_000 });
    let label = '';
    await until(
      async () => {
        label =
          (await item
            .locator('[aria-label]')
            .first()
            .getAttribute('aria-label')
            .catch(() => null)) ??
          (await item.getAttribute('aria-label')) ??
          '';
        return label.startsWith(prefix);
      },
      { what: () => `the label "${label}" to start with "${prefix}"`, intervalMs: 150 },
    ).catch(() => undefined);
    assert.ok(label.startsWith(prefix), `the target-language item's label "${label}" starts with "${prefix}"`);
  });
});
