// Document operations (spec 4.5, 2.10): records, their wire view, the little state machine that
// runs them (pending, processing, completed / failed / cancelled; polling only, no events, part
// 6.2) and settlement on completion (visual_extract 1 credit per page; extract and pdf_to_html
// free, with a receipt of 0). Failed and cancelled operations are never charged.
import type { EmulatorApp } from '../app.ts';
import { charge } from '../billing.ts';
import { HttpError, notFound, notOwned } from '../errors.ts';
import type { DocumentRecord } from '../state.ts';
import { VISUAL_EXTRACT_MILLICREDITS_PER_PAGE, type OperationKind } from './capabilities.ts';
import { OutputError, produce, registerOutput } from './outputs.ts';

export type OperationStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

export interface OperationRecord {
  id: string;
  accountId: string;
  keyId: string;
  kind: OperationKind;
  document_id: string;
  status: OperationStatus;
  progress: number;
  page_count: number | null;
  error_msg: string | null;
  output_document_id: string | null;
  credit_operation_id: string | null;
  charged_millicredits: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  idempotencyKey: string | null;
  /** Paused by the control API: stays where it is until released. */
  hold: boolean;
  timer: NodeJS.Timeout | undefined;
}

export interface OperationSettings {
  /** New operations start held (processing, progress 10) until released: for cancel tests. */
  hold_new: boolean;
}

interface Store {
  operations: Map<string, OperationRecord>;
  settings: OperationSettings;
}

export function store(app: EmulatorApp): Store {
  return app.state.ext('doctools.operations', () => ({ operations: new Map<string, OperationRecord>(), settings: { hold_new: false } }));
}

export function isEnded(op: OperationRecord): boolean {
  return op.status === 'completed' || op.status === 'failed' || op.status === 'cancelled';
}

/** The wire shape (beyond output_document_id and credit_operation_id the spec shows nothing). */
export function operationView(op: OperationRecord): Record<string, unknown> {
  return {
    id: op.id,
    kind: op.kind,
    document_id: op.document_id,
    status: op.status,
    progress: op.progress,
    page_count: op.page_count,
    error_msg: op.error_msg,
    output_document_id: op.output_document_id,
    credit_operation_id: op.credit_operation_id,
    charged_millicredits: op.charged_millicredits,
    created_at: op.created_at,
    updated_at: op.updated_at,
    completed_at: op.completed_at,
  };
}

/** Operations are key-scoped (spec 5): unknown 404, another account's or another key's 403 operation_not_owned. */
export function ownedOperation(app: EmulatorApp, accountId: string, keyId: string, id: string): OperationRecord {
  const op = store(app).operations.get(id);
  if (!op) throw notFound('Document operation');
  if (op.accountId !== accountId || op.keyId !== keyId) throw notOwned('operation', 'document operation');
  return op;
}

/** The credit operation (receipt) id of a document operation. */
export function creditOperationId(opId: string): string {
  return `cop_${opId.slice(opId.indexOf('_') + 1)}`;
}

function touch(app: EmulatorApp, op: OperationRecord): void {
  op.updated_at = app.clock.nowIso();
}

function clearTimer(app: EmulatorApp, op: OperationRecord): void {
  if (op.timer !== undefined) app.clearTimer(op.timer);
  op.timer = undefined;
}

/** Milliseconds of emulated work per step, divided by the job speed setting. */
function stepMs(app: EmulatorApp, base: number): number {
  return base / Math.max(0.001, app.state.settings.job_speed);
}

export function createOperation(
  app: EmulatorApp,
  input: { accountId: string; keyId: string; kind: OperationKind; doc: DocumentRecord; idempotencyKey: string | null },
): OperationRecord {
  const now = app.clock.nowIso();
  const op: OperationRecord = {
    id: app.state.newId('dop'),
    accountId: input.accountId,
    keyId: input.keyId,
    kind: input.kind,
    document_id: input.doc.id,
    status: 'pending',
    progress: 0,
    page_count: input.doc.pageCount,
    error_msg: null,
    output_document_id: null,
    credit_operation_id: null,
    charged_millicredits: 0,
    created_at: now,
    updated_at: now,
    completed_at: null,
    idempotencyKey: input.idempotencyKey,
    hold: store(app).settings.hold_new,
    timer: undefined,
  };
  store(app).operations.set(op.id, op);
  schedule(app, op, stepMs(app, 100));
  return op;
}

function schedule(app: EmulatorApp, op: OperationRecord, ms: number): void {
  clearTimer(app, op);
  op.timer = app.setTimer(() => {
    op.timer = undefined;
    return advance(app, op);
  }, ms);
}

/** One step: start, progress in quarters (longer for more pages), then the output and settlement. */
async function advance(app: EmulatorApp, op: OperationRecord): Promise<void> {
  if (isEnded(op) || store(app).operations.get(op.id) !== op) return;
  if (op.status === 'pending') {
    op.status = 'processing';
    op.progress = op.hold ? 10 : 0;
    touch(app, op);
  } else if (op.hold) {
    return;
  } else if (op.progress < 100) {
    op.progress = Math.min(100, op.progress + 25);
    touch(app, op);
  }
  if (op.hold) return;
  if (op.progress < 100) {
    schedule(app, op, stepMs(app, 60 + 40 * Math.max(1, op.page_count ?? 1)));
    return;
  }
  await complete(app, op);
}

async function complete(app: EmulatorApp, op: OperationRecord): Promise<void> {
  const state = app.state;
  const doc = state.documents.get(op.document_id);
  if (!doc || doc.deleted) {
    fail(app, op, 'The source document was deleted');
    return;
  }
  let output;
  try {
    output = await produce(op.kind, doc);
  } catch (err) {
    fail(app, op, err instanceof OutputError ? err.message : `Processing failed: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  // Cancelled (or reset) while the output was being produced: nothing is registered or charged.
  if (isEnded(op) || app.state !== state) return;
  const outDoc = await registerOutput(app, op, output);
  if (isEnded(op) || app.state !== state) return;
  const account = state.accounts.get(op.accountId);
  const key = state.keys.get(op.keyId) ?? null;
  const pages = op.kind === 'visual_extract' ? Math.max(1, doc.pageCount ?? 1) : (doc.pageCount ?? 1);
  const amount = op.kind === 'visual_extract' ? pages * VISUAL_EXTRACT_MILLICREDITS_PER_PAGE : 0;
  const creditId = creditOperationId(op.id);
  if (account) {
    // Settled in full on completion by actual usage (part 8 rule 2): may go past the balance into debt.
    charge(state, app.clock.now(), {
      account,
      key,
      amount,
      characters: 0,
      pages,
      endpoint: '/document-operations',
      idempotencyKey: op.idempotencyKey,
      requestId: null,
      operationId: creditId,
      type: 'settlement',
    });
  }
  op.status = 'completed';
  op.progress = 100;
  op.output_document_id = outDoc.id;
  op.credit_operation_id = creditId;
  op.charged_millicredits = amount;
  op.completed_at = app.clock.nowIso();
  touch(app, op);
}

export function fail(app: EmulatorApp, op: OperationRecord, message: string): void {
  clearTimer(app, op);
  op.status = 'failed';
  op.error_msg = message;
  op.completed_at = app.clock.nowIso();
  touch(app, op);
}

/** POST .../cancel: ends a running operation without charge; 409 once it has ended. */
export function cancelOperation(app: EmulatorApp, op: OperationRecord): void {
  if (isEnded(op)) throw new HttpError(409, 'operation_already_ended', `The document operation has already ended (${op.status})`);
  clearTimer(app, op);
  op.status = 'cancelled';
  op.error_msg = 'cancelled';
  op.completed_at = app.clock.nowIso();
  touch(app, op);
}

/** Control API: hold (pause) or release an operation; a released one continues at once. */
export function setHold(app: EmulatorApp, op: OperationRecord, hold: boolean): void {
  if (isEnded(op)) throw new HttpError(409, 'operation_already_ended', `The document operation has already ended (${op.status})`);
  op.hold = hold;
  if (!hold && op.timer === undefined) schedule(app, op, 0);
}

/** Stops every timer (reset). */
export function stopAll(app: EmulatorApp): void {
  for (const op of store(app).operations.values()) clearTimer(app, op);
}
