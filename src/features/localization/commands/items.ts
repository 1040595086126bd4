// Actions on one translation: Open Translation, Diff with Source, Show Conflict (the three versions
// in a read-only page, then keep, replace or merge).
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Conflict, TargetStatus } from '../../../localize/index.ts';
import type { Command } from '../../../platform/commands.ts';
import { languageName } from '../../../platform/languages.ts';
import type { Platform } from '../../../platform/platform.ts';
import { CommandId } from '../../../shared/ids.ts';
import { conflictPage } from '../conflictText.ts';
import { editorFs, loadEngine } from '../engine.ts';
import { relativeInside } from '../model.ts';
import type { LocalizationState } from '../state.ts';
import type { ConflictPages } from '../conflictPages.ts';
import { targetRow } from './scope.ts';

export type ItemDeps = Pick<Platform, 'prompter' | 'logger'> & { state: LocalizationState; pages: ConflictPages };

interface Picked {
  folder: string;
  status: TargetStatus;
}

/** The translation an argument names: a view row, `{ target }` (relative or absolute), a Uri, or the active editor; else the user picks. */
async function targetFrom(d: ItemDeps, arg: unknown, filter: (t: TargetStatus) => boolean, title: string): Promise<Picked | undefined> {
  const state = d.state;
  const row = targetRow(arg);
  if (row !== undefined) return { folder: row.folder, status: row.target };
  await state.ready();
  const given =
    arg instanceof vscode.Uri
      ? arg.fsPath
      : typeof arg === 'object' && arg !== null && typeof (arg as { target?: unknown }).target === 'string'
        ? (arg as { target: string }).target
        : vscode.window.activeTextEditor?.document.uri.fsPath;
  const all = state.all().flatMap((s) => (s.report?.targets ?? []).map((t) => ({ folder: s.folder, status: t })));
  if (given !== undefined) {
    const found = all.find((x) => x.status.target === given || relativeInside(x.folder, given) === x.status.target);
    if (found !== undefined) return found;
  }
  const items = all.filter((x) => filter(x.status)).map((x) => ({ label: x.status.target, description: `${x.status.lang}: ${x.status.state}`, x }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: there is no matching translation.'));
    return undefined;
  }
  if (items.length === 1) return items[0]!.x;
  return (await d.prompter.pick('translation', items, { title }))?.x;
}

export function itemCommands(d: ItemDeps): Command[] {
  return [
    {
      id: CommandId.localizationOpenTranslation,
      run: async (arg?: unknown) => {
        const t = await targetFrom(d, arg, (s) => s.state !== 'missing', vscode.l10n.t('Doc Translate: open which translation?'));
        if (t === undefined) return undefined;
        if (t.status.state === 'missing') {
          void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} is not written yet: Update Translations writes it.', t.status.target));
          return undefined;
        }
        const editor = await vscode.window.showTextDocument(vscode.Uri.file(path.join(t.folder, t.status.target)), { preview: true });
        return editor.document.uri;
      },
    },
    {
      id: CommandId.localizationDiffWithSource,
      run: async (arg?: unknown) => {
        const t = await targetFrom(d, arg, (s) => s.state !== 'missing', vscode.l10n.t('Doc Translate: compare which translation with its source?'));
        if (t === undefined || t.status.state === 'missing') return false;
        const title = `${path.posix.basename(t.status.source)} ↔ ${languageName(t.status.lang, vscode.env.language)} (${t.status.target})`;
        await vscode.commands.executeCommand(
          'vscode.diff',
          vscode.Uri.file(path.join(t.folder, t.status.source)),
          vscode.Uri.file(path.join(t.folder, t.status.target)),
          title,
        );
        return true;
      },
    },
    { id: CommandId.localizationShowConflict, run: (arg?: unknown) => showConflict(d, arg) },
  ];
}

export interface ShowConflictResult {
  resolved?: 'keep' | 'replace' | 'merge' | 'edited';
  shown: boolean;
  /** Where the conflict was shown: the merge editor, the page of its versions, or the file (markers). */
  in?: 'mergeEditor' | 'page' | 'file';
}

async function showConflict(d: ItemDeps, arg: unknown): Promise<ShowConflictResult> {
  const t = await targetFrom(d, arg, (s) => s.state === 'conflict', vscode.l10n.t('Doc Translate: show the conflict of which translation?'));
  if (t === undefined) return { shown: false };
  const first = t.status.conflicts[0];
  if (first === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} has no conflict ({1}).', t.status.target, t.status.state));
    return { shown: false };
  }
  if (first.reason === 'markers') return showMarkers(t.folder, t.status.target);
  let conflict: Conflict | undefined = d.state.knownConflict(t.folder, first.target, first.theirs);
  if (conflict === undefined) {
    // The new translation of the changed source is made by an update of this file (which leaves the hand edit in place).
    await vscode.commands.executeCommand(CommandId.localizationUpdate, { kind: 'target', folder: t.folder, target: t.status });
    conflict = d.state.knownConflict(t.folder, first.target, first.theirs);
    if (conflict === undefined) return { shown: false };
  }
  const engine = await loadEngine();
  const merged = engine.mergeConflict(conflict);
  // A paragraph with a new translation: VS Code's merge editor (yours, the new translation, the file as the result).
  const where = conflict.block >= 0 && conflict.ours !== undefined && (await openMergeEditor(d, t.folder, conflict)) ? 'mergeEditor' : 'page';
  if (where === 'page') {
    const page = d.pages.set(`${t.status.target}#${conflict.block}`, conflictPage(conflict, merged));
    await vscode.window.showTextDocument(page, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }
  const KEEP = vscode.l10n.t('Keep Mine');
  const REPLACE = vscode.l10n.t('Use New Translation');
  const MERGE = vscode.l10n.t('Merge');
  // Only a clean word-by-word merge is applied directly; one where both sides changed the same words is made in the merge editor.
  const choices = [KEEP, ...(conflict.ours !== undefined ? [REPLACE] : []), ...(merged?.clean === true ? [MERGE] : [])];
  const detail =
    where === 'mergeEditor'
      ? vscode.l10n.t(
          'In the merge editor, take changes from yours or from the new translation (or edit the result), then save the file: the result is recorded as the translation. Or: Keep Mine leaves your text, Use New Translation replaces it.',
        )
      : vscode.l10n.t(
          'Keep Mine leaves your text and marks it as the translation of the new source. Use New Translation replaces your text with the new translation. Merge combines both word by word (the page beside shows each version).',
        );
  const picked = await d.prompter.choose(vscode.l10n.t('Resolve the conflict in {0}?', t.status.target), { detail }, ...choices);
  const resolution = picked === KEEP ? 'keep' : picked === REPLACE ? 'replace' : picked === MERGE ? 'merge' : undefined;
  if (resolution === undefined) return { shown: true, in: where };
  sessions.get(vscode.Uri.file(path.join(t.folder, conflict.target)).toString())?.end();
  try {
    const config = await engine.loadConfig(t.folder);
    await engine.resolveConflict(config, conflict, resolution, editorFs(engine, config.folder));
    d.state.forgetConflict(t.folder, conflict);
    await closeMergeEditors(vscode.Uri.file(path.join(t.folder, conflict.target)));
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
    return { shown: true, in: where };
  } finally {
    await d.state.refreshNow();
  }
  return { shown: true, resolved: resolution, in: where };
}

/** Conflict markers in the file: it opens at the first one; the person editing decides (nothing is written). */
async function showMarkers(folder: string, target: string): Promise<ShowConflictResult> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path.join(folder, target)));
  const line = Math.max(
    0,
    doc
      .getText()
      .split(/\r?\n/)
      .findIndex((l) => l.includes('<<<<<<<')),
  );
  const at = new vscode.Range(line, 0, line, 0);
  await vscode.window.showTextDocument(doc, { preview: false, selection: at });
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Doc Translate: {0} holds conflict markers (<<<<<<<, =======, >>>>>>>) left by a merge. Keep one version of each passage, delete the markers and save: the Localization view follows.',
      target,
    ),
  );
  return { shown: true, in: 'file' };
}

/** Merge editors waiting for their result to be saved, by the translation's URI. */
const sessions = new Map<string, { end: () => void }>();

/**
 * Opens VS Code's merge editor on one conflicting paragraph: base (the translation as last written,
 * or empty), input 1 yours (the file as it stands), input 2 the file with the new translation of
 * that paragraph, and the translation file as the result. Saving the file records the paragraph
 * as it then stands as the translation of the new source; the extension itself writes nothing
 * here, so no conflict marker ever reaches the file. False when the editor could not be opened.
 */
async function openMergeEditor(d: ItemDeps, folder: string, conflict: Conflict): Promise<boolean> {
  const uri = vscode.Uri.file(path.join(folder, conflict.target));
  const doc = await vscode.workspace.openTextDocument(uri);
  const before = doc.getText();
  const at = before.indexOf(conflict.theirs);
  if (doc.isDirty || at < 0 || before.indexOf(conflict.theirs, at + 1) >= 0 || conflict.ours === undefined) return false;
  const prefix = before.slice(0, at);
  const suffix = before.slice(at + conflict.theirs.length);
  const key = `${conflict.target}#${conflict.block}`;
  const base = d.pages.set(`${key}.base`, conflict.base !== undefined ? prefix + conflict.base + suffix : '');
  const yours = d.pages.set(`${key}.yours`, before);
  const fresh = d.pages.set(`${key}.new`, prefix + conflict.ours + suffix);
  sessions.get(uri.toString())?.end();
  const subs: vscode.Disposable[] = [];
  const end = (): void => {
    for (const s of subs.splice(0)) s.dispose();
    if (sessions.get(uri.toString())?.end === end) sessions.delete(uri.toString());
  };
  sessions.set(uri.toString(), { end });
  subs.push(
    vscode.workspace.onDidSaveTextDocument((saved) => {
      if (saved.uri.toString() !== uri.toString()) return;
      const text = saved.getText();
      if (text === before) return;
      end();
      void recordMerge(d, folder, conflict, text, prefix, suffix);
    }),
    vscode.window.tabGroups.onDidChangeTabs((e) => {
      if (e.closed.some((tab) => mergeResult(tab) === uri.toString())) end();
    }),
  );
  try {
    await vscode.commands.executeCommand('_open.mergeEditor', {
      base,
      input1: { uri: yours, title: vscode.l10n.t('Yours'), description: conflict.target },
      input2: { uri: fresh, title: vscode.l10n.t('New translation'), description: conflict.target },
      output: uri,
    });
    return true;
  } catch (err) {
    end();
    d.logger.warn(`Show Conflict: the merge editor could not be opened (${err instanceof Error ? err.message : String(err)}); showing the versions instead.`);
    return false;
  }
}

/** The saved merge result: the paragraph between the unchanged text around it becomes the translation of the new source. */
async function recordMerge(d: ItemDeps, folder: string, conflict: Conflict, text: string, prefix: string, suffix: string): Promise<void> {
  const engine = await loadEngine();
  try {
    if (text.length < prefix.length + suffix.length || !text.startsWith(prefix) || !text.endsWith(suffix)) {
      throw new Error(
        vscode.l10n.t(
          '{0} was changed outside the conflicting paragraph, so the merge was not recorded; the Localization view shows its state.',
          conflict.target,
        ),
      );
    }
    const block = text.slice(prefix.length, text.length - suffix.length);
    if (/<{7}[^]*?={7}[^]*?>{7}/.test(block)) throw new Error(vscode.l10n.t('{0} still holds conflict markers: the merge was not recorded.', conflict.target));
    const config = await engine.loadConfig(folder);
    await engine.resolveConflict(config, { ...conflict, theirs: block }, { text: block }, editorFs(engine, config.folder));
    d.state.forgetConflict(folder, conflict);
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: the merged paragraph of {0} is recorded as its translation.', conflict.target));
  } catch (err) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
  } finally {
    await d.state.refreshNow();
  }
}

/** The result file of a merge editor tab (TabInputTextMerge; read by shape, the typings in use predate it). */
export function mergeResult(tab: vscode.Tab): string | undefined {
  const input = tab.input as { base?: unknown; input1?: unknown; result?: unknown } | undefined;
  return input?.base instanceof vscode.Uri && input.input1 instanceof vscode.Uri && input.result instanceof vscode.Uri ? input.result.toString() : undefined;
}

async function closeMergeEditors(uri: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((tab) => mergeResult(tab) === uri.toString());
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
}
