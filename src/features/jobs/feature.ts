import type * as vscode from 'vscode';
import type { Platform } from '../../platform/platform.ts';
import { Services } from '../../platform/services.ts';
import { ArtifactFiles } from './artifacts/files.ts';
import { ArtifactService } from './artifacts/service.ts';
import { fromApiJob } from './model.ts';
import { JobNotifications } from './notifications.ts';
import { JobsStatus } from './status.ts';
import { JobStore } from './store.ts';
import { pagingOf } from './view/paging.ts';
import { JobsTreeProvider } from './view/tree.ts';
import type { JobsTreeNode } from './view/nodes.ts';
import { JobsView } from './view/view.ts';
import { JobWatchers } from './watchers.ts';
import { DisposableStore } from '../../platform/disposables.ts';

/** Jobs listed per load of the view. */
const LIST_LIMIT = 50;

/** What the jobs feature uses of the platform. */
export type JobsPlatform = Pick<Platform, 'context' | 'clients' | 'settings' | 'logger' | 'balance' | 'writer' | 'prompter' | 'downloads'>;

/**
 * File translation jobs: the store, the SSE watchers, the artifacts, the Jobs view's data and the
 * status bar item, built when the view first shows, a command first runs or (shortly after
 * activation) jobs the last window watched are watched again; nothing talks to the service before.
 */
export class JobsFeature extends Services<JobsPlatform>() implements vscode.Disposable {
  readonly store: JobStore;
  readonly watchers: JobWatchers;
  readonly artifacts: ArtifactService;
  readonly tree: JobsTreeProvider;
  readonly view: JobsView;
  readonly status: JobsStatus;
  /** Job and run end notifications (one summary per Translate Files… run). */
  readonly notifications: JobNotifications;
  private readonly disposables = new DisposableStore();
  private readonly restoreTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `treeView`: the Jobs view, made at activation with a stand-in for this feature's tree.
   * `restoreAt`: when jobs the last window watched are watched again (Date.now() time: once the
   * workbench has settled after activation).
   */
  constructor(p: JobsPlatform, treeView: vscode.TreeView<JobsTreeNode>, restoreAt: number) {
    super(p);
    const { context, clients, logger } = p;
    this.store = new JobStore(context.workspaceState);
    this.watchers = new JobWatchers({ store: this.store, clients, logger });
    this.artifacts = new ArtifactService(this.store, clients, new ArtifactFiles(p.downloads, clients));
    this.tree = new JobsTreeProvider({
      store: this.store,
      artifacts: this.artifacts,
      configured: async () => (await clients.get()).kind === 'ready',
      load: () => this.loadJobs(),
    });
    this.view = new JobsView(treeView, this.tree, this.store);
    this.notifications = new JobNotifications({ store: this.store, artifacts: this.artifacts, logger, prompter: p.prompter });
    this.status = new JobsStatus(this.store, p.balance);
    this.disposables.add(
      this.store,
      this.watchers,
      this.view,
      this.status,
      this.watchers.onDidEnd((job) => {
        this.notifications.jobEnded(job);
        void p.balance.refresh();
      }),
      clients.onDidChange(() => {
        this.store.resetPaging();
        this.tree.reload();
        // Jobs of the last window that could not be followed without a key are followed now.
        this.watchers.restore();
      }),
    );
    this.restoreTimer = this.store.watchedIds().length > 0 ? setTimeout(() => this.watchers.restore(), Math.max(0, restoreAt - Date.now())) : undefined;
  }

  /** Merges the service's job list into the store and follows the active jobs live. */
  async loadJobs(signal?: AbortSignal): Promise<void> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') return;
    const list = await state.client.jobs.list({ limit: LIST_LIMIT, signal });
    this.store.setPaging(pagingOf(list, LIST_LIMIT), false);
    this.store.merge(list.items.map(fromApiJob));
    for (const job of this.store.active()) this.watchers.watch(job.id, false);
  }

  /**
   * Load older jobs: the page before the oldest listed (spec 4.3 `before`), merged like the first.
   * Returns how many jobs the page held, or undefined when there was nothing older to ask for.
   */
  async loadOlderJobs(signal?: AbortSignal): Promise<number | undefined> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') return undefined;
    const paging = this.store.paging();
    if (paging === undefined) {
      await this.loadJobs(signal);
      return this.store.all().length;
    }
    if (!paging.hasMore || paging.before === undefined) return undefined;
    const list = await state.client.jobs.list({ limit: LIST_LIMIT, before: paging.before, signal });
    this.store.setPaging(pagingOf(list, LIST_LIMIT, paging.before), true);
    this.store.merge(list.items.map(fromApiJob));
    for (const job of this.store.active()) this.watchers.watch(job.id, false);
    return list.items.length;
  }

  /** Stops the watchers and releases everything; safe to call twice (deactivate, then the context). */
  dispose(): void {
    if (this.restoreTimer !== undefined) clearTimeout(this.restoreTimer);
    this.disposables.dispose();
  }
}
