import * as path from 'node:path';
import * as vscode from 'vscode';
import { uriExists as exists } from './uriExists.ts';

/**
 * Opens `content` in a new untitled editor beside the active one. With `nameLike` (the source
 * and the target language) the tab is named like `guide.de.md` next to the source, so Save
 * proposes that place; an existing file or open document of that name is never reused.
 */
export async function openBeside(content: string, languageId: string, nameLike?: { source: vscode.Uri; language: string }): Promise<vscode.TextDocument> {
  const uri = nameLike !== undefined ? await freeUntitledUri(nameLike.source, nameLike.language) : undefined;
  let doc: vscode.TextDocument;
  if (uri === undefined) {
    doc = await vscode.workspace.openTextDocument({ content, language: languageId });
  } else {
    doc = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), content);
    if (!(await vscode.workspace.applyEdit(edit))) {
      doc = await vscode.workspace.openTextDocument({ content, language: languageId });
    } else if (doc.languageId !== languageId) {
      doc = await vscode.languages.setTextDocumentLanguage(doc, languageId);
    }
  }
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  return doc;
}

async function freeUntitledUri(source: vscode.Uri, language: string): Promise<vscode.Uri | undefined> {
  // A file source names its translation next to it (Save proposes that place); any other source
  // (an untitled or virtual document) gets a name without a folder, never a bare "Untitled-N".
  const onDisk = source.scheme === 'file';
  const dir = onDisk ? path.posix.dirname(source.path) : '/';
  const ext = path.posix.extname(source.path);
  const base = path.posix.basename(source.path, ext) || 'translation';
  // Tab names (and the Save prompt of Close All) show the file name only: keep it unique among open documents.
  const openNames = new Set(vscode.workspace.textDocuments.filter((d) => !d.isClosed).map((d) => path.posix.basename(d.uri.path)));
  for (let n = 1; n <= 50; n++) {
    const name = n === 1 ? `${base}.${language}${ext}` : `${base}.${language}-${n}${ext}`;
    const target = onDisk ? path.posix.join(dir, name) : `/${name}`;
    if (openNames.has(name) || (onDisk && (await exists(source.with({ path: target }))))) continue;
    return vscode.Uri.from({ scheme: 'untitled', path: target });
  }
  return undefined;
}
