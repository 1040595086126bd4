import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TranslationPairs } from './translationPairs.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';

/**
 * Show Translation Diff: the source beside its translation in a diff editor. Optional argument:
 * the Uri of either side; defaults to the active editor, then the latest translation.
 */
export function showTranslationDiffCommand(pairs: TranslationPairs): Command {
  return { id: CommandId.showTranslationDiff, run: (uri?: unknown) => showTranslationDiff(pairs, uri) };
}

async function showTranslationDiff(pairs: TranslationPairs, arg: unknown): Promise<boolean> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const pair = (uri !== undefined ? pairs.find(uri) : undefined) ?? pairs.latest();
  if (pair === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: translate a document first (Doc Translate: Translate Document).'));
    return false;
  }
  const title = vscode.l10n.t('{0} ↔ Translation', path.posix.basename(pair.source.path));
  await vscode.commands.executeCommand('vscode.diff', pair.source, pair.translation, title);
  return true;
}
