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
    const keep = (fm: string): string =>
      fm
        .split('\n')
        .filter((l) => !/^(title|description):/.test(l))
        .join('\n');
    assert.equal(keep(frontMatter(text)), keep(frontMatter(source)), 'front matter other than title and description unchanged');
    assert.match(frontMatter(text), /^title: .*DE·/m, 'the title is translated');
    assert.ok(fencedBlocks(source).length > 0, 'the fixture has code blocks');
    assert.deepEqual(fencedBlocks(text), fencedBlocks(source), 'code blocks unchanged');
    assert.equal(text.split('\n').length, source.split('\n').length, 'the line structure is kept');
    assert.ok(text.includes('](https://example.com/account "Account")'), 'link targets are kept');
    assert.ok(/^# DE· /m.test(text), 'headings are translated and keep their marker');
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

  it('an .mdx page VS Code opened as plain text is MDX: imports, code, admonition keyword and front matter keys kept; hero.tagline translated by its doc-translate.json layout', async () => {
    const dir = path.join(testEnv().workspace, 'mdx-site');
    fs.mkdirSync(path.join(dir, 'src/content/docs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'starlight' }));
    const file = path.join(dir, 'src/content/docs/deploy.mdx');
    const source =
      "---\ntitle: Deploy your site\nslug: deploy\nhero:\n  tagline: Ship it today\n---\n\nimport { Tabs, TabItem } from '@astrojs/starlight/components';\n\nDeploy the site with one command.\n\n```sh\nnpm run build\n```\n\n:::note\nRemember the key.\n:::\n";
    fs.writeFileSync(file, source);
    try {
      const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(vscode.Uri.file(file)), 'plaintext');
      await vscode.window.showTextDocument(doc, { preview: false });
      const result = await vscode.commands.executeCommand<TranslateResult>('docTranslate.translateDocument');
      assert.equal(result.applied, true, JSON.stringify(result));
      const text = documentFor(result.uri!).getText();
      assert.ok(text.includes("\nimport { Tabs, TabItem } from '@astrojs/starlight/components';\n"), text);
      assert.ok(text.includes('\n```sh\nnpm run build\n```\n'), text);
      assert.ok(text.includes('\n:::note\n'), text);
      assert.match(text, /^slug: deploy$/m);
      assert.match(text, /^hero:\n {2}tagline: .*DE·/m);
      assert.match(text, /^title: .*DE·/m);
      assert.ok(looksTranslated(text));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a Latin-1 file that VS Code opened as UTF-8 is refused before anything is sent', async () => {
    const file = path.join(testEnv().workspace, 'latin1-notes.md');
    fs.writeFileSync(file, Buffer.from('# Caf\xe9\n\nCr\xe8me br\xfbl\xe9e.\n', 'latin1'));
    try {
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      if (!doc.getText().includes('\uFFFD')) return; // VS Code guessed the encoding: nothing lost.
      await vscode.window.showTextDocument(doc, { preview: false });
      const result = await vscode.commands.executeCommand<TranslateResult & { error?: string }>('docTranslate.translateDocument');
      assert.deepEqual(
        { applied: result.applied, reason: result.reason, error: result.error },
        { applied: false, reason: 'failed', error: 'invalid_encoding' },
      );
    } finally {
      fs.rmSync(file, { force: true });
    }
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
