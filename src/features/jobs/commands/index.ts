import * as vscode from 'vscode';
import { openArtifact, showArtifactDiff } from '../artifacts/open.ts';
import { saveArtifactAs, saveNextToSource } from '../artifacts/save.ts';
import type { JobsFeature } from '../feature.ts';
import { fromApiJob } from '../model.ts';
import { JobNode } from '../view/nodes.ts';
import { defineCommand } from '../../../platform/commandRunner.ts';
import type { Command } from '../../../platform/commands.ts';
import { CommandId } from '../../../shared/ids.ts';
import { artifactFrom, jobIdFrom } from './args.ts';
import { cancelJob, type CancelResult } from './cancel.ts';
import { showReceipt } from './receipt.ts';
import { runCommands } from './runs.ts';
import { jobsSnapshot } from './snapshot.ts';

/**
 * Commands of the Jobs view. Each takes a tree node (menus), a job id or `{ jobId, artifactId }`;
 * `docTranslate.jobs.focus` is VS Code's own command for the view and is not registered here.
 */
export function jobsCommands(f: JobsFeature): Command[] {
  const deps = { artifacts: f.artifacts, store: f.store, settings: f.settings, writer: f.writer, prompter: f.prompter };
  // A command on one result: its failures are reported as "Opening the translation" and return nothing.
  const onArtifact = <T>(id: CommandId, run: (a: NonNullable<Awaited<ReturnType<typeof artifactFrom>>>, ...rest: unknown[]) => Promise<T>): Command =>
    defineCommand<T | undefined>(f, {
      id,
      operation: () => vscode.l10n.t('Opening the translation'),
      failed: () => undefined,
      run: async (_ctx, arg, ...rest) => {
        const artifact = await artifactFrom(f, arg);
        return artifact === undefined ? undefined : run(artifact, ...rest);
      },
    });
  return [
    defineCommand(f, {
      id: CommandId.jobsRefresh,
      operation: () => vscode.l10n.t('Refreshing the jobs'),
      failed: () => f.store.all().length,
      run: (_ctx, arg) => refresh(f, arg),
    }),
    defineCommand<CancelResult>(f, {
      id: CommandId.jobsCancel,
      operation: () => vscode.l10n.t('Cancelling the job'),
      failed: (why) => ({ cancelled: false, reason: 'reason' in why ? why.reason : 'failed' }),
      run: (ctx, arg) => cancelJob(f, ctx, arg),
    }),
    onArtifact(CommandId.jobsOpenArtifact, (a) => openArtifact(f.artifacts, a)),
    onArtifact(CommandId.jobsShowDiff, (a) => showArtifactDiff(f.artifacts, f.store, a)),
    onArtifact(CommandId.jobsSaveNextToSource, (a) => saveNextToSource(deps, a)),
    onArtifact(CommandId.jobsSaveArtifactAs, (a, target) => saveArtifactAs(deps, a, target instanceof vscode.Uri ? target : undefined)),
    { id: CommandId.jobsCopyJobId, run: (arg?: unknown) => copyJobId(f, arg) },
    defineCommand(f, {
      id: CommandId.jobsShowReceipt,
      operation: () => vscode.l10n.t('Fetching the receipt'),
      failed: () => undefined,
      run: (ctx, arg) => showReceipt(f, ctx, arg),
    }),
    ...(process.env.NODE_ENV !== 'production' ? [{ id: CommandId.jobsSnapshot, run: () => jobsSnapshot(f) }] : []),
    defineCommand(f, {
      id: CommandId.jobsLoadOlder,
      operation: () => vscode.l10n.t('Loading older jobs'),
      failed: () => ({ loaded: 0, jobs: f.store.all().length, hasMore: f.store.paging()?.hasMore === true }),
      run: () => loadOlder(f),
    }),
    ...runCommands(f),
  ];
}

/** Refresh: one job (its state and results) from a node, else the whole list. Returns the jobs known. */
async function refresh(f: JobsFeature, arg: unknown): Promise<number> {
  if (arg instanceof JobNode) {
    const state = await f.clients.get();
    if (state.kind === 'ready') {
      f.store.upsert(fromApiJob(await state.client.jobs.get(arg.job.id)));
      if (f.store.get(arg.job.id)?.status === 'completed') await f.artifacts.list(arg.job.id, { refresh: true });
    }
  } else {
    await f.loadJobs();
    f.tree.refresh();
  }
  return f.store.all().length;
}

async function copyJobId(f: JobsFeature, arg: unknown): Promise<string | undefined> {
  const id = await jobIdFrom(f, arg, () => true, vscode.l10n.t('Doc Translate: copy the id of which job?'));
  if (id === undefined) return undefined;
  await vscode.env.clipboard.writeText(id);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Doc Translate: copied job id {0}', id), 3000);
  return id;
}

/** Load older jobs (the row at the end of the Jobs view): the next page back; says so when there is nothing older. */
async function loadOlder(f: JobsFeature): Promise<{ loaded: number; jobs: number; hasMore: boolean }> {
  const n = await f.loadOlderJobs();
  if (n === undefined) vscode.window.setStatusBarMessage(vscode.l10n.t('Doc Translate: there are no older jobs.'), 3000);
  f.tree.refresh();
  return { loaded: n ?? 0, jobs: f.store.all().length, hasMore: f.store.paging()?.hasMore === true };
}
