// Whether a file is a source of a localized documentation folder (doc-translate.json in its folder or
// an ancestor, within its workspace folder, lists it as a source). There Translate Selection does
// not replace the source text by default: its translations live in other files. The engine
// (dist/localizer.js) is loaded only when such a set-up exists; read only in a trusted workspace.
import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';

async function setupFolder(file: string, root: string): Promise<string | undefined> {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (
      await stat(path.join(dir, 'doc-translate.json')).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return dir;
    const rel = path.relative(root, dir);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel) || path.dirname(dir) === dir) return undefined;
  }
}

export async function isLocalizedSource(uri: vscode.Uri): Promise<boolean> {
  if (uri.scheme !== 'file' || !vscode.workspace.isTrusted) return false;
  const ws = vscode.workspace.getWorkspaceFolder(uri);
  const folder = ws !== undefined ? await setupFolder(uri.fsPath, ws.uri.fsPath) : undefined;
  if (folder === undefined) return false;
  try {
    const engine = await import('../../localize/index.ts');
    const config = await engine.loadConfig(folder);
    const rel = path.relative(folder, uri.fsPath).split(path.sep).join('/');
    return (await engine.listSourceFiles(config, engine.localFs(folder))).pages.includes(rel);
  } catch {
    return false;
  }
}
