// The Account view and the walkthrough in the workbench: the view rendered inside its webview with
// two days of usage, operations and webhooks, in a light and a dark theme; the walkthrough with its
// steps completed as a user follows them. Screenshots: account-view-light.png, account-view-dark.png, walkthrough.png.
import assert from 'node:assert/strict';
import { runInfo, workbench } from './context.mjs';
import { until } from '../../unit/support/until.mjs';

async function call(base, method, route, body, key) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  assert.ok(res.ok, `${method} ${route}: ${res.status}`);
  return res.status === 204 ? undefined : res.json();
}

/** The frame of the Account webview (webviews render in nested iframes). */
async function accountFrame(wb, match, timeout = 30_000) {
  return until(
    async () => {
      for (const frame of wb.page.frames()) {
        const text = await frame
          .locator('body')
          .innerText({ timeout: 500 })
          .catch(() => '');
        if (text.includes('Credit operations') && match.test(text)) return { frame, text };
      }
      return undefined;
    },
    { what: `the Account view to render ${match}`, timeoutMs: timeout, intervalMs: 300 },
  );
}

/** Runs `check` on the rendered Account view, again on the new frame when a re-render replaced the old one. */
async function onAccount(wb, match, check, timeout = 30_000) {
  return until(
    async () => {
      const { frame, text } = await accountFrame(wb, match, timeout);
      return { result: await check(frame, text) };
    },
    {
      what: `the Account view showing ${match} to stay in place`,
      timeoutMs: timeout,
      intervalMs: 0,
      ignore: (err) => /detached|closed|context was destroyed/i.test(String(err)),
    },
  ).then((r) => r.result);
}

async function colorTheme(wb, name) {
  // The palette key goes to the workbench, not to a focused webview.
  await wb.page.keyboard.press('Escape');
  await wb.page.mouse.click(900, 300);
  await wb.runCommand('Preferences: Color Theme');
  await wb.pick(name, new RegExp(`^${name}`));
  // The theme is applied when the workbench carries its kind's class (vs-dark or vs).
  const kind = /dark/i.test(name) ? 'vs-dark' : 'vs';
  await wb.page.waitForFunction((k) => document.querySelector('.monaco-workbench')?.classList.contains(k) === true, kind, { timeout: 15_000 });
}

describe('Account view and walkthrough in the workbench', function () {
  this.timeout(180_000);

  after(async () => {
    const wb = workbench();
    await colorTheme(wb, 'Dark Modern').catch(() => {});
    await wb.closeQuickInput();
  });

  it('shows the target language in the status bar from the start, in a workspace with Markdown files', async () => {
    const wb = workbench();
    // No Doc Translate command or view has run yet: workspaceContains:**/*.md activated the extension.
    const text = await wb.waitForStatusBarText(/\b[A-Z]{2}\b/, { id: 'docTranslate.targetLanguage', timeout: 30_000 });
    assert.match(text, /DE/);
  });

  it('Focus on Jobs View opens the Jobs view', async () => {
    const wb = workbench();
    await wb.runCommand('View: Show Explorer');
    await wb.runCommand('Doc Translate: Focus on Jobs View');
    await wb.view('Jobs').locator('.pane-header[aria-expanded="true"]').waitFor({ state: 'visible', timeout: 10_000 });
    await wb.runCommand('View: Show Explorer');
  });

  it('completes walkthrough steps as a new user follows them', async () => {
    const wb = workbench();
    const { baseUrl, apiKey } = runInfo().emulator;
    // A new user meets the walkthrough first (VS Code opens it on install), then follows it.
    const openWalkthrough = async () => {
      await wb.runCommand('Welcome: Open Walkthrough...');
      await wb.pick('Get Started with Doc Translate', /Get Started with Doc Translate/);
      await wb.page.locator('.getting-started-step').first().waitFor({ state: 'visible', timeout: 15_000 });
    };
    await openWalkthrough();
    // The steps' own buttons, as a user clicks them.
    const stepButton = async (step, label) => {
      await wb.page.locator('.getting-started-step').filter({ hasText: step }).first().click();
      const button = wb.page.locator('.getting-started-step.expanded').getByRole('button', { name: label });
      await button.waitFor({ state: 'visible', timeout: 10_000 });
      await button.click();
    };
    await stepButton('Set the service URL', 'Set Service URL');
    await wb.submitInput(baseUrl, { title: 'Set Service URL' });
    await wb.waitInputClosed('Set Service URL');
    await stepButton('Set your API key', 'Set API Key');
    // A rejected key keeps the input box open with the reason, so the right one can be pasted.
    await wb.submitInput('sk_not_the_right_key_0000000000', { title: 'Set API Key' });
    const message = wb.page.locator('.quick-input-widget .quick-input-message');
    await message.filter({ hasText: /rejected this key/ }).waitFor({ state: 'visible', timeout: 15_000 });
    assert.ok(await wb.page.locator('.quick-input-widget .quick-input-box input').isVisible(), 'the input box stays open');
    await wb.submitInput(apiKey);
    await wb.waitForNotification(/API key .* saved/, { timeout: 30_000 });
    await wb.closeAllEditors();
    await wb.openFile('docs/release-notes.md');
    await wb.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await wb.page.keyboard.press('Control+Home');
    await wb.page.keyboard.press('Shift+End');
    await wb.runCommand('Doc Translate: Translate Selection');
    await wb.waitForActiveEditorText('DE·', { timeout: 30_000 });
    await wb.clearNotifications();
    await openWalkthrough();
    let labels = [];
    const stepsDone = ['Set the service URL', 'Set your API key', 'Translate a selection'];
    await until(
      async () => {
        labels = await wb.page
          .locator('.getting-started-step')
          .evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-checked') === 'true' ? 'done' : 'open'} ${(e.textContent ?? '').trim().slice(0, 30)}`));
        return stepsDone.every((step) => labels.some((l) => l.startsWith(`done ${step}`)));
      },
      { what: () => `the walkthrough steps done: ${JSON.stringify(labels)}` },
    ).catch(() => undefined);
    for (const step of ['Set the service URL', 'Set your API key', 'Translate a selection']) {
      assert.ok(
        labels.some((l) => l.startsWith(`done ${step}`)),
        `${step} is done: ${JSON.stringify(labels)}`,
      );
    }
    assert.ok(
      labels.some((l) => l.startsWith('open Localize a folder')),
      JSON.stringify(labels),
    );
    await wb.screenshot('walkthrough');
    // The translated selection is left unsaved: the file stays as the other tests expect it.
    await wb.closeAllEditors({ dontSave: true });
  });

  it('shows balance, two days of usage, operations and webhooks, in a light and a dark theme', async () => {
    const wb = workbench();
    const { baseUrl, apiKey, controlUrl } = runInfo().emulator;

    const translate = (text) => call(baseUrl, 'POST', '/ai/translate-snippet', { text, target_lang: 'de' }, apiKey);
    await translate('Yesterday we translated the getting started guide and its examples.');
    await call(controlUrl, 'POST', '/clock', { advance_seconds: 86_400 });
    await translate('Today: the API guide.');
    await translate('And the release notes, which are a little longer than the rest.');
    const hooks = (await call(baseUrl, 'GET', '/webhooks', undefined, apiKey)).items;
    for (const h of hooks) await call(baseUrl, 'DELETE', `/webhooks/${h.id}`, undefined, apiKey);
    await call(
      baseUrl,
      'POST',
      '/webhooks',
      { url: 'https://hooks.example.com/ci', events: ['job.completed'], description: 'CI', secret: 'whsec_demo' },
      apiKey,
    );
    const off = await call(baseUrl, 'POST', '/webhooks', { url: 'https://hooks.example.com/chat', events: ['*'], description: 'Team chat' }, apiKey);
    await call(baseUrl, 'PATCH', `/webhooks/${off.id}`, { active: false }, apiKey);

    await colorTheme(wb, 'Light Modern');
    await wb.clearNotifications();
    // Room for the Account view: the other Doc Translate views collapsed.
    await wb.runCommand('Doc Translate: Focus on Account View');
    for (const title of ['Jobs', 'Library', 'Media', 'Localization', 'Operations']) {
      const header = wb.view(title).locator('.pane-header[aria-expanded="true"]');
      if ((await header.count()) > 0) await header.first().click();
    }
    await wb.runCommand('Doc Translate: Focus on Account View');
    await wb.runCommand('Doc Translate: Refresh Account');
    await onAccount(wb, /Team chat/, async (frame, text) => {
      assert.match(text, /Available\s+[\d,.]+ credits/);
      assert.ok(Number(await frame.locator('#usage-chart').getAttribute('data-days', { timeout: 5000 })) >= 2, 'two days of usage');
      // uPlot drew the bars on its canvas.
      await frame.locator('#usage-chart canvas').first().waitFor({ state: 'visible', timeout: 10_000 });
      assert.match(text, /Re-enable/);
      assert.match(text, /2 of 3 in use/);
      // Keyboard: the first control is the Refresh button (a vscode-elements button), reachable with Tab.
      assert.equal(await frame.locator('vscode-button').first().getAttribute('aria-label', { timeout: 5000 }), 'Refresh the account');
    });
    await wb.screenshot('account-view-light');

    await colorTheme(wb, 'Dark Modern');
    const dark = await accountFrame(wb, /Team chat/);
    // The dark screenshot shows the lower half: operations and webhooks.
    await dark.frame.locator('#h-ops').scrollIntoViewIfNeeded();
    await dark.frame.locator('#h-ops').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await wb.screenshot('account-view-dark');
  });
});
