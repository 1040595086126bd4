import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DocTranslateClient, Voice } from '../../api/index.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import { COMMON_LANGUAGES, languageName } from '../../platform/languages.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import { ViewId } from '../../shared/ids.ts';
import { credits } from './describe.ts';
import { localDurationMs } from './duration.ts';
import type { MediaFeature } from './feature.ts';
import type { Prompter } from '../../platform/prompter.ts';
import { applyMediaMenus } from './menus.ts';
import { formatDuration, needsTarget, offers, type ProductId, type ProductOffer } from './products.ts';

/** Options a caller may pass (they answer no question: the product, language and voice are always asked). */
export interface StartArgs {
  sourceLanguage?: string;
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

async function pickProduct(prompter: Prompter, open: ProductOffer[], closed: ProductOffer[], verb: string): Promise<ProductOffer | undefined> {
  if (open.length === 1 && closed.length === 0) return open[0];
  type Item = vscode.QuickPickItem & { offer?: ProductOffer };
  const items: Item[] = open.map((o) => ({ label: o.name, description: o.product, offer: o }));
  // Closed products are shown with their reason but cannot be chosen.
  for (const c of closed)
    items.push({ label: vscode.l10n.t('{0}: not open ({1})', c.name, c.reason ?? vscode.l10n.t('closed')), kind: vscode.QuickPickItemKind.Separator });
  return (
    await prompter.pick('product', items, { title: vscode.l10n.t('Doc Translate: {0}', verb), placeHolder: vscode.l10n.t('What should the service do?') })
  )?.offer;
}

async function pickTarget(prompter: Prompter, current: string): Promise<string | undefined> {
  const codes = [current, ...COMMON_LANGUAGES.filter((c) => c !== current)];
  const picked = await prompter.pick(
    'targetLanguage',
    codes.map((code) => ({
      label: languageName(code, vscode.env.language),
      description: code === current ? vscode.l10n.t('{0} · current', code) : code,
      code,
    })),
    { title: vscode.l10n.t('Doc Translate: Target Language'), matchOnDescription: true },
  );
  return picked?.code;
}

async function pickVoice(prompter: Prompter, client: DocTranslateClient): Promise<string | null | undefined> {
  const voices = (await client.media.voices.list({ limit: 50 })).items.filter((v: Voice) => v.status === 'active');
  if (voices.length === 0) return null;
  const picked = await prompter.pick(
    'voiceId',
    [
      { label: vscode.l10n.t('Default voice'), id: null as string | null },
      ...voices.map((v) => ({ label: v.name ?? v.asset_id, description: v.asset_id, id: v.asset_id as string | null })),
    ],
    { title: vscode.l10n.t('Doc Translate: Voice') },
  );
  return picked === undefined ? undefined : picked.id;
}

const chargeRule = (): string => vscode.l10n.t('The service charges by the duration it measures, never more than your available balance when the job starts.');

/** The question's estimate line and its detail; the service's estimate is for display only. */
async function estimateText(client: DocTranslateClient, product: ProductId, durationMs: number | undefined): Promise<{ line: string; detail: string }> {
  const CHARGE_RULE = chargeRule();
  if (durationMs === undefined) return { line: vscode.l10n.t('No estimate (the file does not give its length).'), detail: CHARGE_RULE };
  const estimate = await client.media.estimate({ product, duration_ms: Math.max(1, durationMs) }).catch(() => undefined);
  const amount = estimate?.estimated_millicredits;
  const length = vscode.l10n.t('Length: about {0} (read from the file).', formatDuration(durationMs));
  if (typeof amount !== 'number') return { line: vscode.l10n.t('No estimate available.'), detail: `${length}\n${CHARGE_RULE}` };
  return {
    line: vscode.l10n.t('Estimated cost: about {0} (an estimate only).', credits(amount)),
    detail: `${length}\n${vscode.l10n.t("The estimate is the service's, for display only. {0}", CHARGE_RULE)}`,
  };
}

/**
 * The one start flow of Transcribe, Translate Subtitles, Process Video and Synthesize Speech:
 * the catalog at run time (closed products are not offered, their reason is shown), the options,
 * the estimate labelled as such, a modal confirmation, then upload, create (one Idempotency-Key)
 * and follow the job in the Media view.
 */
export async function startMedia(
  f: Pick<MediaFeature, 'contextKeys' | 'prompter' | 'settings' | 'store' | 'follow'>,
  ctx: RunContext,
  uri: vscode.Uri | undefined,
  candidates: readonly ProductId[],
  verb: string,
  rawArgs: unknown,
): Promise<StartResult> {
  const args: StartArgs = typeof rawArgs === 'object' && rawArgs !== null ? (rawArgs as StartArgs) : {};
  const file = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (file === undefined || file.scheme !== 'file') {
    void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0} works on a file: right-click it in the Explorer.', verb));
    return { started: false, reason: 'noFile' };
  }
  const client = await ctx.client();
  const name = path.basename(file.fsPath);
  const catalog = await client.media.catalog();
  applyMediaMenus(f.contextKeys, catalog);
  const all = offers(catalog, candidates);
  const open = all.filter((o) => o.open);
  const closed = all.filter((o) => !o.open).map((o) => ({ product: o.product, reason: o.reason ?? vscode.l10n.t('not open') }));
  if (open.length === 0) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Doc Translate: {0}.', all.map((o) => vscode.l10n.t('{0} is not open ({1})', o.name, o.reason ?? vscode.l10n.t('closed'))).join('; ')),
    );
    return { started: false, reason: 'notOpen', closed };
  }
  const offer = await pickProduct(
    f.prompter,
    open,
    all.filter((o) => !o.open),
    verb,
  );
  if (offer === undefined) return { started: false, reason: 'cancelled', closed };
  let target: string | undefined;
  if (needsTarget(offer.product)) {
    target = await pickTarget(f.prompter, f.settings.targetLanguage);
    if (target === undefined) return { started: false, reason: 'cancelled' };
  }
  let voice: string | null | undefined = null;
  if (offer.product === 'tts' || offer.product === 'full_video') {
    voice = await pickVoice(f.prompter, client);
    if (voice === undefined) return { started: false, reason: 'cancelled' };
  }
  const size = (await stat(file.fsPath)).size;
  const durationMs = await localDurationMs(file.fsPath, path.extname(name), size).catch(() => undefined);
  const estimate = await estimateText(client, offer.product, durationMs);
  const question =
    target !== undefined
      ? vscode.l10n.t('{0} {1} into {2} with {3}? {4}', verb, name, languageName(target, vscode.env.language), offer.name, estimate.line)
      : vscode.l10n.t('{0} {1} with {2}? {3}', verb, name, offer.name, estimate.line);
  const START = vscode.l10n.t('Start');
  const answer = await f.prompter.choose(question, { modal: true, detail: estimate.detail }, START);
  if (answer !== START) return { started: false, reason: 'cancelled' };
  const job = await withCancellableProgress(vscode.l10n.t('Doc Translate: {0} {1}', verb, name), async (signal) => {
    const doc = await client.uploadFile(file.fsPath, { signal });
    return client.media.jobs.create(
      {
        product: offer.product,
        document_id: doc.id,
        source_language: typeof args.sourceLanguage === 'string' ? args.sourceLanguage : 'auto',
        target_language: target,
        ...(typeof voice === 'string' ? { voice_id: voice } : {}),
        ...(typeof args.maxDurationMs === 'number' ? { max_duration_ms: args.maxDurationMs } : {}),
      },
      { signal },
    );
  });
  await f.store.remember(job.operation_id, { uri: file.toString(), targetLanguage: target });
  f.store.upsert(job);
  f.follow(job);
  void vscode.commands.executeCommand(`${ViewId.media}.focus`);
  return { started: true, operationId: job.operation_id };
}
