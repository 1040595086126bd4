import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DeliveredFile, MediaJob, Voice } from '../../api/index.ts';
import { ContextValue } from '../../shared/ids.ts';
import { fileLabel, isJobEnded, settlementId, isTextFile, jobDescription, jobIcon, jobLabel, jobTooltip, voiceDescription, voiceIcon } from './describe.ts';
import type { MediaStore } from './store.ts';

export class SectionNode extends vscode.TreeItem {
  constructor(
    readonly section: 'jobs' | 'voices',
    label: string,
  ) {
    super(label, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `media.section.${section}`;
    this.contextValue = `${ContextValue.mediaSection}.${section}`;
  }
}

export class MediaJobNode extends vscode.TreeItem {
  constructor(
    readonly job: MediaJob,
    source: string | undefined,
  ) {
    const ended = isJobEnded(job.status);
    super(jobLabel(job, source), ended && job.files.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    // A new id once ended: the view then takes the Expanded state instead of remembering a leaf.
    this.id = `media.job.${job.operation_id}${ended ? '.ended' : ''}`;
    this.description = jobDescription(job);
    this.accessibilityInformation = { label: `${String(this.label)}, ${this.description}` };
    this.tooltip = jobTooltip(job, source);
    this.iconPath = new vscode.ThemeIcon(jobIcon(job.status));
    this.contextValue = !ended ? ContextValue.mediaJobActive : settlementId(job) !== undefined ? ContextValue.mediaJobSettled : ContextValue.mediaJobEnded;
  }
}

export class MediaFileNode extends vscode.TreeItem {
  constructor(
    readonly job: MediaJob,
    readonly file: DeliveredFile,
    index: number,
    hasSource: boolean,
  ) {
    super(fileLabel(file, index), vscode.TreeItemCollapsibleState.None);
    this.id = `media.file.${job.operation_id}.${file.artifact_id ?? index}`;
    this.description = file.role ?? undefined;
    this.accessibilityInformation = { label: `${String(this.label)}, ${file.role ?? vscode.l10n.t('file')}` };
    const text = isTextFile(file);
    this.iconPath = new vscode.ThemeIcon(text ? 'file-text' : 'file-media');
    this.contextValue = `${ContextValue.mediaFile}.${text ? 'text' : 'binary'}${hasSource ? '.source' : ''}`;
    this.command = {
      title: vscode.l10n.t('Open'),
      command: 'docTranslate.media.openFile',
      arguments: [{ operationId: job.operation_id, artifactId: file.artifact_id }],
    };
  }
}

export class VoiceNode extends vscode.TreeItem {
  constructor(readonly voice: Voice) {
    super(voice.name ?? voice.asset_id, vscode.TreeItemCollapsibleState.None);
    this.id = `media.voice.${voice.asset_id}`;
    this.description = voiceDescription(voice);
    this.accessibilityInformation = { label: vscode.l10n.t('Voice {0}, {1}', String(this.label), String(this.description)) };
    this.tooltip = [
      vscode.l10n.t('Voice {0}', voice.asset_id),
      vscode.l10n.t('Status: {0}', voice.status ?? vscode.l10n.t('unknown')),
      vscode.l10n.t('Consent: {0}', String(voice['consent_version'] ?? '')),
    ].join('\n');
    this.iconPath = new vscode.ThemeIcon(voiceIcon(voice.status));
    this.contextValue = `${ContextValue.mediaVoice}.${voice.status ?? 'unknown'}`;
  }
}

export class NoteNode extends vscode.TreeItem {
  constructor(label: string) {
    super(label, vscode.TreeItemCollapsibleState.None);
    this.contextValue = ContextValue.message;
  }
}

export type MediaNode = SectionNode | MediaJobNode | MediaFileNode | VoiceNode | NoteNode;

export interface MediaTreeOptions {
  store: MediaStore;
  configured: () => Promise<boolean>;
  /** Loads jobs and voices from the service (first read, Refresh). */
  load: () => Promise<void>;
}

/** Two sections: Jobs (newest first, delivered files as children) and Voices (the key's voices). */
export class MediaTreeProvider implements vscode.TreeDataProvider<MediaNode> {
  private readonly changed = new vscode.EventEmitter<MediaNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private loaded: Promise<void> | undefined;

  constructor(private readonly opts: MediaTreeOptions) {}

  refresh(): void {
    this.changed.fire(undefined);
  }

  reload(): void {
    this.loaded = undefined;
    this.refresh();
  }

  getTreeItem(node: MediaNode): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: MediaNode): Promise<MediaNode[]> {
    if (node === undefined) {
      if (!(await this.opts.configured())) return [];
      this.loaded ??= this.opts.load().catch(() => undefined);
      await this.loaded;
      return [new SectionNode('jobs', vscode.l10n.t('Jobs')), new SectionNode('voices', vscode.l10n.t('Voices'))];
    }
    if (node instanceof SectionNode) return node.section === 'jobs' ? this.jobNodes() : this.voiceNodes();
    if (node instanceof MediaJobNode && isJobEnded(node.job.status)) {
      const hasSource = this.opts.store.source(node.job.operation_id) !== undefined;
      return node.job.files.map((f, i) => new MediaFileNode(node.job, f, i, hasSource));
    }
    return [];
  }

  private jobNodes(): MediaNode[] {
    const jobs = this.opts.store.allJobs();
    if (jobs.length === 0) return [new NoteNode(vscode.l10n.t('No media jobs: right-click a media file'))];
    return jobs.map((job) => {
      const source = this.opts.store.source(job.operation_id);
      return new MediaJobNode(job, source !== undefined ? path.basename(vscode.Uri.parse(source.uri).fsPath) : undefined);
    });
  }

  private voiceNodes(): MediaNode[] {
    const voices = this.opts.store.voices() ?? [];
    return voices.length === 0 ? [new NoteNode(vscode.l10n.t('No voices: use Add Voice…'))] : voices.map((v) => new VoiceNode(v));
  }
}
