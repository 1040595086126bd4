// A receipt (credit operation, spec 2.6: operation id, status, billing basis, charged and refunded
// amounts) as a readable Markdown document. Field names are "not shown" by the spec, so known ones
// are described in words and any others are listed as they came. Pure: no vscode import.
import * as l10n from '../../platform/l10n.ts';
import { credits, when } from './model.ts';

type Loose = Record<string, unknown>;

/** What a receipt's status means (a function: the words follow the display language). */
function statusWords(status: string): string {
  switch (status) {
    case 'pending':
      return l10n.t('Pending: nothing is charged until the work completes.');
    case 'settled':
      return l10n.t('Settled: the amount below was charged.');
    case 'not_charged':
      return l10n.t('Not charged: the work failed or was cancelled, so nothing was taken.');
    case 'refunded':
      return l10n.t('Refunded: everything charged was given back.');
    default:
      return l10n.t('Status: {0}.', status);
  }
}

const KNOWN = new Set([
  'operation_id',
  'id',
  'kind',
  'status',
  'billing_basis',
  'charged_millicredits',
  'refunded_millicredits',
  'created_at',
  'settled_at',
  'endpoint',
  'job_id',
]);

function cell(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function basisLines(basis: unknown): string[] {
  if (typeof basis !== 'object' || basis === null) return basis === undefined ? [] : [`- ${l10n.t('Billing basis: {0}', cell(basis))}`];
  const b = basis as Loose;
  const unit = typeof b['unit'] === 'string' ? b['unit'] : l10n.t('units');
  const quantity = typeof b['quantity'] === 'number' ? b['quantity'].toLocaleString('en-US') : '—';
  const rate = typeof b['rate_millicredits'] === 'number' ? b['rate_millicredits'] : undefined;
  const minimum = typeof b['minimum_millicredits'] === 'number' ? b['minimum_millicredits'] : undefined;
  const lines = [`- ${l10n.t('Billed for: {0} {1}', quantity, unit)}`];
  if (rate !== undefined) lines.push(`- ${l10n.t('Rate: {0} credits per {1}', credits(rate), unit.replace(/s$/, ''))}`);
  if (minimum !== undefined) lines.push(`- ${l10n.t('Minimum charge: {0} credits', credits(minimum))}`);
  return lines;
}

/** The receipt as Markdown: what was charged, on what basis, what was refunded. */
export function receiptMarkdown(r: Loose): string {
  const id = String(r['operation_id'] ?? r['id'] ?? 'unknown');
  const charged = typeof r['charged_millicredits'] === 'number' ? r['charged_millicredits'] : undefined;
  const refunded = typeof r['refunded_millicredits'] === 'number' ? r['refunded_millicredits'] : undefined;
  const status = typeof r['status'] === 'string' ? r['status'] : 'unknown';
  const kind = typeof r['kind'] === 'string' ? r['kind'].replace(/_/g, ' ') : l10n.t('credit operation');
  const lines = [
    `# ${l10n.t('Receipt {0}', id)}`,
    '',
    `${kind[0]?.toUpperCase() ?? ''}${kind.slice(1)}. ${statusWords(status)}`,
    '',
    `## ${l10n.t('Charged')}`,
    '',
    `- ${l10n.t('Charged: {0} credits', credits(charged))}`,
    `- ${l10n.t('Refunded: {0} credits', credits(refunded))}`,
  ];
  if (charged !== undefined && refunded !== undefined) lines.push(`- ${l10n.t('Net: {0} credits', credits(charged - refunded))}`);
  lines.push(...basisLines(r['billing_basis']));
  lines.push('', `## ${l10n.t('Details')}`, '');
  lines.push(`- ${l10n.t('Operation: `{0}`', cell(id))}`);
  if (typeof r['job_id'] === 'string') lines.push(`- ${l10n.t('Job: `{0}`', cell(r['job_id']))}`);
  if (typeof r['endpoint'] === 'string') lines.push(`- ${l10n.t('Endpoint: `{0}`', cell(r['endpoint']))}`);
  lines.push(`- ${l10n.t('Created: {0}', when(typeof r['created_at'] === 'string' ? r['created_at'] : undefined))}`);
  lines.push(`- ${l10n.t('Settled: {0}', when(typeof r['settled_at'] === 'string' ? r['settled_at'] : undefined))}`);
  const other = Object.entries(r).filter(([k]) => !KNOWN.has(k));
  if (other.length > 0) {
    lines.push('', `## ${l10n.t('Other fields from the service')}`, '', l10n.t('| Field | Value |'), '|---|---|');
    for (const [k, v] of other) lines.push(`| ${cell(k)} | ${cell(v)} |`);
  }
  lines.push('', l10n.t('1 credit = 1000 millicredits. Receipts are free to read.'), '');
  return lines.join('\n');
}
