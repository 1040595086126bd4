// Translate Selection inside real VS Code against the emulator: replace, insert below, beside,
// several selections, snippet versus batch.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  clearRequests,
  closeAllEditors,
  configureExtension,
  documentFor,
  lineRange,
  looksTranslated,
  openWorkspaceFile,
  requestsSeen,
  select,
  setGlobal,
} from './helpers.ts';

interface TranslateResult {
  applied: boolean;
  mode?: string;
  reason?: string;
  error?: string;
  uri?: vscode.Uri;
}

const SAMPLE = 'Hello world, this is a sentence.\n\nSecond paragraph stays as it is.\n\nThird one is here.\n';

function translateSelection(mode?: string): Thenable<TranslateResult> {
  return vscode.commands.executeCommand<TranslateResult>('docTranslate.translateSelection', mode ? { mode } : undefined);
}

describe('Translate Selection', () => {
  before(async () => {
    await configureExtension();
    await setGlobal('targetLanguage', 'de');
  });
  afterEach(closeAllEditors);

  it('replaces the selection with its translation, and one undo restores the original', async () => {
    const editor = await openWorkspaceFile('selection-replace.md', SAMPLE);
    select(editor, lineRange(editor, 0));
    await clearRequests();

    const result = await translateSelection('replace');

    assert.equal(result.applied, true);
    assert.equal(result.mode, 'replace');
    const lines = editor.document.getText().split('\n');
    assert.ok(looksTranslated(lines[0]!), `line 0 is translated: ${lines[0]}`);
    assert.equal(lines.slice(1).join('\n'), SAMPLE.split('\n').slice(1).join('\n'), 'the rest is unchanged');
    const paths = (await requestsSeen('/api/v1/ai/')).map((r) => r.path);
    assert.deepEqual(paths, ['/api/v1/ai/translate-snippet'], 'one short paragraph goes as one snippet request');

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), SAMPLE, 'one undo step restores the original');
  });

  it('inserts the translation below the selection, separated by a blank line', async () => {
    const editor = await openWorkspaceFile('selection-below.md', SAMPLE);
    select(editor, lineRange(editor, 0));

    const result = await translateSelection('insertBelow');

    assert.equal(result.applied, true);
    const lines = editor.document.getText().split('\n');
    assert.equal(lines[0], 'Hello world, this is a sentence.', 'the source line stays');
    assert.equal(lines[1], '', 'a blank line separates source and translation');
    assert.ok(lines[2]!.startsWith('DE· ') && looksTranslated(lines[2]!), `line 2 is the translation: ${lines[2]}`);
    assert.equal(lines.slice(3).join('\n'), SAMPLE.split('\n').slice(1).join('\n'), 'the rest is unchanged');
  });

  it('opens the translation in a new editor beside and leaves the source unchanged', async () => {
    const editor = await openWorkspaceFile('selection-beside.md', SAMPLE);
    const version = editor.document.version;
    select(editor, lineRange(editor, 2));

    const result = await translateSelection('beside');

    assert.equal(result.applied, true);
    assert.ok(result.uri, 'the new document is returned');
    assert.notEqual(result.uri.toString(), editor.document.uri.toString());
    const beside = documentFor(result.uri);
    assert.ok(beside.getText().startsWith('DE· ') && looksTranslated(beside.getText()), beside.getText());
    assert.equal(beside.languageId, 'markdown', 'the language id is kept');
    assert.equal(editor.document.getText(), SAMPLE);
    assert.equal(editor.document.version, version);
    assert.ok(
      vscode.window.visibleTextEditors.some((e) => e.document === beside),
      'the translation is visible in an editor',
    );
  });

  it('translates several selections in one batch and one undo restores them all', async () => {
    const editor = await openWorkspaceFile('selection-multi.md', SAMPLE);
    select(editor, lineRange(editor, 4), lineRange(editor, 0));
    await clearRequests();

    const result = await translateSelection('replace');

    assert.equal(result.applied, true);
    const lines = editor.document.getText().split('\n');
    assert.ok(looksTranslated(lines[0]!), lines[0]);
    assert.equal(lines[2], 'Second paragraph stays as it is.');
    assert.ok(looksTranslated(lines[4]!), lines[4]);
    const paths = (await requestsSeen('/api/v1/ai/')).map((r) => r.path);
    assert.deepEqual(paths, ['/api/v1/ai/translate-batch'], 'both selections share one batch request');

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), SAMPLE);
  });

  it('keeps Markdown structure of a multi-paragraph selection (code stays byte-for-byte)', async () => {
    const text = 'Intro line here.\n\n```js\nconst answer = 42;\n```\n\nClosing words.\n';
    const editor = await openWorkspaceFile('selection-code.md', text);
    select(editor, [0, 0, editor.document.lineCount - 1, 0]);

    const result = await translateSelection('replace');

    assert.equal(result.applied, true);
    const out = editor.document.getText();
    assert.ok(out.includes('```js\nconst answer = 42;\n```\n'), out);
    assert.ok(out.startsWith('DE· '), out);
    assert.ok(out.includes('DE· Çlös'), out);
  });

  it('uses docTranslate.selectionMode when no mode is given', async () => {
    await setGlobal('selectionMode', 'beside');
    try {
      const editor = await openWorkspaceFile('selection-setting.txt', 'Plain text line.\n');
      select(editor, lineRange(editor, 0));
      const result = await translateSelection();
      assert.equal(result.mode, 'beside');
      assert.equal(editor.document.getText(), 'Plain text line.\n');
      assert.equal(documentFor(result.uri!).languageId, 'plaintext');
    } finally {
      await setGlobal('selectionMode', undefined);
    }
  });

  it('reports an empty selection without sending anything', async () => {
    const editor = await openWorkspaceFile('selection-empty.md', SAMPLE);
    select(editor, [0, 3, 0, 3]);
    await clearRequests();
    const result = await translateSelection('replace');
    assert.deepEqual(result, { applied: false, reason: 'noSelection' });
    assert.deepEqual(await requestsSeen('/api/v1/ai/'), []);
  });
});
