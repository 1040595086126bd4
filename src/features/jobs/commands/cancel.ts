import * as vscode from 'vscode';
import type { JobsFeature } from '../feature.ts';
import { fromApiJob, isActive } from '../model.ts';
import type { RunContext } from '../../../platform/commandRunner.ts';
import { jobIdFrom } from './args.ts';

export type CancelResult =
  { cancelled: true; status: string } | { cancelled: false; reason: 'noJob' | 'notConfigured' | 'alreadyEnded' | 'cancelled' | 'failed' };

/** Cancel Job: best effort (spec part 3); a job that already ended is left as it is (409). */
export async function cancelJob(f: JobsFeature, ctx: RunContext, arg: unknown): Promise<CancelResult> {
  const id = await jobIdFrom(f, arg, isActive, vscode.l10n.t('Doc Translate: cancel which job?'));
  if (id === undefined) return { cancelled: false, reason: 'noJob' };
  const client = await ctx.client();
  f.store.markCancelledHere(id);
  try {
    const job = fromApiJob(await client.jobs.cancel(id));
    f.store.upsert(job);
    if (!isActive(job)) {
      f.watchers.stop(id);
      await f.store.setWatched(id, false);
    }
    f.logger.info(`Cancelled job ${id}: now ${job.status}`);
    return { cancelled: true, status: job.status };
  } catch (err) {
    f.store.markCancelledHere(id, false);
    if (err instanceof Error && err.name === 'AlreadyEndedError') {
      const job = await client.jobs.get(id).catch(() => undefined);
      if (job !== undefined) f.store.upsert(fromApiJob(job));
      void vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: the job had already ended; nothing was cancelled.'));
      return { cancelled: false, reason: 'alreadyEnded' };
    }
    throw err;
  }
}
