// The Account view against the emulator: balance, usage by day over two days of the emulator's
// clock, credit operations with readable receipts, a key's budget; it reloads while shown and
// stays quiet while hidden (nothing polls).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateExports } from '../../../src/extension.ts';
import type { AccountSnapshot } from '../../../src/features/account/view.ts';
import {
  clearRequests,
  closeAllEditors,
  configureExtension,
  control,
  EXTENSION_ID,
  lineRange,
  openWorkspaceFile,
  requestsSeen,
  select,
  testEnv,
  answered,
  until,
} from './helpers.ts';

const snapshot = (): Thenable<AccountSnapshot> => vscode.commands.executeCommand<AccountSnapshot>('_docTranslate.account.snapshot');

async function translateLine(name: string, text: string): Promise<void> {
  const editor = await openWorkspaceFile(name, `${text}\n`);
  select(editor, lineRange(editor, 0));
  const result = await vscode.commands.executeCommand<{ applied: boolean }>('docTranslate.translateSelection', { mode: 'replace' });
  assert.equal(result.applied, true, JSON.stringify(result));
}

async function showAccount(): Promise<AccountSnapshot> {
  await vscode.commands.executeCommand('docTranslate.account.focus');
  await until(
    'the Account view became visible',
    async () => !!(await snapshot()).visible,
    (done) => done,
    15_000,
  );
  await vscode.commands.executeCommand('docTranslate.account.refresh');
  return snapshot();
}

function testing(): NonNullable<DocTranslateExports['testing']> {
  const t = vscode.extensions.getExtension<DocTranslateExports>(EXTENSION_ID)?.exports.testing;
  assert.ok(t, 'test exports');
  return t;
}

describe('Account view', function () {
  this.timeout(90_000);
  before(configureExtension);
  after(configureExtension);
  afterEach(closeAllEditors);

  it("renders the balance, a chart with two days of usage and the key's operations with receipts", async () => {
    await translateLine('account-day-1.md', 'The first day of usage.');
    await control('POST', '/clock', { advance_seconds: 86_400 });
    await translateLine('account-day-2.md', 'The second day of usage, a little longer.');

    const shot = await showAccount();
    const m = shot.model;
    assert.ok(m, 'the view has a model');
    assert.deepEqual(m.problems, []);
    assert.ok(m.balance !== undefined && m.balance.available > 0, 'balance shown');
    assert.match(shot.html, /id="available"[^>]*>.*credits/);
    assert.match(shot.html, /Content-Security-Policy" content="default-src 'none';[^"]*script-src 'nonce-[^']+'/);
    const days = m.usage.filter((d) => d.characters > 0);
    assert.ok(days.length >= 2, `usage on at least two days: ${JSON.stringify(m.usage)}`);
    assert.notEqual(days.at(-1)!.day, days.at(-2)!.day);
    const dataDays = Number(/data-days="(\d+)"/.exec(shot.html)?.[1]);
    assert.ok(dataDays >= 2, 'the chart draws at least two days');
    const points = JSON.parse(/<script type="application\/json" id="usage-data">(.*?)<\/script>/.exec(shot.html)?.[1] ?? '{}') as {
      x?: number[];
      y?: number[];
    };
    assert.ok((points.y ?? []).filter((n) => n > 0).length >= 2, 'a point with usage for each of two days');
    assert.match(shot.html, /<script nonce="[^"]+" src="[^"]*dist\/webview\/account\.js"><\/script>/, 'the page script (controls, chart) from the extension');
    assert.match(shot.html, /role="img" aria-labelledby="usage-title usage-desc"/, 'the chart has a text alternative');

    assert.ok(m.operations.length >= 2, 'the two instant translations are credit operations of this key');
    assert.match(shot.html, /only the operations started by that key/);
    const op = m.operations[0]!;
    assert.match(shot.html, new RegExp(`data-action="receipt" data-id="${op.id}"`));
    const receipt = await vscode.commands.executeCommand<string | undefined>('docTranslate.account.openReceipt', op.id);
    assert.ok(receipt, 'the receipt opened');
    assert.match(receipt, new RegExp(`# Receipt ${op.id}`));
    assert.match(receipt, /Charged: [\d.,]+ credits/);
    assert.match(receipt, /Billed for: \d+ characters/);
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'doc-translate-receipt');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');
    assert.equal(m.keyBudget, undefined, 'the default key has no budget');
  });

  it("shows the key's budget when the key has one", async () => {
    const acct = await control<{ account_id: string }>('POST', '/accounts', { credits_millicredits: 5_000_000 });
    const key = await control<{ api_key: string }>('POST', `/accounts/${acct.account_id}/keys`, { budget_millicredits: 40 });
    const stored = await answered<{ stored: boolean }>({ apiKey: key.api_key }, 'docTranslate.setApiKey');
    assert.equal(stored.stored, true);
    await translateLine('account-budget.md', 'Ten chars.');
    const shot = await showAccount();
    assert.deepEqual(shot.model?.keyBudget, { budget: 40, used: 10, remaining: 30 });
    assert.match(shot.html, /0\.01 of 0\.04 credits used; 0\.03 left/);
    assert.match(shot.html, /role="meter"[^>]*aria-valuenow="25"/);
    await configureExtension();
  });

  it('reloads by itself when a job ends while it is shown', async () => {
    const before = await showAccount();
    const filesBefore = before.model?.usage.reduce((n, d) => n + d.files, 0) ?? 0;
    const file = vscode.Uri.file(path.join(testEnv().workspace, 'account-job.md'));
    fs.writeFileSync(file.fsPath, '# Account\n\nA job whose end refreshes the Account view.\n');
    const started = await answered<{ started: boolean }>({ confirm: 'Start' }, 'docTranslate.translateFiles', file, [file], {
      targetLanguages: ['de'],
      outputMode: 'single',
    });
    assert.equal(started.started, true, JSON.stringify(started));
    await until(
      "the view reloaded with the job's usage",
      snapshot,
      (shot) => shot.loads > before.loads && (shot.model?.usage.reduce((n, d) => n + d.files, 0) ?? 0) === filesBefore + 1,
      60_000,
    );
  });

  it('reloads after a balance change while shown, and sends nothing while hidden', async () => {
    const shown = await showAccount();
    await vscode.commands.executeCommand('workbench.view.explorer');
    await until(
      'the Account view was hidden',
      async () => !(await snapshot()).visible,
      (done) => done,
      10_000,
    );
    await clearRequests();
    await translateLine('account-hidden.md', 'Charged while the view is hidden.');
    await vscode.commands.executeCommand('docTranslate.showBalance');
    // The balance change reached the hidden view (it is marked stale) and did not reload it.
    const hidden = await until('the hidden view marked stale by the balance change', snapshot, (s) => s.stale);
    assert.equal(hidden.loads, shown.loads, 'no reload while hidden');
    const paths = (await requestsSeen()).map((r) => r.path);
    assert.deepEqual(
      paths.filter((p) => /usage|operations|webhooks/.test(p)),
      [],
      `nothing polled: ${paths.join(', ')}`,
    );

    await vscode.commands.executeCommand('docTranslate.account.focus');
    await until(
      'shown again, the stale view reloaded',
      async () => !((await snapshot()).loads === shown.loads),
      (done) => done,
      10_000,
    );
    await clearRequests();
    await vscode.commands.executeCommand('docTranslate.showBalance');
    await until(
      'a balance change reloads the visible view',
      async () => !!(await requestsSeen()).some((r) => r.path.endsWith('/usage')),
      (done) => done,
      10_000,
    );
    assert.ok(testEnv().baseUrl !== '');
    assert.equal(testing().contextKeys.value('docTranslate.walkthrough.translatedSelection'), true, 'the walkthrough step of Translate Selection completed');
  });
});
