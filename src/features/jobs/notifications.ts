import * as vscode from 'vscode';
import type { ArtifactService } from './artifacts/service.ts';
import { CommandId } from '../../shared/ids.ts';
import type { Logger } from '../../api/index.ts';
import type { JobStore } from './store.ts';
import type { TrackedJob } from './model.ts';
import { quotaExplanation } from './view/describe.ts';
import { sourcePath } from './view/nodes.ts';

/**
 * Tells the user when a watched job ends: Open (and Show Diff for text) on success, the reason on
 * failure. A job the user cancelled here ends quietly. Never awaits a click.
 */
export function notifyJobEnd(deps: { store: JobStore; artifacts: ArtifactService; logger: Logger }, job: TrackedJob): void {
  // Only jobs started from this workspace: others show up in the Jobs view without a pop-up.
  const origin = deps.store.origin(job.id);
  if (origin === undefined) return;
  // The path in the workspace folder: ten package READMEs are ten different notifications.
  const name = sourcePath(origin);
  if (job.status === 'failed') {
    if (deps.store.wasCancelledHere(job.id)) return;
    const balance = vscode.l10n.t('Show Balance');
    const text = job.quotaExceeded
      ? vscode.l10n.t('Doc Translate: {0} ({1}) did not start. {2}', name, job.targetLang, quotaExplanation())
      : job.errorMsg ? vscode.l10n.t('Doc Translate: translating {0} to {1} failed: {2}', name, job.targetLang, job.errorMsg) : vscode.l10n.t('Doc Translate: translating {0} to {1} failed.', name, job.targetLang);
    const actions = job.quotaExceeded ? [balance] : [];
    void Promise.resolve(vscode.window.showWarningMessage(text, ...actions)).then((picked) => {
      if (picked === balance) void vscode.commands.executeCommand(CommandId.showBalance);
    });
    return;
  }
  void deps.artifacts.list(job.id).then(
    (list) => {
      const first = list[0];
      const open = vscode.l10n.t('Open');
      const diff = vscode.l10n.t('Show Diff');
      const actions = first === undefined ? [] : deps.artifacts.isText(first) ? [open, diff] : [open];
      void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0} translated to {1}.', name, job.targetLang), ...actions)).then(
        (picked) => {
          if (first === undefined) return;
          const ref = { jobId: job.id, artifactId: first.id };
          if (picked === open) void vscode.commands.executeCommand(CommandId.jobsOpenArtifact, ref);
          if (picked === diff) void vscode.commands.executeCommand(CommandId.jobsShowDiff, ref);
        },
      );
    },
    (err: unknown) => deps.logger.warn(`Listing the results of job ${job.id} failed: ${err instanceof Error ? err.message : String(err)}`),
  );
}
