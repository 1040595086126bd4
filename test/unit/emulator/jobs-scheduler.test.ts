import assert from 'node:assert/strict';
import { jobEvents } from '../../emulator/job-events.ts';
import type { JobRecord } from '../../emulator/state.ts';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, createJob, getJob, setJobSettings, setSettings, startJob, uploadDocument, waitEnded, waitFor } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';

describe('emulator: job scheduling per account', () => {
  const fx = useEmulator();

  async function listed(): Promise<Json[]> {
    return obj(await fx.api('/jobs?limit=100')).items as Json[];
  }

  it('processes at most 5 jobs per account; the rest wait with queue_position and a message, then start in order', async () => {
    const processing = new Set<string>();
    let maxProcessing = 0;
    const startOrder: string[] = [];
    const onUpdate = (job: JobRecord): void => {
      if (job.accountId !== fx.emu.accountId) return;
      if (job.status === 'processing') {
        if (!processing.has(job.id)) startOrder.push(job.id);
        processing.add(job.id);
      } else processing.delete(job.id);
      maxProcessing = Math.max(maxProcessing, processing.size);
    };
    jobEvents(fx.emu.app).on('update', onUpdate);
    try {
      await setSettings(fx, { job_speed: 0.2 });
      const doc = await uploadDocument(fx, 'a.md', 'Some text to translate.\n');
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) ids.push(await startJob(fx, { document_id: doc, target_lang: 'de' }));
      const all = await waitFor(listed, (jobs) => jobs.filter((j) => j.status === 'processing').length === 5, '5 processing jobs');
      // Freeze the five so the queue can be inspected without racing their completion.
      for (const j of all.filter((x) => x.status === 'processing')) {
        const r = await fx.control(`/jobs/${j.id as string}/stage`, { method: 'POST', body: { stage: 'accepted', hold: true } });
        assert.equal(r.status, 200);
      }
      const waiting = (await listed()).filter((j) => j.status === 'pending').reverse();
      assert.deepEqual(
        waiting.map((j) => j.id),
        [ids[5], ids[6]],
      );
      assert.deepEqual(
        waiting.map((j) => j.stage),
        ['queued', 'queued'],
      );
      assert.deepEqual(
        waiting.map((j) => j.queue_position),
        [0, 1],
      );
      assert.deepEqual(
        waiting.map((j) => j.stage_message),
        ['0 jobs ahead of this one', '1 job ahead of this one'],
      );

      await setSettings(fx, { job_speed: FAST });
      assert.equal((await fx.api(`/jobs/${ids[0]!}/cancel`, { method: 'POST' })).status, 200);
      const next = await waitFor(
        () => getJob(fx, ids[5]!),
        (j) => j.status !== 'pending',
        'the sixth job to start',
      );
      assert.notEqual(next.status, 'failed');
      const last = await getJob(fx, ids[6]!);
      assert.equal(last.status, 'pending');
      assert.equal(last.queue_position, 0);
      assert.equal(last.stage_message, '0 jobs ahead of this one');

      for (const id of ids.slice(1, 5)) await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'accepted', hold: false } });
      for (const id of ids) await waitEnded(fx, id);
      assert.deepEqual(startOrder, ids);
      assert.equal(maxProcessing, 5);
      const final = await listed();
      assert.equal(final.filter((j) => j.status === 'completed').length, 6);
    } finally {
      jobEvents(fx.emu.app).off('update', onUpdate);
    }
  });

  it("limits are per account: another account's jobs start while the first is full", async () => {
    await setSettings(fx, { job_speed: 0.2 });
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    for (let i = 0; i < 6; i++) await startJob(fx, { document_id: doc, target_lang: 'de' });
    const other = await fx.newAccount(1_000_000);
    const otherDoc = await uploadDocument(fx, 'b.md', 'Other text.\n', other.apiKey);
    const otherJob = await startJob(fx, { document_id: otherDoc, target_lang: 'de' }, { key: other.apiKey });
    const started = await waitFor(
      () => getJob(fx, otherJob, other.apiKey),
      (j) => j.status === 'processing',
      "the other account's job to start",
    );
    assert.equal(started.queue_position, null);
    for (const j of await listed()) if (j.status !== 'completed') await fx.api(`/jobs/${j.id as string}/cancel`, { method: 'POST' });
  });

  it("answers 429 queue_full with Retry-After once the account's queued jobs reach the cap", async () => {
    await setSettings(fx, { job_speed: 0.01 });
    await setJobSettings(fx, { queue_cap: 2 });
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    await startJob(fx, { document_id: doc, target_lang: 'de' });
    await startJob(fx, { document_id: doc, target_lang: 'fr' });
    const r = await createJob(fx, { document_id: doc, target_lang: 'es' });
    assert.equal(r.status, 429);
    assert.equal(errorCode(r), 'queue_full');
    assert.equal(r.headers.get('retry-after'), '30');
    assert.equal((await listed()).length, 2);
  });

  it('a paused queue keeps jobs queued (cancel ends them as failed) until it is resumed', async () => {
    await setSettings(fx, { job_speed: FAST });
    await setJobSettings(fx, { queue_paused: true });
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const a = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const b = await startJob(fx, { document_id: doc, target_lang: 'fr' });
    const c = await startJob(fx, { document_id: doc, target_lang: 'es' });
    const cancelled = await fx.api(`/jobs/${b}/cancel`, { method: 'POST' });
    assert.deepEqual([obj(cancelled).status, obj(cancelled).error_msg], ['failed', 'cancelled']);
    const waiting = await waitFor(
      () => getJob(fx, c),
      (j) => j.queue_position === 1,
      'the queue to close up',
    );
    assert.deepEqual([waiting.status, waiting.stage, waiting.stage_message], ['pending', 'queued', '1 job ahead of this one']);
    assert.equal((await getJob(fx, a)).status, 'pending');
    await setJobSettings(fx, { queue_paused: false });
    assert.equal((await waitEnded(fx, a)).status, 'completed');
    assert.equal((await waitEnded(fx, c)).status, 'completed');
  });

  it('a pending job forced to "queued" with hold stays queued while later jobs start', async () => {
    await setSettings(fx, { job_speed: 0.5 });
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const held = await startJob(fx, { document_id: doc, target_lang: 'de' });
    assert.equal((await fx.control(`/jobs/${held}/stage`, { method: 'POST', body: { stage: 'queued', hold: true } })).status, 200);
    await setSettings(fx, { job_speed: FAST });
    const next = await startJob(fx, { document_id: doc, target_lang: 'fr' });
    assert.equal((await waitEnded(fx, next)).status, 'completed');
    const still = await getJob(fx, held);
    assert.deepEqual([still.status, still.stage, still.queue_position], ['pending', 'queued', 0]);
    await fx.control(`/jobs/${held}/stage`, { method: 'POST', body: { stage: 'queued', hold: false } });
    assert.equal((await waitEnded(fx, held)).status, 'completed');
  });

  it('a forced stage is applied at once and held until released', async () => {
    await setSettings(fx, { job_speed: FAST });
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const forced = await fx.control(`/jobs/${id}/stage`, {
      method: 'POST',
      body: { stage: 'translating', stage_progress: 42, stage_message: 'custom', hold: true },
    });
    assert.equal(forced.status, 200);
    assert.equal(obj(forced).status, 'processing');
    assert.equal(obj(forced).stage_progress, 42);
    const held = await getJob(fx, id);
    assert.deepEqual([held.stage, held.stage_progress, held.stage_message], ['translating', 42, 'custom']);
    assert.equal((await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'completed' } })).status, 422);
    await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 90, hold: false } });
    assert.equal((await waitEnded(fx, id)).status, 'completed');
    assert.equal((await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'finalizing' } })).status, 409);
  });

  it('POST /_emulator/jobs/{id}/fail ends a job as failed without charge', async () => {
    await setSettings(fx, { job_speed: 0.05 });
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const r = await fx.control(`/jobs/${id}/fail`, { method: 'POST', body: { error_msg: 'engine crashed' } });
    assert.equal(r.status, 200);
    const job = await getJob(fx, id);
    assert.deepEqual([job.status, job.stage, job.error_msg, job.quota_exceeded], ['failed', 'failed', 'engine crashed', false]);
    assert.equal((await fx.ledger('settlement')).length, 0);
    assert.deepEqual(obj(await fx.api(`/artifacts?job_id=${id}`)).items, []);
  });
});
