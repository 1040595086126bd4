// What a user does first, through the UI only: pick a target language from the palette and see
// the status bar follow, paste the API key, translate a Markdown document into a tab beside it.
// Tagged @packaged: the same flow runs against the installed .vsix (run.mjs --vsix).
import assert from 'node:assert/strict';
import { runInfo, workbench } from './context.mjs';

describe('Doc Translate in the workbench @packaged', () => {
  it('changes the target language from the command palette and shows it in the status bar', async () => {
    const wb = workbench();
    await wb.runCommand('Doc Translate: Change Target Language');
    await wb.pick('fr', /\bfr\b|French/i);
    const text = await wb.waitForStatusBarText(/\bFR\b/, { id: 'docTranslate.targetLanguage' });
    assert.match(text, /\bFR\b/);
    await wb.screenshot('status-bar-target-language');
  });

  it('accepts the API key from the palette without ever showing it', async () => {
    const wb = workbench();
    const { apiKey } = runInfo().emulator;
    await wb.runCommand('Doc Translate: Set API Key');
    await wb.submitInput(apiKey);
    // The key is verified with a free call before it is stored; the user is told the outcome.
    const told = await wb.waitForNotification(/API key.*(saved|stored)/i);
    assert.ok(!told.includes(apiKey), `the notification shows the key: ${told}`);
    const visible = [...(await wb.notificationTexts()), ...(await wb.statusBarTexts()), await wb.activeEditorText()];
    for (const text of visible) assert.ok(!text.includes(apiKey), `the key is visible in: ${text}`);
    await wb.screenshot('api-key-set');
  });

  it('translates a Markdown document into a tab beside it', async () => {
    const wb = workbench();
    await wb.openFile('docs/getting-started.md');
    await wb.runCommand('Doc Translate: Translate Document');
    // The pseudo-translation marks each translated segment with the target language.
    const text = await wb.waitForActiveEditorText('FR·', { timeout: 45_000 });
    assert.match(text, /```bash/, 'code fences stay as they are');
    assert.ok(
      (await wb.tabTitles()).some((t) => t.includes('getting-started.md')),
      'the source stays open',
    );
    await wb.screenshot('translate-document');
  });
});
