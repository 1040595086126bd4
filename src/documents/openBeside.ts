import * as vscode from 'vscode';

/** Opens `content` in a new untitled editor beside the active one, in the given language. */
export async function openBeside(content: string, languageId: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument({ content, language: languageId });
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
  return doc;
}
