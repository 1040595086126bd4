import { readFile } from 'node:fs/promises';
import type { EmulatorApp } from '../app.ts';
import { assertKeyAboveThreshold, assertKeyBudgetLeft, available } from '../billing.ts';
import { mediaDurationMs } from '../documents/media-duration.ts';
import { HttpError, validationError } from '../errors.ts';
import { formatById } from '../formats.ts';
import { isSupportedLanguage } from '../languages.ts';
import type { AuthInfo } from '../router.ts';
import type { DocumentRecord } from '../state.ts';
import { Fields } from '../validation.ts';
import { findProduct, MEDIA_PRODUCTS, type MediaProduct, type MediaProductId } from './catalog.ts';
import { mediaExt, type MediaJobRecord } from './store.ts';
import { usableVoice } from './voices.ts';

const BODY_FIELDS = new Set(['product', 'document_id', 'source_language', 'target_language', 'max_duration_ms', 'voice_id']);
const MAX_DURATION_MS = 24 * 3600 * 1000;
/** Speech synthesis speaks about 16 characters a second (the emulator's rate). */
export const TTS_MS_PER_CHAR = 60;

/** Which document kinds each product takes (the emulator's choice for products other than asr). */
const INPUTS: Readonly<Record<MediaProductId, { kinds: string[]; needsTarget: boolean; what: string }>> = {
  asr: { kinds: ['media'], needsTarget: false, what: 'an audio or video file (wav, mp3, m4a, mp4)' },
  tts: { kinds: ['plain'], needsTarget: false, what: 'a text file (txt, md)' },
  subtitle_translation: { kinds: ['subtitle'], needsTarget: true, what: 'a subtitle file (srt, vtt)' },
  basic_video: { kinds: ['media'], needsTarget: true, what: 'an audio or video file (wav, mp3, m4a, mp4)' },
  full_video: { kinds: ['media'], needsTarget: true, what: 'an audio or video file (wav, mp3, m4a, mp4)' },
};

interface MediaInput {
  product: MediaProduct;
  document_id: string;
  source_language: string;
  target_language: string | null;
  max_duration_ms: number | null;
  voice_id: string | null;
}

function parseBody(app: EmulatorApp, body: Record<string, unknown>): MediaInput {
  const f = new Fields(body);
  for (const name of Object.keys(body)) if (!BODY_FIELDS.has(name)) f.add(name, 'is not a field of this request');
  const name = f.string('product', { minChars: 1, maxChars: 64 });
  const documentId = f.string('document_id', { minChars: 1, maxChars: 200 });
  const source = f.string('source_language', { optional: true, minChars: 1, maxChars: 35 }) ?? 'auto';
  const target = f.string('target_language', { optional: true, minChars: 1, maxChars: 35 });
  const max = f.integer('max_duration_ms', { optional: true, min: 1, max: MAX_DURATION_MS });
  const voice = f.string('voice_id', { optional: true, minChars: 1, maxChars: 200 });
  const product = name === undefined ? undefined : findProduct(app, name);
  if (name !== undefined && !product) f.add('product', `must be one of ${MEDIA_PRODUCTS.join(', ')}`);
  if (source !== 'auto' && !isSupportedLanguage(source)) f.add('source_language', `unsupported language code "${source}"`);
  if (target !== undefined && !isSupportedLanguage(target)) f.add('target_language', `unsupported language code "${target}"`);
  if (product && INPUTS[product.product].needsTarget && target === undefined) f.add('target_language', `is required for ${product.product}`);
  if (voice !== undefined && product && product.product !== 'tts' && product.product !== 'full_video')
    f.add('voice_id', 'only tts and full_video take a voice');
  if (f.errors.length > 0) throw validationError(f.errors);
  if (!product!.open) {
    throw new HttpError(422, 'product_not_open', `${product!.display_name} is not open: ${product!.reason ?? 'closed'}`, [
      { field: 'product', message: 'is not open' },
    ]);
  }
  return {
    product: product!,
    document_id: documentId!,
    source_language: source,
    target_language: target ?? null,
    max_duration_ms: max ?? null,
    voice_id: voice ?? null,
  };
}

function usableDocument(app: EmulatorApp, auth: AuthInfo, input: MediaInput): DocumentRecord {
  const doc = app.state.documents.get(input.document_id);
  if (!doc || doc.deleted) throw new HttpError(404, 'document_not_found', `Document ${input.document_id} does not exist or was deleted`);
  if (doc.accountId !== auth.account.id) throw new HttpError(403, 'document_not_owned', 'The document belongs to another account');
  const rule = INPUTS[input.product.product];
  if (!rule.kinds.includes(formatById(doc.format)?.kind ?? '')) {
    throw new HttpError(415, 'unsupported_format', `${input.product.display_name} takes ${rule.what}, not "${doc.format}"`);
  }
  return doc;
}

const TIMING = /(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{3})\s*-->\s*(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{3})/g;

/** End of the last cue of an SRT/VTT file. */
export function subtitleDurationMs(text: string): number {
  let end = 0;
  for (const m of text.matchAll(TIMING)) {
    end = Math.max(end, Number(m[5] ?? 0) * 3_600_000 + Number(m[6]) * 60_000 + Number(m[7]) * 1000 + Number(m[8]));
  }
  return end;
}

/** Server-measured duration: the recording's, the subtitles' last cue end, or the speech a text becomes. */
async function measure(doc: DocumentRecord, product: MediaProductId): Promise<number> {
  const kind = formatById(doc.format)?.kind;
  if (kind === 'media') return (await mediaDurationMs(doc.storagePath, doc.format).catch(() => null)) ?? 0;
  const text = await readFile(doc.storagePath, 'utf8');
  if (kind === 'subtitle') return subtitleDurationMs(text);
  return product === 'tts' ? Math.max(1000, [...text.trim()].length * TTS_MS_PER_CHAR) : 0;
}

/**
 * Validates, measures and applies the start check: 429 `key_budget_exhausted` for a used-up key,
 * 402 `insufficient_credits` unless the balance after debt, and the key's remaining budget when it
 * has one, are above the product's minimum charge (part 8 rule 1).
 * The balance at start is the most the job can be charged.
 */
export async function createMediaJob(app: EmulatorApp, auth: AuthInfo, body: Record<string, unknown>, idempotencyKey: string | null): Promise<MediaJobRecord> {
  const input = parseBody(app, body);
  const doc = usableDocument(app, auth, input);
  if (input.voice_id !== null) usableVoice(app, auth.account.id, input.voice_id);
  const measuredMs = await measure(doc, input.product.product);
  if (measuredMs <= 0) throw validationError([{ field: 'document_id', message: 'the document has no measurable duration' }], 'no_duration');
  assertKeyBudgetLeft(auth.key, 'media jobs');
  const now = app.clock.now();
  const balance = available(auth.account, now);
  if (!(balance > input.product.minimum_millicredits)) {
    throw new HttpError(
      402,
      'insufficient_credits',
      `Available credits (${balance} millicredits) are not enough to start ${input.product.display_name} (minimum ${input.product.minimum_millicredits} millicredits)`,
    );
  }
  // Part 8 rule 1: a key with a budget must also have more than the threshold left.
  assertKeyAboveThreshold(auth.key, input.product.minimum_millicredits, input.product.display_name);
  const at = new Date(now).toISOString();
  const job: MediaJobRecord = {
    id: app.state.newId('mop'),
    accountId: auth.account.id,
    keyId: auth.key.id,
    product: input.product.product,
    document_id: doc.id,
    source_language: input.source_language,
    target_language: input.target_language,
    voice_id: input.voice_id,
    max_duration_ms: input.max_duration_ms,
    status: 'queued',
    progress: 0,
    error_code: null,
    error_msg: null,
    measuredMs,
    billedMs: Math.min(measuredMs, input.max_duration_ms ?? Infinity),
    capMillicredits: balance,
    chargedMillicredits: 0,
    files: [],
    created_at: at,
    updated_at: at,
    ended_at: null,
    idempotencyKey,
    timer: null,
  };
  mediaExt(app).jobs.set(job.id, job);
  return job;
}
