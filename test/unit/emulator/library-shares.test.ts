import assert from 'node:assert/strict';
import { call, errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { FAST, setSettings, startJob, uploadDocument, waitEnded } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';
import { advanceClock } from './upload-fixture.ts';

describe('emulator: share links', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  async function artifact(key?: string): Promise<Json> {
    const doc = await uploadDocument(fx, 'guide.md', '# Guide\n\nRead this first.\n', key);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' }, key ? { key } : {});
    assert.equal((await waitEnded(fx, id, key)).status, 'completed');
    return (obj(await fx.api(`/artifacts?job_id=${id}`, key ? { key } : {})).items as Json[])[0]!;
  }

  const download = (url: string, headers: Record<string, string> = {}): Promise<Response> => fetch(url, { headers });

  it('creates a read-only link that anyone holding it downloads without a key, until it is deleted', async () => {
    const a = await artifact();
    const before = (await fx.ledger()).length;
    const created = await fx.api('/shares', { body: { artifact_id: a.id } });
    assert.equal(created.status, 201);
    const s = obj(created);
    assert.match(s.token as string, /^shr_[0-9a-f]{32}$/);
    assert.deepEqual([s.artifact_id, s.access, s.expires_at, s.status, s.filename], [a.id, 'read', null, 'active', a.filename]);
    const res = await download(s.download_url as string);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment;/);
    assert.match(await res.text(), /\S/);
    const direct = await download(`${fx.emu.baseUrl}/shares/${s.token as string}/download`);
    assert.equal(direct.status, 200, 'the documented path works the same');
    await direct.arrayBuffer();
    const listed = obj(await fx.api('/shares')).items as Json[];
    assert.deepEqual(
      listed.map((x) => x.token),
      [s.token],
    );
    assert.equal(obj(await fx.api(`/shares/${s.token as string}`)).artifact_id, a.id);
    assert.equal((await fx.api(`/shares/${s.token as string}`, { method: 'DELETE' })).status, 204);
    assert.equal((await download(s.download_url as string)).status, 404, 'revoked');
    assert.equal((await fx.api(`/shares/${s.token as string}`)).status, 404);
    assert.deepEqual(obj(await fx.api('/shares')).items, []);
    assert.equal((await fx.ledger()).length, before, 'shares are free');
    const logged = (obj(await fx.control('/requests?path_prefix=/api/v1/shares')).requests as Json[]).map((r) => r.path as string);
    assert.ok(logged.includes('/api/v1/shares/REDACTED/download'));
    assert.deepEqual(
      logged.filter((p) => p.includes(s.token as string)),
      [],
      'the request log keeps no share token',
    );
  });

  it('expires_in_days 1-365 or absent; the link stops after expiry (virtual clock)', async () => {
    const a = await artifact();
    const bad = await fx.api('/shares', { body: { artifact_id: a.id, expires_in_days: 0 } });
    assert.deepEqual([bad.status, fieldNames(bad)], [422, ['expires_in_days']]);
    for (const days of [366, 1.5, '7'])
      assert.equal((await fx.api('/shares', { body: { artifact_id: a.id, expires_in_days: days } })).status, 422, String(days));
    const missing = await fx.api('/shares', { body: {} });
    assert.deepEqual([missing.status, fieldNames(missing)], [422, ['artifact_id']]);
    const s = obj(await fx.api('/shares', { body: { artifact_id: a.id, expires_in_days: 7 } }));
    const expiresIn = Date.parse(s.expires_at as string) - Date.parse(s.created_at as string);
    assert.equal(expiresIn, 7 * 86_400_000);
    await advanceClock(fx, 7 * 86_400 - 60);
    assert.equal((await download(s.download_url as string)).status, 200);
    await advanceClock(fx, 120);
    const expired = await call(s.download_url as string);
    assert.deepEqual([expired.status, errorCode(expired)], [410, 'share_expired']);
    assert.equal(obj(await fx.api(`/shares/${s.token as string}`)).status, 'expired');
    const forever = obj(await fx.api('/shares', { body: { artifact_id: a.id, expires_in_days: 365 } }));
    assert.equal((await download(forever.download_url as string)).status, 200);
  });

  it("another account's artifact or share is refused with 403; unknown ones 404; download needs no key but a wrong token is 404", async () => {
    const other = await fx.newAccount(1_000_000_000);
    const theirs = await artifact(other.apiKey);
    const r = await fx.api('/shares', { body: { artifact_id: theirs.id } });
    assert.deepEqual([r.status, errorCode(r)], [403, 'artifact_not_owned']);
    assert.deepEqual([(await fx.api('/shares', { body: { artifact_id: 'art_nope' } })).status], [404]);
    const s = obj(await fx.api('/shares', { body: { artifact_id: theirs.id }, key: other.apiKey }));
    for (const method of ['GET', 'DELETE']) {
      const x = await fx.api(`/shares/${s.token as string}`, { method });
      assert.deepEqual([x.status, errorCode(x)], [403, 'share_not_owned'], method);
    }
    assert.equal((await fx.api('/shares')).status, 200);
    assert.deepEqual(obj(await fx.api('/shares')).items, [], "lists only the account's shares");
    assert.equal((await download(s.download_url as string)).status, 200, 'the holder of the token needs no account');
    assert.equal((await download(`${fx.emu.baseUrl}/shares/shr_${'0'.repeat(32)}/download`)).status, 404);
    assert.equal((await fx.api('/shares', { key: 'sk_test_nope' })).status, 401);
  });
});
