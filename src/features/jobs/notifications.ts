import * as vscode from 'vscode';
import type { ArtifactService } from './artifacts/service.ts';
import { CommandId } from '../../shared/ids.ts';
import type { Logger } from '../../api/index.ts';
import type { Prompter } from '../../platform/prompter.ts';
import type { JobStore } from './store.ts';
import { isActive, type ArtifactInfo, type TrackedJob } from './model.ts';
import { quotaExplanation } from './view/describe.ts';
import { sourcePath } from './view/nodes.ts';
import { runLabel } from './view/runs.ts';

export interface NotifyDeps {
  store: JobStore;
  artifacts: ArtifactService;
  logger: Logger;
  /** Asks through the platform's prompter (non-modal), so the extension's tests can see and answer it. */
  prompter: Pick<Prompter, 'choose' | 'pick'>;
}

/**
 * When jobs end: one notification per job of its own, one summary per Translate Files… run of
 * several jobs (24 jobs → 1 notification, once the run has sent everything and all its jobs
 * ended). Only jobs started from this workspace notify; jobs cancelled here end quietly. Never
 * awaits a click.
 */
export class JobNotifications {
  /** Runs still uploading and creating jobs: their end is not known yet. */
  private readonly sending = new Set<string>();
  /** Runs (and single jobs of a run) already announced. */
  private readonly told = new Set<string>();

  constructor(private readonly deps: NotifyDeps) {}

  /** Translate Files… starts creating a run's jobs. */
  runStarted(run: string): void {
    this.sending.add(run);
  }

  /** A run created all its jobs (or stopped): its summary may come now. */
  runSent(run: string): void {
    this.sending.delete(run);
    this.maybeTellRun(run);
  }

  /** A watched job ended. */
  jobEnded(job: TrackedJob): void {
    const origin = this.deps.store.origin(job.id);
    if (origin === undefined) return;
    if (origin.run === undefined) {
      notifyJobEnd(this.deps, job);
      return;
    }
    this.maybeTellRun(origin.run);
  }

  private maybeTellRun(run: string): void {
    if (this.sending.has(run) || this.told.has(run)) return;
    const jobs = this.deps.store.jobsOfRun(run);
    if (jobs.length === 0 || jobs.some(isActive)) return;
    this.told.add(run);
    if (jobs.length === 1) notifyJobEnd(this.deps, jobs[0]!);
    else notifyRunEnd(this.deps, jobs);
  }
}

/** One run's summary: how many translations are done, failed or cancelled, with Save All and Show Jobs. */
export function notifyRunEnd(deps: NotifyDeps, jobs: readonly TrackedJob[]): void {
  const { store } = deps;
  const cancelled = jobs.filter((j) => j.status === 'failed' && store.wasCancelledHere(j.id));
  if (cancelled.length === jobs.length) return;
  const done = jobs.filter((j) => j.status === 'completed');
  const failed = jobs.filter((j) => j.status === 'failed' && !store.wasCancelledHere(j.id));
  const label = runLabel(
    jobs.map((j) => {
      const o = store.origin(j.id);
      return o !== undefined ? sourcePath(o) : j.documentId;
    }),
    jobs.map((j) => j.targetLang),
  );
  const text =
    done.length === jobs.length
      ? vscode.l10n.t('Doc Translate: {0}: all {1} translations are done.', label, jobs.length)
      : failed.length > 0
        ? vscode.l10n.t('Doc Translate: {0}: {1} of {2} translations done, {3} failed.', label, done.length, jobs.length, failed.length)
        : vscode.l10n.t('Doc Translate: {0}: {1} of {2} translations done, {3} cancelled.', label, done.length, jobs.length, cancelled.length);
  const saveAll = vscode.l10n.t('Save All Next to Source');
  const show = vscode.l10n.t('Show Jobs');
  const balance = vscode.l10n.t('Show Balance');
  const actions = [...(done.length > 0 ? [saveAll] : []), show, ...(failed.some((j) => j.quotaExceeded) ? [balance] : [])];
  const detail =
    failed.length > 0
      ? failed
          .map((j) => `${store.origin(j.id)?.fileName ?? j.documentId} (${j.targetLang}): ${j.quotaExceeded ? quotaExplanation() : (j.errorMsg ?? '')}`)
          .join('\n')
      : undefined;
  void Promise.resolve(deps.prompter.choose(text, { severity: failed.length > 0 ? 'warning' : 'info', detail }, ...actions)).then((picked) => {
    if (picked === saveAll) void vscode.commands.executeCommand(CommandId.jobsSaveAllNextToSource, { jobIds: done.map((j) => j.id) });
    if (picked === show) void vscode.commands.executeCommand(CommandId.jobsFocus);
    if (picked === balance) void vscode.commands.executeCommand(CommandId.showBalance);
  });
}

/**
 * Tells the user when a job of its own ends: Open (and Show Diff for text) on success, Open All
 * and Choose Result… when the job has several results, the reason on failure. A job the user
 * cancelled here ends quietly.
 */
export function notifyJobEnd(deps: NotifyDeps, job: TrackedJob): void {
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
      : job.errorMsg
        ? vscode.l10n.t('Doc Translate: translating {0} to {1} failed: {2}', name, job.targetLang, job.errorMsg)
        : vscode.l10n.t('Doc Translate: translating {0} to {1} failed.', name, job.targetLang);
    const actions = job.quotaExceeded ? [balance] : [];
    void Promise.resolve(deps.prompter.choose(text, { severity: 'warning' }, ...actions)).then((picked) => {
      if (picked === balance) void vscode.commands.executeCommand(CommandId.showBalance);
    });
    return;
  }
  void deps.artifacts.list(job.id).then(
    (list) => (list.length > 1 ? offerAll(deps, job, name, list) : offerOne(deps, job, name, list[0])),
    (err: unknown) => deps.logger.warn(`Listing the results of job ${job.id} failed: ${err instanceof Error ? err.message : String(err)}`),
  );
}

function offerOne(deps: NotifyDeps, job: TrackedJob, name: string, first: ArtifactInfo | undefined): void {
  const open = vscode.l10n.t('Open');
  const diff = vscode.l10n.t('Show Diff');
  const actions = first === undefined ? [] : deps.artifacts.isText(first) ? [open, diff] : [open];
  void Promise.resolve(
    deps.prompter.choose(vscode.l10n.t('Doc Translate: {0} translated to {1}.', name, job.targetLang), { severity: 'info' }, ...actions),
  ).then((picked) => {
    if (first === undefined) return;
    const ref = { jobId: job.id, artifactId: first.id };
    if (picked === open) void vscode.commands.executeCommand(CommandId.jobsOpenArtifact, ref);
    if (picked === diff) void vscode.commands.executeCommand(CommandId.jobsShowDiff, ref);
  });
}

/** A job with several results (spec 2.4): every one of them is offered, not only the first. */
function offerAll(deps: NotifyDeps, job: TrackedJob, name: string, list: readonly ArtifactInfo[]): void {
  const openAll = vscode.l10n.t('Open All');
  const choose = vscode.l10n.t('Choose Result…');
  const names = list.map((a) => deps.artifacts.displayName(a));
  const text = vscode.l10n.t('Doc Translate: {0} translated to {1}: {2} results ({3}).', name, job.targetLang, list.length, names.join(', '));
  const open = (a: ArtifactInfo): Thenable<unknown> => vscode.commands.executeCommand(CommandId.jobsOpenArtifact, { jobId: job.id, artifactId: a.id });
  void Promise.resolve(deps.prompter.choose(text, { severity: 'info' }, openAll, choose)).then(async (picked) => {
    if (picked === openAll) {
      for (const a of list) await open(a);
    } else if (picked === choose) {
      const item = await deps.prompter.pick(
        'result',
        list.map((a, i) => ({ label: names[i]!, description: a.format, artifact: a })),
        { title: vscode.l10n.t('Doc Translate: open which result of {0} ({1})?', name, job.targetLang) },
      );
      if (item !== undefined) await open(item.artifact);
    }
  });
}
