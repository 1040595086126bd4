// Command arguments of the Jobs commands: a tree node (menus), a job id or `{ jobId, artifactId }`
// (notifications, tests), or nothing (palette: the user picks).
import * as vscode from 'vscode';
import type { JobsFeature } from '../feature.ts';
import type { ArtifactInfo, TrackedJob } from '../model.ts';
import { ArtifactNode, JobNode } from '../view/nodes.ts';
import { jobDescription } from '../view/describe.ts';

function field(arg: unknown, name: string): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const value = (arg as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The job id an argument names, or one the user picks among `candidates`. */
export async function jobIdFrom(f: JobsFeature, arg: unknown, candidates: (job: TrackedJob) => boolean, title: string): Promise<string | undefined> {
  if (arg instanceof JobNode) return arg.job.id;
  if (arg instanceof ArtifactNode) return arg.artifact.jobId;
  if (typeof arg === 'string' && arg !== '') return arg;
  const given = field(arg, 'jobId') ?? field(arg, 'id');
  if (given !== undefined) return given;
  if (f.store.all().length === 0) await f.loadJobs().catch(() => undefined);
  const items = f.store
    .all()
    .filter(candidates)
    .map((job) => ({ label: f.store.origin(job.id)?.fileName ?? `Document ${job.documentId}`, description: jobDescription(job), detail: job.id, id: job.id }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: there is no matching job.'));
    return undefined;
  }
  const picked = await f.prompter.pick('job', items, { title, matchOnDetail: true });
  return picked?.id;
}

/** The artifact an argument names; a job argument means its first artifact. */
export async function artifactFrom(f: JobsFeature, arg: unknown): Promise<ArtifactInfo | undefined> {
  if (arg instanceof ArtifactNode) return arg.artifact;
  const jobId = arg instanceof JobNode ? arg.job.id : (field(arg, 'jobId') ?? (typeof arg === 'string' ? arg : undefined));
  if (jobId === undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: choose a translation in the Jobs view.'));
    return undefined;
  }
  if (f.store.get(jobId) === undefined) await f.loadJobs().catch(() => undefined);
  const list = await f.artifacts.list(jobId);
  const artifactId = field(arg, 'artifactId');
  const found = artifactId !== undefined ? list.find((a) => a.id === artifactId) : list[0];
  if (found === undefined) void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: this job has no result (yet).'));
  return found;
}
