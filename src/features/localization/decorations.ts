// Explorer badges (and tooltips) on stale translations and on translations in conflict.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { decorations, type Decoration } from './model.ts';
import type { LocalizationState } from './state.ts';
import { DisposableStore } from '../../platform/disposables.ts';

export class LocalizationDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private byUri = new Map<string, Decoration>();
  private readonly disposables: DisposableStore;

  constructor(private readonly state: LocalizationState) {
    this.disposables = new DisposableStore(
      this.changed,
      state.onDidChange(() => this.update()),
      vscode.window.registerFileDecorationProvider(this),
    );
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const d = this.byUri.get(uri.toString());
    if (d === undefined) return undefined;
    const color = new vscode.ThemeColor(d.state === 'conflict' ? 'list.errorForeground' : 'list.warningForeground');
    return new vscode.FileDecoration(d.badge, d.tooltip, color);
  }

  /** What the Explorer shows (tests read it through the snapshot command). */
  all(): Decoration[] {
    return [...this.byUri.values()];
  }

  private update(): void {
    const next = new Map<string, Decoration>();
    for (const setup of this.state.all()) for (const d of decorations(setup, path.join)) next.set(vscode.Uri.file(d.path).toString(), d);
    const touched = new Set([...this.byUri.keys(), ...next.keys()]);
    const changed = [...touched].filter((k) => JSON.stringify(this.byUri.get(k)) !== JSON.stringify(next.get(k)));
    this.byUri = next;
    if (changed.length > 0) this.changed.fire(changed.map((k) => vscode.Uri.parse(k)));
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
