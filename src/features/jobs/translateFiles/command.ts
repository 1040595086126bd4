import * as path from 'node:path';
import * as vscode from 'vscode';
import type { JobsFeature } from '../feature.ts';
import { describeNotSent, describeSkipped, leftOutReason, skipReasonText, summarizeThresholds, type LeftOutFile, type SkippedFile } from './fileFormats.ts';
import { formatCredits } from '../../../platform/format.ts';
import { languageName } from '../../../platform/languages.ts';
import { defineCommand, type RunContext } from '../../../platform/commandRunner.ts';
import { invokedOnUris } from '../../../platform/invokedOn.ts';
import { showError } from '../../../platform/showError.ts';
import type { Command } from '../../../platform/commands.ts';
import { CommandId } from '../../../shared/ids.ts';
import { collectFiles, estimateThreshold } from './collect.ts';
import { parseOptions, type TranslateFilesOptions } from './optionValues.ts';
import { pickOptions, rememberOptions, type OptionDeps } from './options.ts';
import { fileSpecific, sendFiles, type StartedJob } from './run.ts';

export type TranslateFilesResult =
  | { started: true; jobs: StartedJob[]; failed: number; cancelled: boolean; leftOut: LeftOutFile[] }
  | { started: false; reason: 'noFiles' | 'notConfigured' | 'cancelled' | 'failed'; error?: string; leftOut?: LeftOutFile[] };

/**
 * Translate Files…: Explorer files and folders (`(uri, uris)`), or files picked from the palette;
 * a third argument with `targetLanguages` skips the pickers, never the question before sending.
 */
export function translateFilesCommand(f: JobsFeature, p: OptionDeps): Command {
  return defineCommand<TranslateFilesResult>(f, {
    id: CommandId.translateFiles,
    operation: () => vscode.l10n.t('Translate Files'),
    failed: (why) =>
      'error' in why ? { started: false, reason: 'failed', ...(why.error !== 'failed' ? { error: why.error } : {}) } : { started: false, ...why },
    run: (ctx, ...args: unknown[]) => translateFiles(f, p, ctx, args),
  });
}

async function translateFiles(f: JobsFeature, s: OptionDeps, ctx: RunContext, args: unknown[]): Promise<TranslateFilesResult> {
  const given = invokedOnUris(args) ?? [];
  const options = args.map(parseOptions).find((o) => o !== undefined);
  const uris = given.length > 0 ? given : await pickFiles(f);
  if (uris === undefined || uris.length === 0) return { started: false, reason: 'cancelled' };
  const collected = await collectFiles(uris);
  if (collected.files.length === 0) {
    const skipped = describeSkipped(collected.skipped);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Doc Translate: no files to translate here. {0}', skipped ?? vscode.l10n.t('The folder has no files.')),
    );
    return { started: false, reason: 'noFiles', leftOut: skippedFiles(collected.skipped) };
  }
  const client = await ctx.client();
  const chosen = options ?? (await pickOptions(s));
  if (chosen === undefined || chosen.targetLanguages.length === 0) return { started: false, reason: 'cancelled' };

  if (!(await confirmStart(f, collected.files, chosen, collected.skipped))) return { started: false, reason: 'cancelled' };
  if (options === undefined) await rememberOptions(s, chosen);
  const outcome = await sendFiles(f, client, collected.files, chosen);
  void f.balance.refresh();
  if (outcome.jobs.length > 0) {
    void vscode.commands.executeCommand(CommandId.jobsFocus).then(undefined, () => undefined);
    const started =
      outcome.jobs.length === 1
        ? vscode.l10n.t('Doc Translate: started 1 translation job')
        : vscode.l10n.t('Doc Translate: started {0} translation jobs', outcome.jobs.length);
    void vscode.window.setStatusBarMessage(started, 4000);
  }
  const first = outcome.failures[0];
  // The run's outcome, not a thrown error: the jobs already started are kept and returned. An
  // error that stopped the run (key, credits, network) gets its actionable message; files the
  // service refused (it decides the formats: 415 and the like) are each named with its reason, and
  // so are the files skipped here without a question.
  const stopping = outcome.failures.find((x) => !fileSpecific(x.error));
  if (stopping !== undefined) {
    const name = path.posix.basename(vscode.Uri.parse(stopping.file).path);
    void showError(stopping.error, {
      operation: stopping.lang !== undefined ? vscode.l10n.t('Sending {0} ({1})', name, stopping.lang) : vscode.l10n.t('Sending {0}', name),
      baseUrl: s.settings.baseUrl,
      engine: chosen.engine ?? s.settings.engine,
      targetLanguage: stopping.lang,
    });
  }
  const refused: LeftOutFile[] = outcome.failures
    .filter((x) => fileSpecific(x.error))
    .map((x) => {
      const name = path.posix.basename(vscode.Uri.parse(x.file).path);
      return { file: x.file, lang: x.lang, reason: leftOutReason(name, x.error) };
    });
  for (const r of refused) f.logger.warn(`Translate Files: ${r.file}${r.lang !== undefined ? ` (${r.lang})` : ''} not sent: ${r.reason}`);
  const leftOut = [...skippedFiles(collected.skipped), ...refused];
  const notice = describeNotSent(collected.files.length, refused);
  if (notice !== undefined) void vscode.window.showWarningMessage(`Doc Translate: ${notice}`);
  if (outcome.jobs.length === 0) {
    if (outcome.cancelled) return { started: false, reason: 'cancelled' };
    const code = first !== undefined ? (first.error as { code?: unknown }).code : undefined;
    return { started: false, reason: 'failed', ...(typeof code === 'string' ? { error: code } : {}), leftOut };
  }
  return { started: true, jobs: outcome.jobs, failed: outcome.failures.length, cancelled: outcome.cancelled, leftOut };
}

/** Files given or found that were not sent without asking the service, with the reason. */
function skippedFiles(skipped: readonly SkippedFile[]): LeftOutFile[] {
  return skipped.map((s) => ({ file: s.uri ?? s.path, reason: skipReasonText(s.why) }));
}

async function pickFiles(f: JobsFeature): Promise<vscode.Uri[] | undefined> {
  return f.prompter.openDialog('files', {
    title: vscode.l10n.t('Doc Translate: files or folders to translate'),
    canSelectFiles: true,
    canSelectFolders: true,
    canSelectMany: true,
    openLabel: vscode.l10n.t('Translate'),
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
}

/** The modal before anything is sent: what, how many jobs, the balance and the start thresholds. */
async function confirmStart(f: JobsFeature, files: readonly vscode.Uri[], o: TranslateFilesOptions, skippedFiles: readonly SkippedFile[]): Promise<boolean> {
  const [balance, estimates] = await Promise.all([f.balance.refresh(), Promise.all(files.map(estimateThreshold))]);
  const t = summarizeThresholds(estimates, o.targetLanguages.length);
  const jobs = files.length * o.targetLanguages.length;
  const what = files.length === 1 ? path.posix.basename(files[0]!.path) : vscode.l10n.t('{0} files', files.length);
  const lines: string[] = [];
  const output =
    o.outputMode === 'bilingual'
      ? vscode.l10n.t('original and translation together')
      : o.outputMode === 'single'
        ? vscode.l10n.t('the translated file only')
        : vscode.l10n.t('translated files');
  const into = o.targetLanguages.map((c) => languageName(c, vscode.env.language)).join(', ');
  const engine = o.engine ?? f.settings.engine;
  lines.push(
    jobs === 1
      ? vscode.l10n.t('1 translation job: into {0}; {1}; engine {2}.', into, output, engine)
      : vscode.l10n.t('{0} translation jobs: into {1}; {2}; engine {3}.', jobs, into, output, engine),
  );
  const skipped = describeSkipped(skippedFiles);
  if (skipped !== undefined) lines.push(skipped);
  lines.push(
    balance === undefined
      ? vscode.l10n.t('Your balance could not be read right now.')
      : balance.debt > 0
        ? vscode.l10n.t('Your balance: {0} (you owe {1}).', formatCredits(balance.available), formatCredits(balance.debt))
        : vscode.l10n.t('Your balance: {0}.', formatCredits(balance.available)),
  );
  if (t.largestMillicredits > 0) {
    lines.push(
      vscode.l10n.t(
        'Expected cost: about {0} for the text files, because the service charges 1 credit per character of the source, at least 2 credits per file and language.',
        formatCredits(t.knownMillicredits),
      ),
    );
    lines.push(vscode.l10n.t('To start, each job needs more than its cost in your balance (the biggest needs {0}).', formatCredits(t.largestMillicredits)));
    if (balance !== undefined && balance.available <= t.largestMillicredits) {
      lines.push(
        vscode.l10n.t(
          'Your balance is not enough for the biggest file: that job will fail without costing anything. Add credits first, or translate fewer files.',
        ),
      );
    }
  }
  if (t.pdfFiles > 0) lines.push(vscode.l10n.t('PDF files cost 2 credits per page; only the service counts the pages, so they are not in the estimate.'));
  if (t.unknownJobs - t.pdfFiles * o.targetLanguages.length > 0)
    lines.push(
      vscode.l10n.t(
        'Other files (images, Word and the like) are charged by the text the service finds in them, so they are not in the estimate; the service may also refuse a format it does not take, and that file is then named with its reason.',
      ),
    );
  lines.push(
    vscode.l10n.t(
      'You are charged only when a job completes, for what was actually translated; failed or cancelled jobs cost nothing. The service decides the final amount.',
    ),
  );
  const start = vscode.l10n.t('Start');
  const picked = await f.prompter.choose(vscode.l10n.t('Translate {0}?', what), { modal: true, severity: 'info', detail: lines.join('\n') }, start);
  return picked === start;
}
