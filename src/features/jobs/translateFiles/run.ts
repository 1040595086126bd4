// Translate Files, the sending part: for each file an upload streamed from disk, then one job per
// target language, all under one cancellable progress notification. Each job create is one
// logical operation with its own Idempotency-Key, reused by the client on every retry.
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { loadApi } from '../../../platform/api.ts';
import type { DocTranslateClient } from '../../../api/index.ts';
import type { JobsFeature } from '../feature.ts';
import { fromApiJob } from '../model.ts';
import { readSourceState } from '../sourceState.ts';
import { outputMode, type TranslateFilesOptions } from './optionValues.ts';

export interface StartedJob {
  jobId: string;
  file: string;
  lang: string;
}

export interface RunOutcome {
  jobs: StartedJob[];
  failures: { file: string; lang?: string; error: unknown }[];
  cancelled: boolean;
}

/** Errors that concern one file only; anything else (key, credits, network) stops the run. */
export function fileSpecific(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  if (typeof status === 'number') return [400, 404, 410, 413, 415, 422].includes(status);
  return err instanceof Error && err.name === 'LocalFileError';
}

export async function sendFiles(f: JobsFeature, client: DocTranslateClient, files: readonly vscode.Uri[], options: TranslateFilesOptions): Promise<RunOutcome> {
  const outcome: RunOutcome = { jobs: [], failures: [], cancelled: false };
  const { generateIdempotencyKey } = await loadApi();
  const steps = files.length * (1 + options.targetLanguages.length);
  const run = randomUUID();
  // The run's jobs end in one summary notification, once all are created and ended.
  f.notifications.runStarted(run);
  try {
    await sendWithProgress(f, client, files, options, outcome, run, steps, generateIdempotencyKey);
  } finally {
    f.notifications.runSent(run);
  }
  return outcome;
}

async function sendWithProgress(
  f: JobsFeature,
  client: DocTranslateClient,
  files: readonly vscode.Uri[],
  options: TranslateFilesOptions,
  outcome: RunOutcome,
  run: string,
  steps: number,
  generateIdempotencyKey: () => string,
): Promise<void> {
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Doc Translate', cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    const signal = controller.signal;
    const step = (message: string): void => progress.report({ message, increment: 100 / steps });
    try {
      for (const [index, file] of files.entries()) {
        if (signal.aborted) break;
        const name = path.posix.basename(file.path);
        const counter = files.length > 1 ? ` (${index + 1}/${files.length})` : '';
        try {
          let shown = -1;
          // After a refused finalize token the client sends the file again; its totals then count both transfers.
          let firstTotal: number | undefined;
          let again = false;
          progress.report({ message: vscode.l10n.t('uploading {0}{1}', name, counter) });
          const doc = await client.uploads.uploadFile(file.fsPath, {
            signal,
            onProgress: (sent, total) => {
              firstTotal ??= total;
              if (!again && total > firstTotal) {
                again = true;
                shown = -1;
              }
              const [done, of] = again ? [sent - firstTotal, total - firstTotal] : [sent, total];
              const pct = of > 0 ? Math.floor((done / of) * 100) : 100;
              if (pct >= shown + 10 || pct === 100) {
                shown = pct;
                progress.report({
                  message: again
                    ? vscode.l10n.t('uploading {0}{1} again (the upload expired before it was confirmed): {2}%', name, counter, pct)
                    : vscode.l10n.t('uploading {0}{1}: {2}%', name, counter, pct),
                });
              }
            },
          });
          step(vscode.l10n.t('uploaded {0}{1}', name, counter));
          const sent = await readSourceState(file.fsPath).catch(() => undefined);
          for (const lang of options.targetLanguages) {
            if (signal.aborted) break;
            try {
              const job = await client.jobs.create(
                {
                  document_id: doc.id,
                  target_lang: lang,
                  engine: options.engine,
                  ...outputMode(options, name),
                  glossary_id: options.glossaryId,
                  include_images: options.includeImages,
                  context_translation: options.contextTranslation,
                  style_preset: options.stylePreset,
                },
                { signal, idempotencyKey: generateIdempotencyKey() },
              );
              await f.store.rememberOrigin(job.id, { source: file.toString(), fileName: name, run, sent });
              f.store.upsert(fromApiJob(job));
              f.watchers.watch(job.id);
              outcome.jobs.push({ jobId: job.id, file: file.toString(), lang });
              f.logger.info(`Translate Files: job ${job.id} for ${name} into ${lang}`);
              step(vscode.l10n.t('{0} → {1}: job created{2}', name, lang, counter));
            } catch (err) {
              if (signal.aborted) throw err;
              if (!fileSpecific(err)) throw err;
              outcome.failures.push({ file: file.toString(), lang, error: err });
            }
          }
        } catch (err) {
          if (signal.aborted) break;
          if (!fileSpecific(err)) {
            outcome.failures.push({ file: file.toString(), error: err });
            break;
          }
          outcome.failures.push({ file: file.toString(), error: err });
        }
      }
    } finally {
      outcome.cancelled = signal.aborted;
      subscription.dispose();
    }
  });
}
