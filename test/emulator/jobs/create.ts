import { readFile } from 'node:fs/promises';
import type { EmulatorApp } from '../app.ts';
import { assertKeyBudgetLeft } from '../billing.ts';
import { HttpError, validationError } from '../errors.ts';
import type { FieldError } from '../errors.ts';
import { DEFAULT_ENGINE, isAvailableEngine, isSupportedLanguage } from '../languages.ts';
import type { AuthInfo } from '../router.ts';
import type { DocumentRecord, JobRecord } from '../state.ts';
import { Fields } from '../validation.ts';
import { isTextKind, jobFormat, supportedJobFormats } from './formats.ts';
import { hasTranslatableText } from './produce.ts';
import { initialQueuePosition, queuedCount } from './scheduler.ts';
import { jobUsage } from './settlement.ts';
import { jobSettings } from './settings.ts';
import { nextCreatedAt, queuedMessage } from './store.ts';

const BODY_FIELDS = new Set([
  'document_id',
  'target_lang',
  'source_lang',
  'engine',
  'output_mode',
  'glossary_id',
  'include_images',
  'context_translation',
  'style_preset',
  'max_credit_millicredits',
]);
/** Text documents up to this size are read at creation to detect "no translatable text". */
const SCAN_LIMIT_BYTES = 10 * 1024 * 1024;

export interface JobInput {
  document_id: string;
  target_lang: string;
  source_lang: string | null;
  engine: string;
  output_mode: 'single' | 'bilingual';
  glossary_id: string | null;
  include_images: boolean;
  context_translation: boolean;
  style_preset: string | null;
  max_credit_millicredits: number | null;
}

/** Spec 4.3 body: every field checked, all problems reported at once (422 invalid_request). */
export function parseJobBody(body: Record<string, unknown>): JobInput {
  const f = new Fields(body);
  for (const name of Object.keys(body)) if (!BODY_FIELDS.has(name)) f.add(name, 'is not a field of this request');
  const documentId = f.string('document_id', { minChars: 1, maxChars: 200 });
  const target = f.string('target_lang', { minChars: 1, maxChars: 35 });
  const source = f.string('source_lang', { optional: true, minChars: 1, maxChars: 35 });
  const engine = f.string('engine', { optional: true, minChars: 1, maxChars: 64 });
  const mode = f.string('output_mode', { optional: true });
  if (mode !== undefined && mode !== 'single' && mode !== 'bilingual') f.add('output_mode', 'must be "single" or "bilingual"');
  const glossary = f.string('glossary_id', { optional: true, minChars: 1, maxChars: 128 });
  const images = f.boolean('include_images');
  const context = f.boolean('context_translation');
  const style = f.string('style_preset', { optional: true, minChars: 1, maxChars: 64 });
  const cap = f.integer('max_credit_millicredits', { optional: true, min: 0 });
  if (f.errors.length > 0) throw validationError(f.errors);
  const unsupported: FieldError[] = [];
  if (source !== undefined && source !== 'auto' && !isSupportedLanguage(source)) {
    unsupported.push({ field: 'source_lang', message: `unsupported language code "${source}"` });
  }
  if (!isSupportedLanguage(target!)) unsupported.push({ field: 'target_lang', message: `unsupported language code "${target}"` });
  if (unsupported.length > 0) throw validationError(unsupported, 'unsupported_language');
  return {
    document_id: documentId!,
    target_lang: target!,
    source_lang: source === undefined || source === 'auto' ? null : source,
    engine: engine ?? DEFAULT_ENGINE,
    output_mode: mode === 'single' ? 'single' : 'bilingual',
    glossary_id: glossary ?? null,
    include_images: images ?? false,
    context_translation: context ?? false,
    style_preset: style ?? null,
    max_credit_millicredits: cap ?? null,
  };
}

function checkEngine(auth: AuthInfo, engine: string): void {
  // Spec 7: 422 at POST /jobs for invalid parameters (the 400 for an unavailable engine is the instant endpoints').
  if (!isAvailableEngine(engine)) {
    throw new HttpError(422, 'engine_unavailable', `Translation engine "${engine}" is not available`, [
      { field: 'engine', message: `engine "${engine}" is not available` },
    ]);
  }
  const allowed = auth.key.allowedEngines;
  if (allowed !== null && !allowed.includes(engine)) {
    throw new HttpError(403, 'engine_not_allowed', `This API key is not allowed to use engine "${engine}"`);
  }
}

/** 404 missing or deleted, 403 another account's, 415 not translatable as a job, 422 empty or no text. */
async function usableDocument(app: EmulatorApp, auth: AuthInfo, id: string): Promise<DocumentRecord> {
  const doc = app.state.documents.get(id);
  if (!doc || doc.deleted) throw new HttpError(404, 'document_not_found', `Document ${id} does not exist or was deleted`);
  if (doc.accountId !== auth.account.id) throw new HttpError(403, 'document_not_owned', 'The document belongs to another account');
  const info = jobFormat(doc.format);
  if (!info) {
    throw new HttpError(415, 'unsupported_format', `Documents of type "${doc.format}" cannot be translated (supported: ${supportedJobFormats().join(', ')})`);
  }
  if (doc.file_size === 0) throw validationError([{ field: 'document_id', message: 'the document is empty' }], 'empty_document');
  let translatable = info.kind === 'pdf' ? (doc.pageCount ?? 1) > 0 : info.kind === 'docx' ? doc.charCount > 0 : true;
  if (isTextKind(info.kind)) {
    translatable = doc.charCount > 0;
    if (translatable && doc.file_size <= SCAN_LIMIT_BYTES) {
      const text = await readFile(doc.storagePath, 'utf8').catch(() => '');
      translatable = hasTranslatableText(info.kind, info.output, text);
    }
  }
  if (!translatable) {
    throw validationError([{ field: 'document_id', message: 'the document holds no translatable text' }], 'no_translatable_text');
  }
  return doc;
}

/** Validates everything, applies the queue cap, and records the job as pending/queued (not yet started). */
export async function createJobRecord(app: EmulatorApp, auth: AuthInfo, body: Record<string, unknown>, idempotencyKey: string | null): Promise<JobRecord> {
  const input = parseJobBody(body);
  const doc = await usableDocument(app, auth, input.document_id);
  checkEngine(auth, input.engine);
  assertKeyBudgetLeft(auth.key, 'jobs');
  const cap = jobSettings(app).queue_cap;
  if (queuedCount(app, auth.account.id) >= cap) {
    throw new HttpError(429, 'queue_full', `The account already has ${cap} queued jobs; retry later`, undefined, { 'Retry-After': '30' });
  }
  const createdMs = nextCreatedAt(app);
  const created = new Date(createdMs).toISOString();
  const position = initialQueuePosition(app, auth.account.id);
  const job: JobRecord = {
    id: app.state.newId('job'),
    accountId: auth.account.id,
    keyId: auth.key.id,
    ...input,
    status: 'pending',
    stage: 'queued',
    stage_progress: 0,
    stage_message: queuedMessage(position),
    time_cost: 0,
    error_msg: null,
    quota_exceeded: false,
    queue_position: position,
    created_at: created,
    updated_at: created,
    idempotencyKey,
    startedAt: null,
    endedAt: null,
    thresholdMillicredits: jobUsage(doc).millicredits,
    chargedMillicredits: 0,
    deleted: false,
  };
  app.state.jobs.set(job.id, job);
  return job;
}
