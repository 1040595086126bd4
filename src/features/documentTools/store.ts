import * as vscode from 'vscode';
import { RememberedRecord } from '../../platform/rememberedRecord.ts';
import { WorkspaceStateKey } from '../../platform/state.ts';
import type { OperationSource, TrackedOperation } from './model.ts';

const MAX_SOURCES = 300;

/**
 * The Operations view's data: the service's operations (this key's) merged with what this window
 * started, file tool runs of this window, and the source file(s) of each operation started here,
 * kept per workspace so Save Next to Source works after a reload.
 */
export class OperationStore implements vscode.Disposable {
  private readonly operations = new Map<string, TrackedOperation>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private runs = 0;

  private readonly sources: RememberedRecord<OperationSource>;

  constructor(state: vscode.Memento) {
    this.sources = new RememberedRecord(state, WorkspaceStateKey.operationSources, MAX_SOURCES);
  }

  /** Newest first: by creation time when known, else the order they arrived in, reversed. */
  all(): TrackedOperation[] {
    return [...this.operations.values()]
      .map((op, i) => ({ op, i }))
      .sort((a, b) => (b.op.createdAt ?? '').localeCompare(a.op.createdAt ?? '') || b.i - a.i)
      .map((x) => x.op);
  }

  get(id: string): TrackedOperation | undefined {
    return this.operations.get(id);
  }

  upsert(op: TrackedOperation): void {
    this.operations.set(op.id, op);
    this.changed.fire();
  }

  /** The service's list; operations this window follows keep their newest state. */
  merge(listed: readonly TrackedOperation[]): void {
    for (const op of listed) {
      const known = this.operations.get(op.id);
      if (known === undefined || known.outcome === 'running') this.operations.set(op.id, op);
    }
    this.changed.fire();
  }

  /** A new id for a file tool run in this window. */
  nextRunId(): string {
    this.runs += 1;
    return `run-${this.runs}`;
  }

  source(id: string): OperationSource | undefined {
    return this.sources.get(id);
  }

  remember(id: string, source: OperationSource): Promise<void> {
    return this.sources.remember(id, source);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
