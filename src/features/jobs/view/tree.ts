import { LoadedTree } from '../../../platform/loadedTree.ts';
import * as vscode from 'vscode';
import type { ArtifactService } from '../artifacts/service.ts';
import type { TrackedJob } from '../model.ts';
import type { JobStore } from '../store.ts';
import { ArtifactNode, JobNode, LoadOlderNode, MessageNode, RunNode, type JobsTreeNode } from './nodes.ts';
import { groupRuns } from './runs.ts';

export interface JobsTreeOptions {
  store: JobStore;
  artifacts: ArtifactService;
  /** Whether a client can be built (URL and key set); otherwise the view stays empty and shows its welcome content. */
  configured: () => Promise<boolean>;
  /** Loads the service's job list into the store (first expansion of the view, Refresh). */
  load: () => Promise<void>;
}

/** Jobs (newest first) with their artifacts as children once completed; a Load older jobs row last while the service has more. */
export class JobsTreeProvider extends LoadedTree<JobsTreeNode> {
  /** The node shown for each job, kept so one job's change redraws that node only. */
  private readonly nodes = new Map<string, JobNode>();
  /** Jobs shown inside a run node: their change redraws the run (its counts) too. */
  private readonly inRun = new Set<string>();

  constructor(private readonly opts: JobsTreeOptions) {
    super(() => opts.load());
  }

  /** Redraws the nodes of the given jobs; the whole tree when one of them is not shown yet. */
  refreshJobs(ids: ReadonlySet<string>): void {
    const changed: JobNode[] = [];
    for (const id of ids) {
      const node = this.nodes.get(id);
      const job = this.opts.store.get(id);
      if (node === undefined || job === undefined || this.inRun.has(id)) return this.refresh();
      node.update(job);
      changed.push(node);
    }
    if (changed.length > 0) this.changed.fire(changed);
  }

  async getChildren(node?: JobsTreeNode): Promise<JobsTreeNode[]> {
    if (node === undefined) return this.roots();
    if (node instanceof RunNode) return node.jobs;
    if (node instanceof JobNode && node.job.status === 'completed') return this.artifactNodes(node);
    return [];
  }

  private async roots(): Promise<JobsTreeNode[]> {
    if (!(await this.opts.configured())) return [];
    const failure = await this.loaded.run();
    const { store } = this.opts;
    const jobs = store.all();
    const shown = new Set(jobs.map((j) => j.id));
    for (const id of this.nodes.keys()) if (!shown.has(id)) this.nodes.delete(id);
    this.inRun.clear();
    const nodes: JobsTreeNode[] = groupRuns(jobs, (id) => store.origin(id)?.run).map((row) => {
      if (row.kind === 'job') return this.nodeOf(row.job);
      for (const j of row.jobs) this.inRun.add(j.id);
      return new RunNode(
        row.run,
        row.jobs.map((j) => this.nodeOf(j)),
      );
    });
    // Everything was cleared: say so rather than "No translation jobs yet" (the view's welcome text).
    const cleared = nodes.length === 0 ? store.clearedCount() : 0;
    if (cleared > 0)
      nodes.push(
        new MessageNode(
          cleared === 1
            ? vscode.l10n.t('Cleared 1 finished job; it remains on the service.')
            : vscode.l10n.t('Cleared {0} finished jobs; they remain on the service.', cleared),
        ),
      );
    if (failure !== undefined) nodes.unshift(new MessageNode(vscode.l10n.t('Could not list the jobs: {0}', failure), 'warning'));
    if (store.paging()?.hasMore === true) nodes.push(new LoadOlderNode(jobs.length));
    return nodes;
  }

  private nodeOf(job: TrackedJob): JobNode {
    let node = this.nodes.get(job.id);
    if (node === undefined) {
      node = new JobNode(job, this.opts.store.origin(job.id));
      this.nodes.set(job.id, node);
    } else {
      node.update(job);
    }
    return node;
  }

  private async artifactNodes(node: JobNode): Promise<JobsTreeNode[]> {
    const { artifacts } = this.opts;
    try {
      const list = await artifacts.list(node.job.id);
      if (list.length === 0) return [new MessageNode(vscode.l10n.t('No results listed for this job.'))];
      return list.map((a) => new ArtifactNode(a, artifacts.displayName(a), artifacts.isText(a)));
    } catch (err) {
      return [new MessageNode(vscode.l10n.t('Could not list the results: {0}', err instanceof Error ? err.message : String(err)), 'warning')];
    }
  }
}
