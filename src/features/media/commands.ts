import * as vscode from 'vscode';
import { defineCommand, type RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import { CommandId } from '../../shared/ids.ts';
import { settlementId } from './describe.ts';
import type { MediaFeature } from './feature.ts';
import { openDeliveredFile, saveNextToSource } from './files.ts';
import { mediaSnapshot } from './snapshot.ts';
import { startMedia, type StartResult } from './start.ts';
import { MediaJobNode } from './tree.ts';
import { addVoice, voiceAction, voiceActionTitle, type AddVoiceResult } from './voices.ts';

/** Explorer commands receive (clicked uri, selected uris); a third argument carries options (source language, maximum duration). */
const onFile = (f: MediaFeature, id: CommandId, products: Parameters<typeof startMedia>[3], verb: () => string): Command =>
  defineCommand<StartResult>(f, {
    id,
    operation: verb,
    failed: (why) =>
      'error' in why
        ? { started: false, reason: 'error', ...(why.error !== 'failed' ? { error: why.error } : {}) }
        : { started: false, reason: why.reason === 'cancelled' ? 'cancelled' : 'noClient' },
    run: (ctx, uri?: unknown, _uris?: unknown, args?: unknown) => startMedia(f, ctx, uri instanceof vscode.Uri ? uri : undefined, products, verb(), args),
  });

async function cancel(f: Pick<MediaFeature, 'store'>, ctx: RunContext, arg: unknown): Promise<{ cancelled: boolean; status?: string; error?: string }> {
  const id =
    arg instanceof MediaJobNode
      ? arg.job.operation_id
      : typeof (arg as { operationId?: unknown })?.operationId === 'string'
        ? (arg as { operationId: string }).operationId
        : undefined;
  if (id === undefined) return { cancelled: false };
  const client = await ctx.client();
  const job = await client.media.jobs.cancel(id);
  f.store.upsert(job);
  return { cancelled: true, status: job.status };
}

export function mediaCommands(f: MediaFeature): Command[] {
  return [
    onFile(f, CommandId.mediaTranscribe, ['asr'], () => vscode.l10n.t('Transcribe')),
    onFile(f, CommandId.mediaTranslateSubtitles, ['subtitle_translation'], () => vscode.l10n.t('Translate Subtitles')),
    onFile(f, CommandId.mediaProcessVideo, ['basic_video', 'full_video'], () => vscode.l10n.t('Process Video')),
    onFile(f, CommandId.mediaSynthesizeSpeech, ['tts'], () => vscode.l10n.t('Synthesize Speech')),
    // The view lists jobs and voices again on its next read.
    { id: CommandId.mediaRefresh, run: () => f.tree.reload() },
    defineCommand<Awaited<ReturnType<typeof cancel>>>(f, {
      id: CommandId.mediaCancel,
      operation: () => vscode.l10n.t('Cancel'),
      failed: (why) => ('error' in why && why.error !== 'failed' ? { cancelled: false, error: why.error } : { cancelled: false }),
      run: (ctx, arg) => cancel(f, ctx, arg),
    }),
    defineCommand<Awaited<ReturnType<typeof openDeliveredFile>>>(f, {
      id: CommandId.mediaOpenFile,
      operation: () => vscode.l10n.t('Opening the result'),
      failed: (why) => ('error' in why && why.error !== 'failed' ? { opened: false, error: why.error } : { opened: false }),
      run: (ctx, arg) => openDeliveredFile(f, ctx, arg),
    }),
    defineCommand<Awaited<ReturnType<typeof saveNextToSource>>>(f, {
      id: CommandId.mediaSaveNextToSource,
      operation: () => vscode.l10n.t('Saving the result'),
      failed: (why) => ({ saved: false, reason: 'error' in why ? 'error' : why.reason }),
      run: (ctx, arg) => saveNextToSource(f, ctx, arg),
    }),
    defineCommand<AddVoiceResult>(f, {
      id: CommandId.mediaAddVoice,
      operation: () => vscode.l10n.t('Add Voice'),
      failed: (why) =>
        'error' in why
          ? { created: false, reason: 'error', ...(why.error !== 'failed' ? { error: why.error } : {}) }
          : { created: false, reason: why.reason === 'cancelled' ? 'cancelled' : 'noClient' },
      run: (ctx, uri, _uris, args) => addVoice(f, ctx, uri, args),
    }),
    ...(['confirm', 'reconcile', 'revoke'] as const).map((action) =>
      defineCommand<Awaited<ReturnType<typeof voiceAction>>>(f, {
        id: action === 'confirm' ? CommandId.mediaConfirmVoice : action === 'reconcile' ? CommandId.mediaReconcileVoice : CommandId.mediaRevokeVoice,
        operation: () => voiceActionTitle(action),
        failed: (why) => ({
          done: false,
          reason: 'error' in why ? (why.error === 'failed' ? 'error' : why.error) : why.reason === 'cancelled' ? 'cancelled' : 'noClient',
        }),
        run: (ctx, arg) => voiceAction(f, ctx, action, arg),
      }),
    ),
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
