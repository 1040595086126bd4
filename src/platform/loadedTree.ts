import * as vscode from 'vscode';
import { LoadOnce } from './loadOnce.ts';

/**
 * A view's tree data whose list is read from the service once (LoadOnce) until `reload()`: the
 * change event, `refresh()` (redraw), `reload()` (read again on the next showing) and each node as
 * its own tree item. A feature's tree says only what its rows are (`getChildren`).
 */
export abstract class LoadedTree<N extends vscode.TreeItem> implements vscode.TreeDataProvider<N>, vscode.Disposable {
  protected readonly changed = new vscode.EventEmitter<N | N[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  protected readonly loaded: LoadOnce;

  constructor(load: () => Promise<void>) {
    this.loaded = new LoadOnce(load);
  }

  /** Redraws the whole tree. */
  refresh(): void {
    this.changed.fire(undefined);
  }

  /** Reads the service again on the next showing. */
  reload(): void {
    this.loaded.reset();
    this.refresh();
  }

  getTreeItem(node: N): vscode.TreeItem {
    return node;
  }

  abstract getChildren(node?: N): Promise<N[]>;

  dispose(): void {
    this.changed.dispose();
  }
}
