import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Prompter } from './prompter.ts';
import { isInsideRealPath } from './workspacePaths.ts';

export type WriteOutcome =
  | { written: true; uri: vscode.Uri; how: 'created' | 'replaced' | 'unchanged' }
  | { written: false; uri: vscode.Uri; reason: 'outsideWorkspace' | 'folder' | 'kept' | 'failed'; message: string };

export interface WriteRequest {
  target: vscode.Uri;
  content: Uint8Array;
  /** Shown in questions, e.g. "the German translation of guide.md". */
  what: string;
  /** Opens the new content beside the current one (Compare); without it Compare is not offered. */
  compare?: (current: vscode.Uri) => Promise<void>;
}


/**
 * The one way the extension writes into the user's workspace. It never writes a folder, never
 * outside a workspace folder (real paths, so symlinks cannot lead out), never over a file that
 * differs without asking (Replace, Keep mine, Compare), and never leaves a partial file: a closed
 * file is written to a temporary file beside it and renamed over it; an open one is changed with
 * one WorkspaceEdit (one undo step, unsaved edits included) and saved.
 */
export class SafeWriter {
  constructor(private readonly prompter: Prompter) {}

  async write(req: WriteRequest): Promise<WriteOutcome> {
    const { target } = req;
    const refuse = (reason: 'outsideWorkspace' | 'folder' | 'kept' | 'failed', message: string): WriteOutcome => ({ written: false, uri: target, reason, message });
    const folder = vscode.workspace.getWorkspaceFolder(target);
    if (folder === undefined || target.scheme !== 'file') {
      return refuse('outsideWorkspace', vscode.l10n.t('{0} is not inside a workspace folder; nothing was written.', target.fsPath));
    }
    if (!(await isInsideRealPath(folder.uri.fsPath, target.fsPath))) {
      return refuse('outsideWorkspace', vscode.l10n.t('{0} leads outside the workspace folder (through .. or a symbolic link); nothing was written.', vscode.workspace.asRelativePath(target)));
    }
    const existing = await stat(target.fsPath).catch(() => undefined);
    if (existing?.isDirectory() === true) {
      return refuse('folder', vscode.l10n.t('{0} is a folder; a translation is never written over a folder.', vscode.workspace.asRelativePath(target)));
    }
    const open = vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === target.toString());
    const current = open !== undefined ? new TextEncoder().encode(open.getText()) : existing !== undefined ? await readFile(target.fsPath) : undefined;
    if (current !== undefined && Buffer.from(current).equals(Buffer.from(req.content))) {
      return { written: true, uri: target, how: 'unchanged' };
    }
    if (current !== undefined && !(await this.confirmReplace(req, open?.isDirty === true))) {
      return refuse('kept', vscode.l10n.t('{0} was kept as it is.', vscode.workspace.asRelativePath(target)));
    }
    try {
      if (open !== undefined) await replaceOpenDocument(open, req.content);
      else await writeAtomically(target.fsPath, req.content);
    } catch (err) {
      return refuse('failed', vscode.l10n.t('Writing {0} failed: {1}', vscode.workspace.asRelativePath(target), err instanceof Error ? err.message : String(err)));
    }
    return { written: true, uri: target, how: current === undefined ? 'created' : 'replaced' };
  }

  private async confirmReplace(req: WriteRequest, unsaved: boolean): Promise<boolean> {
    const name = vscode.workspace.asRelativePath(req.target);
    const message = unsaved
      ? vscode.l10n.t('{0} is open with unsaved changes. Replace it with {1}? (Undo in its editor brings your text back.)', name, req.what)
      : vscode.l10n.t('{0} already exists and differs from {1}. Replace it?', name, req.what);
    const REPLACE = vscode.l10n.t('Replace');
    const KEEP = vscode.l10n.t('Keep mine');
    const COMPARE = vscode.l10n.t('Compare');
    for (;;) {
      const choices = req.compare !== undefined ? [REPLACE, KEEP, COMPARE] : [REPLACE, KEEP];
      const picked = await this.prompter.choose(message, { modal: true }, ...choices);
      if (picked === COMPARE && req.compare !== undefined) {
        await req.compare(req.target);
        continue;
      }
      return picked === REPLACE;
    }
  }
}

/** Temporary file beside the target, then a rename over it: readers see the old or the new file, never a partial one. */
async function writeAtomically(file: string, content: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.doc-translate-tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** One WorkspaceEdit over the whole document (one undo step), then saved. */
async function replaceOpenDocument(doc: vscode.TextDocument, content: Uint8Array): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  edit.replace(doc.uri, whole, new TextDecoder().decode(content));
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('the editor refused the change'));
  if (!(await doc.save())) throw new Error(vscode.l10n.t('the document could not be saved'));
}
