// Whether a document's text lost characters to decoding: VS Code opened a file that is not valid
// UTF-8 as UTF-8 (or with a guess that failed) and shows the undecodable bytes as U+FFFD. Such a
// text is never sent, so no translation is made of it. Read only when the text holds U+FFFD.
import * as vscode from 'vscode';
import { decodeText } from '../../localize/encoding.ts';

export async function undecodedFile(uri: vscode.Uri, text: string): Promise<boolean> {
  if (!text.includes('\uFFFD') || uri.scheme === 'untitled') return false;
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(uri);
  } catch {
    return false;
  }
  try {
    // A file that decodes holds its U+FFFD for real.
    decodeText(bytes, uri.fsPath);
    return false;
  } catch {
    return true;
  }
}
