import type * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { mediaCommands } from './commands.ts';
import { MediaFeature } from './feature.ts';

/**
 * Audio and video: Transcribe…, Translate Subtitles…, Process Video…, Synthesize Speech… on files
 * in the Explorer, the Media view (jobs with their delivered files, and voices), Add Voice… with
 * the rights statement, and the voice actions.
 */
export function activateMedia(p: Platform): vscode.Disposable[] {
  const feature = new MediaFeature(p);
  return [feature, ...registerCommands(mediaCommands(feature))];
}
