import * as vscode from 'vscode';
import type { Receipt } from '../../../api/index.ts';
import type { JobsFeature } from '../feature.ts';
import { formatCredits } from '../../../platform/format.ts';
import type { RunContext } from '../../../platform/commandRunner.ts';
import { jobIdFrom } from './args.ts';

/**
 * Show Receipt: the credit operation of a job (free). The receipt's field names are not part of
 * the spec, so the summary reads the usual ones when present and "Show Details" lists them all.
 */
export async function showReceipt(f: JobsFeature, ctx: RunContext, arg: unknown): Promise<Receipt | undefined> {
  const id = await jobIdFrom(f, arg, () => true, vscode.l10n.t('Doc Translate: receipt of which job?'));
  if (id === undefined) return undefined;
  const client = await ctx.client();
  const receipt = await client.receipts.forJob(id);
  const job = f.store.get(id);
  const name = f.store.origin(id)?.fileName ?? job?.documentId ?? id;
  const title = job !== undefined ? vscode.l10n.t('Receipt of {0} ({1})', name, job.targetLang) : vscode.l10n.t('Receipt of {0}', name);
  const details = vscode.l10n.t('Show Details');
  void Promise.resolve(vscode.window.showInformationMessage(vscode.l10n.t('Doc Translate: {0}: {1}.', title, summary(receipt)), details)).then(
    async (picked) => {
      if (picked !== details) return;
      const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: receiptMarkdown(title, id, receipt) });
      await vscode.window.showTextDocument(doc, { preview: true });
    },
  );
  return receipt;
}

function amount(receipt: Receipt, key: string): string | undefined {
  const value = receipt[key];
  return typeof value === 'number' ? formatCredits(value) : undefined;
}

export function summary(receipt: Receipt): string {
  const parts: string[] = [];
  if (typeof receipt['status'] === 'string') parts.push(receipt['status'].replace(/_/g, ' '));
  const charged = amount(receipt, 'charged_millicredits');
  const refunded = amount(receipt, 'refunded_millicredits');
  if (charged !== undefined) parts.push(vscode.l10n.t('charged {0}', charged));
  if (refunded !== undefined && receipt['refunded_millicredits'] !== 0) parts.push(vscode.l10n.t('refunded {0}', refunded));
  return parts.length > 0 ? parts.join(', ') : vscode.l10n.t('see the details');
}

function receiptMarkdown(title: string, jobId: string, receipt: Receipt): string {
  const rows = flatten(receipt).map(([k, v]) => `| ${k} | ${v.replace(/\|/g, '\\|')} |`);
  return [
    `# ${title}`,
    '',
    vscode.l10n.t('Job `{0}`. Amounts are millicredits (1000 = 1 credit), as decided by the service.', jobId),
    '',
    vscode.l10n.t('| Field | Value |'),
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const key = prefix === '' ? k : `${prefix}.${k}`;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) out.push(...flatten(v, key));
    else out.push([key, Array.isArray(v) ? JSON.stringify(v) : String(v)]);
  }
  return out;
}
