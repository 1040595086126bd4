import * as vscode from 'vscode';
import type { ArtifactInfo, JobOrigin, TrackedJob } from '../model.ts';
import { jobDescription, jobTooltipMarkdown } from './describe.ts';
import { runDescription, runLabel } from './runs.ts';
import { CommandId, ContextValue } from '../../../shared/ids.ts';

/** Nodes of the Jobs view share this base; `contextValue` is what menus match with `viewItem =~`. */
export abstract class JobsTreeNode extends vscode.TreeItem {
  abstract readonly kind: 'job' | 'artifact' | 'message' | 'run' | 'loadOlder';
}

export class JobNode extends JobsTreeNode {
  readonly kind = 'job';
  private current: TrackedJob;

  constructor(
    job: TrackedJob,
    readonly origin: JobOrigin | undefined,
  ) {
    super(origin !== undefined ? sourcePath(origin) : `Document ${job.documentId}`, vscode.TreeItemCollapsibleState.None);
    this.id = `job:${job.id}`;
    this.current = job;
    this.show(job);
  }

  get job(): TrackedJob {
    return this.current;
  }

  /** Takes the job's new state; the tree then redraws this node only. */
  update(job: TrackedJob): void {
    this.current = job;
    this.show(job);
  }

  private show(job: TrackedJob): void {
    this.collapsibleState = job.status === 'completed' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
    this.description = jobDescription(job);
    this.contextValue = job.status === 'completed' ? ContextValue.jobCompleted : job.status === 'failed' ? ContextValue.jobFailed : ContextValue.jobActive;
    this.iconPath = statusIcon(job);
    const tooltip = new vscode.MarkdownString(jobTooltipMarkdown(job, this.origin?.fileName ?? job.documentId, vscode.env.language));
    tooltip.supportThemeIcons = false;
    this.tooltip = tooltip;
    this.accessibilityInformation = { label: `${String(this.label)}, ${this.description}` };
  }
}

/** The source's path relative to its workspace folder (with the folder's name when several are open). */
export function sourcePath(origin: JobOrigin): string {
  const uri = vscode.Uri.parse(origin.source);
  if (vscode.workspace.getWorkspaceFolder(uri) === undefined) return origin.fileName;
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

/** One Translate Files… run: its jobs as children. */
export class RunNode extends JobsTreeNode {
  readonly kind = 'run';

  constructor(
    readonly run: string,
    readonly jobs: JobNode[],
  ) {
    const active = jobs.some((n) => n.job.status === 'pending' || n.job.status === 'processing');
    super(
      runLabel(
        jobs.map((n) => (n.origin !== undefined ? sourcePath(n.origin) : String(n.label))),
        jobs.map((n) => n.job.targetLang),
      ),
      active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    this.id = `run:${run}`;
    this.description = runDescription(jobs.map((n) => n.job));
    this.iconPath = new vscode.ThemeIcon(active ? 'sync~spin' : 'layers');
    this.contextValue = jobs.some((n) => n.job.status === 'completed') ? ContextValue.jobRunCompleted : ContextValue.jobRun;
    this.tooltip = `${String(this.label)}\n${this.description}`;
    this.accessibilityInformation = { label: `${String(this.label)}, ${this.description}` };
  }
}

export class ArtifactNode extends JobsTreeNode {
  readonly kind = 'artifact';

  constructor(
    readonly artifact: ArtifactInfo,
    name: string,
    readonly text: boolean,
  ) {
    super(name, vscode.TreeItemCollapsibleState.None);
    this.id = `artifact:${artifact.jobId}:${artifact.id}`;
    this.description = artifact.format;
    this.contextValue = text ? ContextValue.artifactText : ContextValue.artifactBinary;
    this.iconPath = new vscode.ThemeIcon(artifactIconId(artifact.format));
    this.tooltip = text
      ? vscode.l10n.t('{0} ({1}): opens as a read-only document', name, artifact.format)
      : vscode.l10n.t("{0} ({1}): downloaded to the extension's storage and opened", name, artifact.format);
    this.command = { command: CommandId.jobsOpenArtifact, title: vscode.l10n.t('Open Translation'), arguments: [this] };
  }
}

/** The last row while the service has older jobs than those listed: pages back with `before` (spec 4.3). */
export class LoadOlderNode extends JobsTreeNode {
  readonly kind = 'loadOlder';

  constructor(shown: number) {
    super(vscode.l10n.t('Load older jobs…'), vscode.TreeItemCollapsibleState.None);
    this.id = `jobs:older:${shown}`;
    this.contextValue = ContextValue.jobsLoadOlder;
    this.description = vscode.l10n.t('{0} shown', shown);
    this.iconPath = new vscode.ThemeIcon('more');
    this.tooltip = vscode.l10n.t('List the jobs created before the oldest one shown');
    this.command = { command: CommandId.jobsLoadOlder, title: vscode.l10n.t('Load Older Jobs'), arguments: [] };
  }
}

/** A row that only says something (loading failed, no artifacts). */
export class MessageNode extends JobsTreeNode {
  readonly kind = 'message';

  constructor(message: string, icon = 'info') {
    super(message, vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon(icon);
    this.contextValue = ContextValue.message;
  }
}

export function statusIconId(job: TrackedJob): string {
  if (job.status === 'completed') return 'check';
  if (job.status === 'failed') return 'error';
  if (job.status === 'pending' || job.stage === 'queued') return 'clock';
  return 'sync~spin';
}

function statusIcon(job: TrackedJob): vscode.ThemeIcon {
  const id = statusIconId(job);
  if (id === 'check') return new vscode.ThemeIcon(id, new vscode.ThemeColor('testing.iconPassed'));
  if (id === 'error') return new vscode.ThemeIcon(id, new vscode.ThemeColor('errorForeground'));
  return new vscode.ThemeIcon(id);
}

function artifactIconId(format: string): string {
  const f = format.toLowerCase();
  if (f === 'pdf') return 'file-pdf';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'].includes(f)) return 'file-media';
  if (['zip', 'tar', 'gz'].includes(f)) return 'file-zip';
  if (['md', 'markdown', 'txt', 'srt', 'vtt'].includes(f)) return 'file-text';
  return 'file-code';
}
