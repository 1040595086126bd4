import type * as vscode from 'vscode';
import type { JobsChange, JobStore } from '../store.ts';
import type { JobsTreeProvider } from './tree.ts';
import type { JobsTreeNode } from './nodes.ts';
import { DisposableStore } from '../../../platform/disposables.ts';

/** Changes arriving closer together than this redraw the tree once. */
const COALESCE_MS = 150;

/**
 * The Jobs tree view. It redraws on store changes (pushed by the SSE watchers) only while it is
 * visible; a hidden view just remembers that it is stale and redraws when shown. There is no
 * timer of its own: when no job is active, nothing happens.
 */
export class JobsView implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private stale = false;
  private pending: ReturnType<typeof setTimeout> | undefined;
  /** Jobs changed since the last redraw; undefined means the whole tree. */
  private changedIds: Set<string> | undefined = new Set();

  /** `treeView`: the Jobs view, made at activation with a stand-in for `provider`. */
  constructor(
    readonly treeView: vscode.TreeView<JobsTreeNode>,
    readonly provider: JobsTreeProvider,
    store: JobStore,
  ) {
    this.disposables.add(
      store.onDidChange((change) => this.onStoreChange(change)),
      this.treeView.onDidChangeVisibility((e) => {
        if (e.visible && this.stale) this.redraw();
      }),
    );
  }

  private onStoreChange(change: JobsChange): void {
    if (change === undefined) this.changedIds = undefined;
    else if (this.changedIds !== undefined) for (const id of change) this.changedIds.add(id);
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
    const ids = this.changedIds;
    this.changedIds = new Set();
    if (ids === undefined) this.provider.refresh();
    else if (ids.size > 0) this.provider.refreshJobs(ids);
  }

  dispose(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.disposables.dispose();
  }
}
