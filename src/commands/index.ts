import type { Services } from '../services/container.ts';
import { accountCommands } from './account.ts';
import { apiKeyCommands } from './apiKey.ts';
import type { Command } from './command.ts';
import { serviceUrlCommands } from './serviceUrl.ts';
import { targetLanguageCommands } from './targetLanguage.ts';
import { translateDocumentCommand } from './translateDocument.ts';
import { translateSelectionCommand } from './translateSelection.ts';
import { showTranslationDiffCommand } from './translationDiff.ts';

/** Commands of text translation and setup, grouped by feature. */
export function textTranslationCommands(s: Services): Command[] {
  return [
    ...apiKeyCommands(s),
    ...serviceUrlCommands(s),
    translateSelectionCommand(s),
    translateDocumentCommand(s),
    showTranslationDiffCommand(s),
    ...targetLanguageCommands(s),
    ...accountCommands(s),
  ];
}
