import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Platform } from '../../platform/platform.ts';
import { CommandId } from '../../shared/ids.ts';
import { accountPageHtml } from './html.ts';
import { loadAccount } from './load.ts';
import type { AccountModel } from './model.ts';
import { DisposableStore } from '../../platform/disposables.ts';

type ViewDeps = Pick<Platform, 'clients' | 'balance' | 'settings' | 'logger' | 'context'>;

/** What the tests read: the last model and page the view rendered. */
export interface AccountSnapshot {
  visible: boolean;
  model: AccountModel | undefined;
  html: string;
  loads: number;
  /** A change came while the view was hidden: it reloads when shown again. */
  stale: boolean;
}

/** Buttons of the page, each mapped to a command (so the palette and the view do the same). */
const ACTIONS: Record<string, string> = {
  refresh: CommandId.accountRefresh,
  receipt: CommandId.accountOpenReceipt,
  webhookAdd: CommandId.webhooksAdd,
  webhookEdit: CommandId.webhooksEdit,
  webhookEnable: CommandId.webhooksEnable,
  webhookDelete: CommandId.webhooksDelete,
  setServiceUrl: CommandId.setServiceUrl,
  setApiKey: CommandId.setApiKey,
};

/**
 * The Account webview view. It loads when shown and on demand; a balance change (a job ended, a
 * translation was charged) or a new key reloads it only while it is visible, otherwise it is
 * marked stale and reloads when shown again. No timer: nothing polls, visible or not.
 */
export class AccountView implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private model: AccountModel | undefined;
  private html = '';
  private stale = true;
  private loading: Promise<void> | undefined;
  private loads = 0;
  private readonly disposables = new DisposableStore();

  constructor(private readonly s: ViewDeps) {
    this.disposables.add(
      s.balance.onDidChange(() => {
        if (this.loading === undefined) this.invalidate();
      }),
      s.clients.onDidChange(() => this.invalidate()),
    );
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    view.webview.options = { enableScripts: true, localResourceRoots: [this.webviewAssets()] };
    this.disposables.add(
      view.onDidChangeVisibility(() => {
        if (view.visible && this.stale) void this.refresh();
      }),
      view.onDidDispose(() => {
        if (this.view === view) this.view = undefined;
      }),
      view.webview.onDidReceiveMessage((msg: { action?: unknown; id?: unknown }) => {
        const command = typeof msg.action === 'string' ? ACTIONS[msg.action] : undefined;
        if (command !== undefined) void vscode.commands.executeCommand(command, ...(typeof msg.id === 'string' ? [msg.id] : []));
      }),
    );
    this.render();
    void this.refresh();
  }

  /** Something changed: reload now if shown, else when next shown. */
  invalidate(): void {
    this.stale = true;
    if (this.view?.visible === true) void this.refresh();
  }

  /** Loads the account (free calls) and renders it; concurrent calls share one load. */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  snapshot(): AccountSnapshot {
    return { visible: this.view?.visible === true, model: this.model, html: this.html, loads: this.loads, stale: this.stale };
  }

  private async load(): Promise<void> {
    this.stale = false;
    const state = await this.s.clients.get();
    if (state.kind !== 'ready') {
      this.model = undefined;
      this.render(state.missing);
      return;
    }
    this.render(undefined, true);
    this.loads++;
    this.model = await loadAccount({
      client: state.client,
      balance: () => this.s.balance.fetch({ timeoutMs: 15_000 }),
      errorContext: { baseUrl: this.s.settings.baseUrl },
    });
    for (const p of this.model.problems) this.s.logger.warn(`Account view: ${p}`);
    this.render();
  }

  private render(setupNeeded?: 'serviceUrl' | 'apiKey', loading = false): void {
    const webview = this.view?.webview;
    const nonce = randomBytes(16).toString('base64');
    this.html = accountPageHtml(setupNeeded === undefined ? this.model : undefined, {
      nonce,
      cspSource: webview?.cspSource ?? '',
      loading,
      lang: vscode.env.language,
      ...(webview !== undefined
        ? {
            assets: {
              script: webview.asWebviewUri(vscode.Uri.joinPath(this.webviewAssets(), 'account.js')).toString(),
              css: webview.asWebviewUri(vscode.Uri.joinPath(this.webviewAssets(), 'uplot.css')).toString(),
            },
          }
        : {}),
      setupNeeded,
    });
    if (webview !== undefined) webview.html = this.html;
  }

  /** dist/webview: the page script (controls, chart) and uPlot's stylesheet, the only files the page may load. */
  private webviewAssets(): vscode.Uri {
    return vscode.Uri.joinPath(this.s.context.extensionUri, 'dist', 'webview');
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
