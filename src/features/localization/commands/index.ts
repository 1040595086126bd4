// The Localization commands, bundled apart (dist/localization-commands.js) and loaded by the first
// command that runs, so activation carries only the view, the badges and the status item.
import type { Command } from '../../../platform/commands.ts';
import { addLanguageCommand, type AddLanguageDeps } from './addLanguage.ts';
import { adoptCommand, type AdoptDeps } from './adopt.ts';
import { copyCiWorkflowCommand } from './copyCiWorkflow.ts';
import { itemCommands, type ItemDeps } from './items.ts';
import { checkLinksCommand, type LinkDeps } from './checkLinks.ts';
import { markReviewedCommand, type ReviewDeps } from './review.ts';
import { setupCommand, type SetupDeps } from './setup.ts';
import { updateCommands, type UpdateDeps } from './update.ts';

export type CommandDeps = SetupDeps & UpdateDeps & ItemDeps & AdoptDeps & AddLanguageDeps & ReviewDeps & LinkDeps;

export function localizationCommands(d: CommandDeps): Command[] {
  return [
    setupCommand(d),
    ...updateCommands(d),
    ...itemCommands(d),
    adoptCommand(d),
    addLanguageCommand(d),
    copyCiWorkflowCommand(d),
    markReviewedCommand(d),
    checkLinksCommand(d),
  ];
}
