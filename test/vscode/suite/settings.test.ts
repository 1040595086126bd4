// Settings: the service URL comes from user settings only; Set Service URL validates;
// the target language can be changed by command; every contributed command is registered.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CommandId } from '../../../src/shared/ids.ts';
import {
  EXTENSION_ID,
  clearRequests,
  closeAllEditors,
  configureExtension,
  lineRange,
  looksTranslated,
  openWorkspaceFile,
  requestsSeen,
  select,
  setGlobal,
  testEnv,
  answered,
  testingHooks,
} from './helpers.ts';

const BOGUS = 'http://127.0.0.1:9/evil/api/v1';

function globalBaseUrl(): string | undefined {
  return vscode.workspace.getConfiguration('docTranslate').inspect<string>('baseUrl')?.globalValue;
}

describe('Settings', () => {
  before(configureExtension);
  after(async () => {
    await setGlobal('targetLanguage', 'de');
    await configureExtension();
  });
  afterEach(closeAllEditors);

  it('ignores a workspace-level docTranslate.baseUrl', async () => {
    const settingsFile = path.join(testEnv().workspace, '.vscode', 'settings.json');
    assert.ok(fs.readFileSync(settingsFile, 'utf8').includes(BOGUS), 'the fixture workspace carries a bogus service URL');
    assert.equal(globalBaseUrl(), testEnv().baseUrl);

    const editor = await openWorkspaceFile('settings-baseurl.md', 'Where does this go?\n');
    select(editor, lineRange(editor, 0));
    await clearRequests();
    const result = await vscode.commands.executeCommand<{ applied: boolean }>('docTranslate.translateSelection', {
      mode: 'replace',
    });

    assert.equal(result.applied, true);
    assert.ok(looksTranslated(editor.document.getText()));
    const seen = await requestsSeen('/api/v1/ai/');
    assert.deepEqual(
      seen.map((r) => `${r.method} ${r.path}`),
      ['POST /api/v1/ai/translate-snippet'],
      'the request reached the emulator configured in user settings',
    );
  });

  it('Set Service URL refuses plain http to a non-loopback host and addresses without /api/v1', async () => {
    const { prompter } = await testingHooks();
    for (const url of ['http://translate.example.com/api/v1', 'https://translate.example.com/v2', 'not a url']) {
      const refusals = prompter.refusals.length;
      const result = await answered({ serviceUrl: url }, 'docTranslate.setServiceUrl');
      assert.deepEqual(result, { saved: false, reason: 'cancelled' }, url);
      assert.equal(prompter.refusals.length, refusals + 1, `the box refused ${url}`);
      assert.match(prompter.refusals.at(-1)!, /http|api\/v1|URL|address/i);
    }
    assert.equal(globalBaseUrl(), testEnv().baseUrl, 'the user setting is unchanged');
  });

  it('Set Service URL writes the user setting, normalised', async () => {
    const result = await answered({ serviceUrl: `${testEnv().baseUrl}/` }, 'docTranslate.setServiceUrl');
    assert.deepEqual(result, { saved: true, url: testEnv().baseUrl });
    assert.equal(globalBaseUrl(), testEnv().baseUrl);
  });

  it('Change Target Language sets the language used for the next request', async () => {
    const code = await vscode.commands.executeCommand('docTranslate.changeTargetLanguage', 'fr');
    assert.equal(code, 'fr');
    assert.equal(vscode.workspace.getConfiguration('docTranslate').get('targetLanguage'), 'fr');

    const editor = await openWorkspaceFile('settings-language.md', 'Bonjour to everyone.\n');
    select(editor, lineRange(editor, 0));
    await vscode.commands.executeCommand('docTranslate.translateSelection', { mode: 'replace' });
    assert.ok(looksTranslated(editor.document.getText(), 'fr'), editor.document.getText());
  });

  it('Change Target Language refuses something that is not a language code', async () => {
    await setGlobal('targetLanguage', 'de');
    assert.equal(await vscode.commands.executeCommand('docTranslate.changeTargetLanguage', 'not a code'), undefined);
    assert.equal(vscode.workspace.getConfiguration('docTranslate').get('targetLanguage'), 'de');
  });

  it('contributes and registers every text-translation command', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, 'the extension is installed');
    const contributed = (ext.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands.map((c) => c.command);
    const ours = [
      CommandId.setApiKey,
      CommandId.clearApiKey,
      CommandId.setServiceUrl,
      CommandId.translateSelection,
      CommandId.translateDocument,
      CommandId.showTranslationDiff,
      CommandId.changeTargetLanguage,
      CommandId.showLog,
      CommandId.showBalance,
    ];
    assert.deepEqual(
      ours.filter((id) => !contributed.includes(id)),
      [],
      'every command id is contributed',
    );
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      ours.filter((id) => !registered.has(id)),
      [],
      'every command id is registered',
    );
  });
});
