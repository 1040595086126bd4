import * as vscode from 'vscode';
import type { Command } from '../../platform/commands.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { errorCode, showError } from '../../platform/showError.ts';
import { CommandId } from '../../shared/ids.ts';
import { settlementId } from './describe.ts';
import type { MediaFeature } from './feature.ts';
import { openDeliveredFile, saveNextToSource } from './files.ts';
import { mediaSnapshot } from './snapshot.ts';
import { startMedia } from './start.ts';
import { MediaJobNode } from './tree.ts';
import { addVoice, voiceAction } from './voices.ts';

/** Explorer commands receive (clicked uri, selected uris); tests add their answers as a third argument. */
const onFile = (f: MediaFeature, products: Parameters<typeof startMedia>[2], verb: string) => (uri?: unknown, _uris?: unknown, args?: unknown) =>
  startMedia(f, uri instanceof vscode.Uri ? uri : undefined, products, verb, args);

async function cancel(f: MediaFeature, arg: unknown): Promise<{ cancelled: boolean; status?: string; error?: string }> {
  const id =
    arg instanceof MediaJobNode
      ? arg.job.operation_id
      : typeof (arg as { operationId?: unknown })?.operationId === 'string'
        ? (arg as { operationId: string }).operationId
        : undefined;
  if (id === undefined) return { cancelled: false };
  const client = await requireClient(f.p.clients);
  if (client === undefined) return { cancelled: false };
  try {
    const job = await client.media.jobs.cancel(id);
    f.store.upsert(job);
    return { cancelled: true, status: job.status };
  } catch (err) {
    await showError(err, { operation: vscode.l10n.t('Cancel') });
    return { cancelled: false, ...(errorCode(err) !== undefined ? { error: errorCode(err)! } : {}) };
  }
}

export function mediaCommands(f: MediaFeature): Command[] {
  return [
    { id: CommandId.mediaTranscribe, run: onFile(f, ['asr'], vscode.l10n.t('Transcribe')) },
    { id: CommandId.mediaTranslateSubtitles, run: onFile(f, ['subtitle_translation'], vscode.l10n.t('Translate Subtitles')) },
    { id: CommandId.mediaProcessVideo, run: onFile(f, ['basic_video', 'full_video'], vscode.l10n.t('Process Video')) },
    { id: CommandId.mediaSynthesizeSpeech, run: onFile(f, ['tts'], vscode.l10n.t('Synthesize Speech')) },
    // The view lists jobs and voices again on its next read.
    { id: CommandId.mediaRefresh, run: () => f.tree.reload() },
    { id: CommandId.mediaCancel, run: (arg?: unknown) => cancel(f, arg) },
    { id: CommandId.mediaOpenFile, run: (arg?: unknown) => openDeliveredFile(f, arg) },
    { id: CommandId.mediaSaveNextToSource, run: (arg?: unknown) => saveNextToSource(f, arg) },
    { id: CommandId.mediaAddVoice, run: (uri?: unknown, _uris?: unknown, args?: unknown) => addVoice(f, uri, args) },
    { id: CommandId.mediaConfirmVoice, run: (arg?: unknown) => voiceAction(f, 'confirm', arg) },
    { id: CommandId.mediaReconcileVoice, run: (arg?: unknown) => voiceAction(f, 'reconcile', arg) },
    { id: CommandId.mediaRevokeVoice, run: (arg?: unknown) => voiceAction(f, 'revoke', arg) },
    {
      id: CommandId.mediaShowReceipt,
      // The Account feature owns receipts; features meet through command ids.
      run: (arg?: unknown) => {
        const job =
          arg instanceof MediaJobNode
            ? arg.job
            : typeof (arg as { operationId?: unknown })?.operationId === 'string'
              ? f.store.job((arg as { operationId: string }).operationId)
              : undefined;
        const id = job !== undefined ? settlementId(job) : undefined;
        return id === undefined ? undefined : vscode.commands.executeCommand<string | undefined>(CommandId.accountOpenReceipt, id);
      },
    },
    ...(process.env.NODE_ENV !== 'production' ? [{ id: CommandId.mediaSnapshot, run: () => mediaSnapshot(f) }] : []),
  ];
}
