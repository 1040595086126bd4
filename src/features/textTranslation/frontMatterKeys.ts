// The front matter keys Translate Document and Translate Selection translate in a file: the
// defaults of the framework named by the nearest doc-translate.json's `layout` (in the file's
// folder or an ancestor, within its workspace folder), else the generic list, plus the
// `docTranslate.frontMatterKeys` setting. In an untrusted workspace doc-translate.json is not read.
import * as vscode from 'vscode';
import { frontMatterKeysFor } from '../../shared/frontMatter.ts';

const CONFIG_FILE = 'doc-translate.json';

/** The `layout` of the nearest doc-translate.json above `uri`, or undefined. */
export async function nearestLayout(uri: vscode.Uri): Promise<unknown> {
  if (!vscode.workspace.isTrusted) return undefined;
  const ws = vscode.workspace.getWorkspaceFolder(uri);
  if (ws === undefined) return undefined;
  for (let dir = vscode.Uri.joinPath(uri, '..'); ; dir = vscode.Uri.joinPath(dir, '..')) {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(dir, CONFIG_FILE));
    } catch {
      bytes = undefined;
    }
    if (bytes !== undefined) {
      try {
        return (JSON.parse(new TextDecoder().decode(bytes)) as { layout?: unknown } | null)?.layout;
      } catch {
        return undefined;
      }
    }
    if (dir.path.replace(/\/+$/, '') === ws.uri.path.replace(/\/+$/, '') || !dir.path.startsWith(ws.uri.path)) return undefined;
  }
}

/** The keys for the document at `uri` with the user's extra keys. */
export async function frontMatterKeysForDocument(uri: vscode.Uri, extra: readonly string[]): Promise<string[]> {
  return frontMatterKeysFor(await nearestLayout(uri), extra);
}
