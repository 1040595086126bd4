/** Voices over real HTTP against the emulator (spec 4.9): consent, key scope, confirm, reconcile, revoke. */
import assert from 'node:assert/strict';
import { ConflictError, PermissionError, ValidationError, type DocTranslateClient } from '../../../src/api/index.ts';
import { wavFile } from '../emulator/media-files.ts';
import { TestEmulator } from './support/emulator.ts';

const CONSENT = 'voice-source-rights-v1';

describe('api/media voices against the emulator', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let docId: string;

  before(async () => {
    emu = await TestEmulator.start();
  });
  beforeEach(async () => {
    await emu.reset();
    client = emu.client();
    docId = (await client.uploadFile(emu.file('me.wav', wavFile(8000)))).id;
  });
  after(async () => {
    await emu.close();
  });

  it('consent false creates nothing: refused before sending, and the service refuses it too', async () => {
    await assert.rejects(client.media.voices.create({ document_id: docId, consent: false, consent_version: CONSENT }), (err: unknown) => {
      assert.ok(err instanceof ValidationError);
      assert.deepEqual(
        err.fieldErrors.map((f) => f.field),
        ['consent'],
      );
      return true;
    });
    await assert.rejects(client.media.voices.create({ document_id: docId, consent: true, consent_version: '' }), ValidationError);
    assert.equal((await emu.requests('/api/v1/media-voices')).length, 0, 'nothing was sent');
    const direct = await fetch(`${emu.emu.baseUrl}/media-voices`, {
      method: 'POST',
      headers: { 'X-API-Key': emu.emu.apiKey, 'Idempotency-Key': 'direct-1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ document_id: docId, consent: false, consent_version: CONSENT }),
    });
    assert.equal(direct.status, 422);
    assert.equal((await client.media.voices.list()).items.length, 0);
  });

  it('creates with consent, confirms, and revokes; revoking twice is a conflict', async () => {
    const voice = await client.media.voices.create({ document_id: docId, consent: true, consent_version: CONSENT, name: 'Narrator' });
    assert.equal(voice.status, 'pending_confirmation');
    assert.equal(voice['consent_version'], CONSENT);
    const post = (await emu.requests('/api/v1/media-voices')).find((r) => r.method === 'POST')!;
    assert.ok(post.idempotency_key, 'voice creation carries an Idempotency-Key');
    assert.equal((await client.media.voices.confirm(voice.asset_id)).status, 'active');
    assert.equal((await client.media.voices.get(voice.asset_id)).status, 'active');
    assert.equal((await client.media.voices.revoke(voice.asset_id)).status, 'revoked');
    await assert.rejects(client.media.voices.revoke(voice.asset_id), ConflictError);
  });

  it('reconcile twice leaves one voice', async () => {
    await emu.control('POST', '/media/settings', { next_voice_outcome: 'uncertain' });
    const voice = await client.media.voices.create({ document_id: docId, consent: true, consent_version: CONSENT });
    assert.equal(voice.status, 'uncertain');
    const first = await client.media.voices.reconcile(voice.asset_id);
    const second = await client.media.voices.reconcile(voice.asset_id);
    assert.equal(first.status, 'pending_confirmation');
    assert.equal(second.asset_id, voice.asset_id);
    const list = await client.media.voices.list();
    assert.deepEqual(
      list.items.map((v) => v.asset_id),
      [voice.asset_id],
    );
  });

  it("lists only the calling key's voices; another key gets PermissionError", async () => {
    const voice = await client.media.voices.create({ document_id: docId, consent: true, consent_version: CONSENT });
    const { api_key } = await emu.createKey(emu.emu.accountId, {});
    const other = emu.client({ apiKey: api_key });
    assert.equal((await other.media.voices.list()).items.length, 0);
    await assert.rejects(other.media.voices.get(voice.asset_id), PermissionError);
  });
});
