import * as vscode from 'vscode';

/** Whether anything (file or folder) exists at `uri`, through VS Code's file system API. */
export async function uriExists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
