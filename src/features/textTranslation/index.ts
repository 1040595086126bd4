import type { Services } from '../../platform/platform.ts';
import { accountCommands } from '../account/index.ts';
import { apiKeyCommands } from '../setup/apiKey.ts';
import type { Command } from '../../platform/commands.ts';
import { serviceUrlCommands } from '../setup/serviceUrl.ts';
import { targetLanguageCommands } from './targetLanguage.ts';
import { translateDocumentCommand } from './translateDocument.ts';
import { translateSelectionCommand } from './translateSelection.ts';
import { showTranslationDiffCommand } from './translationDiff.ts';

/**
 * Commands of text translation and setup, grouped by feature. To add a command: its id in
 * ids.ts, a contribution in package.json (title, category, `when`), a small module exporting a
 * `Command` (or a list) built from `Services`, and an entry here or in its feature's own list
 * that extension.ts registers.
 */
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
