// Translate Selection, Translate Document, Show Translation Diff and Change Target Language: their
// own bundle (dist/textTranslation-commands.js), loaded by the first of them that runs.
import type { Part } from '../../../platform/deferred.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { TextDeps } from '../support.ts';
import { targetLanguageCommands } from '../targetLanguage.ts';
import { translateDocumentCommand } from '../translateDocument.ts';
import { translateSelectionCommand } from '../translateSelection.ts';
import { showTranslationDiffCommand } from '../translationDiff.ts';
import type { TranslationPairs } from '../translationPairs.ts';

export type TextPlatform = TextDeps & Pick<Platform, 'recentLanguages'>;

export function textTranslationPart(p: TextPlatform, pairs: TranslationPairs): Part {
  return {
    commands: [translateSelectionCommand(p), translateDocumentCommand({ ...p, pairs }), showTranslationDiffCommand(pairs), ...targetLanguageCommands(p)],
    dispose: () => undefined,
  };
}
