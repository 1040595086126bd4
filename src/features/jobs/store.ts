import * as vscode from 'vscode';
import { RememberedRecord } from '../../platform/rememberedRecord.ts';
import { WorkspaceStateKey } from '../../platform/state.ts';
import { watchedJobIds } from './watched.ts';
import type { ArtifactInfo, JobOrigin, TrackedJob } from './model.ts';
import type { JobsPaging } from './view/paging.ts';
import { isActive } from './model.ts';

/** What changed: the ids of the jobs, or undefined when jobs came or went. */
export type JobsChange = ReadonlySet<string> | undefined;

/** Origins kept per workspace; the oldest are dropped past this. */
const MAX_ORIGINS = 500;
/** Ids of cleared jobs kept per workspace, newest last. */
const MAX_CLEARED = 2000;

/**
 * The jobs the extension knows: the service's list merged with the jobs started here, their live
 * state, their artifacts, and where each came from (job id → source file). One change event for
 * the view and the status bar.
 */
export class JobStore implements vscode.Disposable {
  private readonly jobs = new Map<string, TrackedJob>();
  private readonly artifacts = new Map<string, ArtifactInfo[]>();
  private readonly cancelled = new Set<string>();
  /** Paging back through the service's list (spec 4.3 `before`); undefined until a first page was listed. */
  private older: JobsPaging | undefined;
  private pagedBack = false;
  private readonly changed = new vscode.EventEmitter<JobsChange>();
  /** Fires after any change with the ids of the changed jobs, or undefined when jobs came or went (coalesce before doing real work). */
  readonly onDidChange = this.changed.event;

  private readonly origins: RememberedRecord<JobOrigin>;

  constructor(private readonly state: vscode.Memento) {
    this.origins = new RememberedRecord(state, WorkspaceStateKey.jobOrigins, MAX_ORIGINS);
  }

  all(): TrackedJob[] {
    const cleared = this.clearedIds();
    return [...this.jobs.values()].filter((j) => !cleared.has(j.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  /** How many listed jobs Clear Finished took out of the view (they remain on the service). */
  clearedCount(): number {
    const cleared = this.clearedIds();
    return [...this.jobs.keys()].filter((id) => cleared.has(id)).length;
  }

  get(id: string): TrackedJob | undefined {
    return this.jobs.get(id);
  }

  active(): TrackedJob[] {
    return this.all().filter(isActive);
  }

  upsert(job: TrackedJob): void {
    const known = this.jobs.has(job.id);
    this.jobs.set(job.id, job);
    this.changed.fire(known ? new Set([job.id]) : undefined);
  }

  /** Takes what the service listed; an ended job stays ended, jobs known only locally stay. */
  merge(listed: readonly TrackedJob[]): void {
    for (const job of listed) {
      const known = this.jobs.get(job.id);
      if (known === undefined || isActive(known)) this.jobs.set(job.id, job);
    }
    this.changed.fire(undefined);
  }

  /** Where listing older jobs goes on from, once a first page was listed. */
  paging(): JobsPaging | undefined {
    return this.older;
  }

  /**
   * Records a listed page. A page listed with `before` moves the cursor back. The newest page (no
   * `before`, first load or Refresh) sets it only until older pages were loaded, so a Refresh keeps
   * them and where to go on from.
   */
  setPaging(page: JobsPaging, older: boolean): void {
    if (older) this.pagedBack = true;
    if (older || !this.pagedBack) this.older = page;
  }

  /** Another account or service: its list starts again from the newest page. */
  resetPaging(): void {
    this.older = undefined;
    this.pagedBack = false;
  }

  artifactsOf(jobId: string): ArtifactInfo[] | undefined {
    return this.artifacts.get(jobId);
  }

  setArtifacts(jobId: string, list: ArtifactInfo[]): void {
    this.artifacts.set(jobId, list);
    this.changed.fire(new Set([jobId]));
  }

  /** A job the user cancelled from this window: it ends without a failure notification. */
  markCancelledHere(jobId: string, cancelled = true): void {
    if (cancelled) this.cancelled.add(jobId);
    else this.cancelled.delete(jobId);
  }

  wasCancelledHere(jobId: string): boolean {
    return this.cancelled.has(jobId);
  }

  /** Every known job one Translate Files… run started (cleared ones included), oldest first. */
  jobsOfRun(run: string): TrackedJob[] {
    const origins = this.origins.all();
    return [...this.jobs.values()].filter((j) => origins[j.id]?.run === run).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  origin(jobId: string): JobOrigin | undefined {
    const value = this.origins.get(jobId);
    return value !== undefined && typeof value.source === 'string' && typeof value.fileName === 'string' ? value : undefined;
  }

  async rememberOrigin(jobId: string, origin: JobOrigin): Promise<void> {
    await this.origins.remember(jobId, origin);
  }

  /** Clear Finished: ended jobs (all, or these ids) leave the view, in this window and the next; returns how many. */
  async clearFinished(ids?: ReadonlySet<string>): Promise<number> {
    const ended = this.all().filter((j) => !isActive(j) && (ids === undefined || ids.has(j.id)));
    if (ended.length === 0) return 0;
    const cleared = [...this.clearedIds(), ...ended.map((j) => j.id)];
    await this.state.update(WorkspaceStateKey.clearedJobs, cleared.slice(-MAX_CLEARED));
    this.changed.fire(undefined);
    return ended.length;
  }

  /** Ids of the jobs being watched, as persisted for the next window. */
  watchedIds(): string[] {
    return watchedJobIds(this.state);
  }

  async setWatched(id: string, watched: boolean): Promise<void> {
    const ids = this.watchedIds().filter((x) => x !== id);
    if (watched) ids.push(id);
    await this.state.update(WorkspaceStateKey.watchedJobs, ids);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private clearedIds(): Set<string> {
    const value = this.state.get<unknown>(WorkspaceStateKey.clearedJobs);
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  }
}
