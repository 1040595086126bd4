import * as vscode from 'vscode';
import type { Receipt } from '../../api/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { showError } from '../../platform/showError.ts';
import { receiptMarkdown } from './receiptText.ts';
import { RECEIPT_SCHEME } from './scheme.ts';

type ReceiptDeps = Pick<Platform, 'clients' | 'settings'>;

/** The text of `doc-translate-receipt:/<operation id>.md`, fetched (free) when the document opens. */
export async function receiptContent(s: ReceiptDeps, uri: vscode.Uri): Promise<string> {
  const id = decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
  const state = await s.clients.get();
  if (state.kind !== 'ready') return `# ${vscode.l10n.t('Receipt {0}', id)}\n\n${vscode.l10n.t('Set the service URL and API key to read receipts.')}\n`;
  const receipt: Receipt = await state.client.receipts.operation(id, { timeoutMs: 15_000 });
  return receiptMarkdown(receipt);
}

/** Opens the receipt of a credit operation as a Markdown document; returns its text. */
export async function openReceipt(s: ReceiptDeps, operationId: unknown): Promise<string | undefined> {
  if (typeof operationId !== 'string' || operationId === '') return undefined;
  if ((await requireClient(s.clients)) === undefined) return undefined;
  const uri = vscode.Uri.from({ scheme: RECEIPT_SCHEME, path: `/${encodeURIComponent(operationId)}.md` });
  try {
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
    await vscode.window.showTextDocument(doc, { preview: true });
    return doc.getText();
  } catch (err) {
    void showError(err, { operation: vscode.l10n.t('Fetching the receipt'), baseUrl: s.settings.baseUrl });
    return undefined;
  }
}
