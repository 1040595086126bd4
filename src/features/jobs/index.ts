import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { withMilestone } from '../../platform/milestones.ts';
import type { Platform } from '../../platform/platform.ts';
import { ContextKey } from '../../shared/ids.ts';
import { jobsCommands } from './commands/index.ts';
import { JobsFeature } from './feature.ts';
import { translateFilesCommand } from './translateFiles/command.ts';

/**
 * File translation jobs: Translate Files…, the Jobs view, live watchers, notifications, results
 * (artifact documents, downloads, saving) and the jobs status item.
 */
export function activateJobs(p: Platform): vscode.Disposable[] {
  const feature = new JobsFeature(p);
  return [feature, ...registerCommands([
    withMilestone(translateFilesCommand(feature, p), p.contextKeys, ContextKey.startedTranslateFiles, (r) => r['started'] === true && Array.isArray(r['jobs']) && r['jobs'].length > 0),
    ...jobsCommands(feature),
  ])];
}
