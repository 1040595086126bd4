import * as vscode from 'vscode';
import type { Receipt } from '../../api/index.ts';
import type { RunContext } from '../../platform/commandRunner.ts';
import type { Platform } from '../../platform/platform.ts';
import { receiptMarkdown } from './receiptText.ts';
import { RECEIPT_SCHEME } from './scheme.ts';

type ReceiptDeps = Pick<Platform, 'clients'>;

/** The text of `doc-translate-receipt:/<operation id>.md`, fetched (free) when the document opens. */
export async function receiptContent(s: ReceiptDeps, uri: vscode.Uri): Promise<string> {
  const id = decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
  const state = await s.clients.get();
  if (state.kind !== 'ready') return `# ${vscode.l10n.t('Receipt {0}', id)}\n\n${vscode.l10n.t('Set the service URL and API key to read receipts.')}\n`;
  const receipt: Receipt = await state.client.receipts.operation(id, { timeoutMs: 15_000 });
  return receiptMarkdown(receipt);
}

/** Opens the receipt of a credit operation as a Markdown document; returns its text. */
export async function openReceipt(ctx: RunContext, operationId: unknown): Promise<string | undefined> {
  if (typeof operationId !== 'string' || operationId === '') return undefined;
  await ctx.client();
  const uri = vscode.Uri.from({ scheme: RECEIPT_SCHEME, path: `/${encodeURIComponent(operationId)}.md` });
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  await vscode.window.showTextDocument(doc, { preview: true });
  return doc.getText();
}
