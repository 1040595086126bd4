import * as vscode from 'vscode';
import type { Receipt } from '../../api/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { requireClient } from '../../platform/requireClient.ts';
import { showError } from '../../platform/showError.ts';
import { receiptMarkdown } from './receiptText.ts';

/** Read-only documents `doc-translate-receipt:/<operation id>.md`, fetched (free) when opened. */
export const RECEIPT_SCHEME = 'doc-translate-receipt';

type ReceiptDeps = Pick<Platform, 'clients' | 'settings'>;

export class ReceiptDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly registration: vscode.Disposable;

  constructor(private readonly s: ReceiptDeps) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(RECEIPT_SCHEME, this);
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = decodeURIComponent(uri.path.replace(/^\//, '').replace(/\.md$/, ''));
    const state = await this.s.clients.get();
    if (state.kind !== 'ready') return `# Receipt ${id}\n\nSet the service URL and API key to read receipts.\n`;
    const receipt: Receipt = await state.client.receipts.operation(id, { timeoutMs: 15_000 });
    return receiptMarkdown(receipt);
  }

  /** Opens the receipt of a credit operation as a Markdown preview-able document; returns its text. */
  async open(operationId: unknown): Promise<string | undefined> {
    if (typeof operationId !== 'string' || operationId === '') return undefined;
    if ((await requireClient(this.s.clients)) === undefined) return undefined;
    const uri = vscode.Uri.from({ scheme: RECEIPT_SCHEME, path: `/${encodeURIComponent(operationId)}.md` });
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
      await vscode.window.showTextDocument(doc, { preview: true });
      return doc.getText();
    } catch (err) {
      void showError(err, { operation: 'Fetching the receipt', baseUrl: this.s.settings.baseUrl });
      return undefined;
    }
  }

  dispose(): void {
    this.registration.dispose();
  }
}
