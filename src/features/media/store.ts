import * as vscode from 'vscode';
import type { MediaJob, Voice } from '../../api/index.ts';
import { RememberedRecord } from '../../platform/rememberedRecord.ts';
import { WorkspaceStateKey } from '../../platform/state.ts';
import { isJobEnded } from './describe.ts';

/** The local file a media job was started from (kept per workspace, so Save Next to Source works after a reload). */
export interface MediaSource {
  uri: string;
  /** Target language asked for, when the product has one. */
  targetLanguage?: string;
}

const MAX_SOURCES = 300;

/**
 * Media jobs and voices as the Media view shows them: the service's lists merged with what was
 * started in this window, the source file of each job started here, and one change event.
 */
export class MediaStore implements vscode.Disposable {
  private readonly jobs = new Map<string, MediaJob>();
  private voiceList: Voice[] | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  private readonly sources: RememberedRecord<MediaSource>;

  constructor(state: vscode.Memento) {
    this.sources = new RememberedRecord(state, WorkspaceStateKey.mediaSources, MAX_SOURCES);
  }

  /** Newest first (creation time when given, else insertion order reversed). */
  allJobs(): MediaJob[] {
    const list = [...this.jobs.values()];
    return list
      .map((job, i) => ({ job, i }))
      .sort((a, b) => String(b.job['created_at'] ?? '').localeCompare(String(a.job['created_at'] ?? '')) || b.i - a.i)
      .map((x) => x.job);
  }

  job(id: string): MediaJob | undefined {
    return this.jobs.get(id);
  }

  upsert(job: MediaJob): void {
    this.jobs.set(job.operation_id, job);
    this.changed.fire();
  }

  /** The service's list; a job known here as ended stays as it is, any other takes the listed state. */
  merge(listed: readonly MediaJob[]): void {
    for (const job of listed) {
      const known = this.jobs.get(job.operation_id);
      if (known === undefined || !isJobEnded(known.status)) this.jobs.set(job.operation_id, job);
    }
    this.changed.fire();
  }

  voices(): Voice[] | undefined {
    return this.voiceList;
  }

  setVoices(list: Voice[]): void {
    this.voiceList = list;
    this.changed.fire();
  }

  upsertVoice(voice: Voice): void {
    const list = [...(this.voiceList ?? [])];
    const at = list.findIndex((v) => v.asset_id === voice.asset_id);
    if (at >= 0) list[at] = voice;
    else list.unshift(voice);
    this.setVoices(list);
  }

  source(id: string): MediaSource | undefined {
    return this.sources.get(id);
  }

  async remember(id: string, source: MediaSource): Promise<void> {
    await this.sources.remember(id, source);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
