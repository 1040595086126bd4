import * as vscode from 'vscode';
import type { CommandId } from '../shared/ids.ts';
import type { Command } from './commands.ts';

/** What a feature's part loaded on first use hands back: its commands, and what it owns. */
export interface Part extends vscode.Disposable {
  readonly commands: readonly Command[];
}

/**
 * The part of a feature that is its own bundle (esbuild.mjs FEATURE_PARTS), loaded on first use:
 * activation registers only stand-ins (commands, tree data, document content) that load the part
 * the first time they are used and forward to it from then on. A failed load is tried again by
 * the next use; once disposed, a part that finishes loading is disposed at once.
 */
export class Deferred<T extends Part> implements vscode.Disposable {
  private loading: Promise<T> | undefined;
  private part: T | undefined;
  private disposed = false;

  /** `ids`: the part's commands, registered as stand-ins at activation; the part must provide exactly these. */
  constructor(
    private readonly ids: readonly CommandId[],
    private readonly load: () => Promise<T>,
  ) {}

  /** The part, loading it on the first call. */
  get(): Promise<T> {
    this.loading ??= this.load().then(
      (part) => {
        if (this.disposed) {
          part.dispose();
          throw new Error('The extension is shutting down.');
        }
        const missing = this.ids.filter((id) => !part.commands.some((c) => c.id === id));
        const extra = part.commands.filter((c) => !this.ids.includes(c.id)).map((c) => c.id);
        if (missing.length > 0 || extra.length > 0) {
          part.dispose();
          throw new Error(
            `A feature part's commands differ from its stand-ins: missing ${missing.join(', ') || 'none'}, not registered ${extra.join(', ') || 'none'}.`,
          );
        }
        this.part = part;
        return part;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    return this.loading;
  }

  /** The part if it is loaded already; never loads it. */
  get loaded(): T | undefined {
    return this.part;
  }

  /** Stand-ins for the part's commands: the first run loads the part, every run forwards to it. */
  commands(): Command[] {
    return this.ids.map((id) => ({
      id,
      run: async (...args: unknown[]) => (await this.get()).commands.find((c) => c.id === id)!.run(...args),
    }));
  }

  /** Tree data for a view whose provider is in the part: the part loads when the view first shows. */
  tree<N>(provider: (part: T) => vscode.TreeDataProvider<N>): DeferredTree<N> {
    return new DeferredTree(async () => provider(await this.get()));
  }

  /** Content of a document scheme served by the part: the part loads when such a document first opens. */
  content(provider: (part: T) => vscode.TextDocumentContentProvider): vscode.TextDocumentContentProvider {
    return {
      provideTextDocumentContent: async (uri, token) => provider(await this.get()).provideTextDocumentContent(uri, token),
    };
  }

  dispose(): void {
    this.disposed = true;
    this.part?.dispose();
    this.part = undefined;
  }
}

/**
 * A tree view's data provider standing in for one that is loaded on first use: the first
 * `getChildren` loads it, then every call and every change event is forwarded.
 */
export class DeferredTree<N> implements vscode.TreeDataProvider<N>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<N | N[] | undefined | null | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private provider: vscode.TreeDataProvider<N> | undefined;
  private loading: Promise<vscode.TreeDataProvider<N>> | undefined;
  private subscription: vscode.Disposable | undefined;

  constructor(private readonly load: () => Promise<vscode.TreeDataProvider<N>>) {}

  private attach(): Promise<vscode.TreeDataProvider<N>> {
    this.loading ??= this.load().then(
      (provider) => {
        if (this.provider === undefined) {
          this.provider = provider;
          this.subscription = provider.onDidChangeTreeData?.((e) => this.changed.fire(e));
        }
        return provider;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    return this.loading;
  }

  async getChildren(node?: N): Promise<N[]> {
    return (await (await this.attach()).getChildren(node)) ?? [];
  }

  getTreeItem(node: N): vscode.TreeItem | Thenable<vscode.TreeItem> {
    // A node only exists once getChildren has loaded the provider.
    return this.provider!.getTreeItem(node);
  }

  getParent(node: N): vscode.ProviderResult<N> {
    return this.provider?.getParent?.(node);
  }

  dispose(): void {
    this.subscription?.dispose();
    this.changed.dispose();
  }
}
