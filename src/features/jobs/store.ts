import * as vscode from 'vscode';
import type { ArtifactInfo, JobOrigin, TrackedJob } from './model.ts';
import { isActive } from './model.ts';

/** Memento keys (workspaceState): jobs of this workspace survive a window reload. */
export const JobStateKey = {
  watched: 'docTranslate.jobs.watched',
  origins: 'docTranslate.jobs.origins',
} as const;

/** Origins kept per workspace; the oldest are dropped past this. */
const MAX_ORIGINS = 500;

/**
 * The jobs the extension knows: the service's list merged with the jobs started here, their live
 * state, their artifacts, and where each came from (job id → source file). One change event for
 * the view and the status bar.
 */
export class JobStore implements vscode.Disposable {
  private readonly jobs = new Map<string, TrackedJob>();
  private readonly artifacts = new Map<string, ArtifactInfo[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires after any change (coalesce before doing real work). */
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  all(): TrackedJob[] {
    return [...this.jobs.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  get(id: string): TrackedJob | undefined {
    return this.jobs.get(id);
  }

  active(): TrackedJob[] {
    return this.all().filter(isActive);
  }

  upsert(job: TrackedJob): void {
    this.jobs.set(job.id, job);
    this.changed.fire();
  }

  /** Takes what the service listed; an ended job stays ended, jobs known only locally stay. */
  merge(listed: readonly TrackedJob[]): void {
    for (const job of listed) {
      const known = this.jobs.get(job.id);
      if (known === undefined || isActive(known)) this.jobs.set(job.id, job);
    }
    this.changed.fire();
  }

  artifactsOf(jobId: string): ArtifactInfo[] | undefined {
    return this.artifacts.get(jobId);
  }

  setArtifacts(jobId: string, list: ArtifactInfo[]): void {
    this.artifacts.set(jobId, list);
    this.changed.fire();
  }

  origin(jobId: string): JobOrigin | undefined {
    const value = this.origins()[jobId];
    return value !== undefined && typeof value.source === 'string' && typeof value.fileName === 'string' ? value : undefined;
  }

  async rememberOrigin(jobId: string, origin: JobOrigin): Promise<void> {
    const entries = Object.entries({ ...this.origins(), [jobId]: origin });
    await this.state.update(JobStateKey.origins, Object.fromEntries(entries.slice(-MAX_ORIGINS)));
  }

  /** Ids of the jobs being watched, as persisted for the next window. */
  watchedIds(): string[] {
    const value = this.state.get<unknown>(JobStateKey.watched);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  async setWatched(id: string, watched: boolean): Promise<void> {
    const ids = this.watchedIds().filter((x) => x !== id);
    if (watched) ids.push(id);
    await this.state.update(JobStateKey.watched, ids);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private origins(): Record<string, JobOrigin> {
    const value = this.state.get<unknown>(JobStateKey.origins);
    return typeof value === 'object' && value !== null ? (value as Record<string, JobOrigin>) : {};
  }
}
