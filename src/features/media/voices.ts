import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Voice } from '../../api/index.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import { consentChoice, consentDecline, CONSENT_VERSION, consentQuestion, consentStatement } from './consent.ts';
import type { MediaFeature } from './feature.ts';
import { AUDIO_VIDEO_EXTENSIONS } from './products.ts';
import { VoiceNode } from './tree.ts';

export interface AddVoiceResult {
  created: boolean;
  assetId?: string;
  status?: string;
  reason?: 'noFile' | 'noClient' | 'noConsent' | 'cancelled' | 'error';
  error?: string;
}

async function pickRecording(f: Pick<MediaFeature, 'prompter'>): Promise<vscode.Uri | undefined> {
  const picked = await f.prompter.openDialog('recording', {
    title: vscode.l10n.t('Doc Translate: Recording for the New Voice'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('Audio and video')]: AUDIO_VIDEO_EXTENSIONS.map((e) => e.slice(1)) },
  });
  return picked?.[0];
}

/**
 * Add Voice…: the rights statement of CONSENT_VERSION first, as a modal; only the explicit answer
 * "The recording is my own or validly authorised" goes on. Without it nothing is sent, not even
 * the recording. Then the recording is uploaded and the voice created with `consent: true`.
 */
export async function addVoice(f: Pick<MediaFeature, 'prompter' | 'store'>, ctx: RunContext, uri: unknown, rawArgs: unknown): Promise<AddVoiceResult> {
  // The voice's name is an option (the file's name by default), not an answer to a question.
  const given = typeof rawArgs === 'object' && rawArgs !== null ? (rawArgs as { name?: unknown }).name : undefined;
  const args = { name: typeof given === 'string' && given.trim() !== '' ? given.trim() : undefined };
  const file = uri instanceof vscode.Uri ? uri : await pickRecording(f);
  if (file === undefined) return { created: false, reason: 'noFile' };
  const client = await ctx.client();
  const name = path.basename(file.fsPath);
  // The refusal comes first: it is the dialog's default button, so Enter never consents.
  const consent = consentChoice();
  const answer = await f.prompter.choose(consentQuestion(name), { modal: true, detail: consentStatement() }, consentDecline(), consent);
  if (answer !== consent) return { created: false, reason: 'noConsent' };
  const voice = await withCancellableProgress(vscode.l10n.t('Doc Translate: creating a voice from {0}', name), async (signal) => {
    const doc = await client.uploadFile(file.fsPath, { signal });
    return client.media.voices.create({ document_id: doc.id, consent: true, consent_version: CONSENT_VERSION, name: args.name ?? name }, { signal });
  });
  f.store.upsertVoice(voice);
  void vscode.window.showInformationMessage(
    voice.status === 'pending_confirmation'
      ? vscode.l10n.t('Doc Translate: voice "{0}" is {1}: confirm it in the Media view.', voice.name ?? name, voice.status)
      : vscode.l10n.t('Doc Translate: voice "{0}" is {1}.', voice.name ?? name, voice.status ?? vscode.l10n.t('created')),
  );
  return { created: true, assetId: voice.asset_id, ...(voice.status ? { status: voice.status } : {}) };
}

function assetOf(arg: unknown): string | undefined {
  if (arg instanceof VoiceNode) return arg.voice.asset_id;
  if (typeof arg === 'object' && arg !== null && typeof (arg as { assetId?: unknown }).assetId === 'string') return (arg as { assetId: string }).assetId;
  return undefined;
}

export type VoiceAction = 'confirm' | 'reconcile' | 'revoke';

/** Confirm, Check Again (reconcile: re-checks the original operation, never a second voice) and Revoke (asks first). */
export async function voiceAction(
  f: Pick<MediaFeature, 'prompter' | 'store'>,
  ctx: RunContext,
  action: VoiceAction,
  arg: unknown,
): Promise<{ done: boolean; status?: string; reason?: string }> {
  const id = assetOf(arg);
  if (id === undefined) return { done: false, reason: 'noVoice' };
  if (action === 'revoke') {
    const label = arg instanceof VoiceNode ? String(arg.label) : id;
    const revoke = vscode.l10n.t('Revoke');
    const answer = await f.prompter.choose(
      vscode.l10n.t('Revoke the voice {0}? Speech synthesis can no longer use it, and this cannot be undone.', label),
      { modal: true },
      revoke,
    );
    if (answer !== revoke) return { done: false, reason: 'cancelled' };
  }
  const client = await ctx.client();
  const voice: Voice = await client.media.voices[action](id);
  f.store.upsertVoice(voice);
  return { done: true, ...(voice.status ? { status: voice.status } : {}) };
}

/** What an error message calls a voice action. */
export const voiceActionTitle = (action: VoiceAction): string =>
  action === 'reconcile' ? vscode.l10n.t('Check Again') : action === 'confirm' ? vscode.l10n.t('Confirm Voice') : vscode.l10n.t('Revoke Voice');
