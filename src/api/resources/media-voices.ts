/**
 * Voices (spec 4.9). Creating one needs the caller's explicit consent: `consent` must be `true`
 * and `consent_version` given, checked here before anything is sent, and by the service again.
 * Lists hold only the calling key's voices. `reconcile` re-checks the original operation of an
 * uncertain creation and never creates a second voice, so it is the safe answer to a timeout.
 */
import { invalidRequest } from '../error-classes.ts';
import { resolveIdempotencyKey } from '../idempotency.ts';
import { pathSegment, type RequestOptions, type Requester } from '../requester.ts';
import { looseListSchema, type LooseList } from '../schemas.ts';
import { VoiceSchema, type Voice } from '../schemas-media.ts';

export interface CreateVoiceRequest {
  document_id: string;
  /** Must be `true`: the recording is the caller's own or validly authorised. */
  consent: boolean;
  /** The statement consented to, e.g. `voice-source-rights-v1`. */
  consent_version: string;
  name?: string;
}

const VoiceListSchema = looseListSchema(VoiceSchema, ['voices', 'assets']);

export class MediaVoices {
  readonly #requester: Requester;

  constructor(requester: Requester) {
    this.#requester = requester;
  }

  /** POST /media-voices; refuses locally (ValidationError, no request) without consent. */
  async create(req: CreateVoiceRequest, opts: RequestOptions & { idempotencyKey?: string } = {}): Promise<Voice> {
    const problems: { field: string; message: string }[] = [];
    if (req.consent !== true) problems.push({ field: 'consent', message: 'must be true: confirm the recording is your own or validly authorised' });
    if (typeof req.consent_version !== 'string' || req.consent_version.trim() === '') problems.push({ field: 'consent_version', message: 'is required' });
    if (typeof req.document_id !== 'string' || req.document_id.trim() === '') problems.push({ field: 'document_id', message: 'is required' });
    const first = problems[0];
    if (first !== undefined) throw invalidRequest(`${first.field} ${first.message}.`, problems);
    const json = { document_id: req.document_id, consent: true, consent_version: req.consent_version, name: req.name };
    const idempotencyKey = resolveIdempotencyKey(opts.idempotencyKey);
    return this.#requester.requestJson({ method: 'POST', path: '/media-voices', json, idempotencyKey }, VoiceSchema, opts);
  }

  /** GET /media-voices: only the calling key's voices. */
  async list(opts: RequestOptions & { limit?: number } = {}): Promise<LooseList<Voice>> {
    return this.#requester.requestJson({ method: 'GET', path: '/media-voices', query: { limit: opts.limit } }, VoiceListSchema, opts);
  }

  async get(assetId: string, opts: RequestOptions = {}): Promise<Voice> {
    return this.#requester.requestJson({ method: 'GET', path: `/media-voices/${pathSegment(assetId)}` }, VoiceSchema, opts);
  }

  confirm(assetId: string, opts: RequestOptions = {}): Promise<Voice> {
    return this.#action(assetId, 'confirm', opts);
  }

  /** Re-checks the original operation only; never creates a second voice. */
  reconcile(assetId: string, opts: RequestOptions = {}): Promise<Voice> {
    return this.#action(assetId, 'reconcile', opts);
  }

  revoke(assetId: string, opts: RequestOptions = {}): Promise<Voice> {
    return this.#action(assetId, 'revoke', opts);
  }

  async #action(assetId: string, action: 'confirm' | 'reconcile' | 'revoke', opts: RequestOptions): Promise<Voice> {
    return this.#requester.requestJson({ method: 'POST', path: `/media-voices/${pathSegment(assetId)}/${action}` }, VoiceSchema, opts);
  }
}
