import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { jobsCommands } from './commands/index.ts';
import { translateFilesCommand } from './translateFiles/command.ts';
import type { Services } from '../../platform/platform.ts';
import { JobsFeature } from './feature.ts';

/** File translation jobs: the feature and its commands, each disposable returned to the caller. */
export function activateJobs(services: Services): vscode.Disposable[] {
  const feature = new JobsFeature(services);
  return [feature, ...registerCommands([translateFilesCommand(feature), ...jobsCommands(feature)])];
}
