import type * as vscode from 'vscode';
import { registerCommands, type Command } from '../../platform/commands.ts';
import { Deferred } from '../../platform/deferred.ts';
import { withMilestone } from '../../platform/milestones.ts';
import type { Platform } from '../../platform/platform.ts';
import { CommandId, ContextKey } from '../../shared/ids.ts';
import type { TextPlatform } from './commands/index.ts';
import { TargetLanguageStatus } from './targetLanguageStatus.ts';
import { TranslationPairs } from './translationPairs.ts';

const COMMANDS = [CommandId.translateSelection, CommandId.translateDocument, CommandId.showTranslationDiff, CommandId.changeTargetLanguage] as const;

/**
 * Text translation: Translate Selection, Translate Document, Show Translation Diff, Change Target
 * Language and the target-language status item. Owns which tab translates which source. The
 * commands' code is its own bundle (./commands, dist/textTranslation-commands.js), loaded by the
 * first of them.
 */
export function activateTextTranslation(p: Platform): vscode.Disposable[] {
  const pairs = new TranslationPairs(p.contextKeys);
  const deps: TextPlatform = { clients: p.clients, settings: p.settings, logger: p.logger, balance: p.balance, recentLanguages: p.recentLanguages };
  const part = new Deferred(COMMANDS, async () => (await import('./commands/index.ts')).textTranslationPart(deps, pairs));
  const applied = (r: Record<string, unknown>): boolean => r['applied'] === true;
  const milestone = (c: Command): Command =>
    c.id === CommandId.translateSelection
      ? withMilestone(c, p.contextKeys, ContextKey.translatedSelection, applied)
      : c.id === CommandId.translateDocument
        ? withMilestone(c, p.contextKeys, ContextKey.translatedDocument, applied)
        : c;
  return [pairs, part, new TargetLanguageStatus(p.settings), ...registerCommands(part.commands().map(milestone))];
}
