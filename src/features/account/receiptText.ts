// A receipt (credit operation, spec 2.6: operation id, status, billing basis, charged and refunded
// amounts) as a readable Markdown document. Field names are "not shown" by the spec, so known ones
// are described in words and any others are listed as they came. Pure: no vscode import.
import { credits, when } from './model.ts';

type Loose = Record<string, unknown>;

const STATUS_WORDS: Record<string, string> = {
  pending: 'Pending: nothing is charged until the work completes.',
  settled: 'Settled: the amount below was charged.',
  not_charged: 'Not charged: the work failed or was cancelled, so nothing was taken.',
  refunded: 'Refunded: everything charged was given back.',
};

const KNOWN = new Set([
  'operation_id', 'id', 'kind', 'status', 'billing_basis', 'charged_millicredits', 'refunded_millicredits',
  'created_at', 'settled_at', 'endpoint', 'job_id',
]);

function cell(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function basisLines(basis: unknown): string[] {
  if (typeof basis !== 'object' || basis === null) return basis === undefined ? [] : [`- Billing basis: ${cell(basis)}`];
  const b = basis as Loose;
  const unit = typeof b['unit'] === 'string' ? b['unit'] : 'units';
  const quantity = typeof b['quantity'] === 'number' ? b['quantity'].toLocaleString('en-US') : '—';
  const rate = typeof b['rate_millicredits'] === 'number' ? b['rate_millicredits'] : undefined;
  const minimum = typeof b['minimum_millicredits'] === 'number' ? b['minimum_millicredits'] : undefined;
  const lines = [`- Billed for: ${quantity} ${unit}`];
  if (rate !== undefined) lines.push(`- Rate: ${credits(rate)} credits per ${unit.replace(/s$/, '')}`);
  if (minimum !== undefined) lines.push(`- Minimum charge: ${credits(minimum)} credits`);
  return lines;
}

/** The receipt as Markdown: what was charged, on what basis, what was refunded. */
export function receiptMarkdown(r: Loose): string {
  const id = String(r['operation_id'] ?? r['id'] ?? 'unknown');
  const charged = typeof r['charged_millicredits'] === 'number' ? r['charged_millicredits'] : undefined;
  const refunded = typeof r['refunded_millicredits'] === 'number' ? r['refunded_millicredits'] : undefined;
  const status = typeof r['status'] === 'string' ? r['status'] : 'unknown';
  const kind = typeof r['kind'] === 'string' ? r['kind'].replace(/_/g, ' ') : 'credit operation';
  const lines = [
    `# Receipt ${id}`,
    '',
    `${kind[0]?.toUpperCase() ?? ''}${kind.slice(1)}. ${STATUS_WORDS[status] ?? `Status: ${status}.`}`,
    '',
    '## Charged',
    '',
    `- Charged: ${credits(charged)} credits`,
    `- Refunded: ${credits(refunded)} credits`,
  ];
  if (charged !== undefined && refunded !== undefined) lines.push(`- Net: ${credits(charged - refunded)} credits`);
  lines.push(...basisLines(r['billing_basis']));
  lines.push('', '## Details', '');
  lines.push(`- Operation: \`${cell(id)}\``);
  if (typeof r['job_id'] === 'string') lines.push(`- Job: \`${cell(r['job_id'])}\``);
  if (typeof r['endpoint'] === 'string') lines.push(`- Endpoint: \`${cell(r['endpoint'])}\``);
  lines.push(`- Created: ${when(typeof r['created_at'] === 'string' ? r['created_at'] : undefined)}`);
  lines.push(`- Settled: ${when(typeof r['settled_at'] === 'string' ? r['settled_at'] : undefined)}`);
  const other = Object.entries(r).filter(([k]) => !KNOWN.has(k));
  if (other.length > 0) {
    lines.push('', '## Other fields from the service', '', '| Field | Value |', '|---|---|');
    for (const [k, v] of other) lines.push(`| ${cell(k)} | ${cell(v)} |`);
  }
  lines.push('', '1 credit = 1000 millicredits. Receipts are free to read.', '');
  return lines.join('\n');
}
