import * as vscode from 'vscode';
import { registerCommands } from '../../platform/commands.ts';
import { Deferred } from '../../platform/deferred.ts';
import type { Platform } from '../../platform/platform.ts';
import { servicesOf } from '../../platform/services.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import type { MediaPlatform } from './feature.ts';
import { applyMediaMenus } from './menus.ts';

const COMMANDS = [
  CommandId.mediaTranscribe,
  CommandId.mediaTranslateSubtitles,
  CommandId.mediaProcessVideo,
  CommandId.mediaSynthesizeSpeech,
  CommandId.mediaRefresh,
  CommandId.mediaCancel,
  CommandId.mediaOpenFile,
  CommandId.mediaSaveNextToSource,
  CommandId.mediaAddVoice,
  CommandId.mediaConfirmVoice,
  CommandId.mediaReconcileVoice,
  CommandId.mediaRevokeVoice,
  CommandId.mediaShowReceipt,
  // What the extension's tests read of the views: in development and test builds only, never in the package.
  ...(process.env.NODE_ENV !== 'production' ? [CommandId.mediaSnapshot] : []),
] as const;

/**
 * Audio and video: Transcribe…, Translate Subtitles…, Process Video…, Synthesize Speech… on files
 * in the Explorer, the Media view (jobs with their delivered files, and voices), Add Voice… with
 * the rights statement, and the voice actions. Their code is its own bundle (./ui,
 * dist/media-ui.js), loaded when the view first shows or a command first runs.
 */
export function activateMedia(p: Platform): vscode.Disposable[] {
  const deps: MediaPlatform = servicesOf(p, 'context', 'clients', 'settings', 'logger', 'prompter', 'writer', 'downloads', 'balance', 'contextKeys');
  // The Explorer menus before the catalog is read (today's lists); the part updates them from the catalog.
  applyMediaMenus(p.contextKeys, undefined);
  const part = new Deferred(COMMANDS, async () => (await import('./ui/index.ts')).mediaPart(deps));
  const tree = part.tree((m) => m.tree);
  return [part, tree, vscode.window.createTreeView(ViewId.media, { treeDataProvider: tree, showCollapseAll: false }), ...registerCommands(part.commands())];
}
