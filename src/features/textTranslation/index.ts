import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { withMilestone } from '../../platform/milestones.ts';
import type { Platform } from '../../platform/platform.ts';
import { ContextKey } from '../../shared/ids.ts';
import { targetLanguageCommands } from './targetLanguage.ts';
import { TargetLanguageStatus } from './targetLanguageStatus.ts';
import { translateDocumentCommand } from './translateDocument.ts';
import { translateSelectionCommand } from './translateSelection.ts';
import { showTranslationDiffCommand } from './translationDiff.ts';
import { TranslationPairs } from './translationPairs.ts';

/**
 * Text translation: Translate Selection, Translate Document, Show Translation Diff, Change Target
 * Language and the target-language status item. Owns which tab translates which source.
 */
export function activateTextTranslation(p: Platform): vscode.Disposable[] {
  const pairs = new TranslationPairs(p.contextKeys);
  return [
    pairs,
    new TargetLanguageStatus(p.settings),
    ...registerCommands([
      withMilestone(translateSelectionCommand(p), p.contextKeys, ContextKey.translatedSelection, (r) => r['applied'] === true),
      withMilestone(translateDocumentCommand({ ...p, pairs }), p.contextKeys, ContextKey.translatedDocument, (r) => r['applied'] === true),
      showTranslationDiffCommand(pairs),
      ...targetLanguageCommands(p),
    ]),
  ];
}
