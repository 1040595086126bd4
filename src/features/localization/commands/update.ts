// Update Translations (all, a folder, one file) and Check Translations (no writes). Before anything
// is sent: the dry run (files, characters, a credit estimate labelled as one) and a question that
// protects money. Progress with cancel: the engine writes each file whole and the lock last, so a
// cancelled update leaves every file as before or fully updated and the lock matching what was written.
import * as vscode from 'vscode';
import type { UpdateReport } from '../../../localize/index.ts';
import type { Command } from '../../../platform/commands.ts';
import { languageName } from '../../../platform/languages.ts';
import type { Platform } from '../../../platform/platform.ts';
import { defineCommand, type Failure, type RunContext } from '../../../platform/commandRunner.ts';
import { CommandId, ContextKey } from '../../../shared/ids.ts';
import { editorFs, editorReadFs, loadEngine } from '../engine.ts';
import { dryRunSummary } from '../model.ts';
import type { LocalizationState } from '../state.ts';
import type { LocalizationStatusItem } from '../statusBar.ts';
import { budgetFromSetting, costText, runCost, type RunCost } from './budgetText.ts';
import { isPlain, scopeOptions, scopesOf, type Scope } from './scope.ts';

export type UpdateDeps = Pick<Platform, 'clients' | 'prompter' | 'settings' | 'logger' | 'contextKeys' | 'balance'> & {
  state: LocalizationState;
  status: LocalizationStatusItem;
};

export interface UpdateResult {
  started: boolean;
  reason?: 'noSetup' | 'upToDate' | 'declined' | 'noClient' | 'busy' | 'failed' | 'untrusted' | 'badBudget';
  reports?: (Pick<UpdateReport, 'written' | 'requests' | 'chars_sent' | 'segments_sent' | 'cancelled'> & { folder: string; conflicts: number })[];
  /** The estimate next to the charge, and what the budget (docTranslate.localize.maxCredits) left. */
  cost?: RunCost;
}

/** The running update's controller: one update at a time; Cancel Translation Update aborts it. */
let running: AbortController | undefined;

/** What an update returns when it ended early: no client (the person was asked for the URL or key), or a failure the runner reported. */
const updateFailed = (why: Failure): UpdateResult =>
  'error' in why
    ? { started: true, reason: 'failed' }
    : why.reason === 'notConfigured'
      ? { started: false, reason: 'noClient' }
      : { started: false, reason: 'declined' };

export function updateCommands(d: UpdateDeps): Command[] {
  return [
    defineCommand<UpdateResult>(d, {
      id: CommandId.localizationUpdate,
      operation: () => vscode.l10n.t('Updating the translations'),
      failed: updateFailed,
      run: (ctx, ...args: unknown[]) => updateTranslations(d, ctx, args),
    }),
    // The title bar's Update: every set-up, whatever row is selected (only test options ride along).
    defineCommand<UpdateResult>(d, {
      id: CommandId.localizationUpdateAll,
      operation: () => vscode.l10n.t('Updating the translations'),
      failed: updateFailed,
      run: (ctx, ...args: unknown[]) => updateTranslations(d, ctx, args.filter(isPlain)),
    }),
    { id: CommandId.localizationCheck, run: (...args: unknown[]) => checkTranslations(d, args) },
    {
      id: CommandId.localizationCancelUpdate,
      run: () => {
        running?.abort();
        return running !== undefined;
      },
    },
  ];
}

async function updateTranslations(d: UpdateDeps, ctx: RunContext, args: unknown[]): Promise<UpdateResult> {
  if (running !== undefined) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: an update of the translations is already running.'));
    return { started: false, reason: 'busy' };
  }
  // An untrusted workspace never chooses what is sent, where it is written, or what it costs.
  if (!d.settings.trusted) return untrusted();
  const cap = budgetFromSetting(d.settings.localizeMaxCredits);
  if (cap === 'invalid') {
    void vscode.window.showErrorMessage(
      vscode.l10n.t('Doc Translate: the setting docTranslate.localize.maxCredits must be a number of credits of at least 0 (or empty for no budget).'),
    );
    return { started: false, reason: 'badBudget' };
  }
  await d.state.ready();
  const scopes = scopesOf(d.state, args);
  if (scopes.length === 0) return noSetup();
  try {
    const engine = await loadEngine();
    const plans = [];
    for (const s of scopes) {
      const config = await engine.loadConfig(s.setup.folder);
      plans.push({ scope: s, config, plan: await engine.dryRun({ config, ...scopeOptions(s), fs: editorReadFs(engine, config.folder) }) });
    }
    const work = plans.filter((p) => p.plan.languages.some((l) => l.files > 0) || p.plan.counts.stale > 0);
    if (work.length === 0) {
      const conflicts = plans.reduce((n, p) => n + p.plan.counts.conflict, 0);
      void vscode.window.showInformationMessage(
        conflicts > 0
          ? vscode.l10n.t('Doc Translate: nothing to translate; {0} translation(s) in conflict wait for your decision (Show Conflict).', conflicts)
          : vscode.l10n.t('Doc Translate: the translations are up to date.'),
      );
      return { started: false, reason: 'upToDate' };
    }
    // Nothing is asked before the service can be reached (URL and key set).
    const client = await ctx.client();
    const summary = dryRunSummary({ languages: work.flatMap((p) => p.plan.languages), conflicts: work.flatMap((p) => p.plan.conflicts) }, (c) =>
      languageName(c, vscode.env.language),
    );
    if (summary.chars > 0 || summary.credits > 0) {
      const UPDATE = vscode.l10n.t('Update');
      const chars = summary.chars.toLocaleString('en-US');
      const question =
        summary.files === 1
          ? vscode.l10n.t('Update 1 translation ({0} characters to send)?', chars)
          : vscode.l10n.t('Update {0} translations ({1} characters to send)?', summary.files, chars);
      const engines = [...new Set(work.map((w) => w.config.engine))].join(', ');
      const budget =
        cap === undefined
          ? []
          : [vscode.l10n.t('Budget: at most {0} credits (docTranslate.localize.maxCredits); translations beyond it are left for the next update.', cap / 1000)];
      const detail = [...summary.lines, vscode.l10n.t('Engine: {0} (doc-translate.json "engine").', engines), ...budget].join('\n');
      const confirmed = (await d.prompter.choose(question, { modal: true, severity: 'info', detail }, UPDATE)) === UPDATE;
      if (!confirmed) return { started: false, reason: 'declined' };
    }
    const meter = engine.chargeMeter(client);
    const reports = await withUpdateProgress(d, (signal, onProgress) => runAll(d, engine, meter.client, work, signal, onProgress, cap));
    const cost = runCost(
      reports.map((r) => r.report),
      cap,
      await meter.charged(),
    );
    tell(reports, cost);
    void d.balance.refresh();
    return {
      started: true,
      reports: reports.map((r) => ({
        folder: r.folder,
        written: r.report.written,
        requests: r.report.requests,
        chars_sent: r.report.chars_sent,
        segments_sent: r.report.segments_sent,
        cancelled: r.report.cancelled,
        conflicts: r.report.conflicts.length,
      })),
      cost,
    };
  } finally {
    await d.state.refreshNow();
  }
}

function untrusted(): UpdateResult {
  const MANAGE = vscode.l10n.t('Manage Workspace Trust');
  void vscode.window
    .showWarningMessage(
      vscode.l10n.t(
        'Doc Translate: this workspace is not trusted. Updating translations sends its files to the service, writes into it and costs credits, as its doc-translate.json decides; trust the workspace first.',
      ),
      MANAGE,
    )
    .then((picked) => picked === MANAGE && void vscode.commands.executeCommand('workbench.trust.manage'));
  return { started: false, reason: 'untrusted' };
}

type Progress = (phase: 'scan' | 'translate' | 'write', done: number, total: number) => void;

async function runAll(
  d: UpdateDeps,
  engine: Awaited<ReturnType<typeof loadEngine>>,
  client: Parameters<typeof engine.update>[0]['client'],
  work: { scope: Scope; config: Parameters<typeof engine.update>[0]['config'] }[],
  signal: AbortSignal,
  onProgress: Progress,
  cap: number | undefined,
): Promise<{ folder: string; report: UpdateReport }[]> {
  const out: { folder: string; report: UpdateReport }[] = [];
  // One budget for all the set-ups updated together.
  let budget = cap;
  for (const w of work) {
    if (signal.aborted) break;
    const report = await engine.update({
      config: w.config,
      client,
      maxMillicredits: budget,
      ...scopeOptions(w.scope),
      signal,
      onProgress: (p) => onProgress(p.phase, p.done, p.total),
      fs: editorFs(engine, w.config.folder),
    });
    d.state.rememberConflicts(w.scope.setup.folder, report.conflicts);
    d.logger.info(
      `Localization ${w.scope.setup.name}: wrote ${report.written.length} file(s), ${report.requests} request(s), ${report.chars_sent} characters${report.cancelled ? ' (cancelled)' : ''}; ${report.conflicts.length} conflict(s).`,
    );
    out.push({ folder: w.scope.setup.folder, report });
    if (budget !== undefined) budget = Math.max(0, budget - (report.budget?.estimatedMillicredits ?? 0));
  }
  return out;
}

/** Progress in a cancellable notification; the CancellationToken becomes the AbortSignal here. */
async function withUpdateProgress<T>(d: UpdateDeps, task: (signal: AbortSignal, onProgress: Progress) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  // The notification's Cancel, pressed once progress reaches a point (scripted by the extension's tests).
  const at = d.prompter.scriptedAnswer('cancelAt')?.value as { phase: 'translate' | 'write'; done: number } | undefined;
  running = controller;
  d.contextKeys.set(ContextKey.localizationUpdating, true);
  d.status.setUpdating(true);
  try {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Doc Translate: updating translations'), cancellable: true },
      async (progress, token) => {
        const sub = token.onCancellationRequested(() => controller.abort());
        let shown = 0;
        try {
          return await task(controller.signal, (phase, done, total) => {
            if (at !== undefined && at.phase === phase && done >= at.done) controller.abort();
            const fraction = phase === 'scan' ? 0 : phase === 'translate' ? 0.8 * (total > 0 ? done / total : 1) : 0.8 + 0.2 * (total > 0 ? done / total : 1);
            const percent = Math.floor(fraction * 100);
            const message =
              phase === 'write'
                ? vscode.l10n.t('writing {0}/{1}', done, total)
                : phase === 'translate'
                  ? vscode.l10n.t('translating')
                  : vscode.l10n.t('reading');
            progress.report({ increment: Math.max(0, percent - shown), message });
            shown = Math.max(shown, percent);
          });
        } finally {
          sub.dispose();
        }
      },
    );
  } finally {
    running = undefined;
    d.contextKeys.set(ContextKey.localizationUpdating, false);
    d.status.setUpdating(false);
  }
}

function tell(reports: { folder: string; report: UpdateReport }[], cost: RunCost): void {
  const written = reports.reduce((n, r) => n + r.report.written.length, 0);
  const conflicts = reports.reduce((n, r) => n + r.report.conflicts.length, 0);
  const cancelled = reports.some((r) => r.report.cancelled);
  const sent = reports.reduce((n, r) => n + r.report.chars_sent, 0);
  const pending = reports.reduce((n, r) => n + r.report.pending, 0);
  const terms = reports.reduce((n, r) => n + r.report.terms.length, 0);
  let head = cancelled
    ? vscode.l10n.t('update cancelled: {0} translation(s) written in full, the others left as they were', written)
    : vscode.l10n.t('updated {0} translation(s) ({1} characters sent)', written, sent.toLocaleString('en-US'));
  // Failed segments and term violations: written, not up to date (the Localization view shows where).
  if (pending + terms > 0) {
    head = vscode.l10n.t('{0}; {1} segment(s) pending (their translation failed), {2} term violation(s): see the Localization view', head, pending, terms);
    if (conflicts === 0) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Doc Translate: {0}.', head));
      return;
    }
  }
  if (conflicts === 0) {
    const text = `${vscode.l10n.t('Doc Translate: {0}.', head)} ${costText(cost)}`;
    void (cost.stopped ? vscode.window.showWarningMessage(text) : vscode.window.showInformationMessage(text));
    return;
  }
  const message = `${vscode.l10n.t(
    'Doc Translate: {0}; {1} paragraph(s) were edited by hand where the source changed: they were left as they are.',
    head,
    conflicts,
  )} ${costText(cost)}`;
  void Promise.resolve(vscode.window.showWarningMessage(message, vscode.l10n.t('Show Conflict'))).then(
    (picked) => picked !== undefined && vscode.commands.executeCommand(CommandId.localizationShowConflict),
  );
}

function noSetup(): UpdateResult {
  void Promise.resolve(
    vscode.window.showInformationMessage(
      vscode.l10n.t('Doc Translate: no localization set-up (doc-translate.json) covers this.'),
      vscode.l10n.t('Set Up Localization…'),
    ),
  ).then((picked) => picked !== undefined && vscode.commands.executeCommand(CommandId.localizationSetUp));
  return { started: false, reason: 'noSetup' };
}

/** Check Translations: the status of the scope from hashes only; nothing is sent or written. */
async function checkTranslations(d: UpdateDeps, args: unknown[]): Promise<{ counts: Record<string, number>; files: number } | undefined> {
  await d.state.refreshNow();
  const scopes = scopesOf(d.state, args);
  if (scopes.length === 0) {
    noSetup();
    return undefined;
  }
  const engine = await loadEngine();
  const counts: Record<string, number> = { 'up-to-date': 0, stale: 0, missing: 0, edited: 0, conflict: 0 };
  let files = 0;
  try {
    for (const s of scopes) {
      const report = await engine.planStatus({ config: await engine.loadConfig(s.setup.folder), ...scopeOptions(s), fs: editorReadFs(engine, s.setup.folder) });
      for (const [k, v] of Object.entries(report.counts)) counts[k] = (counts[k] ?? 0) + v;
      files += report.files;
    }
  } catch (err) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Doc Translate: {0}', err instanceof Error ? err.message : String(err)));
    return undefined;
  }
  const open = (counts['stale'] ?? 0) + (counts['missing'] ?? 0) + (counts['conflict'] ?? 0) + (counts['terms'] ?? 0);
  let text = vscode.l10n.t(
    'Doc Translate: {0} source file(s): {1} translation(s) up to date, {2} stale, {3} missing, {4} edited by hand, {5} in conflict.',
    files,
    counts['up-to-date'] ?? 0,
    counts['stale'] ?? 0,
    counts['missing'] ?? 0,
    counts['edited'] ?? 0,
    counts['conflict'] ?? 0,
  );
  if ((counts['terms'] ?? 0) > 0) text += ` ${vscode.l10n.t('{0} translation(s) break a term rule (terms in doc-translate.json).', counts['terms'] ?? 0)}`;
  const update = vscode.l10n.t('Update Translations');
  const show = vscode.l10n.t('Show Localization');
  void Promise.resolve(open > 0 ? vscode.window.showWarningMessage(text, update, show) : vscode.window.showInformationMessage(text)).then((picked) => {
    if (picked === update) void vscode.commands.executeCommand(CommandId.localizationUpdate, ...args.filter((a) => a !== undefined));
    else if (picked === show) void vscode.commands.executeCommand(CommandId.localizationFocus);
  });
  return { counts, files };
}
