// Wording of the Jobs view and the status bar. Pure (no vscode import).
import { t } from '../../../platform/l10n.ts';
import type { TrackedJob } from '../model.ts';

/** The words of the service's stages (a function: they follow the display language). */
const stageWords = (): Record<string, string> => ({
  queued: t('queued'),
  accepted: t('accepted'),
  preflight: t('preparing'),
  translating: t('translating'),
  writing_artifacts: t('writing results'),
  finalizing: t('finalizing'),
  completed: t('completed'),
  failed: t('failed'),
});

export function stageWord(stage: string): string {
  return stageWords()[stage] ?? stage.replace(/_/g, ' ');
}

/** "de · translating 45%", "de · queued · 2 ahead", "de · completed", "de · failed (quota)". */
export function jobDescription(job: TrackedJob): string {
  const lang = job.targetLang;
  if (job.status === 'completed') return t('{0} · completed', lang);
  if (job.status === 'failed') {
    if (job.quotaExceeded) return t('{0} · failed: not enough credits', lang);
    return job.errorMsg === 'cancelled' ? t('{0} · cancelled', lang) : t('{0} · failed', lang);
  }
  if (job.status === 'pending' || job.stage === 'queued') {
    return job.queuePosition !== null && job.queuePosition > 0 ? t('{0} · queued · {1} ahead', lang, job.queuePosition) : t('{0} · queued', lang);
  }
  return t('{0} · {1} {2}%', lang, stageWord(job.stage), job.progress);
}

export function quotaExplanation(): string {
  return t(
    "The job could not start: the balance (after any debt), or the API key's remaining budget, was not above the job's start threshold. Nothing was charged. Top up or raise the key's budget, then translate again.",
  );
}

export function formatTime(iso: string, locale?: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString(locale);
}

/** "1.4 s", "2 min 5 s": the service reports time_cost in seconds. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return t('{0} s', seconds.toLocaleString('en-US', { maximumFractionDigits: 1 }));
  const m = Math.floor(seconds / 60);
  return t('{0} min {1} s', m, Math.round(seconds - m * 60));
}

/** Tooltip lines (Markdown) of a job: the status once, in the words of the row. */
export function jobTooltipMarkdown(job: TrackedJob, fileName: string, locale?: string): string {
  const esc = (s: string): string => s.replace(/([\\`*_{}[\]()#+\-.!|<>])/g, '\\$1');
  const status = jobDescription(job).split(' · ').slice(1).join(', ');
  const lines = [`**${esc(fileName)}** → ${esc(job.targetLang)}: ${esc(status)}`];
  // The service's stage message, unless it only repeats the status.
  const words = (x: string): string =>
    x
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim();
  const said = words(job.stageMessage);
  const repeats = said === '' || [job.status, job.stage, stageWord(job.stage)].map(words).includes(said) || words(status).startsWith(said);
  if (!repeats) lines.push('', esc(job.stageMessage));
  lines.push('', t('Created: {0}', esc(formatTime(job.createdAt, locale))), '', t('Updated: {0}', esc(formatTime(job.updatedAt, locale))));
  if (job.timeCost > 0) lines.push('', t('Processing time: {0}', esc(formatSeconds(job.timeCost))));
  if (job.status === 'failed' && job.errorMsg !== null && job.errorMsg !== '' && job.errorMsg !== 'cancelled')
    lines.push('', t('Error: {0}', esc(job.errorMsg)));
  if (job.quotaExceeded) lines.push('', esc(quotaExplanation()));
  lines.push('', t('Job id: `{0}`', job.id.replace(/`/g, '')));
  return lines.join('\n');
}
