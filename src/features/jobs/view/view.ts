import * as vscode from 'vscode';
import type { JobStore } from '../store.ts';
import type { JobsTreeProvider } from './tree.ts';
import type { JobsTreeNode } from './nodes.ts';

export const JOBS_VIEW_ID = 'docTranslate.jobs';

/** Changes arriving closer together than this redraw the tree once. */
const COALESCE_MS = 150;

/**
 * The Jobs tree view. It redraws on store changes (pushed by the SSE watchers) only while it is
 * visible; a hidden view just remembers that it is stale and redraws when shown. There is no
 * timer of its own: when no job is active, nothing happens.
 */
export class JobsView implements vscode.Disposable {
  readonly treeView: vscode.TreeView<JobsTreeNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private stale = false;
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly provider: JobsTreeProvider,
    store: JobStore,
  ) {
    this.treeView = vscode.window.createTreeView(JOBS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
    this.disposables.push(
      this.treeView,
      store.onDidChange(() => this.onStoreChange()),
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible && this.stale) this.redraw();
      }),
    );
  }

  private onStoreChange(): void {
    if (!this.treeView.visible) {
      this.stale = true;
      return;
    }
    this.pending ??= setTimeout(() => this.redraw(), COALESCE_MS);
  }

  private redraw(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.pending = undefined;
    this.stale = false;
    this.provider.refresh();
  }

  dispose(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    for (const d of this.disposables) d.dispose();
  }
}
