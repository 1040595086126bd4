// The localization engine (src/localize, its own bundle dist/localizer.js) loaded on first use, and
// the file access the editor gives it: open editors' text instead of the disk, and writes that keep
// "the old content or the new, never a part" (a closed file: the engine's atomic rename; an open
// one: one WorkspaceEdit, undoable, then saved).
import * as vscode from 'vscode';
import type { LocalizeFs } from '../../localize/index.ts';
import { isInsideRealPath } from '../../platform/workspacePaths.ts';

export type Engine = typeof import('../../localize/index.ts');

/** The engine module, loaded on the first call (the module system keeps the one instance). */
export function loadEngine(): Promise<Engine> {
  return import('../../localize/index.ts');
}

function openDocument(file: string): vscode.TextDocument | undefined {
  const key = vscode.Uri.file(file).toString();
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === key);
}

/** Reads what the user sees: an open document's text (unsaved edits included), else the file. */
export function editorReadFs(engine: Engine): Pick<LocalizeFs, 'readText' | 'readBytes'> & { versions: Map<string, number> } {
  const versions = new Map<string, number>();
  const open = (file: string): vscode.TextDocument | undefined => {
    const doc = openDocument(file);
    if (doc !== undefined) versions.set(file, doc.version);
    return doc?.isDirty === true ? doc : undefined;
  };
  return {
    versions,
    readText: async (file) => {
      const doc = open(file);
      return doc !== undefined ? doc.getText() : engine.nodeFs.readText(file);
    },
    readBytes: async (file) => {
      const doc = open(file);
      return doc !== undefined ? Buffer.from(doc.getText(), 'utf8') : (engine.nodeFs.readBytes?.(file) ?? undefined);
    },
  };
}

/**
 * The engine's file access in the editor: reads as `editorReadFs`, writes only inside a workspace
 * folder (real paths), a closed file by temporary file and rename, an open one by one WorkspaceEdit
 * and a save. A document edited since the engine read it is not written (the update stops there
 * and the lock records what was written), so a keystroke typed during an update is never lost.
 */
export function editorFs(engine: Engine): Partial<LocalizeFs> {
  const read = editorReadFs(engine);
  return {
    readText: read.readText,
    readBytes: read.readBytes,
    writeText: async (file, text) => {
      const uri = vscode.Uri.file(file);
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (folder === undefined || !(await isInsideRealPath(folder.uri.fsPath, file))) {
        throw new Error(vscode.l10n.t('{0} is not inside a workspace folder; nothing was written there.', file));
      }
      const doc = openDocument(file);
      if (doc === undefined) return engine.atomicWrite(file, text);
      const seen = read.versions.get(file);
      if (seen !== undefined ? seen !== doc.version : doc.isDirty) {
        throw new Error(vscode.l10n.t('{0} was edited during the update; it was left as it is.', vscode.workspace.asRelativePath(uri)));
      }
      if (doc.getText() === text && !doc.isDirty) return;
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('the editor refused to change {0}', vscode.workspace.asRelativePath(uri)));
      if (!(await doc.save())) throw new Error(vscode.l10n.t('{0} could not be saved', vscode.workspace.asRelativePath(uri)));
    },
  };
}
