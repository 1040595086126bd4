import * as vscode from 'vscode';

export type ApplyResult = 'applied' | 'changed' | 'failed';

/**
 * Applies all edits as one WorkspaceEdit (one undo step), but only if the document is still at
 * the version the translation started from; ranges computed earlier would be wrong otherwise.
 */
export async function applyIfUnchanged(doc: vscode.TextDocument, version: number, edits: vscode.TextEdit[]): Promise<ApplyResult> {
  if (doc.isClosed || doc.version !== version) return 'changed';
  const edit = new vscode.WorkspaceEdit();
  edit.set(doc.uri, edits);
  return (await vscode.workspace.applyEdit(edit)) ? 'applied' : 'failed';
}
