import type { EmulatorApp } from '../app.ts';
import { assertCanAfford, charge } from '../billing.ts';
import { HttpError, validationError } from '../errors.ts';
import type { FieldError } from '../errors.ts';
import { withIdempotency } from '../idempotency.ts';
import { DEFAULT_ENGINE, detectLanguage, isAvailableEngine, isSupportedLanguage } from '../languages.ts';
import { isChosen, mangle } from '../mangle.ts';
import { charCount, isWhitespaceOnly, pseudoTranslate } from '../pseudo.ts';
import type { Reply, RequestContext } from '../router.ts';
import { Fields, checkString, isObject } from '../validation.ts';
import { engineSettings, waitWhileHeld } from './control-engine.ts';

export const SNIPPET_MAX_CHARS = 5000;
export const BATCH_MAX_SEGMENTS = 64;
export const BATCH_MAX_SEGMENT_CHARS = 4000;
export const BATCH_MAX_BODY_BYTES = 2_000_000;
/** 1 millicredit per billable character (the emulator's rate; the spec does not show one). */
export const MILLICREDITS_PER_CHAR = 1;
const RETIRED = ['notes', 'chat', 'generate', 'ocr'];

interface LanguageOptions {
  sourceLang: string;
  targetLang: string;
  engine: string;
}

/** Shared by snippet and batch: 422 unsupported language, 400 unavailable engine, 403 engine not allowed for the key. */
function languageOptions(ctx: RequestContext, fields: Fields): LanguageOptions {
  const targetLang = fields.string('target_lang', { minChars: 1 });
  const sourceLang = fields.string('source_lang', { optional: true, minChars: 1 }) ?? 'auto';
  const engine = fields.string('engine', { optional: true, minChars: 1 }) ?? DEFAULT_ENGINE;
  if (fields.errors.length > 0) throw validationError(fields.errors);

  const unsupported: FieldError[] = [];
  if (sourceLang !== 'auto' && !isSupportedLanguage(sourceLang)) {
    unsupported.push({ field: 'source_lang', message: `unsupported language code "${sourceLang}"` });
  }
  if (!isSupportedLanguage(targetLang!)) {
    unsupported.push({ field: 'target_lang', message: `unsupported language code "${targetLang}"` });
  }
  if (unsupported.length > 0) throw validationError(unsupported, 'unsupported_language');

  if (!isAvailableEngine(engine)) {
    throw new HttpError(400, 'engine_unavailable', `Translation engine "${engine}" is not available`);
  }
  const allowed = ctx.requireAuth().key.allowedEngines;
  if (allowed !== null && !allowed.includes(engine)) {
    throw new HttpError(403, 'engine_not_allowed', `This API key is not allowed to use engine "${engine}"`);
  }
  return { sourceLang, targetLang: targetLang!, engine };
}

/**
 * The instant/batch engine: pseudo-translation that keeps inline Markdown and placeholders and
 * reorders a word around a code span; a chosen share comes back mangled (control `/engine`).
 */
function engineTranslate(app: EmulatorApp, id: string | null, text: string, target: string): string {
  const settings = engineSettings(app);
  const out = pseudoTranslate(text, target, { reorder: settings.reorder });
  if (!isChosen(text, settings.mangleRate)) return out;
  const damaged = mangle(text, out);
  if (!damaged) return out;
  settings.mangled.push({ id, text, kind: damaged.kind });
  return damaged.text;
}

/** Checks credits, charges, and marks the request as translation work (latency faults, busy_ms). */
function bill(app: EmulatorApp, ctx: RequestContext, endpoint: string, characters: number): void {
  const { account, key } = ctx.requireAuth();
  const now = app.clock.now();
  const amount = characters * MILLICREDITS_PER_CHAR;
  assertCanAfford(account, key, amount, now);
  if (amount > 0) {
    charge(app.state, now, {
      account,
      key,
      amount,
      characters,
      endpoint,
      idempotencyKey: ctx.header('idempotency-key') ?? null,
      requestId: ctx.requestId,
    });
  }
  ctx.isWork = true;
  ctx.workChars = characters;
}

async function snippet(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const endpoint = '/ai/translate-snippet';
  const body = await ctx.object();
  const fields = new Fields(body);
  const text = fields.string('text', { minChars: 1, maxChars: SNIPPET_MAX_CHARS });
  const opts = languageOptions(ctx, fields);
  return withIdempotency(app, ctx, { endpoint, body }, () => {
    const billable = isWhitespaceOnly(text!) ? 0 : charCount(text!);
    bill(app, ctx, endpoint, billable);
    const sourceLang = opts.sourceLang === 'auto' ? detectLanguage(text!) : opts.sourceLang;
    return Promise.resolve({
      status: 200,
      body: { translated_text: engineTranslate(app, null, text!, opts.targetLang), source_lang: sourceLang, target_lang: opts.targetLang },
    });
  });
}

interface Segment {
  id: string;
  text: string;
}

function parseSegments(body: Record<string, unknown>, fields: Fields): Segment[] {
  const raw = body.segments;
  if (!Array.isArray(raw)) {
    fields.add('segments', raw === undefined ? 'is required' : 'must be an array');
    return [];
  }
  if (raw.length < 1 || raw.length > BATCH_MAX_SEGMENTS) {
    fields.add('segments', `must hold 1 to ${BATCH_MAX_SEGMENTS} segments (has ${raw.length})`);
    return [];
  }
  const segments: Segment[] = [];
  const seen = new Set<string>();
  raw.forEach((item: unknown, i) => {
    const at = `segments[${i}]`;
    if (!isObject(item)) {
      fields.add(at, 'must be an object with id and text');
      return;
    }
    const { id, text } = item;
    if (typeof id !== 'string' || id.length === 0) fields.add(`${at}.id`, 'must be a non-empty string');
    else if (seen.has(id)) fields.add(`${at}.id`, `duplicate id "${id}"`);
    if (typeof text !== 'string') fields.add(`${at}.text`, 'must be a string');
    else checkString(fields, `${at}.text`, text, { maxChars: BATCH_MAX_SEGMENT_CHARS });
    if (typeof id === 'string') seen.add(id);
    if (typeof id === 'string' && typeof text === 'string') segments.push({ id, text });
  });
  return segments;
}

async function batch(app: EmulatorApp, ctx: RequestContext): Promise<Reply> {
  const endpoint = '/ai/translate-batch';
  const body = await ctx.object(BATCH_MAX_BODY_BYTES);
  const fields = new Fields(body);
  const segments = parseSegments(body, fields);
  const opts = languageOptions(ctx, fields);
  return withIdempotency(app, ctx, { endpoint, body }, () => {
    let billable = 0;
    for (const s of segments) if (!isWhitespaceOnly(s.text)) billable += charCount(s.text);
    bill(app, ctx, endpoint, billable);
    const out = segments.map((s) => ({ id: s.id, translated_text: engineTranslate(app, s.id, s.text, opts.targetLang) }));
    return Promise.resolve({ status: 200, body: { segments: out } });
  });
}

/** Spec 4.10 / 9: retired endpoints answer 410 whatever the credentials. */
function retired(ctx: RequestContext): never {
  throw new HttpError(410, 'retired_endpoint', `${ctx.path} has been retired`);
}

export function register(app: EmulatorApp): void {
  app.api.post('/ai/translate-snippet', async (ctx) => {
    await waitWhileHeld(app);
    return snippet(app, ctx);
  });
  app.api.post('/ai/translate-batch', async (ctx) => {
    await waitWhileHeld(app);
    return batch(app, ctx);
  });
  for (const name of RETIRED) app.api.post(`/ai/${name}`, retired, { auth: false });
}
