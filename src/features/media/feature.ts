import * as path from 'node:path';
import * as vscode from 'vscode';
import type { MediaJob } from '../../api/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { Services } from '../../platform/services.ts';
import { CommandId } from '../../shared/ids.ts';
import { isJobEnded } from './describe.ts';
import { applyMediaMenus } from './menus.ts';
import { productName } from './products.ts';
import { MediaStore } from './store.ts';
import { MediaTreeProvider } from './tree.ts';
import { DisposableStore } from '../../platform/disposables.ts';

/** What the media feature uses of the platform. */
export type MediaPlatform = Pick<Platform, 'context' | 'clients' | 'settings' | 'logger' | 'prompter' | 'writer' | 'downloads' | 'balance' | 'contextKeys'>;

/** Jobs and voices listed per load of the view. */
const LIST_LIMIT = 50;

/**
 * Media jobs and voices: the store, the Media view's data and the pollers that follow jobs to their end
 * (media jobs send no events). Nothing talks to the service until the view is shown or a command runs.
 */
export class MediaFeature extends Services<MediaPlatform>() implements vscode.Disposable {
  readonly store: MediaStore;
  readonly tree: MediaTreeProvider;
  private readonly pollers = new Map<string, AbortController>();
  private readonly disposables = new DisposableStore();

  constructor(p: MediaPlatform) {
    super(p);
    this.store = new MediaStore(p.context.workspaceState);
    this.tree = new MediaTreeProvider({
      store: this.store,
      configured: async () => (await p.clients.get()).kind === 'ready',
      load: () => this.load(),
    });
    this.disposables.add(
      this.store,
      this.store.onDidChange(() => this.tree.refresh()),
    );
  }

  /** Jobs (account-wide) and this key's voices from the service; jobs still running are followed. */
  async load(): Promise<void> {
    const state = await this.clients.get();
    if (state.kind !== 'ready') return;
    const [jobs, voices, catalog] = await Promise.allSettled([
      state.client.media.jobs.list({ limit: LIST_LIMIT }),
      state.client.media.voices.list({ limit: LIST_LIMIT }),
      // Free (spec 4.7); the Explorer menus follow what it lists.
      state.client.media.catalog(),
    ]);
    if (catalog.status === 'fulfilled') applyMediaMenus(this.contextKeys, catalog.value);
    else this.logger.warn(`Media catalog could not be read: ${String(catalog.reason)}`);
    if (jobs.status === 'fulfilled') {
      this.store.merge(jobs.value.items);
      for (const job of jobs.value.items) if (!isJobEnded(job.status)) this.follow(job);
    } else this.logger.warn(`Media jobs could not be listed: ${String(jobs.reason)}`);
    if (voices.status === 'fulfilled') this.store.setVoices(voices.value.items);
    else this.logger.warn(`Voices could not be listed: ${String(voices.reason)}`);
  }

  /** Polls the job until it ends (backoff in the client), updating the view; tells the user at the end. */
  follow(job: MediaJob): void {
    if (this.pollers.has(job.operation_id) || isJobEnded(job.status)) return;
    const controller = new AbortController();
    this.pollers.set(job.operation_id, controller);
    void (async () => {
      try {
        const state = await this.clients.get();
        if (state.kind !== 'ready') return;
        const done = await state.client.media.jobs.waitFor(job.operation_id, {
          signal: controller.signal,
          intervalMs: 500,
          maxIntervalMs: 5000,
          onUpdate: (j) => this.store.upsert(j),
        });
        // A media job is settled when it ends: the balance shown elsewhere should follow.
        if (done.status === 'completed') void this.balance.refresh().catch(() => undefined);
        this.notify(done);
      } catch (err) {
        if (!controller.signal.aborted)
          this.logger.warn(`Following media job ${job.operation_id} stopped: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.pollers.delete(job.operation_id);
      }
    })();
  }

  get following(): number {
    return this.pollers.size;
  }

  private notify(job: MediaJob): void {
    const source = this.store.source(job.operation_id);
    const name = source !== undefined ? path.basename(vscode.Uri.parse(source.uri).fsPath) : job.operation_id;
    const what = vscode.l10n.t('{0} of {1}', productName(job.product ?? ''), name);
    if (job.status !== 'completed') {
      const message = job.error_msg
        ? vscode.l10n.t('Doc Translate: {0} ended {1}: {2}.', what, job.status, job.error_msg)
        : vscode.l10n.t('Doc Translate: {0} ended {1}.', what, job.status);
      void vscode.window.showWarningMessage(message);
      return;
    }
    const first = job.files[0];
    if (first === undefined) return;
    const open = vscode.l10n.t('Open');
    void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} is ready.', what), open)).then((picked) => {
      if (picked === open) void vscode.commands.executeCommand(CommandId.mediaOpenFile, { operationId: job.operation_id, artifactId: first.artifact_id });
    });
  }

  dispose(): void {
    for (const controller of this.pollers.values()) controller.abort();
    this.pollers.clear();
    this.disposables.dispose();
  }
}
