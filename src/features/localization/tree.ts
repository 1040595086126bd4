// The Localization view: folders of source files, each file with its languages' states ("de ✓ fr
// stale"), one child per target language; "Show Problems Only" keeps what needs work.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ReviewCount, TargetStatus } from '../../localize/index.ts';
import { languageName } from '../../platform/languages.ts';
import { CommandId, ContextValue } from '../../shared/ids.ts';
import {
  fileSummary,
  folderSummary,
  groupByFolder,
  groupBySource,
  isUntracked,
  needsWork,
  problemsOnly,
  STATE_ICON,
  stateExplanation,
  trustDetails,
  stateLabel,
  untrackedExplanation,
  type SetupStatus,
  type SourceEntry,
} from './model.ts';
import { conflictReason } from './conflictText.ts';
import { reviewedLine, reviewedShares } from './reviewText.ts';
import type { LocalizationState } from './state.ts';

export type LocalizationNode = SetupNode | FolderNode | SourceNode | TargetNode | NoteNode;

/** A workspace folder's set-up (a root only when several folders hold one). */
export class SetupNode extends vscode.TreeItem {
  readonly kind = 'setup';
  constructor(readonly setup: SetupStatus) {
    super(setup.name, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `setup:${setup.folder}`;
    this.iconPath = new vscode.ThemeIcon('root-folder');
    this.contextValue = ContextValue.localizationSetup;
    this.resourceUri = vscode.Uri.file(setup.folder);
    this.description = setup.error ?? vscode.l10n.t('{0} source files', setup.report?.files ?? 0);
    const reviewed = reviewedShares(setup.reviewed?.languages ?? []);
    if (reviewed !== '') this.tooltip = `${setup.folder}\n${reviewed}`;
  }
}

/** A folder of source files (relative to the set-up); its actions act on its files. */
export class FolderNode extends vscode.TreeItem {
  readonly kind = 'folder';
  /** Every source of the folder (the scope of its actions, whatever the filter shows). */
  readonly sources: string[];
  constructor(
    readonly folder: string,
    readonly dir: string,
    readonly entries: SourceEntry[],
    all: readonly SourceEntry[],
  ) {
    super(dir === '' ? '.' : dir, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `folder:${folder}:${dir}`;
    this.sources = all.map((e) => e.source);
    this.iconPath = vscode.ThemeIcon.Folder;
    this.resourceUri = vscode.Uri.file(path.join(folder, dir));
    this.description = folderSummary(all);
    const open = all.some((e) => e.targets.some((t) => needsWork(t.state)));
    this.contextValue = open ? `${ContextValue.localizationFolder}.open` : ContextValue.localizationFolder;
  }
}

export class SourceNode extends vscode.TreeItem {
  readonly kind = 'source';
  constructor(
    readonly folder: string,
    readonly source: string,
    readonly targets: TargetStatus[],
  ) {
    super(path.posix.basename(source), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `source:${folder}:${source}`;
    this.description = fileSummary(targets);
    this.iconPath = vscode.ThemeIcon.File;
    this.resourceUri = vscode.Uri.file(path.join(folder, source));
    // `.open` when a language needs an update or a decision (the inline Update is offered there only).
    this.contextValue = targets.some((t) => needsWork(t.state)) ? `${ContextValue.localizationSource}.open` : ContextValue.localizationSource;
    this.tooltip = `${source}: ${targets.map((t) => `${t.lang} ${stateLabel(t)}`).join(', ')}`;
  }
}

export class TargetNode extends vscode.TreeItem {
  readonly kind = 'target';
  constructor(
    readonly folder: string,
    readonly target: TargetStatus,
    review?: ReviewCount,
  ) {
    super(`${languageName(target.lang, vscode.env.language)} (${target.lang})`, vscode.TreeItemCollapsibleState.None);
    this.id = `target:${folder}:${target.target}`;
    const reason = target.state === 'conflict' ? target.conflicts[0]?.reason : undefined;
    // An existing translation not adopted yet is a human's work, not a conflict: its row offers Adopt.
    const untracked = isUntracked(target);
    this.description = reason === 'markers' ? vscode.l10n.t('conflict markers') : stateLabel(target);
    const color =
      target.state === 'up-to-date'
        ? 'testing.iconPassed'
        : untracked
          ? 'list.warningForeground'
          : target.state === 'conflict'
            ? 'list.errorForeground'
            : needsWork(target.state)
              ? 'list.warningForeground'
              : undefined;
    this.iconPath = new vscode.ThemeIcon(untracked ? 'question' : STATE_ICON[target.state], color !== undefined ? new vscode.ThemeColor(color) : undefined);
    this.contextValue = `${ContextValue.localizationTarget}.${untracked ? 'untracked' : target.state}`;
    const tooltip = new vscode.MarkdownString();
    const explanation = untracked
      ? untrackedExplanation()
      : reason !== undefined && reason !== 'edited'
        ? conflictReason(reason)
        : stateExplanation(target.state);
    tooltip.appendText(`${target.target}: ${this.description}\n\n${explanation}`);
    if (review !== undefined) tooltip.appendText(`\n\n${reviewedLine(review)}`);
    for (const line of trustDetails(target)) tooltip.appendText(`\n\n${line}`);
    this.tooltip = tooltip;
    this.accessibilityInformation = { label: `${String(this.label)}, ${this.description}` };
    if (untracked) this.command = { command: CommandId.localizationOpenTranslation, title: vscode.l10n.t('Open Translation'), arguments: [this] };
    else if (target.state === 'conflict')
      this.command = { command: CommandId.localizationShowConflict, title: vscode.l10n.t('Show Conflict'), arguments: [this] };
    else if (target.state !== 'missing')
      this.command = { command: CommandId.localizationOpenTranslation, title: vscode.l10n.t('Open Translation'), arguments: [this] };
  }
}

/** A row that only says something (an invalid set-up, no sources). */
export class NoteNode extends vscode.TreeItem {
  readonly kind = 'note';
  constructor(message: string, icon = 'info') {
    super(message, vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon(icon);
    this.contextValue = ContextValue.message;
  }
}

export class LocalizationTree implements vscode.TreeDataProvider<LocalizationNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly state: LocalizationState,
    /** Whether only translations that need work are shown (Show Problems Only). */
    private readonly problemsOnly: () => boolean = () => false,
  ) {
    this.subscription = state.onDidChange(() => this.changed.fire(undefined));
  }

  /** Shows the rows again (the filter changed). */
  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(node: LocalizationNode): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: LocalizationNode): Promise<LocalizationNode[]> {
    if (node === undefined) {
      await this.state.ready();
      const setups = this.state.all();
      // No set-up: the view's welcome content offers Set Up Localization…
      if (setups.length === 1) return this.setupChildren(setups[0]!);
      return setups.map((s) => new SetupNode(s));
    }
    if (node instanceof SetupNode) return this.setupChildren(node.setup);
    if (node instanceof FolderNode) return node.entries.map((e) => new SourceNode(node.folder, e.source, e.targets));
    if (node instanceof SourceNode) {
      const reviewed = this.state.all().find((s) => s.folder === node.folder)?.reviewed?.targets;
      return node.targets.map((t) => new TargetNode(node.folder, t, reviewed?.[t.target]));
    }
    return [];
  }

  private setupChildren(setup: SetupStatus): LocalizationNode[] {
    if (setup.error !== undefined) return [new NoteNode(setup.error, 'error')];
    const entries = setup.report !== undefined ? groupBySource(setup.report) : [];
    if (entries.length === 0) return [new NoteNode(vscode.l10n.t('No source files match doc-translate.json (source, include).'))];
    const all = new Map(groupByFolder(entries).map((f) => [f.dir, f.entries]));
    const shown = groupByFolder(this.problemsOnly() ? problemsOnly(entries) : entries);
    if (shown.length === 0) return [new NoteNode(vscode.l10n.t('Every translation is up to date or edited by hand (Show All lists them).'), 'pass')];
    return shown.map((f) => new FolderNode(setup.folder, f.dir, f.entries, all.get(f.dir) ?? f.entries));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
