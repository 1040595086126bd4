import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Receipt } from '../../api/index.ts';
import { loadApi } from '../../platform/api.ts';
import { defineCommand, type RunContext } from '../../platform/commandRunner.ts';
import type { Command } from '../../platform/commands.ts';
import { formatCredits } from '../../platform/format.ts';
import { languageName } from '../../platform/languages.ts';
import { CommandId, ViewId } from '../../shared/ids.ts';
import type { DocumentToolsFeature } from './feature.ts';
import { fromApiOperation, kindTitle, type TrackedOperation } from './model.ts';
import { isTextOutput } from './outputs.ts';
import { runFileTool, type FileToolResult } from './runFileTool.ts';
import { runOperation, type RunResult } from './runOperation.ts';
import { operationsSnapshot } from './snapshot.ts';
import { TOOLS } from './tools.ts';
import { OperationNode } from './tree.ts';

/** A tree node (menus), `{ operationId }` or an id (notifications, tests); nothing: the user picks. */
async function operationFrom(
  f: Pick<DocumentToolsFeature, 'store' | 'clients' | 'prompter'>,
  arg: unknown,
  wanted: (op: TrackedOperation) => boolean,
  title: string,
): Promise<TrackedOperation | undefined> {
  if (arg instanceof OperationNode) return f.store.get(arg.op.id) ?? arg.op;
  const id =
    typeof arg === 'string'
      ? arg
      : typeof arg === 'object' && arg !== null && typeof (arg as { operationId?: unknown }).operationId === 'string'
        ? (arg as { operationId: string }).operationId
        : undefined;
  if (id !== undefined) {
    const known = f.store.get(id);
    if (known !== undefined || id.startsWith('run-')) return known;
    const state = await f.clients.get();
    if (state.kind !== 'ready') return undefined;
    const { operationOutcome } = await loadApi();
    const op = await state.client.documentOperations.get(id);
    const tracked = fromApiOperation(op, operationOutcome(op));
    f.store.upsert(tracked);
    return tracked;
  }
  const items = f.store
    .all()
    .filter(wanted)
    .map((op) => ({ label: f.store.source(op.id)?.fileName ?? op.documentId ?? op.id, description: `${kindTitle(op.kind)} · ${op.status}`, op }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: there is no matching operation in the Operations view.'));
    return undefined;
  }
  return (await f.prompter.pick('operation', items, { title }))?.op;
}

const withOutput = (op: TrackedOperation): boolean => op.outcome === 'completed' && (op.outputDocumentId !== undefined || (op.outputs?.length ?? 0) > 0);

async function openOutput(f: DocumentToolsFeature, arg: unknown): Promise<{ opened: boolean; uri?: string; kind?: string }> {
  {
    const op = await operationFrom(f, arg, withOutput, vscode.l10n.t('Doc Translate: open the output of which operation?'));
    if (op === undefined) return { opened: false };
    if (op.outputs !== undefined && op.outputs.length > 0) {
      const uri = vscode.Uri.parse(op.outputs[0]!);
      await vscode.commands.executeCommand('vscode.open', uri);
      return { opened: true, uri: uri.toString(), kind: 'file' };
    }
    if (op.outputDocumentId === undefined) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: this operation has no output ({0}).', op.status));
      return { opened: false };
    }
    const opened = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Doc Translate: downloading the output') },
      () => f.outputs.open(op.outputDocumentId!),
    );
    return { opened: true, uri: opened.uri.toString(), kind: opened.kind };
  }
}

/** Writes the output beside the file it came from (the service's file name), through the safe writer. */
async function saveNextToSource(
  f: Pick<DocumentToolsFeature, 'store' | 'clients' | 'prompter' | 'outputs' | 'writer'>,
  arg: unknown,
): Promise<{ saved: boolean; how?: string; uri?: string; reason?: string }> {
  {
    const op = await operationFrom(f, arg, (o) => o.outputDocumentId !== undefined, vscode.l10n.t('Doc Translate: save the output of which operation?'));
    if (op?.outputDocumentId === undefined) return { saved: false, reason: 'noOutput' };
    const source = f.store.source(op.id);
    if (source === undefined) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Doc Translate: this operation was not started from a file of this workspace, so there is no place next to its source. Open the output and use Save As.',
        ),
      );
      return { saved: false, reason: 'noSource' };
    }
    const local = await f.outputs.localPath(op.outputDocumentId);
    const name = path.basename(local);
    const target = vscode.Uri.joinPath(vscode.Uri.parse(source.uri), '..', name);
    const outcome = await f.writer.saveDelivered({
      target,
      local,
      what: vscode.l10n.t('the {0} output of {1}', kindTitle(op.kind), source.fileName),
      compare: isTextOutput(name) ? { right: f.outputs.uri(op.outputDocumentId, name), title: vscode.l10n.t('{0} ↔ output', name) } : undefined,
      failure: 'error',
    });
    if (!outcome.written) return { saved: false, reason: outcome.reason, uri: outcome.uri.toString() };
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Doc Translate: saved {0}', vscode.workspace.asRelativePath(outcome.uri)), 4000);
    return { saved: true, how: outcome.how, uri: outcome.uri.toString() };
  }
}

/** One step: a translation job on the output document (no upload), after the cost question; the Jobs view follows it. */
async function translateOutput(
  f: Pick<DocumentToolsFeature, 'store' | 'clients' | 'prompter' | 'settings' | 'balance' | 'logger'>,
  ctx: RunContext,
  arg: unknown,
): Promise<{ started: boolean; jobId?: string; reason?: string; error?: string }> {
  const op = await operationFrom(f, arg, (o) => o.outputDocumentId !== undefined, vscode.l10n.t('Doc Translate: translate the output of which operation?'));
  if (op?.outputDocumentId === undefined) return { started: false, reason: 'noOutput' };
  const client = await ctx.client();
  const lang = f.settings.targetLanguage;
  const name = f.store.source(op.id)?.fileName ?? op.outputDocumentId;
  {
    const balance = await f.balance.refresh();
    const detail = [
      vscode.l10n.t('Charged on completion by the characters the service counts (at least 2 credits); nothing if it fails or is cancelled.'),
      balance !== undefined ? vscode.l10n.t('Balance: {0} available.', formatCredits(balance.available)) : vscode.l10n.t('Balance: not available right now.'),
      vscode.l10n.t('Change the language with Doc Translate: Change Target Language.'),
    ].join('\n');
    const TRANSLATE = vscode.l10n.t('Translate');
    const question = vscode.l10n.t('Translate the {0} output of {1} into {2} ({3})?', kindTitle(op.kind), name, languageName(lang, vscode.env.language), lang);
    const picked = await f.prompter.choose(question, { modal: true, severity: 'info', detail }, TRANSLATE);
    if (picked !== TRANSLATE) return { started: false, reason: 'cancelled' };
    const job = await client.jobs.create({ document_id: op.outputDocumentId, target_lang: lang, engine: f.settings.engine });
    f.logger.info(`Translate output: job ${job.id} for document ${op.outputDocumentId} into ${lang}`);
    await vscode.commands.executeCommand(CommandId.jobsRefresh).then(undefined, () => undefined);
    void vscode.commands.executeCommand(CommandId.jobsFocus).then(undefined, () => undefined);
    return { started: true, jobId: job.id };
  }
}

async function cancel(
  f: Pick<DocumentToolsFeature, 'store' | 'clients' | 'prompter'>,
  ctx: RunContext,
  arg: unknown,
): Promise<{ cancelled: boolean; status?: string; reason?: string }> {
  const op = await operationFrom(f, arg, (o) => o.origin === 'service' && o.outcome === 'running', vscode.l10n.t('Doc Translate: cancel which operation?'));
  if (op === undefined || op.origin !== 'service') return { cancelled: false, reason: 'notFound' };
  const client = await ctx.client();
  const { operationOutcome } = await loadApi();
  try {
    const after = await client.documentOperations.cancel(op.id);
    f.store.upsert(fromApiOperation(after, operationOutcome(after)));
    return { cancelled: true, status: after.status };
  } catch (err) {
    if (err instanceof Error && err.name === 'AlreadyEndedError') {
      const now = await client.documentOperations.get(op.id);
      f.store.upsert(fromApiOperation(now, operationOutcome(now)));
      void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: the operation had already ended ({0}).', now.status));
      return { cancelled: false, status: now.status, reason: 'alreadyEnded' };
    }
    throw err;
  }
}

function receiptSummary(receipt: Receipt): string {
  const parts: string[] = [];
  if (typeof receipt['status'] === 'string') parts.push(receipt['status'].replace(/_/g, ' '));
  if (typeof receipt['charged_millicredits'] === 'number') parts.push(vscode.l10n.t('charged {0}', formatCredits(receipt['charged_millicredits'])));
  const basis = receipt['billing_basis'];
  if (typeof basis === 'object' && basis !== null && typeof (basis as Record<string, unknown>)['quantity'] === 'number') {
    const b = basis as Record<string, unknown>;
    parts.push(vscode.l10n.t('for {0} {1}', String(b['quantity']), String(b['unit'] ?? vscode.l10n.t('units'))));
  }
  return parts.length > 0 ? parts.join(', ') : vscode.l10n.t('see the details');
}

async function showReceipt(f: Pick<DocumentToolsFeature, 'store' | 'clients' | 'prompter'>, ctx: RunContext, arg: unknown): Promise<Receipt | undefined> {
  const op = await operationFrom(f, arg, (o) => o.creditOperationId !== undefined, vscode.l10n.t('Doc Translate: receipt of which operation?'));
  if (op?.creditOperationId === undefined) {
    if (op !== undefined)
      void vscode.window.showInformationMessage(
        vscode.l10n.t('Doc Translate: this operation has no receipt: only completed operations are settled, failed and cancelled ones are never charged.'),
      );
    return undefined;
  }
  const client = await ctx.client();
  {
    const receipt = await client.receipts.operation(op.creditOperationId);
    const name = f.store.source(op.id)?.fileName ?? op.documentId ?? op.id;
    const details = vscode.l10n.t('Show Details');
    void Promise.resolve(
      vscode.window.showInformationMessage(
        vscode.l10n.t('Doc Translate: receipt of {0} of {1}: {2}.', kindTitle(op.kind), name, receiptSummary(receipt)),
        details,
      ),
    ).then(async (picked) => {
      if (picked !== details) return;
      const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(receipt, null, 2)}\n` });
      await vscode.window.showTextDocument(doc, { preview: true });
    });
    return receipt;
  }
}

async function refresh(f: DocumentToolsFeature): Promise<number> {
  await f.load();
  f.tree.refresh();
  return f.store.all().length;
}

export function documentToolsCommands(f: DocumentToolsFeature): Command[] {
  const focus = (): void => void vscode.commands.executeCommand(`${ViewId.operations}.focus`).then(undefined, () => undefined);
  const op = (id: CommandId, tool: 'extractText' | 'pdfToHtml' | 'visualExtract'): Command =>
    defineCommand<RunResult>(f, {
      id,
      operation: () => TOOLS[tool].title,
      failed: (why) =>
        'error' in why ? { started: false, reason: 'error', ...(why.error !== 'failed' ? { error: why.error } : {}) } : { started: false, ...why },
      run: async (ctx, arg?: unknown) => {
        const result = await runOperation(f, ctx, tool, arg);
        if (result.started) focus();
        return result;
      },
    });
  const file = (id: CommandId, tool: 'mergePdfs' | 'splitPdf' | 'compressPdf' | 'convertImage' | 'compressImage'): Command =>
    defineCommand<FileToolResult>(f, {
      id,
      operation: () => TOOLS[tool].title,
      failed: (why) => ('error' in why ? { done: false, reason: 'error', ...(why.error !== 'failed' ? { error: why.error } : {}) } : { done: false, ...why }),
      run: (ctx, arg?: unknown, selection?: unknown) => runFileTool(f, ctx, tool, arg, selection),
    });
  return [
    op(CommandId.toolsExtractText, 'extractText'),
    op(CommandId.toolsPdfToHtml, 'pdfToHtml'),
    op(CommandId.toolsVisualExtract, 'visualExtract'),
    file(CommandId.toolsMergePdfs, 'mergePdfs'),
    file(CommandId.toolsSplitPdf, 'splitPdf'),
    file(CommandId.toolsCompressPdf, 'compressPdf'),
    file(CommandId.toolsConvertImage, 'convertImage'),
    file(CommandId.toolsCompressImage, 'compressImage'),
    defineCommand(f, {
      id: CommandId.operationsRefresh,
      operation: () => vscode.l10n.t('Refreshing the operations'),
      failed: () => f.store.all().length,
      run: () => refresh(f),
    }),
    defineCommand<Awaited<ReturnType<typeof cancel>>>(f, {
      id: CommandId.operationsCancel,
      operation: () => vscode.l10n.t('Cancelling the operation'),
      failed: (why) => ({ cancelled: false, reason: 'reason' in why ? why.reason : 'error' }),
      run: (ctx, arg) => cancel(f, ctx, arg),
    }),
    defineCommand<Awaited<ReturnType<typeof openOutput>>>(f, {
      id: CommandId.operationsOpenOutput,
      operation: () => vscode.l10n.t('Opening the output'),
      failed: () => ({ opened: false }),
      run: (_ctx, arg) => openOutput(f, arg),
    }),
    defineCommand<Awaited<ReturnType<typeof saveNextToSource>>>(f, {
      id: CommandId.operationsSaveNextToSource,
      operation: () => vscode.l10n.t('Saving the output'),
      failed: () => ({ saved: false, reason: 'error' }),
      run: (_ctx, arg) => saveNextToSource(f, arg),
    }),
    defineCommand<Awaited<ReturnType<typeof translateOutput>>>(f, {
      id: CommandId.operationsTranslateOutput,
      operation: () => vscode.l10n.t('Translating the output'),
      context: () => ({ targetLanguage: f.settings.targetLanguage, engine: f.settings.engine }),
      failed: (why) => ('reason' in why ? { started: false, reason: why.reason } : { started: false, reason: 'error', error: why.error }),
      run: (ctx, arg) => translateOutput(f, ctx, arg),
    }),
    defineCommand<Awaited<ReturnType<typeof showReceipt>>>(f, {
      id: CommandId.operationsShowReceipt,
      operation: () => vscode.l10n.t('Fetching the receipt'),
      failed: () => undefined,
      run: (ctx, arg) => showReceipt(f, ctx, arg),
    }),
    ...(process.env.NODE_ENV !== 'production' ? [{ id: CommandId.operationsSnapshot, run: () => operationsSnapshot(f) }] : []),
  ];
}
