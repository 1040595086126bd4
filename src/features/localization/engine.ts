// The localization engine (src/localize, its own bundle dist/localizer.js) loaded on first use, and
// the file access the editor gives it: open editors' text instead of the disk, and writes that keep
// "the old content or the new, never a part" (a closed file: the engine's atomic rename; an open
// one: one WorkspaceEdit, undoable, then saved).
import * as vscode from 'vscode';
import type { LocalizeFs } from '../../localize/index.ts';
import type { GuardedRoot } from '../../shared/guardedFs.ts';

export type Engine = typeof import('../../localize/index.ts');

/** The engine module, loaded on the first call (the module system keeps the one instance). */
export function loadEngine(): Promise<Engine> {
  return import('../../localize/index.ts');
}

function openDocument(file: string): vscode.TextDocument | undefined {
  const key = vscode.Uri.file(file).toString();
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === key);
}

/** Reads what the user sees: an open document's text (unsaved edits included), else the file; only inside the set-up's folder. */
export function editorReadFs(
  engine: Engine,
  folder: string,
): Pick<LocalizeFs, 'readText' | 'readBytes'> & { versions: Map<string, number>; root: GuardedRoot } {
  const { root } = engine.localFs(folder);
  const versions = new Map<string, number>();
  const open = async (file: string): Promise<vscode.TextDocument | undefined> => {
    await root.check(file);
    const doc = openDocument(file);
    if (doc !== undefined) versions.set(file, doc.version);
    return doc?.isDirty === true ? doc : undefined;
  };
  return {
    versions,
    root,
    readText: async (file) => {
      const doc = await open(file);
      return doc !== undefined ? doc.getText() : root.readText(file);
    },
    readBytes: async (file) => {
      const doc = await open(file);
      return doc !== undefined ? Buffer.from(doc.getText(), 'utf8') : root.readBytes(file);
    },
  };
}

/**
 * The engine's file access in the editor: reads as `editorReadFs`; writes only inside the set-up's
 * folder and a workspace folder (real paths): a closed file through the guarded layer (written
 * only if it is still what the engine read), an open one by one WorkspaceEdit and a save. A
 * document edited since the engine read it is not written (ChangedError: the update reports it
 * and goes on with the other files), so a keystroke typed during an update is never lost.
 */
export function editorFs(engine: Engine, folder: string): Partial<LocalizeFs> {
  const read = editorReadFs(engine, folder);
  const { root } = read;
  return {
    readText: read.readText,
    readBytes: read.readBytes,
    writeText: async (file, text, expect, encoding) => {
      const uri = vscode.Uri.file(file);
      const ws = vscode.workspace.getWorkspaceFolder(uri);
      if (ws === undefined || !(await (await engine.GuardedRoot.open(ws.uri.fsPath)).contains(file))) {
        throw new Error(vscode.l10n.t('{0} is not inside a workspace folder; nothing was written there.', file));
      }
      await root.check(file);
      const doc = openDocument(file);
      // A closed file is written in its source's encoding (UTF-16 stays UTF-16); an open one is saved by the editor in the encoding it was read in.
      if (doc === undefined)
        return void (await root.write(file, encoding === undefined ? text : engine.encodeText(text, encoding), engine.decodedExpect(expect, encoding, file)));
      const seen = read.versions.get(file);
      const relative = vscode.workspace.asRelativePath(uri);
      if (seen !== undefined ? seen !== doc.version : doc.isDirty) throw new engine.ChangedError(relative, 'changed');
      if (
        (expect.kind === 'asRead' || expect.kind === 'content') &&
        expect.content !== undefined &&
        seen === undefined &&
        doc.getText() !== String(expect.content)
      ) {
        throw new engine.ChangedError(relative, 'changed');
      }
      if (doc.getText() === text && !doc.isDirty) return;
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('the editor refused to change {0}', relative));
      if (!(await doc.save())) throw new Error(vscode.l10n.t('{0} could not be saved', relative));
    },
  };
}
