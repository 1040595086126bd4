// Rows of the Operations view: document operations of the service (this key's, spec 5) and the
// file tools run in this window, with the words and icons that describe them. Pure (no vscode).
import type { DocumentOperation, OperationOutcome } from '../../api/index.ts';
import { formatCredits } from '../../platform/format.ts';
import * as l10n from '../../platform/l10n.ts';
import { TOOLS } from './tools.ts';

export interface TrackedOperation {
  /** The service's operation id, or `run-…` for a file tool run here. */
  id: string;
  origin: 'service' | 'local';
  /** The service's kind (extract, pdf_to_html, visual_extract) or the file tool's (pdf_merge, …). */
  kind: string;
  status: string;
  outcome: OperationOutcome;
  progress?: number;
  documentId?: string;
  outputDocumentId?: string;
  creditOperationId?: string;
  chargedMillicredits?: number;
  pageCount?: number;
  error?: string;
  createdAt?: string;
  /** File tools: the files written into the workspace. */
  outputs?: string[];
}

/** The local file(s) an operation was started from (kept per workspace). */
export interface OperationSource {
  /** Uri of the (first) source file. */
  uri: string;
  fileName: string;
  /** All sources, for merges. */
  names?: string[];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function fromApiOperation(op: DocumentOperation, outcome: OperationOutcome): TrackedOperation {
  const out: TrackedOperation = { id: op.id, origin: 'service', kind: op.kind ?? 'operation', status: op.status, outcome };
  const progress = num(op.progress);
  if (progress !== undefined) out.progress = progress;
  const documentId = text(op.document_id);
  if (documentId !== undefined) out.documentId = documentId;
  const output = text(op.output_document_id);
  if (output !== undefined) out.outputDocumentId = output;
  const credit = text(op.credit_operation_id);
  if (credit !== undefined) out.creditOperationId = credit;
  const charged = num(op['charged_millicredits']);
  if (charged !== undefined) out.chargedMillicredits = charged;
  const pages = num(op['page_count']);
  if (pages !== undefined) out.pageCount = pages;
  const error = text(op.error_msg);
  if (error !== undefined) out.error = error;
  const created = text(op['created_at']);
  if (created !== undefined) out.createdAt = created;
  return out;
}

/** "Visual Extract" for visual_extract, "Merge PDFs" for pdf_merge; the raw kind otherwise. */
export function kindTitle(kind: string): string {
  return Object.values(TOOLS).find((t) => t.kind === kind)?.title ?? kind.replace(/_/g, ' ');
}

export function statusText(op: TrackedOperation): string {
  if (op.outcome === 'running') return op.progress !== undefined && op.progress > 0 ? `${op.status} ${Math.round(op.progress)}%` : op.status;
  return op.status;
}

/** The row's description: kind · status [· cost]. */
export function describeOperation(op: TrackedOperation): string {
  const parts = [kindTitle(op.kind), statusText(op)];
  if (op.outcome === 'completed' && op.chargedMillicredits !== undefined)
    parts.push(op.chargedMillicredits === 0 ? l10n.t('free') : formatCredits(op.chargedMillicredits));
  return parts.join(' · ');
}

export function operationLabel(op: TrackedOperation, source: OperationSource | undefined): string {
  if (source !== undefined)
    return source.names !== undefined && source.names.length > 1 ? l10n.t('{0} + {1} more', source.fileName, source.names.length - 1) : source.fileName;
  return op.documentId !== undefined ? l10n.t('Document {0}', op.documentId) : op.id;
}

/** Tooltip lines: what, from where, status, receipt, output. */
export function operationTooltip(op: TrackedOperation, source: OperationSource | undefined): string {
  const lines = [`${kindTitle(op.kind)}: ${op.status}`];
  if (source !== undefined) lines.push(l10n.t('Source: {0}', (source.names ?? [source.fileName]).join(', ')));
  else if (op.documentId !== undefined) lines.push(l10n.t('Source document: {0}', op.documentId));
  if (op.pageCount !== undefined) lines.push(l10n.t('Pages: {0}', op.pageCount));
  if (op.origin === 'service') lines.push(l10n.t('Operation: {0}', op.id));
  if (op.creditOperationId !== undefined) {
    lines.push(
      op.chargedMillicredits !== undefined
        ? l10n.t('Receipt: {0} (charged {1})', op.creditOperationId, formatCredits(op.chargedMillicredits))
        : l10n.t('Receipt: {0}', op.creditOperationId),
    );
  }
  if (op.outputDocumentId !== undefined) lines.push(l10n.t('Output document: {0}', op.outputDocumentId));
  for (const o of op.outputs ?? []) lines.push(l10n.t('Written: {0}', o));
  if (op.error !== undefined) lines.push(l10n.t('Error: {0}', op.error));
  return lines.join('\n');
}

export function iconOf(op: TrackedOperation): string {
  if (op.outcome === 'running') return 'sync~spin';
  if (op.outcome === 'completed') return 'check';
  return op.status === 'cancelled' || op.status === 'canceled' ? 'circle-slash' : 'error';
}

/** `operation.<running|completed|failed>` for the service's, `toolRun.<completed|failed>` for file tools. */
export function contextValueOf(op: TrackedOperation): string {
  return op.origin === 'local' ? `toolRun.${op.outcome}` : `operation.${op.outcome}${op.outputDocumentId !== undefined ? '.output' : ''}`;
}
