// Failures leave the document untouched, and errors become actionable messages.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { clearFaults, closeAllEditors, configureExtension, control, lineRange, openWorkspaceFile, select, setGlobal, answered, inFlight } from './helpers.ts';

interface TranslateResult {
  applied: boolean;
  reason?: string;
  error?: string;
  uri?: vscode.Uri;
}

const SAMPLE = 'A line to translate.\n\nAnother paragraph.\n';

function tabCount(): number {
  return vscode.window.tabGroups.all.reduce((n, g) => n + g.tabs.length, 0);
}

describe('Translate failures', () => {
  before(configureExtension);
  afterEach(async () => {
    await clearFaults();
    await setGlobal('targetLanguage', 'de');
    await closeAllEditors();
  });

  it('leaves the document untouched when the target language is unsupported (422)', async () => {
    await setGlobal('targetLanguage', 'xx');
    const editor = await openWorkspaceFile('error-language.md', SAMPLE);
    select(editor, lineRange(editor, 0));
    const version = editor.document.version;

    const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateSelection', { mode: 'replace' });

    assert.deepEqual(result, { applied: false, reason: 'failed', error: 'unsupported_language' });
    assert.equal(editor.document.getText(), SAMPLE);
    assert.equal(editor.document.version, version);
  });

  it('leaves the document untouched when the batch request fails (injected 422)', async () => {
    await control('POST', '/faults', { path_prefix: '/api/v1/ai/', kind: 'status', status: 422, count: 1 });
    const editor = await openWorkspaceFile('error-fault.md', SAMPLE);
    select(editor, lineRange(editor, 0), lineRange(editor, 2));
    const version = editor.document.version;

    const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateSelection', { mode: 'insertBelow' });

    assert.equal(result.applied, false);
    assert.equal(result.reason, 'failed');
    assert.equal(editor.document.getText(), SAMPLE);
    assert.equal(editor.document.version, version);
  });

  it('applies nothing when the document changes while the request is in flight', async () => {
    await control('POST', '/faults', { path_prefix: '/api/v1/ai/', kind: 'latency', latency_ms: 1500, count: 1 });
    const editor = await openWorkspaceFile('error-changed.md', SAMPLE);
    select(editor, lineRange(editor, 0));

    const pending = vscode.commands.executeCommand<TranslateResult>('docTranslate.translateSelection', { mode: 'replace' });
    await inFlight('/api/v1/ai/');
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(2, 0), 'Typed meanwhile. ')));
    const edited = editor.document.getText();
    const result = await pending;

    assert.deepEqual(result, { applied: false, reason: 'documentChanged' });
    assert.equal(editor.document.getText(), edited, 'only the user edit is in the document');
  });

  it('reports short credits (402) and leaves the document untouched', async () => {
    const account = await control<{ api_key: string }>('POST', '/accounts', { credits_millicredits: 5 });
    try {
      const stored = await answered({ apiKey: account.api_key }, 'docTranslate.setApiKey');
      assert.deepEqual(stored, { stored: true });
      const editor = await openWorkspaceFile('error-credits.md', SAMPLE);
      select(editor, lineRange(editor, 0));
      const version = editor.document.version;

      const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateSelection', { mode: 'replace' });

      assert.deepEqual(result, { applied: false, reason: 'failed', error: 'insufficient_credits' });
      assert.equal(editor.document.getText(), SAMPLE);
      assert.equal(editor.document.version, version);
    } finally {
      await configureExtension();
    }
  });

  it('opens no tab when Translate Document fails', async () => {
    await control('POST', '/faults', { path_prefix: '/api/v1/ai/', kind: 'status', status: 422, count: 1 });
    await openWorkspaceFile('error-document.md', SAMPLE);
    const tabs = tabCount();

    const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateDocument');

    assert.equal(result.applied, false);
    assert.equal(tabCount(), tabs);
  });
});
