// Extract Text, Convert PDF to HTML and Visual Extract…: the checks that need no request (the
// file's type, and for visual extraction its page count against the limit), the capabilities at
// run time (a closed operation is not run, its reason is shown), the cost question for visual
// extraction (page count and 1 credit per page, before anything is sent; a PDF whose page count
// cannot be read is asked about with the reason and the limit, and only "Send anyway" sends it),
// then upload, create (one Idempotency-Key), follow under a cancellable progress notification,
// and open the output.
import { readFile, stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { DocTranslateClient, DocumentOperation } from '../../api/index.ts';
import { loadApi } from '../../platform/api.ts';
import { formatCredits } from '../../platform/format.ts';
import { withCancellableProgress } from '../../platform/progress.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import type { DocumentToolsFeature } from './feature.ts';
import { fromApiOperation } from './model.ts';
import { checkPageLimit, MAX_COUNT_BYTES, readPdfPageCount, unknownPageCount, type PageCount } from './pdfPages.ts';
import { currentOffer } from './showToolError.ts';
import { TOOLS, maxPages, offerRefusal, pricing, type Offer, type ToolId } from './tools.ts';

export type OperationTool = Extract<ToolId, 'extractText' | 'pdfToHtml' | 'visualExtract'>;

export type RunResult =
  | {
      started: true;
      operationId: string;
      status: string;
      outcome: 'running' | 'completed' | 'failed';
      /** The opened output (its read-only tab or the cached file). */
      output?: string;
      outputDocumentId?: string;
      creditOperationId?: string;
      pages?: number;
      error?: string;
    }
  | {
      started: false;
      reason: 'noFile' | 'notConfigured' | 'unavailable' | 'wrongType' | 'tooManyPages' | 'cancelled' | 'error';
      message?: string;
      pages?: number;
      limit?: number;
      error?: string;
    };

/** "1 credit", "3 credits", "0.5 credits". */
function credits(millicredits: number): string {
  return millicredits === 1000 ? '1 credit' : formatCredits(millicredits);
}

/** The file a command was given (Explorer: the clicked item), else the active editor's or tab's file. */
export function targetFile(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  const uri = tab instanceof vscode.TabInputText || tab instanceof vscode.TabInputCustom ? tab.uri : vscode.window.activeTextEditor?.document.uri;
  return uri?.scheme === 'file' ? uri : undefined;
}

function baseName(uri: vscode.Uri): string {
  return uri.path.split('/').pop() ?? uri.fsPath;
}

function refuse(reason: 'unavailable' | 'wrongType', message: string): RunResult {
  void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', message));
  return { started: false, reason, message };
}

/** Unavailable (with the service's reason) or of a type the tool does not take: refused before sending. */
function checkOffer(offer: Offer, name: string): RunResult | undefined {
  const refusal = offerRefusal(offer, [name]);
  return refusal === undefined ? undefined : refuse(refusal.reason, refusal.message);
}

/** Pages counted here, or why they are unknown (too large to read for that, unreadable, not understood, over a budget). */
async function localPages(file: vscode.Uri): Promise<PageCount> {
  try {
    const size = (await stat(file.fsPath)).size;
    if (size > MAX_COUNT_BYTES) return unknownPageCount('tooLarge');
    return readPdfPageCount(await readFile(file.fsPath));
  } catch {
    return unknownPageCount('unreadable');
  }
}

function tooManyPages(name: string, pages: number, limit: number): RunResult {
  const message = vscode.l10n.t(
    '{0} has {1} pages; Visual Extract takes at most {2} pages per operation, so nothing was sent. Split it first (Split PDF…) and extract the parts.',
    name,
    pages,
    limit,
  );
  void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}', message));
  return { started: false, reason: 'tooManyPages', message, pages, limit };
}

/** The question before a charged operation: page count and cost, the balance, and when the charge happens. */
async function confirmCost(f: Pick<DocumentToolsFeature, 'balance' | 'prompter'>, offer: Offer, name: string, pages: number | undefined): Promise<boolean> {
  const price = pricing(offer);
  if (price.free) return true;
  const rate = price.perPageMillicredits;
  const limit = maxPages(offer);
  const balance = await f.balance.refresh();
  const cost = rate !== undefined && pages !== undefined ? rate * pages : undefined;
  const headline =
    cost !== undefined
      ? pages === 1
        ? vscode.l10n.t('Visual Extract {0}: 1 page × {1} = {2}?', name, credits(rate!), credits(cost))
        : vscode.l10n.t('Visual Extract {0}: {1} pages × {2} = {3}?', name, pages!, credits(rate!), credits(cost))
      : rate !== undefined
        ? vscode.l10n.t('Visual Extract {0}? {1} per page; the page count could not be read here.', name, credits(rate))
        : vscode.l10n.t('Visual Extract {0}? Charged per page; the page count could not be read here.', name);
  const lines = [
    rate !== undefined
      ? vscode.l10n.t(
          'Charged on completion by the pages the service counts ({0} per page, at most {1} pages); nothing if it fails or is cancelled.',
          credits(rate),
          limit,
        )
      : vscode.l10n.t('Charged on completion by the pages the service counts (per page, at most {0} pages); nothing if it fails or is cancelled.', limit),
    balance !== undefined ? vscode.l10n.t('Balance: {0} available.', formatCredits(balance.available)) : vscode.l10n.t('Balance: not available right now.'),
  ];
  if (balance !== undefined && rate !== undefined && balance.available < rate)
    lines.push(vscode.l10n.t('Your balance is below one page: the service will refuse it (402) without charging.'));
  const EXTRACT = vscode.l10n.t('Extract');
  const picked = await f.prompter.choose(headline, { modal: true, severity: 'info', detail: lines.join('\n') }, EXTRACT);
  return picked === EXTRACT;
}

/**
 * The question when the page count of a PDF could not be read: the limit cannot be checked here,
 * so the user hears why, what it costs per page and that the service refuses more than the limit.
 * Asked through the prompter like the cost question: no command argument can answer it.
 */
async function confirmUnknownPages(f: Pick<DocumentToolsFeature, 'balance' | 'prompter'>, offer: Offer, name: string, reason: string): Promise<boolean> {
  const price = pricing(offer);
  const rate = price.perPageMillicredits;
  const limit = maxPages(offer);
  const balance = price.free ? undefined : await f.balance.refresh();
  const lines = [
    price.free
      ? vscode.l10n.t('The service refuses more than {0} pages.', limit)
      : rate !== undefined
        ? vscode.l10n.t(
            'The service charges {0} per page on completion and refuses more than {1} pages; nothing is charged if it fails or is cancelled.',
            credits(rate),
            limit,
          )
        : vscode.l10n.t('The service charges per page on completion and refuses more than {0} pages; nothing is charged if it fails or is cancelled.', limit),
    vscode.l10n.t('Send it only if you know it has at most {0} pages (Split PDF… makes smaller parts).', limit),
  ];
  if (!price.free)
    lines.push(
      balance !== undefined ? vscode.l10n.t('Balance: {0} available.', formatCredits(balance.available)) : vscode.l10n.t('Balance: not available right now.'),
    );
  const SEND = vscode.l10n.t('Send anyway');
  const headline = vscode.l10n.t('Visual Extract {0}: the page count could not be read ({1}).', name, reason);
  return (await f.prompter.choose(headline, { modal: true, severity: 'warning', detail: lines.join('\n') }, SEND)) === SEND;
}

export async function runOperation(f: DocumentToolsFeature, ctx: RunContext, tool: OperationTool, arg: unknown): Promise<RunResult> {
  const file = targetFile(arg);
  const title = TOOLS[tool].title;
  if (file === undefined || file.scheme !== 'file') {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} works on a file: right-click a PDF in the Explorer.', title));
    return { started: false, reason: 'noFile' };
  }
  const name = baseName(file);
  // Checks that need no request: the capabilities read last, and the page limit (the capability's, else the spec's).
  const known = f.offer(tool);
  const early = known.known ? checkOffer(known, name) : undefined;
  if (early !== undefined) return early;
  let pages: number | undefined;
  let count: PageCount | undefined;
  if (tool === 'visualExtract' && name.toLowerCase().endsWith('.pdf')) {
    count = await localPages(file);
    pages = count.pages;
    const check = checkPageLimit(count, maxPages(f.offer(tool)));
    if (check.action === 'refuse') return tooManyPages(name, check.pages, check.limit);
  }
  const { client, offer } = await currentOffer(f, ctx, tool, { tool: title, files: name, formats: known.formats });
  const refused = checkOffer(offer, name);
  if (refused !== undefined) return refused;
  const check = count !== undefined ? checkPageLimit(count, maxPages(offer)) : undefined;
  if (check?.action === 'refuse') return tooManyPages(name, check.pages, check.limit);
  if (check?.action === 'askUnknown') {
    // An unknown count never passes as within the limit: asked with the reason, or not sent.
    if (!(await confirmUnknownPages(f, offer, name, check.reason))) return { started: false, reason: 'cancelled', message: check.reason };
  } else if (!(await confirmCost(f, offer, name, pages))) return { started: false, reason: 'cancelled' };
  return await execute(f, client, tool, file, name, pages);
}

async function execute(
  f: DocumentToolsFeature,
  client: DocTranslateClient,
  tool: OperationTool,
  file: vscode.Uri,
  name: string,
  pages: number | undefined,
): Promise<RunResult> {
  const { operationOutcome } = await loadApi();
  const title = TOOLS[tool].title;
  let created: DocumentOperation | undefined;
  const track = (op: DocumentOperation): void => f.store.upsert(fromApiOperation(op, operationOutcome(op)));
  let last: DocumentOperation;
  try {
    last = await withCancellableProgress(vscode.l10n.t('Doc Translate: {0} {1}', title, name), async (signal, report) => {
      const doc = await client.uploadFile(file.fsPath, { signal, onProgress: (sent, total) => report(total > 0 ? (0.2 * sent) / total : 0.2) });
      created = await client.documentOperations.create({ document_id: doc.id, kind: TOOLS[tool].kind }, { signal });
      await f.store.remember(created.id, { uri: file.toString(), fileName: name });
      track(created);
      f.logger.info(`${title}: operation ${created.id} for ${name}`);
      return client.documentOperations.waitFor(created.id, {
        signal,
        intervalMs: 250,
        maxIntervalMs: 3000,
        onUpdate: (op) => {
          track(op);
          if (typeof op.progress === 'number') report(0.2 + (0.8 * Math.min(100, Math.max(0, op.progress))) / 100);
        },
      });
    });
  } catch (err) {
    if (created === undefined || !(err instanceof Error && err.name === 'AbortError')) throw err;
    // Cancelled while it ran: ended on the service (best effort; free), shown as such.
    const cancelled = await client.documentOperations.cancel(created.id).catch(() => client.documentOperations.get(created!.id).catch(() => created!));
    track(cancelled);
    return { started: true, operationId: created.id, status: cancelled.status, outcome: operationOutcome(cancelled) };
  }
  track(last);
  void f.balance.refresh();
  const result: RunResult = {
    started: true,
    operationId: last.id,
    status: last.status,
    outcome: operationOutcome(last),
    pages,
    ...(typeof last.credit_operation_id === 'string' ? { creditOperationId: last.credit_operation_id } : {}),
  };
  if (result.outcome !== 'completed' || typeof last.output_document_id !== 'string') {
    const why = last.error_msg ?? last.status;
    void vscode.window.showWarningMessage(
      why !== last.status
        ? vscode.l10n.t('Doc Translate: {0} of {1} ended {2}: {3}. Nothing was charged for it.', title, name, last.status, why)
        : vscode.l10n.t('Doc Translate: {0} of {1} ended {2}. Nothing was charged for it.', title, name, last.status),
    );
    return { ...result, ...(last.error_msg ? { error: last.error_msg } : {}) };
  }
  const opened = await f.outputs.open(last.output_document_id);
  return { ...result, output: opened.uri.toString(), outputDocumentId: last.output_document_id };
}
