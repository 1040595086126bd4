// Wording of the Jobs view and the status bar. Pure (no vscode import).
import type { TrackedJob } from '../model.ts';

const STAGE_WORDS: Record<string, string> = {
  queued: 'queued',
  accepted: 'accepted',
  preflight: 'preparing',
  translating: 'translating',
  writing_artifacts: 'writing results',
  finalizing: 'finalizing',
  completed: 'completed',
  failed: 'failed',
};

export function stageWord(stage: string): string {
  return STAGE_WORDS[stage] ?? stage.replace(/_/g, ' ');
}

/** "de · translating 45%", "de · queued · 2 ahead", "de · completed", "de · failed (quota)". */
export function jobDescription(job: TrackedJob): string {
  const lang = job.targetLang;
  if (job.status === 'completed') return `${lang} · completed`;
  if (job.status === 'failed') {
    if (job.quotaExceeded) return `${lang} · failed: not enough credits`;
    return job.errorMsg === 'cancelled' ? `${lang} · cancelled` : `${lang} · failed`;
  }
  if (job.status === 'pending' || job.stage === 'queued') {
    return job.queuePosition !== null && job.queuePosition > 0 ? `${lang} · queued · ${job.queuePosition} ahead` : `${lang} · queued`;
  }
  return `${lang} · ${stageWord(job.stage)} ${job.progress}%`;
}

export const QUOTA_EXPLANATION =
  'The job could not start: the balance (after any debt), or the API key\'s remaining budget, was not above ' +
  'the job\'s start threshold. Nothing was charged. Top up or raise the key\'s budget, then translate again.';

export function formatTime(iso: string, locale?: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toLocaleString(locale);
}

/** "1.4 s", "2 min 5 s": the service reports time_cost in seconds. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds.toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s`;
}

/** Tooltip lines (Markdown) of a job: the status once, in the words of the row. */
export function jobTooltipMarkdown(job: TrackedJob, fileName: string, locale?: string): string {
  const esc = (s: string): string => s.replace(/([\\`*_{}[\]()#+\-.!|<>])/g, '\\$1');
  const status = jobDescription(job).split(' · ').slice(1).join(', ');
  const lines = [`**${esc(fileName)}** → ${esc(job.targetLang)}: ${esc(status)}`];
  // The service's stage message, unless it only repeats the status.
  const words = (x: string): string => x.toLowerCase().replace(/[^a-z]+/g, ' ').trim();
  const said = words(job.stageMessage);
  const repeats = said === '' || [job.status, job.stage, stageWord(job.stage)].map(words).includes(said) || words(status).startsWith(said);
  if (!repeats) lines.push('', esc(job.stageMessage));
  lines.push('', `Created: ${esc(formatTime(job.createdAt, locale))}`, '', `Updated: ${esc(formatTime(job.updatedAt, locale))}`);
  if (job.timeCost > 0) lines.push('', `Processing time: ${esc(formatSeconds(job.timeCost))}`);
  if (job.status === 'failed' && job.errorMsg !== null && job.errorMsg !== '' && job.errorMsg !== 'cancelled') lines.push('', `Error: ${esc(job.errorMsg)}`);
  if (job.quotaExceeded) lines.push('', esc(QUOTA_EXPLANATION));
  lines.push('', `Job id: \`${job.id.replace(/`/g, '')}\``);
  return lines.join('\n');
}
