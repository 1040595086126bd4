// Translate Document: a new tab beside the source with the structure kept, and the diff command.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, configureExtension, documentFor, looksTranslated, setGlobal, testEnv } from './helpers.ts';

interface TranslateResult {
  applied: boolean;
  mode?: string;
  reason?: string;
  uri?: vscode.Uri;
}

function fencedBlocks(text: string): string[] {
  return [...text.matchAll(/^```[^\n]*\n[\s\S]*?^```$/gm)].map((m) => m[0]);
}

function frontMatter(text: string): string {
  const match = /^---\n[\s\S]*?\n---\n/.exec(text);
  assert.ok(match, 'front matter present');
  return match[0];
}

async function openFixture(relative: string): Promise<vscode.TextEditor> {
  const file = path.join(testEnv().workspace, relative);
  assert.ok(fs.existsSync(file), `fixture ${relative} exists`);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(file)), { preview: false });
}

describe('Translate Document', () => {
  before(async () => {
    await configureExtension();
    await setGlobal('targetLanguage', 'de');
  });
  afterEach(closeAllEditors);

  it('opens the translated Markdown beside the source, front matter and code byte-for-byte', async () => {
    const editor = await openFixture('docs/getting-started.md');
    const source = editor.document.getText();
    const version = editor.document.version;

    const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateDocument');

    assert.equal(result.applied, true);
    assert.equal(result.mode, 'document');
    const translation = documentFor(result.uri!);
    const text = translation.getText();
    assert.equal(translation.languageId, 'markdown');
    assert.ok(translation.isUntitled, 'the translation is a new untitled tab');
    assert.equal(result.uri!.path, editor.document.uri.path.replace(/\.md$/, '.de.md'), 'named after the source');
    assert.ok(looksTranslated(text), 'prose is translated');
    // Reader-facing keys (title, description) are translated; every other line stays byte-for-byte.
    const keep = (fm: string): string => fm.split('\n').filter((l) => !/^(title|description):/.test(l)).join('\n');
    assert.equal(keep(frontMatter(text)), keep(frontMatter(source)), 'front matter other than title and description unchanged');
    assert.match(frontMatter(text), /^title: .*\[de\]/m, 'the title is translated');
    assert.ok(fencedBlocks(source).length > 0, 'the fixture has code blocks');
    assert.deepEqual(fencedBlocks(text), fencedBlocks(source), 'code blocks unchanged');
    assert.equal(text.split('\n').length, source.split('\n').length, 'the line structure is kept');
    assert.ok(text.includes('](https://example.com/account "Account")'), 'link targets are kept');
    assert.ok(/^# \[de\] /m.test(text), 'headings are translated and keep their marker');
    assert.equal(editor.document.getText(), source, 'the source is unchanged');
    assert.equal(editor.document.version, version);
  });

  it('translates plain text paragraph by paragraph', async () => {
    const editor = await openFixture('notes.txt');
    const source = editor.document.getText();

    const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateDocument');

    assert.equal(result.applied, true);
    const translation = documentFor(result.uri!);
    assert.equal(translation.languageId, 'plaintext');
    const blank = (t: string): number[] => t.split('\n').flatMap((l, i) => (l.trim() === '' ? [i] : []));
    assert.deepEqual(blank(translation.getText()), blank(source), 'blank lines stay where they were');
    assert.ok(looksTranslated(translation.getText()));
  });

  it('shows a diff of source and translation', async () => {
    const editor = await openFixture('docs/release-notes.md');
    const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateDocument');
    assert.equal(result.applied, true);

    const shown = await vscode.commands.executeCommand<boolean>('docTranslate.showTranslationDiff', editor.document.uri);

    assert.equal(shown, true);
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(input instanceof vscode.TabInputTextDiff, 'the active tab is a diff editor');
    assert.equal(input.original.toString(), editor.document.uri.toString());
    assert.equal(input.modified.toString(), result.uri!.toString());
  });
});
