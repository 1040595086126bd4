import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { Expect, GuardedRoot } from '../shared/guardedFs.ts';
import { loadApi } from './api.ts';
import type { Prompter } from './prompter.ts';

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

/** A file the service delivered, downloaded into the extension's storage, to be saved into the workspace. */
export interface DeliveredSave {
  target: vscode.Uri;
  /** The downloaded file (the download cache, never the workspace). */
  local: string;
  /** Shown in questions, e.g. "the translation (guide.de.md)". */
  what: string;
  /** Text results: Compare opens the current file beside `right` (the delivered text) under `title`; without it Compare is not offered. */
  compare?: { right: vscode.Uri; title: string };
  /** How a refusal other than the person keeping their file is shown. */
  failure: 'warning' | 'error';
}

/**
 * The one way the extension writes into the user's workspace, on the guarded file layer
 * (src/shared/guardedFs.ts) rooted at the workspace folder. It never writes a folder, never
 * outside the workspace folder (real paths, so symlinks cannot lead out, checked again at the
 * rename), never over a file that differs without asking (Replace, Keep mine, Compare), never over
 * a file that changed after that decision (it asks again), and never leaves a partial file: a
 * closed file is written to a random, exclusively created temporary file beside it and renamed
 * over it; an open one is changed with one WorkspaceEdit (one undo step, unsaved edits included)
 * and saved.
 */
export class SafeWriter {
  constructor(private readonly prompter: Prompter) {}

  async write(req: WriteRequest): Promise<WriteOutcome> {
    const { target } = req;
    const refuse = (reason: 'outsideWorkspace' | 'folder' | 'kept' | 'failed', message: string): WriteOutcome => ({
      written: false,
      uri: target,
      reason,
      message,
    });
    const folder = vscode.workspace.getWorkspaceFolder(target);
    if (folder === undefined || target.scheme !== 'file') {
      return refuse('outsideWorkspace', vscode.l10n.t('{0} is not inside a workspace folder; nothing was written.', target.fsPath));
    }
    const name = vscode.workspace.asRelativePath(target);
    const outside = (): WriteOutcome =>
      refuse('outsideWorkspace', vscode.l10n.t('{0} leads outside the workspace folder (through .. or a symbolic link); nothing was written.', name));
    const notAFile = (): WriteOutcome => refuse('folder', vscode.l10n.t('{0} is a folder or a symbolic link; a file is never written over it.', name));
    // The guarded layer comes with the client bundle, loaded on first use (activation stays small).
    const { ChangedError, GuardedRoot, NotAFileError, OutsideRootError } = await loadApi();
    let root: GuardedRoot;
    try {
      root = await GuardedRoot.open(folder.uri.fsPath);
      await root.check(target.fsPath);
    } catch (err) {
      if (err instanceof OutsideRootError) return outside();
      return refuse('failed', vscode.l10n.t('Writing {0} failed: {1}', name, err instanceof Error ? err.message : String(err)));
    }
    for (let attempt = 0; ; attempt++) {
      const open = vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.toString() === target.toString());
      const version = open?.version ?? 0;
      let onDisk: Buffer | undefined;
      try {
        onDisk = await root.readBytes(target.fsPath);
      } catch (err) {
        if (err instanceof NotAFileError) return notAFile();
        if (err instanceof OutsideRootError) return outside();
        throw err;
      }
      const current = open !== undefined ? new TextEncoder().encode(open.getText()) : onDisk;
      if (current !== undefined && Buffer.from(current).equals(Buffer.from(req.content))) {
        return { written: true, uri: target, how: 'unchanged' };
      }
      if (current !== undefined && !(await this.confirmReplace(req, open?.isDirty === true))) {
        return refuse('kept', vscode.l10n.t('{0} was kept as it is.', name));
      }
      // The decision was made on `onDisk` (or the open document): it is checked again at the rename.
      const expect: Expect = { kind: 'asRead', content: onDisk };
      try {
        if (open !== undefined) {
          if (open.version !== version || open.isClosed) throw new ChangedError(name, 'changed');
          await replaceOpenDocument(open, req.content);
        } else await root.write(target.fsPath, req.content, expect);
      } catch (err) {
        if (err instanceof ChangedError && attempt < 2) continue;
        if (err instanceof ChangedError) return refuse('kept', vscode.l10n.t('{0} kept changing while it was being written; it was kept as it is.', name));
        if (err instanceof OutsideRootError) return outside();
        if (err instanceof NotAFileError) return notAFile();
        return refuse('failed', vscode.l10n.t('Writing {0} failed: {1}', name, err instanceof Error ? err.message : String(err)));
      }
      return { written: true, uri: target, how: current === undefined ? 'created' : 'replaced' };
    }
  }

  /**
   * Saves a delivered file (a translation, a media result, a tool's output) at `target`, usually
   * next to its source: written as `write` writes (asking Replace, Keep mine or Compare before
   * replacing a differing file); a refusal other than Keep mine is shown as a message.
   */
  async saveDelivered(file: DeliveredSave): Promise<WriteOutcome> {
    const { compare } = file;
    const outcome = await this.write({
      target: file.target,
      content: await readFile(file.local),
      what: file.what,
      compare: compare && (async (current) => void (await vscode.commands.executeCommand('vscode.diff', current, compare.right, compare.title))),
    });
    if (!outcome.written && outcome.reason !== 'kept') {
      const message = vscode.l10n.t('Doc Translate: {0}', outcome.message);
      void (file.failure === 'warning' ? vscode.window.showWarningMessage(message) : vscode.window.showErrorMessage(message));
    }
    return outcome;
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

/** One WorkspaceEdit over the whole document (one undo step), then saved. */
async function replaceOpenDocument(doc: vscode.TextDocument, content: Uint8Array): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  edit.replace(doc.uri, whole, new TextDecoder().decode(content));
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('the editor refused the change'));
  if (!(await doc.save())) throw new Error(vscode.l10n.t('the document could not be saved'));
}
