/**
 * Document operations and file tools (spec 4.5, 4.6, 2.10). The spec names the operation kinds,
 * that a completed operation carries `output_document_id` and `credit_operation_id`, and that the
 * capabilities endpoints list "open operations, input formats, billing mode, technical limits" and
 * an `unavailable` list; every shape beyond that is "not shown" (4.14). So the schemas here are
 * loose: the few fields the client needs are read under their likely names and normalised, and
 * everything else is kept as sent.
 */
import * as z from 'zod/mini';
import { looseListSchema } from './schemas.ts';

const optionalString = z.optional(z.nullable(z.string()));

/** Spec 4.5 kind values. */
export const DOCUMENT_OPERATION_KINDS = ['extract', 'pdf_to_html', 'visual_extract'] as const;
export type DocumentOperationKind = (typeof DOCUMENT_OPERATION_KINDS)[number];

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * A document operation. `id` (or `operation_id`) is required; `status` (or `state`) is read as
 * sent, and when absent taken as `completed` once an output is named, else `unknown`.
 */
export const DocumentOperationSchema = z.pipe(
  z.transform((value: unknown) => {
    const o = asObject(value);
    if (o === undefined) return value;
    const output = text(o['output_document_id']);
    const status = text(o['status']) ?? text(o['state']) ?? (output !== undefined ? 'completed' : 'unknown');
    return { ...o, id: o['id'] ?? o['operation_id'], status };
  }),
  z.looseObject({
    id: z.string(),
    status: z.string(),
    kind: optionalString,
    document_id: optionalString,
    output_document_id: optionalString,
    credit_operation_id: optionalString,
    error_msg: optionalString,
    progress: z.optional(z.nullable(z.number())),
  }),
);
export type DocumentOperation = z.infer<typeof DocumentOperationSchema>;
export const DocumentOperationListSchema = looseListSchema(DocumentOperationSchema, ['operations', 'document_operations']);

const SUCCEEDED = new Set(['completed', 'complete', 'succeeded', 'success', 'done', 'finished']);
const ENDED_WITHOUT_RESULT = new Set(['failed', 'failure', 'cancelled', 'canceled', 'error', 'expired', 'rejected', 'aborted']);

export type OperationOutcome = 'running' | 'completed' | 'failed';

/** Whether an operation is still running, has completed (its output is named), or ended without a result. */
export function operationOutcome(op: Pick<DocumentOperation, 'status' | 'output_document_id'>): OperationOutcome {
  const status = op.status.toLowerCase();
  if (ENDED_WITHOUT_RESULT.has(status)) return 'failed';
  if (SUCCEEDED.has(status) || text(op.output_document_id) !== undefined) return 'completed';
  return 'running';
}

/** One listed capability: `kind` and `input_formats` normalised (lower case, no dot); the rest as sent. */
export interface ToolCapability {
  kind: string;
  input_formats: string[];
  [field: string]: unknown;
}

export interface UnavailableTool {
  kind: string;
  reason?: string;
  [field: string]: unknown;
}

export interface ToolCapabilities {
  /** Items that can be created. */
  operations: ToolCapability[];
  /** Items that cannot be created, with the service's reason when it gives one. */
  unavailable: UnavailableTool[];
  [field: string]: unknown;
}

function kindOf(o: Record<string, unknown>): string | undefined {
  for (const name of ['kind', 'name', 'id', 'operation', 'tool', 'type']) {
    const v = text(o[name]);
    if (v !== undefined) return v;
  }
  return undefined;
}

function formats(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim().toLowerCase().replace(/^\./, ''))
    .filter((v) => v !== '');
}

function reasonOf(value: unknown): string | undefined {
  if (typeof value === 'string') return text(value);
  const o = asObject(value);
  if (o === undefined) return undefined;
  for (const name of ['reason', 'message', 'detail', 'description']) {
    const v = text(o[name]);
    if (v !== undefined) return v;
  }
  return undefined;
}

function listIn(o: Record<string, unknown>, names: string[]): unknown[] | undefined {
  for (const name of names) if (Array.isArray(o[name])) return o[name] as unknown[];
  return undefined;
}

/**
 * Reads a capabilities answer of either endpoint: items under `operations` (or `items`, `open`,
 * `tools`, `kinds`, or a bare array), each a string or an object naming its kind; `unavailable`
 * as an array (strings or objects with a reason) or an object from kind to reason. An item that
 * says `open: false` or `available: false` counts as unavailable. Unusable entries are dropped.
 */
export function readCapabilities(value: unknown): ToolCapabilities {
  const root = asObject(value) ?? {};
  const listed = Array.isArray(value) ? value : (listIn(root, ['operations', 'items', 'open', 'tools', 'kinds', 'capabilities']) ?? []);
  const operations: ToolCapability[] = [];
  const unavailable: UnavailableTool[] = [];
  for (const item of listed) {
    if (typeof item === 'string') {
      if (text(item) !== undefined) operations.push({ kind: item, input_formats: [] });
      continue;
    }
    const o = asObject(item);
    const kind = o !== undefined ? kindOf(o) : undefined;
    if (o === undefined || kind === undefined) continue;
    const entry: ToolCapability = { ...o, kind, input_formats: formats(o['input_formats'] ?? o['formats'] ?? o['inputs']) };
    if (o['open'] === false || o['available'] === false || o['enabled'] === false) {
      const reason = reasonOf(o);
      // Set only when read: a `reason: undefined` would hide the entry's own field spread from `o`.
      unavailable.push({ ...o, kind, ...(reason !== undefined ? { reason } : {}) });
    } else operations.push(entry);
  }
  const raw = root['unavailable'];
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const o = asObject(item);
      const kind = typeof item === 'string' ? text(item) : o !== undefined ? kindOf(o) : undefined;
      if (kind === undefined) continue;
      const reason = reasonOf(item);
      // As above: a `reason: undefined` would hide the entry's own field.
      unavailable.push({ ...(o ?? {}), kind, ...(reason !== undefined ? { reason } : {}) });
    }
  } else if (asObject(raw) !== undefined) {
    for (const [kind, why] of Object.entries(asObject(raw)!)) {
      const reason = reasonOf(why);
      unavailable.push({ kind, reason });
    }
  }
  const closed = new Set(unavailable.map((u) => u.kind));
  return { ...root, operations: operations.filter((o) => !closed.has(o.kind)), unavailable };
}

/** Any JSON object or array; `readCapabilities` makes sense of it. */
export const CapabilitiesSchema = z.pipe(
  z.union([z.looseObject({}), z.array(z.unknown())]),
  z.transform((value: Record<string, unknown> | unknown[]): ToolCapabilities => readCapabilities(value)),
);
