import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { createMedia, createVoice, fastMedia, mediaDoc, waitMedia, type MediaJob } from './media-fixture.ts';
import { wavFile } from './media-files.ts';

type Voice = Record<string, unknown> & { asset_id: string; status: string };

describe('emulator: voices with consent (spec 4.9)', () => {
  const fx = useEmulator();
  beforeEach(() => fastMedia(fx));
  const voices = async (key?: string): Promise<Voice[]> => obj(await fx.api('/media-voices', key ? { key } : {})).items as Voice[];
  const act = async (id: string, what: string, key?: string): Promise<Voice> => {
    const r = await fx.api(`/media-voices/${id}/${what}`, { method: 'POST', ...(key ? { key } : {}) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return obj(r) as Voice;
  };

  it('consent false, missing or of an unknown version creates nothing (422); the Idempotency-Key is required', async () => {
    const doc = await mediaDoc(fx, 'me.wav', wavFile(10_000));
    const no = await createVoice(fx, { document_id: doc, consent: false, consent_version: 'voice-source-rights-v1' });
    assert.equal(no.status, 422);
    assert.equal(errorCode(no), 'consent_required');
    assert.deepEqual(fieldNames(no), ['consent']);
    const noVersion = await createVoice(fx, { document_id: doc, consent: true });
    assert.deepEqual([noVersion.status, fieldNames(noVersion)], [422, ['consent_version']]);
    const truthy = await createVoice(fx, { document_id: doc, consent: 'true', consent_version: 'voice-source-rights-v1' });
    assert.equal(truthy.status, 422);
    const unknown = await createVoice(fx, { document_id: doc, consent: true, consent_version: 'v0' });
    assert.deepEqual([unknown.status, fieldNames(unknown)], [422, ['consent_version']]);
    const noKey = await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' }, { idem: null });
    assert.equal(noKey.status, 400);
    assert.deepEqual(await voices(), []);
    assert.equal((await fx.ledger('idempotent_create')).length, 0);
  });

  it('create, confirm, revoke: pending_confirmation, active, revoked; revoking twice is 409', async () => {
    const doc = await mediaDoc(fx, 'me.wav', wavFile(10_000));
    const r = await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1', name: 'Narrator' });
    assert.equal(r.status, 201);
    const voice = obj(r) as Voice;
    assert.deepEqual([voice.status, voice.name, voice.consent, voice.consent_version], ['pending_confirmation', 'Narrator', true, 'voice-source-rights-v1']);
    assert.equal((await act(voice.asset_id, 'confirm')).status, 'active');
    assert.equal((await fx.api(`/media-voices/${voice.asset_id}`).then(obj)).status, 'active');
    assert.equal((await act(voice.asset_id, 'revoke')).status, 'revoked');
    const twice = await fx.api(`/media-voices/${voice.asset_id}/revoke`, { method: 'POST' });
    assert.deepEqual([twice.status, errorCode(twice)], [409, 'voice_already_revoked']);
    const confirm = await fx.api(`/media-voices/${voice.asset_id}/confirm`, { method: 'POST' });
    assert.equal(confirm.status, 409);
  });

  it('reconcile re-checks the original operation: twice leaves one voice; a replayed create returns the same voice', async () => {
    await fastMedia(fx, { next_voice_outcome: 'uncertain' });
    const doc = await mediaDoc(fx, 'me.wav', wavFile(10_000));
    const body = { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' };
    const created = obj(await createVoice(fx, body, { idem: 'voice-1' })) as Voice;
    assert.equal(created.status, 'uncertain');
    const once = await act(created.asset_id, 'reconcile');
    const twice = await act(created.asset_id, 'reconcile');
    assert.deepEqual([once.status, twice.status, twice.reconcile_count], ['pending_confirmation', 'pending_confirmation', 2]);
    assert.equal(twice.remote_operation_id, created.remote_operation_id);
    const replay = obj(await createVoice(fx, body, { idem: 'voice-1' })) as Voice;
    assert.equal(replay.asset_id, created.asset_id);
    const list = await voices();
    assert.deepEqual(
      list.map((v) => v.asset_id),
      [created.asset_id],
    );
  });

  it('an uncertain creation that really failed is learnt by reconcile, still without a second voice', async () => {
    await fastMedia(fx, { next_voice_outcome: 'uncertain', voice_remote_outcome: 'failed' });
    const doc = await mediaDoc(fx, 'me.wav', wavFile(10_000));
    const created = obj(await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' })) as Voice;
    assert.equal((await act(created.asset_id, 'reconcile')).status, 'failed');
    assert.equal((await voices()).length, 1);
  });

  it("lists only the calling key's voices; another key's voice is 403 voice_not_owned, unknown 404", async () => {
    const second = await fx.newKey(fx.emu.accountId, {});
    const doc = await mediaDoc(fx, 'me.wav', wavFile(10_000));
    const mine = obj(await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' })) as Voice;
    assert.deepEqual(await voices(second), []);
    const theirs = await fx.api(`/media-voices/${mine.asset_id}`, { key: second });
    assert.deepEqual([theirs.status, errorCode(theirs)], [403, 'voice_not_owned']);
    assert.equal((await fx.api(`/media-voices/${mine.asset_id}/revoke`, { method: 'POST', key: second })).status, 403);
    assert.equal((await fx.api('/media-voices/voice_nope')).status, 404);
    assert.equal((await voices()).length, 1);
  });

  it('a voice needs a recording; speech synthesis takes only an active voice', async () => {
    const text = await mediaDoc(fx, 'script.txt', 'Read me aloud.');
    const notAudio = await createVoice(fx, { document_id: text, consent: true, consent_version: 'voice-source-rights-v1' });
    assert.equal(notAudio.status, 415);
    const voice = obj(
      await createVoice(fx, { document_id: await mediaDoc(fx, 'me.wav', wavFile(5000)), consent: true, consent_version: 'voice-source-rights-v1' }),
    ) as Voice;
    const early = await createMedia(fx, { product: 'tts', document_id: text, voice_id: voice.asset_id });
    assert.deepEqual([early.status, errorCode(early)], [422, 'voice_not_active']);
    await act(voice.asset_id, 'confirm');
    const ok = await createMedia(fx, { product: 'tts', document_id: text, voice_id: voice.asset_id });
    assert.equal(ok.status, 201);
    const job = await waitMedia(fx, (obj(ok) as MediaJob).operation_id);
    assert.deepEqual([job.status, job.voice_id], ['completed', voice.asset_id]);
  });
});
