// Save All Next to Source (a run, or a selection of rows) and Clear Finished.
import * as vscode from 'vscode';
import { saveNextToSource, type SaveDeps, type SaveResult } from '../artifacts/save.ts';
import type { JobsFeature } from '../feature.ts';
import { ArtifactNode, JobNode, RunNode } from '../view/nodes.ts';
import type { Command } from '../../../platform/commands.ts';
import { invokedOn } from '../../../platform/invokedOn.ts';
import { showError } from '../../../platform/showError.ts';
import { CommandId } from '../../../shared/ids.ts';

/** Job ids of the rows a command was invoked on: the clicked row, or every selected row (runs give their jobs); `{ jobIds }` from tests. */
export function jobIdsOf(args: readonly unknown[]): string[] | undefined {
  const rows = invokedOn(args, (v): v is unknown => v !== undefined && v !== null) ?? [];
  const ids: string[] = [];
  for (const row of rows) {
    if (row instanceof RunNode) ids.push(...row.jobs.map((n) => n.job.id));
    else if (row instanceof JobNode) ids.push(row.job.id);
    else if (row instanceof ArtifactNode) ids.push(row.artifact.jobId);
    else if (typeof row === 'object' && row !== null && Array.isArray((row as { jobIds?: unknown }).jobIds))
      ids.push(...(row as { jobIds: unknown[] }).jobIds.filter((x): x is string => typeof x === 'string'));
  }
  return rows.length === 0 ? undefined : [...new Set(ids)];
}

export function runCommands(f: JobsFeature): Command[] {
  const deps: SaveDeps = { artifacts: f.artifacts, store: f.store, settings: f.settings, writer: f.writer, prompter: f.prompter };
  return [
    { id: CommandId.jobsSaveAllNextToSource, run: (...args: unknown[]) => saveAll(f, deps, jobIdsOf(args)) },
    {
      id: CommandId.jobsClearFinished,
      run: async (...args: unknown[]): Promise<number> => {
        const ids = jobIdsOf(args);
        const cleared = await f.store.clearFinished(ids !== undefined ? new Set(ids) : undefined);
        if (cleared > 0)
          vscode.window.setStatusBarMessage(
            cleared === 1
              ? vscode.l10n.t('Doc Translate: cleared 1 finished job from the view')
              : vscode.l10n.t('Doc Translate: cleared {0} finished jobs from the view', cleared),
            3000,
          );
        return cleared;
      },
    },
  ];
}

/** The first result of each completed job, next to its source, one after another through the safe writer (which asks before replacing). */
async function saveAll(f: JobsFeature, deps: SaveDeps, ids: string[] | undefined): Promise<{ saved: number; results: SaveResult[] }> {
  const jobs = (ids ?? f.store.all().map((j) => j.id)).map((id) => f.store.get(id)).filter((j) => j?.status === 'completed');
  if (jobs.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: none of these jobs has completed yet.'));
    return { saved: 0, results: [] };
  }
  const results: SaveResult[] = [];
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Translate: saving translations next to their sources'), cancellable: true },
    async (progress, token) => {
      for (const job of jobs) {
        if (token.isCancellationRequested) break;
        progress.report({ message: f.store.origin(job!.id)?.fileName ?? job!.id, increment: 100 / jobs.length });
        try {
          const artifact = (await f.artifacts.list(job!.id))[0];
          if (artifact === undefined) continue;
          results.push(await saveNextToSource(deps, artifact));
        } catch (err) {
          void showError(err, { operation: vscode.l10n.t('Saving the translation'), baseUrl: f.settings.baseUrl });
        }
      }
    },
  );
  const saved = results.filter((r) => r.saved).length;
  vscode.window.setStatusBarMessage(
    jobs.length === 1
      ? vscode.l10n.t('Doc Translate: saved {0} of 1 translation next to its source', saved)
      : vscode.l10n.t('Doc Translate: saved {0} of {1} translations next to their sources', saved, jobs.length),
    5000,
  );
  return { saved, results };
}
