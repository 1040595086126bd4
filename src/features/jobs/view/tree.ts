import * as vscode from 'vscode';
import type { ArtifactService } from '../artifacts/service.ts';
import type { JobStore } from '../store.ts';
import { ArtifactNode, JobNode, MessageNode, type JobsTreeNode } from './nodes.ts';

export interface JobsTreeOptions {
  store: JobStore;
  artifacts: ArtifactService;
  /** Whether a client can be built (URL and key set); otherwise the view stays empty and shows its welcome content. */
  configured: () => Promise<boolean>;
  /** Loads the service's job list into the store (first expansion of the view, Refresh). */
  load: () => Promise<void>;
}

/** Jobs (newest first) with their artifacts as children once completed. */
export class JobsTreeProvider implements vscode.TreeDataProvider<JobsTreeNode> {
  private readonly changed = new vscode.EventEmitter<JobsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private loaded: Promise<void> | undefined;

  constructor(private readonly opts: JobsTreeOptions) {}

  refresh(): void {
    this.changed.fire(undefined);
  }

  /** Lists the jobs from the service again on the next read. */
  reload(): void {
    this.loaded = undefined;
    this.refresh();
  }

  getTreeItem(node: JobsTreeNode): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: JobsTreeNode): Promise<JobsTreeNode[]> {
    if (node === undefined) return this.roots();
    if (node instanceof JobNode && node.job.status === 'completed') return this.artifactNodes(node);
    return [];
  }

  private async roots(): Promise<JobsTreeNode[]> {
    if (!(await this.opts.configured())) return [];
    this.loaded ??= this.opts.load().catch((err: unknown) => {
      this.loaded = undefined;
      throw err;
    });
    let failure: string | undefined;
    try {
      await this.loaded;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    const { store } = this.opts;
    const nodes: JobsTreeNode[] = store.all().map((job) => new JobNode(job, store.origin(job.id)));
    if (failure !== undefined) nodes.unshift(new MessageNode(`Could not list the jobs: ${failure}`, 'warning'));
    return nodes;
  }

  private async artifactNodes(node: JobNode): Promise<JobsTreeNode[]> {
    const { artifacts } = this.opts;
    try {
      const list = await artifacts.list(node.job.id);
      if (list.length === 0) return [new MessageNode('No results listed for this job.')];
      return list.map((a) => new ArtifactNode(a, artifacts.displayName(a), artifacts.isText(a)));
    } catch (err) {
      return [new MessageNode(`Could not list the results: ${err instanceof Error ? err.message : String(err)}`, 'warning')];
    }
  }
}
