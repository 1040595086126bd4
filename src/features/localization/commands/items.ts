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

export type ItemDeps = Pick<Platform, 'prompter'> & { state: LocalizationState; pages: ConflictPages };

interface Picked {
  folder: string;
  status: TargetStatus;
}

/** The translation an argument names: a view row, `{ target }` (relative or absolute), a Uri, or the active editor; else the user picks. */
async function targetFrom(state: LocalizationState, arg: unknown, filter: (t: TargetStatus) => boolean, title: string): Promise<Picked | undefined> {
  const row = targetRow(arg);
  if (row !== undefined) return { folder: row.folder, status: row.target };
  await state.ready();
  const given = arg instanceof vscode.Uri ? arg.fsPath : typeof arg === 'object' && arg !== null && typeof (arg as { target?: unknown }).target === 'string' ? (arg as { target: string }).target : vscode.window.activeTextEditor?.document.uri.fsPath;
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
  return (await vscode.window.showQuickPick(items, { title }))?.x;
}

export function itemCommands(d: ItemDeps): Command[] {
  return [
    {
      id: CommandId.localizationOpenTranslation,
      run: async (arg?: unknown) => {
        const t = await targetFrom(d.state, arg, (s) => s.state !== 'missing', vscode.l10n.t('Doc Translate: open which translation?'));
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
        const t = await targetFrom(d.state, arg, (s) => s.state !== 'missing', vscode.l10n.t('Doc Translate: compare which translation with its source?'));
        if (t === undefined || t.status.state === 'missing') return false;
        const title = `${path.posix.basename(t.status.source)} ↔ ${languageName(t.status.lang, vscode.env.language)} (${t.status.target})`;
        await vscode.commands.executeCommand('vscode.diff', vscode.Uri.file(path.join(t.folder, t.status.source)), vscode.Uri.file(path.join(t.folder, t.status.target)), title);
        return true;
      },
    },
    { id: CommandId.localizationShowConflict, run: (arg?: unknown) => showConflict(d, arg) },
  ];
}


async function showConflict(d: ItemDeps, arg: unknown): Promise<{ resolved?: 'keep' | 'replace' | 'merge'; shown: boolean }> {
  const t = await targetFrom(d.state, arg, (s) => s.state === 'conflict', vscode.l10n.t('Doc Translate: show the conflict of which translation?'));
  if (t === undefined) return { shown: false };
  const first = t.status.conflicts[0];
  if (first === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} has no conflict ({1}).', t.status.target, t.status.state));
    return { shown: false };
  }
  let conflict: Conflict | undefined = d.state.knownConflict(t.folder, first.target, first.theirs);
  if (conflict === undefined) {
    // The new translation of the changed source is made by an update of this file (which leaves the hand edit in place).
    await vscode.commands.executeCommand(CommandId.localizationUpdate, { kind: 'target', folder: t.folder, target: t.status });
    conflict = d.state.knownConflict(t.folder, first.target, first.theirs);
    if (conflict === undefined) return { shown: false };
  }
  const engine = await loadEngine();
  const merged = engine.mergeConflict(conflict);
  const page = d.pages.set(`${t.status.target}#${conflict.block}`, conflictPage(conflict, merged));
  await vscode.window.showTextDocument(page, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  const KEEP = vscode.l10n.t('Keep Mine');
  const REPLACE = vscode.l10n.t('Use New Translation');
  const MERGE = vscode.l10n.t('Merge');
  const choices = [KEEP, ...(conflict.ours !== undefined ? [REPLACE] : []), ...(merged !== undefined ? [MERGE] : [])];
  const picked = await d.prompter.choose(vscode.l10n.t('Resolve the conflict in {0}?', t.status.target), { modal: true, detail: vscode.l10n.t('Keep Mine leaves your text and marks it as the translation of the new source. Use New Translation replaces your text with the new translation. Merge combines both word by word (the page beside shows each version).') }, ...choices);
  const resolution = picked === KEEP ? 'keep' : picked === REPLACE ? 'replace' : picked === MERGE ? 'merge' : undefined;
  if (resolution === undefined) return { shown: true };
  try {
    const config = await engine.loadConfig(t.folder);
    await engine.resolveConflict(config, conflict, resolution, editorFs(engine, config.folder));
    d.state.forgetConflict(t.folder, conflict);
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
    return { shown: true };
  } finally {
    await d.state.refreshNow();
  }
  return { shown: true, resolved: resolution };
}
