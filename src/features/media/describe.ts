// How media jobs, delivered files and voices read in the Media view. Pure (no vscode).
import * as path from 'node:path';
import type { DeliveredFile, MediaJob, Voice } from '../../api/index.ts';
import { t } from '../../platform/l10n.ts';
import { productName } from './products.ts';

export function isJobEnded(status: string): boolean {
  return ['completed', 'succeeded', 'failed', 'cancelled', 'canceled', 'expired', 'error'].includes(status.toLowerCase());
}

/** Codicon id for a job's status. */
export function jobIcon(status: string): string {
  switch (status.toLowerCase()) {
    case 'completed':
    case 'succeeded':
      return 'pass';
    case 'failed':
    case 'error':
      return 'error';
    case 'cancelled':
    case 'canceled':
      return 'circle-slash';
    default:
      return 'sync~spin';
  }
}

/** "1 credit", "1.5 credits" */
export function credits(millicredits: number): string {
  const value = millicredits / 1000;
  const amount = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return value === 1 ? t('{0} credit', amount) : t('{0} credits', amount);
}

/** "completed · 2 credits", "processing 50%", "failed: decoder crashed" */
export function jobDescription(job: MediaJob): string {
  const status = job.status;
  const progress = typeof job['progress'] === 'number' && !isJobEnded(status) ? ` ${job['progress']}%` : '';
  const charged = (job.settlement as { charged_millicredits?: unknown } | null | undefined)?.charged_millicredits;
  const cost = typeof charged === 'number' && charged > 0 ? ` · ${credits(charged)}` : '';
  const error = (status === 'failed' || status === 'error') && job.error_msg ? `: ${job.error_msg}` : '';
  return `${status}${progress}${cost}${error}`;
}

export function jobLabel(job: MediaJob, source: string | undefined): string {
  const what = productName(job.product ?? '');
  return source !== undefined ? `${source} · ${what}` : `${what} (${job.operation_id})`;
}

export function jobTooltip(job: MediaJob, source: string | undefined): string {
  const settlement = job.settlement as Record<string, unknown> | null | undefined;
  const lines = [
    source !== undefined ? t('{0} of {1}', productName(job.product ?? ''), source) : productName(job.product ?? ''),
    t('Status: {0}', job.status),
    t('Operation: {0}', job.operation_id),
  ];
  if (typeof job['billed_duration_ms'] === 'number') lines.push(t('Billed duration: {0} s', Math.round(job['billed_duration_ms'] / 1000)));
  if (settlement?.['credit_operation_id'] !== undefined)
    lines.push(t('Settlement: {0} ({1})', String(settlement['credit_operation_id']), String(settlement['status'] ?? t('pending'))));
  if (job.error_msg) lines.push(t('Error: {0}', job.error_msg));
  return lines.join('\n');
}

/** Text results open in an editor tab; audio and video in VS Code's media preview. */
export function isTextFile(file: DeliveredFile): boolean {
  const name = (file.filename ?? '').toLowerCase();
  const type = (file.mime_type ?? '').toLowerCase();
  return type.startsWith('text/') || type.includes('subrip') || /\.(txt|srt|vtt|md|json)$/.test(name);
}

export function fileLabel(file: DeliveredFile, index: number): string {
  return file.filename ?? `${file.role ?? t('file')} ${index + 1}`;
}

export function voiceDescription(voice: Voice): string {
  return (voice.status ?? 'unknown').replace(/_/g, ' ');
}

export function voiceIcon(status: string | null | undefined): string {
  switch (status) {
    case 'active':
      return 'unmute';
    case 'revoked':
    case 'failed':
      return 'circle-slash';
    case 'uncertain':
      return 'question';
    default:
      return 'clock';
  }
}

/** The delivered file's own name, reduced to a plain file name (the service's value is untrusted). */
export function safeName(filename: string | null | undefined, fallback: string): string {
  const base = path.posix.basename((filename ?? '').replace(/\\/g, '/'));
  return base === '' || base === '.' || base === '..' ? fallback : base;
}

/** The credit operation of a charged job (its settlement reference), when the service gives one. */
export function settlementId(job: MediaJob): string | undefined {
  const settlement = job.settlement as Record<string, unknown> | null | undefined;
  const id = settlement?.['credit_operation_id'];
  const charged = settlement?.['charged_millicredits'];
  return typeof id === 'string' && id !== '' && (typeof charged !== 'number' || charged > 0) ? id : undefined;
}
