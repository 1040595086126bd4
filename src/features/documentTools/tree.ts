import { LoadedTree } from '../../platform/loadedTree.ts';
import * as vscode from 'vscode';
import { CommandId, ContextValue } from '../../shared/ids.ts';
import { contextValueOf, describeOperation, iconOf, operationLabel, operationTooltip, type TrackedOperation } from './model.ts';
import type { OperationStore } from './store.ts';
import { TOOLS, type Offer } from './tools.ts';

export class OperationNode extends vscode.TreeItem {
  constructor(
    readonly op: TrackedOperation,
    store: OperationStore,
  ) {
    const source = store.source(op.id);
    super(operationLabel(op, source), vscode.TreeItemCollapsibleState.None);
    this.id = `op:${op.id}`;
    this.description = describeOperation(op);
    this.tooltip = operationTooltip(op, source);
    this.iconPath = new vscode.ThemeIcon(iconOf(op));
    this.contextValue = contextValueOf(op);
    // Screen readers (and the UI tests) read the row as label and status, not the long tooltip.
    this.accessibilityInformation = { label: `${typeof this.label === 'string' ? this.label : ''} · ${this.description as string}` };
    if (op.outcome === 'completed' && (op.outputDocumentId !== undefined || (op.outputs?.length ?? 0) > 0)) {
      this.command = { command: CommandId.operationsOpenOutput, title: vscode.l10n.t('Open Output'), arguments: [this] };
    }
  }
}

/** A tool the service lists as unavailable: not offered in the Explorer; the reason in the description and tooltip. */
export class UnavailableNode extends vscode.TreeItem {
  constructor(readonly offer: Offer) {
    super(vscode.l10n.t('{0} is unavailable', TOOLS[offer.tool].title), vscode.TreeItemCollapsibleState.None);
    this.id = `unavailable:${offer.tool}`;
    this.description = offer.reason ?? '';
    const reason = offer.reason ?? vscode.l10n.t('the service lists it as unavailable');
    this.tooltip = vscode.l10n.t('{0} is not offered: {1}.', TOOLS[offer.tool].title, reason);
    this.iconPath = new vscode.ThemeIcon('circle-slash');
    this.contextValue = ContextValue.toolUnavailable;
    this.accessibilityInformation = { label: vscode.l10n.t('{0} is unavailable: {1}', TOOLS[offer.tool].title, reason) };
  }
}

export class NoticeNode extends vscode.TreeItem {
  constructor(message: string) {
    super(message, vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon('warning');
    this.contextValue = ContextValue.message;
  }
}

export type OperationsNode = OperationNode | UnavailableNode | NoticeNode;

export interface OperationsTreeOptions {
  store: OperationStore;
  configured: () => Promise<boolean>;
  /** Capabilities and the service's operation list (first showing of the view, Refresh). */
  load: () => Promise<void>;
  /** Tools the service lists as unavailable. */
  unavailable: () => Offer[];
}

/** Unavailable tools first, then the operations, newest first. */
export class OperationsTreeProvider extends LoadedTree<OperationsNode> {
  constructor(private readonly opts: OperationsTreeOptions) {
    super(() => opts.load());
  }

  async getChildren(node?: OperationsNode): Promise<OperationsNode[]> {
    if (node !== undefined || !(await this.opts.configured())) return [];
    const failure = await this.loaded.run();
    const nodes: OperationsNode[] = [];
    if (failure !== undefined) nodes.push(new NoticeNode(vscode.l10n.t('Could not read the operations: {0}', failure)));
    for (const offer of this.opts.unavailable()) nodes.push(new UnavailableNode(offer));
    for (const op of this.opts.store.all()) nodes.push(new OperationNode(op, this.opts.store));
    return nodes;
  }
}
