import * as vscode from 'vscode';
import type { DocTranslateClient, Logger } from '../../api/index.ts';
import type { ClientService } from '../../platform/clientService.ts';
import type { JobStore } from './store.ts';
import { fromApiJob, isActive, withProgress, type TrackedJob } from './model.ts';

/**
 * SSE streams held at once. Each holds one of the client's 8 connections to the service, so a
 * few stay free for ordinary requests; further jobs wait for a slot (the service runs 5 at once).
 */
export const MAX_WATCHERS = 5;

export interface JobWatchersOptions {
  store: JobStore;
  clients: ClientService;
  logger: Logger;
  maxWatchers?: number;
}

/**
 * Follows active jobs through the client's watcher (SSE, which is push; polling only when the
 * service has no SSE) and writes each snapshot into the store. Watched ids are persisted, so a
 * reloaded window watches them again. Nothing runs when no job is active.
 */
export class JobWatchers implements vscode.Disposable {
  private readonly running = new Map<string, AbortController>();
  private readonly waiting: string[] = [];
  private readonly ended = new vscode.EventEmitter<TrackedJob>();
  /** A watched job reached its final state (completed or failed). */
  readonly onDidEnd = this.ended.event;
  private readonly subscription: vscode.Disposable;
  private disposed = false;

  constructor(private readonly opts: JobWatchersOptions) {
    // A new service URL or key retires the old client: follow the same jobs with the new one.
    this.subscription = opts.clients.onDidChange(() => this.restart());
  }

  get size(): number {
    return this.running.size + this.waiting.length;
  }

  isWatching(id: string): boolean {
    return this.running.has(id) || this.waiting.includes(id);
  }

  /** Starts following a job (no-op when already followed); `persist` keeps it across reloads. */
  watch(id: string, persist = true): void {
    if (this.disposed) return;
    if (persist) void this.opts.store.setWatched(id, true);
    if (this.isWatching(id)) return;
    this.waiting.push(id);
    this.pump();
  }

  /** Watches again what an earlier window was watching. */
  restore(): void {
    for (const id of this.opts.store.watchedIds()) this.watch(id, false);
  }

  stop(id: string): void {
    this.running.get(id)?.abort();
    const at = this.waiting.indexOf(id);
    if (at >= 0) this.waiting.splice(at, 1);
  }

  dispose(): void {
    this.disposed = true;
    this.waiting.length = 0;
    for (const c of this.running.values()) c.abort();
    this.subscription.dispose();
    this.ended.dispose();
  }

  private restart(): void {
    const ids = [...this.running.keys()];
    for (const c of this.running.values()) c.abort();
    this.running.clear();
    this.waiting.unshift(...ids.filter((id) => !this.waiting.includes(id)));
    this.pump();
  }

  private pump(): void {
    const max = this.opts.maxWatchers ?? MAX_WATCHERS;
    while (!this.disposed && this.running.size < max && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const controller = new AbortController();
      this.running.set(id, controller);
      void this.follow(id, controller).finally(() => {
        if (this.running.get(id) === controller) this.running.delete(id);
        this.pump();
      });
    }
  }

  private async follow(id: string, controller: AbortController): Promise<void> {
    const { store, clients, logger } = this.opts;
    const signal = controller.signal;
    try {
      const state = await clients.get();
      if (state.kind !== 'ready' || signal.aborted) return;
      const client: DocTranslateClient = state.client;
      if (store.get(id) === undefined) store.upsert(fromApiJob(await client.jobs.get(id, { signal })));
      const final = await client.jobs.watch(id, {
        signal,
        onUpdate: (p) => {
          const known = store.get(id);
          if (known !== undefined && isActive(known)) store.upsert(withProgress(known, p));
        },
      });
      const job = fromApiJob(final);
      store.upsert(job);
      await store.setWatched(id, false);
      this.ended.fire(job);
    } catch (err) {
      if (signal.aborted) return;
      const status = (err as { status?: unknown }).status;
      if (status === 404 || status === 403) {
        // The job is gone or belongs to another account: nothing to follow any more.
        await store.setWatched(id, false);
        return;
      }
      logger.warn(`Following job ${id} stopped: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    }
  }
}
