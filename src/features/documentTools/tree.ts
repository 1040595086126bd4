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
      this.command = { command: CommandId.operationsOpenOutput, title: 'Open Output', arguments: [this] };
    }
  }
}

/** A tool the service lists as unavailable: not offered in the Explorer; the reason in the description and tooltip. */
export class UnavailableNode extends vscode.TreeItem {
  constructor(readonly offer: Offer) {
    super(`${TOOLS[offer.tool].title} is unavailable`, vscode.TreeItemCollapsibleState.None);
    this.id = `unavailable:${offer.tool}`;
    this.description = offer.reason ?? '';
    this.tooltip = `${TOOLS[offer.tool].title} is not offered: ${offer.reason ?? 'the service lists it as unavailable'}.`;
    this.iconPath = new vscode.ThemeIcon('circle-slash');
    this.contextValue = ContextValue.toolUnavailable;
    this.accessibilityInformation = { label: `${TOOLS[offer.tool].title} is unavailable: ${offer.reason ?? 'the service lists it as unavailable'}` };
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
export class OperationsTreeProvider implements vscode.TreeDataProvider<OperationsNode> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private loaded: Promise<void> | undefined;

  constructor(private readonly opts: OperationsTreeOptions) {}

  refresh(): void {
    this.changed.fire();
  }

  /** Reads the service again on the next showing. */
  reload(): void {
    this.loaded = undefined;
    this.refresh();
  }

  getTreeItem(node: OperationsNode): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: OperationsNode): Promise<OperationsNode[]> {
    if (node !== undefined || !(await this.opts.configured())) return [];
    this.loaded ??= this.opts.load().catch((err: unknown) => {
      this.loaded = undefined;
      throw err;
    });
    let failure: string | undefined;
    try {
      await this.loaded;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    const nodes: OperationsNode[] = [];
    if (failure !== undefined) nodes.push(new NoticeNode(`Could not read the operations: ${failure}`));
    for (const offer of this.opts.unavailable()) nodes.push(new UnavailableNode(offer));
    for (const op of this.opts.store.all()) nodes.push(new OperationNode(op, this.opts.store));
    return nodes;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
