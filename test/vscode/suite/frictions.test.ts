// Frictions a new user met: Translate Document tabs are named after the source and language, never
// "Untitled-N", and two open translations never share a name (Close All would list both alike).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, configureExtension, openWorkspaceFile } from './helpers.ts';

interface Result {
  applied: boolean;
  uri?: vscode.Uri;
}

const translate = (uri: vscode.Uri): Thenable<Result> => vscode.commands.executeCommand<Result>('docTranslate.translateDocument', uri);

describe('Frictions: translation tab names', function () {
  this.timeout(60_000);
  before(configureExtension);
  afterEach(closeAllEditors);

  it('names translations of two same-named files apart', async () => {
    const a = await openWorkspaceFile('friction-a/guide.md', '# A\n\nFirst guide.\n');
    const b = await openWorkspaceFile('friction-b/guide.md', '# B\n\nSecond guide.\n');
    const ra = await translate(a.document.uri);
    const rb = await translate(b.document.uri);
    assert.ok(ra.applied && rb.applied);
    const names = [ra.uri!, rb.uri!].map((u) => path.posix.basename(u.path));
    assert.deepEqual(names, ['guide.de.md', 'guide.de-2.md']);
    assert.ok([ra.uri!, rb.uri!].every((u) => u.scheme === 'untitled'));
  });

  it('names the translation of an untitled document after it, not "Untitled-N"', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Draft\n\nSome text.\n' });
    await vscode.window.showTextDocument(doc);
    const r = await translate(doc.uri);
    assert.equal(r.applied, true);
    const name = path.posix.basename(r.uri!.path);
    assert.match(name, new RegExp(`^${path.posix.basename(doc.uri.path)}\\.de`), name);
    assert.notEqual(name, path.posix.basename(doc.uri.path));
  });
});
