import type { EmulatorApp } from '../app.ts';
import { assertCanStart, charge } from '../billing.ts';
import { mediaDurationMs } from '../documents/media-duration.ts';
import { HttpError, notFound, notOwned, validationError } from '../errors.ts';
import { formatById } from '../formats.ts';
import type { AuthInfo } from '../router.ts';
import { Fields } from '../validation.ts';

/** Consent statements the emulator knows (spec 4.9 sample `voice-source-rights-v1`). */
export const CONSENT_VERSIONS: readonly string[] = ['voice-source-rights-v1'];

/**
 * Voices are charged by usage (spec part 8 rule 5; the price is not shown, so the emulator's):
 * started minutes of the server-measured recording x 1000 millicredits, at least 2000. The same
 * amount is the start threshold (rule 1).
 */
export const VOICE_MILLICREDITS_PER_MINUTE = 1000;
export const VOICE_MINIMUM_MILLICREDITS = 2000;

export function voicePrice(durationMs: number): { minutes: number; millicredits: number } {
  const minutes = Math.max(1, Math.ceil(durationMs / 60_000));
  return { minutes, millicredits: Math.max(VOICE_MINIMUM_MILLICREDITS, minutes * VOICE_MILLICREDITS_PER_MINUTE) };
}

/**
 * `uncertain`: the remote operation's result is not known (timeout); reconcile re-checks it.
 * `pending_confirmation` until confirmed, then `active`; `failed` when the remote check refused it;
 * `revoked` for good.
 */
export type VoiceStatus = 'uncertain' | 'pending_confirmation' | 'active' | 'failed' | 'revoked';

export interface VoiceRecord {
  asset_id: string;
  accountId: string;
  keyId: string;
  name: string;
  document_id: string;
  consent: true;
  consent_version: string;
  consented_at: string;
  status: VoiceStatus;
  /** The provider operation that makes the voice; reconcile only re-checks this one. */
  remote_operation_id: string;
  /** What the remote operation really did, revealed by reconcile. */
  remoteOutcome: 'pending_confirmation' | 'failed';
  reconcile_count: number;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  revoked_at: string | null;
  /** Server-measured length of the recording. */
  durationMs: number;
  /** What the voice costs once the remote operation made it (voicePrice). */
  priceMillicredits: number;
  minutes: number;
  idempotencyKey: string | null;
  /** The credit operation of the settlement; null until charged. */
  creditOperationId: string | null;
  /** `pending` while the remote result is unknown, `settled` once made, `not_charged` when it failed. */
  settlement: 'pending' | 'settled' | 'not_charged';
}

export interface VoiceSettings {
  /** `uncertain`: the next voices are created with an unknown remote result. */
  next_outcome: 'ok' | 'uncertain';
  /** What reconcile then finds. */
  remote_outcome: 'pending_confirmation' | 'failed';
}

interface VoicesExt {
  voices: Map<string, VoiceRecord>;
  settings: VoiceSettings;
}

export function voicesExt(app: EmulatorApp): VoicesExt {
  return app.state.ext('media.voices', () => ({
    voices: new Map<string, VoiceRecord>(),
    settings: { next_outcome: 'ok', remote_outcome: 'pending_confirmation' },
  }));
}

export function voiceView(v: VoiceRecord): Record<string, unknown> {
  return {
    asset_id: v.asset_id,
    name: v.name,
    status: v.status,
    document_id: v.document_id,
    consent: v.consent,
    consent_version: v.consent_version,
    consented_at: v.consented_at,
    remote_operation_id: v.remote_operation_id,
    reconcile_count: v.reconcile_count,
    created_at: v.created_at,
    updated_at: v.updated_at,
    confirmed_at: v.confirmed_at,
    revoked_at: v.revoked_at,
    duration_ms: v.durationMs,
    settlement: {
      credit_operation_id: v.creditOperationId,
      status: v.settlement,
      charged_millicredits: v.settlement === 'settled' ? v.priceMillicredits : 0,
      price_millicredits: v.priceMillicredits,
    },
  };
}

/**
 * Charges a voice once its remote operation made it (status pending_confirmation): one ledger
 * `settlement` (`endpoint: "/media-voices"`, basis minutes), a credit operation of kind `voice`.
 * A voice whose remote operation failed is never charged; a voice is never charged twice.
 */
function settleVoice(app: EmulatorApp, voice: VoiceRecord): void {
  if (voice.settlement !== 'pending') return;
  if (voice.status === 'failed') {
    voice.settlement = 'not_charged';
    return;
  }
  if (voice.status === 'uncertain') return;
  const account = app.state.accounts.get(voice.accountId);
  if (!account) return;
  const operationId = app.state.newId('cop');
  charge(app.state, app.clock.now(), {
    type: 'settlement',
    account,
    key: app.state.keys.get(voice.keyId) ?? null,
    amount: voice.priceMillicredits,
    characters: 0,
    endpoint: '/media-voices',
    idempotencyKey: voice.idempotencyKey,
    requestId: null,
    operationId,
    basis: { unit: 'minutes', quantity: voice.minutes },
  });
  voice.creditOperationId = operationId;
  voice.settlement = 'settled';
}

/** Voices are key-scoped records (spec part 5): another key's or account's is 403 `voice_not_owned`. */
export function ownedVoice(app: EmulatorApp, auth: AuthInfo, id: string): VoiceRecord {
  const voice = voicesExt(app).voices.get(id);
  if (!voice) throw notFound('Voice');
  if (voice.accountId !== auth.account.id || voice.keyId !== auth.key.id) throw notOwned('voice', 'voice');
  return voice;
}

/** A voice a synthesis may use: the account's and active (422 `voice_not_active` otherwise). */
export function usableVoice(app: EmulatorApp, accountId: string, id: string): VoiceRecord {
  const voice = voicesExt(app).voices.get(id);
  if (!voice) throw new HttpError(404, 'voice_not_found', `Voice ${id} does not exist`);
  if (voice.accountId !== accountId) throw notOwned('voice', 'voice');
  if (voice.status !== 'active') throw validationError([{ field: 'voice_id', message: `the voice is ${voice.status}, not active` }], 'voice_not_active');
  return voice;
}

/**
 * Consent first: `consent` must be `true` and `consent_version` a known statement, else 422 and
 * nothing is created. The recording must be an audio/video document of the account.
 */
export async function createVoice(app: EmulatorApp, auth: AuthInfo, body: Record<string, unknown>, idempotencyKey: string | null = null): Promise<VoiceRecord> {
  const f = new Fields(body);
  const consent = body.consent;
  if (consent !== true) f.add('consent', 'must be true: the caller confirms the recording is their own or validly authorised');
  const version = f.string('consent_version', { minChars: 1, maxChars: 100 });
  if (version !== undefined && !CONSENT_VERSIONS.includes(version))
    f.add('consent_version', `unknown consent version "${version}" (known: ${CONSENT_VERSIONS.join(', ')})`);
  const documentId = f.string('document_id', { minChars: 1, maxChars: 200 });
  const name = f.string('name', { optional: true, minChars: 1, maxChars: 100 });
  if (f.errors.length > 0) throw validationError(f.errors, consent !== true || version === undefined ? 'consent_required' : 'invalid_request');
  const doc = app.state.documents.get(documentId!);
  if (!doc || doc.deleted) throw new HttpError(404, 'document_not_found', `Document ${documentId} does not exist or was deleted`);
  if (doc.accountId !== auth.account.id) throw new HttpError(403, 'document_not_owned', 'The document belongs to another account');
  if (formatById(doc.format)?.kind !== 'media')
    throw new HttpError(415, 'unsupported_format', `A voice needs an audio or video recording, not "${doc.format}"`);
  const durationMs = (await mediaDurationMs(doc.storagePath, doc.format).catch(() => null)) ?? 0;
  if (durationMs <= 0) throw validationError([{ field: 'document_id', message: 'the recording has no measurable duration' }], 'no_duration');
  const price = voicePrice(durationMs);
  // Part 8 rule 1: balance after debt and the key's remaining budget above the price, else 402.
  assertCanStart(auth.account, auth.key, price.millicredits, app.clock.now(), 'a voice');
  const ext = voicesExt(app);
  const at = new Date(app.clock.now()).toISOString();
  const voice: VoiceRecord = {
    asset_id: app.state.newId('voice'),
    accountId: auth.account.id,
    keyId: auth.key.id,
    name: name ?? doc.basename,
    document_id: doc.id,
    consent: true,
    consent_version: version!,
    consented_at: at,
    status: ext.settings.next_outcome === 'uncertain' ? 'uncertain' : 'pending_confirmation',
    remote_operation_id: app.state.newId('vop'),
    remoteOutcome: ext.settings.remote_outcome,
    reconcile_count: 0,
    created_at: at,
    updated_at: at,
    confirmed_at: null,
    revoked_at: null,
    durationMs,
    priceMillicredits: price.millicredits,
    minutes: price.minutes,
    idempotencyKey,
    creditOperationId: null,
    settlement: 'pending',
  };
  ext.voices.set(voice.asset_id, voice);
  settleVoice(app, voice);
  return voice;
}

function touch(app: EmulatorApp, voice: VoiceRecord): void {
  voice.updated_at = new Date(app.clock.now()).toISOString();
}

/** pending_confirmation → active; confirming an active voice changes nothing; others 409. */
export function confirmVoice(app: EmulatorApp, voice: VoiceRecord): void {
  if (voice.status === 'active') return;
  if (voice.status !== 'pending_confirmation') throw new HttpError(409, 'voice_not_confirmable', `A ${voice.status} voice cannot be confirmed`);
  voice.status = 'active';
  voice.confirmed_at = new Date(app.clock.now()).toISOString();
  touch(app, voice);
}

/** Re-checks the original remote operation only: an uncertain voice learns its outcome; never a second voice. */
export function reconcileVoice(app: EmulatorApp, voice: VoiceRecord): void {
  voice.reconcile_count += 1;
  if (voice.status === 'uncertain') voice.status = voice.remoteOutcome;
  settleVoice(app, voice);
  touch(app, voice);
}

export function revokeVoice(app: EmulatorApp, voice: VoiceRecord): void {
  if (voice.status === 'revoked') throw new HttpError(409, 'voice_already_revoked', 'The voice is already revoked');
  voice.status = 'revoked';
  voice.revoked_at = new Date(app.clock.now()).toISOString();
  touch(app, voice);
}
