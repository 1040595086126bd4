import assert from 'node:assert/strict';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, createJob, markdownOf, setSettings, uploadDocument, waitEnded } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';

describe('emulator: POST /jobs idempotency (spec 4.1)', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  async function jobCount(): Promise<number> {
    return (obj(await fx.api('/jobs?limit=100')).items as Json[]).length;
  }

  it('same key and identical body replays the original 201 without creating a second job', async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const body = { document_id: doc, target_lang: 'de', output_mode: 'single' };
    const first = await createJob(fx, body, { idempotencyKey: 'job-key-1' });
    assert.equal(first.status, 201);
    await waitEnded(fx, obj(first).id as string);
    const replay = await createJob(fx, { output_mode: 'single', target_lang: 'de', document_id: doc }, { idempotencyKey: 'job-key-1' });
    assert.equal(replay.status, 201);
    assert.deepEqual(replay.body, first.body);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(await jobCount(), 1);
    assert.equal((await fx.ledger('settlement')).length, 1);
  });

  it('replays the original 201 even when that job failed', async () => {
    const acct = await fx.newAccount(1000);
    const doc = await uploadDocument(fx, 'a.md', markdownOf(5), acct.apiKey);
    const body = { document_id: doc, target_lang: 'de' };
    const first = await createJob(fx, body, { key: acct.apiKey, idempotencyKey: 'k' });
    const failed = await waitEnded(fx, obj(first).id as string, acct.apiKey);
    assert.equal(failed.quota_exceeded, true);
    const replay = await createJob(fx, body, { key: acct.apiKey, idempotencyKey: 'k' });
    assert.equal(replay.status, 201);
    assert.equal(obj(replay).id, obj(first).id);
    assert.equal((obj(await fx.api('/jobs', { key: acct.apiKey })).items as Json[]).length, 1);
  });

  it('same key with a different body answers 409 idempotency_request_conflict', async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    assert.equal((await createJob(fx, { document_id: doc, target_lang: 'de' }, { idempotencyKey: 'k2' })).status, 201);
    const conflict = await createJob(fx, { document_id: doc, target_lang: 'fr' }, { idempotencyKey: 'k2' });
    assert.equal(conflict.status, 409);
    assert.equal(errorCode(conflict), 'idempotency_request_conflict');
    assert.equal(await jobCount(), 1);
  });

  it('answers 410 idempotency_job_gone once the original job was deleted', async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const body = { document_id: doc, target_lang: 'de' };
    const first = await createJob(fx, body, { idempotencyKey: 'k3' });
    const id = obj(first).id as string;
    await waitEnded(fx, id);
    assert.equal((await fx.control(`/jobs/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fx.api(`/jobs/${id}`)).status, 404);
    const gone = await createJob(fx, body, { idempotencyKey: 'k3' });
    assert.equal(gone.status, 410);
    assert.equal(errorCode(gone), 'idempotency_job_gone');
    assert.equal(await jobCount(), 0);
  });

  it('a rejected request leaves the key free; keys are scoped per credential; invalid keys are 422', async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const bad = await createJob(fx, { document_id: doc, target_lang: 'xx' }, { idempotencyKey: 'k4' });
    assert.equal(bad.status, 422);
    assert.equal((await createJob(fx, { document_id: doc, target_lang: 'xx' }, { idempotencyKey: 'k4' })).status, 422);
    assert.equal((await createJob(fx, { document_id: doc, target_lang: 'de' }, { idempotencyKey: 'k4' })).status, 201);
    const otherKey = await fx.newKey(fx.emu.accountId, {});
    const second = await createJob(fx, { document_id: doc, target_lang: 'de' }, { key: otherKey, idempotencyKey: 'k4' });
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('idempotent-replayed'), null);
    assert.equal(await jobCount(), 2);
    const invalid = await createJob(fx, { document_id: doc, target_lang: 'de' }, { idempotencyKey: 'has space' });
    assert.equal(invalid.status, 422);
  });

  it('concurrent requests with one key create one job', async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const body = { document_id: doc, target_lang: 'de' };
    const results = await Promise.all([1, 2, 3].map(() => createJob(fx, body, { idempotencyKey: 'k5' })));
    assert.deepEqual(
      results.map((r) => r.status),
      [201, 201, 201],
    );
    assert.equal(new Set(results.map((r) => obj(r).id)).size, 1);
    assert.equal(await jobCount(), 1);
  });
});
