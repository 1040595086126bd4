import assert from 'node:assert/strict';
import { jobEvents } from '../../emulator/job-events.ts';
import type { JobRecord } from '../../emulator/state.ts';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { FAST, createJob, getJob, setJobSettings, setSettings, startJob, uploadDocument, waitEnded } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';

describe('emulator: translation jobs', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  it('creates a pending, queued job (201) with every field of spec 2.3 and the defaults of 4.3', async () => {
    const doc = await uploadDocument(fx, 'guide.md', '# Guide\n\nHello world.\n');
    const r = await createJob(fx, { document_id: doc, target_lang: 'de' });
    assert.equal(r.status, 201);
    const job = obj(r);
    assert.match(job.id as string, /^job_/);
    assert.equal(job.document_id, doc);
    assert.equal(job.source_lang, null);
    assert.equal(job.target_lang, 'de');
    assert.equal(job.engine, 'xr-397b');
    assert.equal(job.output_mode, 'bilingual');
    assert.equal(job.status, 'pending');
    assert.equal(job.stage, 'queued');
    assert.equal(job.stage_progress, 0);
    assert.equal(job.queue_position, 0);
    assert.equal(job.stage_message, '0 jobs ahead of this one');
    assert.equal(job.time_cost, 0);
    assert.equal(job.error_msg, null);
    assert.equal(job.quota_exceeded, false);
    assert.equal(job.created_at, job.updated_at);
    assert.ok(!Number.isNaN(Date.parse(job.created_at as string)));
  });

  it('runs through the stages of part 3 in order, with increasing progress, and ends once', async () => {
    const doc = await uploadDocument(fx, 'guide.md', '# Guide\n\nSome prose to translate.\n');
    // Every event is kept and filtered by id afterwards: the first ones come while the create
    // request is still being answered, before the test knows the job's id.
    const all: { id: string; status: string; stage: string; progress: number }[] = [];
    const endedIds: string[] = [];
    const events = jobEvents(fx.emu.app);
    let id = '';
    const onUpdate = (job: JobRecord): void => {
      all.push({ id: job.id, status: job.status, stage: job.stage, progress: job.stage_progress });
    };
    const onEnded = (job: JobRecord): void => {
      endedIds.push(job.id);
    };
    events.on('update', onUpdate);
    events.on('ended', onEnded);
    try {
      id = await startJob(fx, { document_id: doc, target_lang: 'fr', output_mode: 'single' });
      const done = await waitEnded(fx, id);
      assert.equal(done.status, 'completed');
      assert.equal(done.stage, 'completed');
      assert.equal(done.stage_progress, 100);
      assert.equal(done.queue_position, null);
      assert.equal(typeof done.time_cost, 'number');
      assert.ok((done.time_cost as number) > 0);
    } finally {
      events.off('update', onUpdate);
      events.off('ended', onEnded);
    }
    const seen = all.filter((e) => e.id === id);
    const endedCount = endedIds.filter((e) => e === id).length;
    const stages = seen.map((s) => s.stage).filter((s, i, all) => i === 0 || all[i - 1] !== s);
    assert.deepEqual(stages, ['queued', 'accepted', 'preflight', 'translating', 'writing_artifacts', 'finalizing', 'completed']);
    const progress = seen.filter((s) => s.stage === 'translating').map((s) => s.progress);
    assert.deepEqual(
      progress,
      [...progress].sort((a, b) => a - b),
    );
    assert.equal(progress[0], 0);
    assert.equal(progress.at(-1), 100);
    assert.ok(seen.filter((s) => s.stage === 'queued').every((s) => s.status === 'pending'));
    assert.ok(seen.filter((s) => s.stage !== 'completed' && s.stage !== 'queued').every((s) => s.status === 'processing'));
    assert.equal(endedCount, 1);
  });

  it('validates every body field and reports all errors at once (422)', async () => {
    const r = await createJob(fx, {
      target_lang: 5,
      output_mode: 'both',
      include_images: 'yes',
      context_translation: 1,
      glossary_id: '',
      style_preset: 7,
      max_credit_millicredits: -1,
      targetLang: 'de',
    });
    assert.equal(r.status, 422);
    assert.equal(errorCode(r), 'invalid_request');
    assert.deepEqual(fieldNames(r).sort(), [
      'context_translation',
      'document_id',
      'glossary_id',
      'include_images',
      'max_credit_millicredits',
      'output_mode',
      'style_preset',
      'targetLang',
      'target_lang',
    ]);
  });

  it('accepts every optional field and echoes it', async () => {
    const doc = await uploadDocument(fx, 'a.txt', 'Hello there.\n');
    const body = {
      document_id: doc,
      target_lang: 'ja',
      source_lang: 'en',
      engine: 'xr-lite',
      output_mode: 'single',
      glossary_id: 'gl_1',
      include_images: true,
      context_translation: true,
      style_preset: 'formal',
      max_credit_millicredits: 5000,
    };
    const job = obj(await createJob(fx, body));
    for (const k of [
      'source_lang',
      'engine',
      'output_mode',
      'glossary_id',
      'include_images',
      'context_translation',
      'style_preset',
      'max_credit_millicredits',
    ] as const) {
      assert.equal(job[k], body[k], k);
    }
    assert.equal((await waitEnded(fx, job.id as string)).status, 'completed');
  });

  it('answers 422 unsupported_language, 422 unavailable engine (invalid job parameters), 403 engine not allowed for the key', async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const lang = await createJob(fx, { document_id: doc, target_lang: 'xx', source_lang: 'yy' });
    assert.equal(lang.status, 422);
    assert.equal(errorCode(lang), 'unsupported_language');
    assert.deepEqual(fieldNames(lang).sort(), ['source_lang', 'target_lang']);
    const engine = await createJob(fx, { document_id: doc, target_lang: 'de', engine: 'xr-offline' });
    assert.equal(engine.status, 422);
    assert.equal(errorCode(engine), 'engine_unavailable');
    assert.deepEqual(fieldNames(engine), ['engine']);
    const key = await fx.newKey(fx.emu.accountId, { allowed_engines: ['xr-lite'] });
    const denied = await createJob(fx, { document_id: doc, target_lang: 'de' }, { key });
    assert.equal(denied.status, 403);
    assert.equal(errorCode(denied), 'engine_not_allowed');
  });

  it("answers 404 for a missing document, 403 for another account's, 415 for a format jobs cannot translate", async () => {
    assert.equal((await createJob(fx, { document_id: 'doc_missing', target_lang: 'de' })).status, 404);
    const other = await fx.newAccount(1_000_000);
    const foreign = await uploadDocument(fx, 'theirs.md', 'Theirs.\n', other.apiKey);
    const forbidden = await createJob(fx, { document_id: foreign, target_lang: 'de' });
    assert.equal(forbidden.status, 403);
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    fx.emu.app.state.documents.get(doc)!.format = 'csv';
    const unsupported = await createJob(fx, { document_id: doc, target_lang: 'de' });
    assert.equal(unsupported.status, 415);
    assert.equal(errorCode(unsupported), 'unsupported_format');
  });

  it('answers 422 for a document without translatable text', async () => {
    const blank = await uploadDocument(fx, 'blank.md', '   \n\n   \n');
    const r = await createJob(fx, { document_id: blank, target_lang: 'de' });
    assert.equal(r.status, 422);
    assert.equal(errorCode(r), 'no_translatable_text');
    const codeOnly = await uploadDocument(fx, 'code.md', '```js\nconst a = 1;\n```\n');
    assert.equal((await createJob(fx, { document_id: codeOnly, target_lang: 'de' })).status, 422);
  });

  it("GET /jobs/{id} is free and scoped to the account: another account's job is 403 job_not_owned", async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const before = (await fx.ledger()).length;
    assert.equal((await getJob(fx, id)).id, id);
    assert.equal((await fx.ledger()).length, before);
    const other = await fx.newAccount(1000);
    const foreign = await fx.api(`/jobs/${id}`, { key: other.apiKey });
    assert.equal(foreign.status, 403);
    assert.equal(errorCode(foreign), 'job_not_owned');
    assert.equal((await fx.api(`/jobs/${id}/cancel`, { method: 'POST', key: other.apiKey })).status, 403);
    assert.equal((await fx.api('/jobs/job_nope')).status, 404);
  });

  it("lists the account's jobs newest first with limit, has_more and before, whichever key asks", async () => {
    const doc = await uploadDocument(fx, 'a.md', 'Text.\n');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await startJob(fx, { document_id: doc, target_lang: 'de' }));
    const otherKey = await fx.newKey(fx.emu.accountId, {});
    const first = obj(await fx.api('/jobs?limit=2', { key: otherKey }));
    const items = first.items as Json[];
    assert.deepEqual(
      items.map((j) => j.id),
      [ids[4], ids[3]],
    );
    assert.equal(first.has_more, true);
    assert.equal(first.next_before, items[1]!.created_at);
    const rest = obj(await fx.api(`/jobs?limit=10&before=${encodeURIComponent(first.next_before as string)}`));
    assert.deepEqual(
      (rest.items as Json[]).map((j) => j.id),
      [ids[2], ids[1], ids[0]],
    );
    assert.equal(rest.has_more, false);
    assert.equal(rest.next_before, null);
    const other = await fx.newAccount(1000);
    assert.deepEqual(obj(await fx.api('/jobs', { key: other.apiKey })).items, []);
    assert.equal((await fx.api('/jobs?limit=0')).status, 422);
    assert.equal((await fx.api('/jobs?limit=abc')).status, 422);
    assert.equal((await fx.api('/jobs?before=yesterday')).status, 422);
  });

  it('cancel ends a job as failed with error_msg "cancelled", charges nothing, and 409 once ended', async () => {
    // The queue is paused, not slow: the job is still queued when the cancel comes, however loaded the machine.
    await setJobSettings(fx, { queue_paused: true });
    const doc = await uploadDocument(fx, 'a.md', 'Text to translate.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    assert.equal((await getJob(fx, id)).stage, 'queued');
    const r = await fx.api(`/jobs/${id}/cancel`, { method: 'POST' });
    assert.equal(r.status, 200);
    assert.equal(obj(r).status, 'failed');
    assert.equal(obj(r).stage, 'failed');
    assert.equal(obj(r).error_msg, 'cancelled');
    assert.equal(obj(r).quota_exceeded, false);
    const again = await fx.api(`/jobs/${id}/cancel`, { method: 'POST' });
    assert.equal(again.status, 409);
    assert.equal(errorCode(again), 'job_already_ended');
    assert.equal((await fx.ledger('settlement')).length, 0);
    assert.equal((await fx.balance()).available, 1_000_000_000);
    assert.equal((await fx.api('/jobs/job_nope/cancel', { method: 'POST' })).status, 404);
  });

  it('cancel of a processing job stops it; a completed job answers 409', async () => {
    // Held mid-translation (control: stage with hold), not merely slow: the job cannot finish
    // between the test seeing it processing and the cancel, however loaded the machine.
    await setJobSettings(fx, { queue_paused: true });
    const doc = await uploadDocument(fx, 'a.md', 'Text to translate.\n');
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const held = await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'translating', stage_progress: 40, hold: true } });
    assert.equal(held.status, 200, JSON.stringify(held.body));
    assert.equal((await getJob(fx, id)).status, 'processing');
    const cancelled = await fx.api(`/jobs/${id}/cancel`, { method: 'POST' });
    assert.equal(cancelled.status, 200);
    assert.deepEqual([obj(cancelled).status, obj(cancelled).error_msg], ['failed', 'cancelled']);
    await setJobSettings(fx, { queue_paused: false });
    const done = await startJob(fx, { document_id: doc, target_lang: 'de' });
    await waitEnded(fx, done);
    assert.equal((await fx.api(`/jobs/${done}/cancel`, { method: 'POST' })).status, 409);
    assert.equal((await getJob(fx, id)).error_msg, 'cancelled');
    assert.deepEqual(
      (await fx.ledger('settlement')).map((e) => e.job_id),
      [done],
    );
  });
});
