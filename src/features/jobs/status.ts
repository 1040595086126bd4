import * as vscode from 'vscode';
import { CommandId } from '../../shared/ids.ts';
import type { JobStore } from './store.ts';
import { overallProgress } from './model.ts';
import { jobDescription } from './view/describe.ts';
import type { BalanceService } from '../../platform/balance.ts';
import { formatCredits } from '../../platform/format.ts';
import { DisposableStore } from '../../platform/disposables.ts';

const COALESCE_MS = 100;

/** Status bar item `docTranslate.jobs`: active jobs and their aggregated progress; hidden when none. */
export class JobsStatus implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly subscriptions: DisposableStore;
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: JobStore,
    private readonly balance: BalanceService,
  ) {
    this.item = vscode.window.createStatusBarItem('docTranslate.jobs', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Doc Translate: Jobs');
    this.item.command = CommandId.jobsFocus;
    this.subscriptions = new DisposableStore(
      store.onDidChange(() => {
        this.pending ??= setTimeout(() => {
          this.pending = undefined;
          this.update();
        }, COALESCE_MS);
      }),
      // The tooltip shows the latest balance read anywhere in the window.
      balance.onDidChange(() => this.update()),
    );
  }

  /** What the item shows, for the internal snapshot command. */
  snapshot(): { visible: boolean; text: string; tooltip: string } {
    this.update();
    const tooltip = this.item.tooltip;
    return {
      visible: this.store.active().length > 0,
      text: this.item.text,
      tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''),
    };
  }

  update(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.pending = undefined;
    const active = this.store.active();
    if (active.length === 0) {
      this.item.hide();
      return;
    }
    const percent = Math.floor((active.reduce((sum, j) => sum + overallProgress(j), 0) / active.length) * 100);
    const count = active.length === 1 ? vscode.l10n.t('1 job') : vscode.l10n.t('{0} jobs', active.length);
    this.item.text = `$(sync~spin) ${count} · ${percent}%`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`${vscode.l10n.t('**Doc Translate: {0} active** ({1}%)', count, percent)}\n\n`);
    for (const job of active.slice(0, 10)) {
      const name = this.store.origin(job.id)?.fileName ?? job.documentId;
      tooltip.appendText(`${name}: ${jobDescription(job)}\n`);
      tooltip.appendMarkdown('\n');
    }
    if (active.length > 10) tooltip.appendText(`${vscode.l10n.t('… and {0} more', active.length - 10)}\n`);
    const balance = this.balance.latest;
    if (balance !== undefined) tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Balance: {0} available', formatCredits(balance.available))}`);
    tooltip.appendMarkdown(`\n\n${vscode.l10n.t('Click to show the Jobs view.')}`);
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: vscode.l10n.t('Doc Translate: {0} active, {1} percent', count, percent) };
    this.item.show();
  }

  dispose(): void {
    if (this.pending !== undefined) clearTimeout(this.pending);
    this.subscriptions.dispose();
    this.item.dispose();
  }
}
