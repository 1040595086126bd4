import type { ClientService } from '../../../platform/clientService.ts';
import type { JobStore } from '../store.ts';
import { fromApiArtifact, fromApiJob, isTextFormat, type ArtifactInfo } from '../model.ts';
import type { ArtifactFiles } from './files.ts';
import { artifactUri, type ArtifactRef } from '../../../platform/artifactScheme.ts';
import type * as vscode from 'vscode';

/** Artifact lists of jobs (cached in the store once a job has completed) and their documents. */
export class ArtifactService {
  constructor(
    private readonly store: JobStore,
    private readonly clients: ClientService,
    readonly files: ArtifactFiles,
  ) {}

  /** The job's artifacts; listed from the service once it has completed, then cached. */
  async list(jobId: string, opts: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<ArtifactInfo[]> {
    const cached = this.store.artifactsOf(jobId);
    if (cached !== undefined && opts.refresh !== true) return cached;
    const state = await this.clients.get();
    if (state.kind !== 'ready') return [];
    const known = this.store.get(jobId);
    if (known !== undefined && known.status !== 'completed') {
      // The view may be behind the service (at most 5 jobs are watched at once; the rest wait for a slot): ask it.
      const fresh = await state.client.jobs.get(jobId, { signal: opts.signal }).catch(() => undefined);
      if (fresh !== undefined) this.store.upsert(fromApiJob(fresh));
      if (this.store.get(jobId)?.status !== 'completed') return [];
    }
    const items = await state.client.artifacts.list(jobId, { signal: opts.signal });
    const list = items.map((a) => fromApiArtifact(jobId, a));
    this.store.setArtifacts(jobId, list);
    return list;
  }

  async find(ref: ArtifactRef): Promise<ArtifactInfo | undefined> {
    const list = await this.list(ref.jobId);
    return list.find((a) => a.id === ref.artifactId);
  }

  /** Name shown for the artifact: the service's file name, else the source's name with the language. */
  displayName(artifact: ArtifactInfo): string {
    if (artifact.filename !== undefined) return artifact.filename;
    const job = this.store.get(artifact.jobId);
    const source = this.store.origin(artifact.jobId)?.fileName ?? 'translation';
    const stem = source.includes('.') ? source.slice(0, source.lastIndexOf('.')) : source;
    return `${stem}.${job?.targetLang ?? 'translated'}.${artifact.format}`;
  }

  isText(artifact: ArtifactInfo): boolean {
    return isTextFormat(artifact.format);
  }

  uri(artifact: ArtifactInfo): vscode.Uri {
    return artifactUri({ jobId: artifact.jobId, artifactId: artifact.id }, this.displayName(artifact));
  }
}
