import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateClient, Voice } from '../../api/index.ts';
import { COMMON_LANGUAGES, languageName } from '../../platform/languages.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { errorCode, showError } from '../../platform/showError.ts';
import { ViewId } from '../../shared/ids.ts';
import { credits } from './describe.ts';
import { localDurationMs } from './duration.ts';
import type { MediaFeature } from './feature.ts';
import { formatDuration, needsTarget, offers, type ProductId, type ProductOffer } from './products.ts';

/** Answers the extension's own tests may pass instead of picking (only while shortcuts are enabled). */
export interface StartArgs {
  product?: ProductId;
  sourceLanguage?: string;
  targetLanguage?: string;
  voiceId?: string;
  maxDurationMs?: number;
}

export interface StartResult {
  started: boolean;
  operationId?: string;
  reason?: 'noFile' | 'noClient' | 'notOpen' | 'cancelled' | 'error';
  /** Closed products with their reasons, as the catalog said. */
  closed?: { product: string; reason: string }[];
  error?: string;
}

const START = 'Start';

async function pickProduct(open: ProductOffer[], closed: ProductOffer[], verb: string, wanted: ProductId | undefined): Promise<ProductOffer | undefined> {
  if (wanted !== undefined) return open.find((o) => o.product === wanted);
  if (open.length === 1 && closed.length === 0) return open[0];
  type Item = vscode.QuickPickItem & { offer?: ProductOffer };
  const items: Item[] = open.map((o) => ({ label: o.name, description: o.product, offer: o }));
  // Closed products are shown with their reason but cannot be chosen.
  for (const c of closed) items.push({ label: `${c.name}: not open (${c.reason ?? 'closed'})`, kind: vscode.QuickPickItemKind.Separator });
  return (await vscode.window.showQuickPick(items, { title: `Doc Translate: ${verb}`, placeHolder: 'What should the service do?' }))?.offer;
}

async function pickTarget(current: string): Promise<string | undefined> {
  const codes = [current, ...COMMON_LANGUAGES.filter((c) => c !== current)];
  const picked = await vscode.window.showQuickPick(
    codes.map((code) => ({ label: languageName(code, vscode.env.language), description: code === current ? `${code} · current` : code, code })),
    { title: 'Doc Translate: Target Language', matchOnDescription: true },
  );
  return picked?.code;
}

async function pickVoice(client: DocTranslateClient): Promise<string | null | undefined> {
  const voices = (await client.media.voices.list({ limit: 50 })).items.filter((v: Voice) => v.status === 'active');
  if (voices.length === 0) return null;
  const picked = await vscode.window.showQuickPick(
    [{ label: 'Default voice', id: null as string | null }, ...voices.map((v) => ({ label: v.name ?? v.asset_id, description: v.asset_id, id: v.asset_id as string | null }))],
    { title: 'Doc Translate: Voice' },
  );
  return picked === undefined ? undefined : picked.id;
}

const CHARGE_RULE = 'The service charges by the duration it measures, never more than your available balance when the job starts.';

/** The question's estimate line and its detail; the service's estimate is for display only. */
async function estimateText(client: DocTranslateClient, product: ProductId, durationMs: number | undefined): Promise<{ line: string; detail: string }> {
  if (durationMs === undefined) return { line: 'No estimate (the file does not give its length).', detail: CHARGE_RULE };
  const estimate = await client.media.estimate({ product, duration_ms: Math.max(1, durationMs) }).catch(() => undefined);
  const amount = estimate?.estimated_millicredits;
  const length = `Length: about ${formatDuration(durationMs)} (read from the file).`;
  if (typeof amount !== 'number') return { line: 'No estimate available.', detail: `${length}\n${CHARGE_RULE}` };
  return {
    line: `Estimated cost: about ${credits(amount)} (an estimate only).`,
    detail: `${length}\nThe estimate is the service's, for display only. ${CHARGE_RULE}`,
  };
}

/**
 * The one start flow of Transcribe, Translate Subtitles, Process Video and Synthesize Speech:
 * the catalog at run time (closed products are not offered, their reason is shown), the options,
 * the estimate labelled as such, a modal confirmation, then upload, create (one Idempotency-Key)
 * and follow the job in the Media view.
 */
export async function startMedia(f: MediaFeature, uri: vscode.Uri | undefined, candidates: readonly ProductId[], verb: string, rawArgs: unknown): Promise<StartResult> {
  const { p } = f;
  const args: StartArgs = p.shortcuts.enabled && typeof rawArgs === 'object' && rawArgs !== null ? (rawArgs as StartArgs) : {};
  const file = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (file === undefined || file.scheme !== 'file') {
    void vscode.window.showWarningMessage(`Doc Translate: ${verb} works on a file: right-click it in the Explorer.`);
    return { started: false, reason: 'noFile' };
  }
  const client = await requireClient(p.clients);
  if (client === undefined) return { started: false, reason: 'noClient' };
  const name = path.basename(file.fsPath);
  try {
    const all = offers(await client.media.catalog(), candidates);
    const open = all.filter((o) => o.open);
    const closed = all.filter((o) => !o.open).map((o) => ({ product: o.product, reason: o.reason ?? 'not open' }));
    if (open.length === 0) {
      void vscode.window.showWarningMessage(`Doc Translate: ${all.map((o) => `${o.name} is not open (${o.reason ?? 'closed'})`).join('; ')}.`);
      return { started: false, reason: 'notOpen', closed };
    }
    const offer = await pickProduct(open, all.filter((o) => !o.open), verb, args.product);
    if (offer === undefined) return { started: false, reason: args.product !== undefined ? 'notOpen' : 'cancelled', closed };
    let target: string | undefined;
    if (needsTarget(offer.product)) {
      target = args.targetLanguage ?? (await pickTarget(p.settings.targetLanguage));
      if (target === undefined) return { started: false, reason: 'cancelled' };
    }
    let voice: string | null | undefined = null;
    if (offer.product === 'tts' || offer.product === 'full_video') {
      voice = args.voiceId ?? (p.shortcuts.enabled && typeof rawArgs === 'object' ? null : await pickVoice(client));
      if (voice === undefined) return { started: false, reason: 'cancelled' };
    }
    const size = (await stat(file.fsPath)).size;
    const durationMs = await localDurationMs(file.fsPath, path.extname(name), size).catch(() => undefined);
    const estimate = await estimateText(client, offer.product, durationMs);
    const towards = target !== undefined ? ` into ${languageName(target)}` : '';
    const answer = await p.prompter.choose(`${verb} ${name}${towards} with ${offer.name}? ${estimate.line}`, { modal: true, detail: estimate.detail }, START);
    if (answer !== START) return { started: false, reason: 'cancelled' };
    const job = await withCancellableProgress(`Doc Translate: ${verb} ${name}`, async (signal) => {
      const doc = await client.uploadFile(file.fsPath, { signal });
      return client.media.jobs.create(
        {
          product: offer.product,
          document_id: doc.id,
          source_language: args.sourceLanguage ?? 'auto',
          ...(target !== undefined ? { target_language: target } : {}),
          ...(typeof voice === 'string' ? { voice_id: voice } : {}),
          ...(args.maxDurationMs !== undefined ? { max_duration_ms: args.maxDurationMs } : {}),
        },
        { signal },
      );
    });
    await f.store.remember(job.operation_id, { uri: file.toString(), ...(target !== undefined ? { targetLanguage: target } : {}) });
    f.store.upsert(job);
    f.follow(job);
    void vscode.commands.executeCommand(`${ViewId.media}.focus`);
    return { started: true, operationId: job.operation_id };
  } catch (err) {
    await showError(err, { operation: verb }, { availableMillicredits: async () => (await client.getBalance()).available });
    return { started: false, reason: 'error', ...(errorCode(err) !== undefined ? { error: errorCode(err)! } : {}) };
  }
}
