// The API key lives in SecretStorage: set (verified with the service), used, cleared.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearRequests, closeAllEditors, configureExtension, lineRange, openWorkspaceFile, requestsSeen, select, testEnv, answered, until } from './helpers.ts';

interface Balance {
  available: number;
}

function showBalance(): Thenable<Balance | undefined> {
  return vscode.commands.executeCommand<Balance | undefined>('docTranslate.showBalance');
}

describe('API key in SecretStorage', () => {
  // The Doc Translate views reload when the key changes; with the Explorer shown, only the key's own requests are seen.
  before(() => vscode.commands.executeCommand('workbench.view.explorer'));
  beforeEach(configureExtension);
  after(configureExtension);
  afterEach(closeAllEditors);

  it('is verified with a free call and then used for requests', async () => {
    await clearRequests();
    const result = await answered({ apiKey: testEnv().apiKey }, 'docTranslate.setApiKey');
    assert.deepEqual(result, { stored: true });
    const seen = await requestsSeen();
    assert.deepEqual(
      seen.map((r) => `${r.method} ${r.path} ${r.status}`),
      ['GET /api/v1/billing/credits/balance 200'],
      'only the free balance call checks the key',
    );

    const balance = await showBalance();
    assert.ok(balance !== undefined && typeof balance.available === 'number', 'the stored key reads the balance');
    const auth = (await requestsSeen()).map((r) => r.auth);
    assert.ok(
      auth.every((a) => a === 'x-api-key'),
      `the key travels only as X-API-Key: ${auth.join(',')}`,
    );
  });

  it('is gone after Clear API Key, and commands ask for it instead of sending requests', async () => {
    assert.equal(await vscode.commands.executeCommand('docTranslate.clearApiKey'), true);
    await clearRequests();

    assert.equal(await showBalance(), undefined);
    const editor = await openWorkspaceFile('secrets-cleared.md', 'Some text.\n');
    select(editor, lineRange(editor, 0));
    const result = await vscode.commands.executeCommand('docTranslate.translateSelection', { mode: 'replace' });

    assert.deepEqual(result, { applied: false, reason: 'notConfigured' });
    assert.equal(editor.document.getText(), 'Some text.\n');
    assert.deepEqual(await requestsSeen(), [], 'nothing was sent without a key');
  });

  it('is not stored when the service rejects it (401), and the previous key stays', async () => {
    const result = await answered({ apiKey: 'sk_rejected_by_the_service_0000' }, 'docTranslate.setApiKey');
    assert.deepEqual(result, { stored: false, reason: 'rejected', error: 'authentication_failed' });
    assert.ok((await showBalance()) !== undefined, 'the earlier valid key is still in use');
  });

  it('is refused without the sk_ prefix, before any request', async () => {
    await clearRequests();
    const result = await answered({ apiKey: 'not-a-key' }, 'docTranslate.setApiKey');
    assert.deepEqual(result, { stored: false, reason: 'invalid' });
    assert.deepEqual(await requestsSeen(), []);
  });
});

describe('Doc Translate log', () => {
  before(configureExtension);
  afterEach(closeAllEditors);

  it('records what was done and never the key', async () => {
    const editor = await openWorkspaceFile('secrets-log.md', 'Log this request.\n');
    select(editor, lineRange(editor, 0));
    await vscode.commands.executeCommand('docTranslate.translateSelection', { mode: 'replace' });
    await vscode.commands.executeCommand('docTranslate.showLog');

    const log = await until(
      'the log shows the command',
      async () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'output' && d.uri.path.includes('Doc Translate'))?.getText() ?? '',
      (text) => text.includes('Translate Selection:'),
      10_000,
    );
    assert.ok(log.includes('Translate Selection: 1 selection(s)'), `the log shows the command: ${log.slice(0, 500)}`);
    const key = testEnv().apiKey;
    assert.ok(!log.includes(key), 'the key never appears in the log');
    assert.ok(!log.includes(key.slice(3, 15)), 'no part of the key body appears in the log');
  });
});
