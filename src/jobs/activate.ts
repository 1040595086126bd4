import type * as vscode from 'vscode';
import { registerCommands } from '../commands/command.ts';
import { jobsCommands } from '../commands/jobs/index.ts';
import { translateFilesCommand } from '../commands/translateFiles.ts';
import type { Services } from '../services/container.ts';
import { JobsFeature } from './feature.ts';

/** File translation jobs: the feature and its commands, each disposable returned to the caller. */
export function activateJobs(services: Services): vscode.Disposable[] {
  const feature = new JobsFeature(services);
  return [feature, ...registerCommands([translateFilesCommand(feature), ...jobsCommands(feature)])];
}
