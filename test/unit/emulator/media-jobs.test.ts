import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaDurationMs } from '../../emulator/documents/media-duration.ts';
import { call, errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { createMedia, fastMedia, mediaDoc, waitMedia, type MediaJob } from './media-fixture.ts';
import { mp3File, mp4File, wavFile } from './media-files.ts';
import { upload } from './upload-fixture.ts';

describe('emulator: media jobs (spec 4.9, part 8 rule 2)', () => {
  const fx = useEmulator();
  beforeEach(() => fastMedia(fx));

  async function run(body: Record<string, unknown>, key?: string): Promise<MediaJob> {
    const r = await createMedia(fx, body, key ? { key } : {});
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return waitMedia(fx, (obj(r) as MediaJob).operation_id, key);
  }
  const download = async (artifactId: string): Promise<Buffer> => {
    const res = await fetch(`${fx.emu.baseUrl}/artifacts/${artifactId}/download`, { headers: { 'X-API-Key': fx.emu.apiKey } });
    assert.equal(res.status, 200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('asr of a WAV: measured duration, a downloadable transcript, charged by started minutes with a settlement reference', async () => {
    const doc = await mediaDoc(fx, 'talk.wav', wavFile(65_000));
    const before = await fx.balance();
    const job = await run({ product: 'asr', document_id: doc, source_language: 'auto', max_duration_ms: 600_000 });
    assert.equal(job.status, 'completed');
    assert.equal(job.measured_duration_ms, 65_000);
    assert.equal(job.billed_duration_ms, 65_000);
    assert.equal(job.files.length, 1);
    assert.deepEqual([job.files[0]!.role, job.files[0]!.filename], ['transcript', 'talk.transcript.txt']);
    const text = (await download(job.files[0]!.artifact_id)).toString('utf8');
    assert.equal(text.trim().split('\n').length, 7);
    assert.match(text, /^\[00:00:00\.000 --> 00:00:10\.000\] \(en\)/);
    assert.equal(job.settlement.status, 'settled');
    assert.equal(job.settlement.charged_millicredits, 2000);
    assert.equal((await fx.balance()).available, (before.available as number) - 2000);
    const settlement = (await fx.ledger('settlement')).at(-1)!;
    assert.equal(settlement.operation_id, job.settlement.credit_operation_id);
    assert.equal(settlement.endpoint, '/media-jobs');
    const receipt = obj(await fx.api(`/billing/credits/operations/${job.settlement.credit_operation_id}`));
    assert.equal(receipt.kind, 'media_job');
    assert.equal(receipt.charged_millicredits, 2000);
  });

  it('reads the real duration of MP3 and MP4 inputs; max_duration_ms cuts what is processed and billed', async () => {
    const mp3 = await run({ product: 'asr', document_id: await mediaDoc(fx, 'a.mp3', mp3File(125_000)) });
    assert.ok(Math.abs((mp3.measured_duration_ms as number) - 125_000) < 100, String(mp3.measured_duration_ms));
    assert.equal(mp3.settlement.charged_millicredits, 3000);
    const mp4 = await run({ product: 'basic_video', document_id: await mediaDoc(fx, 'clip.mp4', mp4File(185_000)), target_language: 'fr' });
    assert.equal(mp4.measured_duration_ms, 185_000);
    assert.equal(mp4.settlement.charged_millicredits, 4 * 3000);
    assert.equal(mp4.files[0]!.filename, 'clip.fr.srt');
    const cut = await run({ product: 'asr', document_id: await mediaDoc(fx, 'long.wav', wavFile(185_000)), max_duration_ms: 30_000 });
    assert.deepEqual([cut.measured_duration_ms, cut.billed_duration_ms, cut.settlement.charged_millicredits], [185_000, 30_000, 1000]);
  });

  it('a duration charge is capped at the balance available at start', async () => {
    const { apiKey } = await fx.newAccount(1500);
    const doc = await mediaDoc(fx, 'long.wav', wavFile(185_000), apiKey);
    const job = await run({ product: 'asr', document_id: doc }, apiKey);
    assert.equal(job.settlement.cap_millicredits, 1500);
    assert.equal(job.settlement.charged_millicredits, 1500, 'the price (4000) is cut at the balance at start');
    const balance = await fx.balance(apiKey);
    assert.equal(balance.available, 0);
    assert.equal(balance.debt, 0);
  });

  it('402 when it cannot start: nothing created, nothing charged', async () => {
    const { apiKey } = await fx.newAccount(900);
    const doc = await mediaDoc(fx, 'talk.wav', wavFile(5000), apiKey);
    const ledger = (await fx.ledger()).length;
    const r = await createMedia(fx, { product: 'asr', document_id: doc }, { key: apiKey });
    assert.equal(r.status, 402);
    assert.equal(errorCode(r), 'insufficient_credits');
    assert.equal((obj(await fx.api('/media-jobs', { key: apiKey })).items as unknown[]).length, 0);
    assert.equal((await fx.ledger()).length, ledger);
    assert.equal((await fx.balance(apiKey)).available, 900);
  });

  it('cancelled and failed jobs are charged nothing; cancelling an ended job is 409', async () => {
    await fastMedia(fx, { hold: true });
    const doc = await mediaDoc(fx, 'talk.wav', wavFile(60_000));
    const before = await fx.balance();
    const a = obj(await createMedia(fx, { product: 'asr', document_id: doc })) as MediaJob;
    const b = obj(await createMedia(fx, { product: 'asr', document_id: doc })) as MediaJob;
    const cancelled = await fx.api(`/media-jobs/${a.operation_id}/cancel`, { method: 'POST' });
    assert.equal(cancelled.status, 200);
    assert.equal(obj(cancelled).status, 'cancelled');
    const again = await fx.api(`/media-jobs/${a.operation_id}/cancel`, { method: 'POST' });
    assert.equal(again.status, 409);
    assert.equal(errorCode(again), 'media_job_already_ended');
    assert.equal((await fx.control(`/media-jobs/${b.operation_id}/fail`, { method: 'POST', body: { error_msg: 'decoder crashed' } })).status, 200);
    await fastMedia(fx, { hold: false });
    const [ea, eb] = [await waitMedia(fx, a.operation_id), await waitMedia(fx, b.operation_id)];
    assert.deepEqual([ea.status, eb.status, eb.error_msg], ['cancelled', 'failed', 'decoder crashed']);
    assert.deepEqual([ea.settlement.status, eb.settlement.status], ['not_charged', 'not_charged']);
    assert.deepEqual([ea.files, eb.files], [[], []]);
    assert.equal((await fx.balance()).available, before.available);
    assert.equal((await fx.ledger('settlement')).length, 0);
  });

  it('requires an Idempotency-Key; a replay returns the same job, another body is 409', async () => {
    const doc = await mediaDoc(fx, 'talk.wav', wavFile(2000));
    const missing = await createMedia(fx, { product: 'asr', document_id: doc }, { idem: null });
    assert.equal(missing.status, 400);
    assert.equal(errorCode(missing), 'idempotency_key_required');
    const first = await createMedia(fx, { product: 'asr', document_id: doc }, { idem: 'same-key' });
    const replay = await createMedia(fx, { product: 'asr', document_id: doc }, { idem: 'same-key' });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal((obj(replay) as MediaJob).operation_id, (obj(first) as MediaJob).operation_id);
    const conflict = await createMedia(fx, { product: 'asr', document_id: doc, max_duration_ms: 1000 }, { idem: 'same-key' });
    assert.equal(errorCode(conflict), 'idempotency_request_conflict');
    await waitMedia(fx, (obj(first) as MediaJob).operation_id);
    assert.equal((obj(await fx.api('/media-jobs')).items as unknown[]).length, 1);
    assert.equal((await fx.ledger('settlement')).length, 1);
  });

  it('subtitle_translation translates cue text only; tts delivers a WAV as long as the billed duration', async () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\nHello there\n\n2\n00:01:30,000 --> 00:01:35,500\nSecond line\n';
    const sub = await run({ product: 'subtitle_translation', document_id: await mediaDoc(fx, 'intro.srt', srt), target_language: 'de' });
    assert.equal(sub.measured_duration_ms, 95_500);
    assert.equal(sub.files[0]!.filename, 'intro.de.srt');
    const out = (await download(sub.files[0]!.artifact_id)).toString('utf8');
    assert.match(out, /^1\n00:00:01,000 --> 00:00:04,000\n/);
    assert.doesNotMatch(out, /\nHello there\n/);
    const missingTarget = await createMedia(fx, { product: 'subtitle_translation', document_id: await mediaDoc(fx, 'b.srt', srt) });
    assert.deepEqual(fieldNames(missingTarget), ['target_language']);
    const tts = await run({ product: 'tts', document_id: await mediaDoc(fx, 'script.txt', 'x'.repeat(500)) });
    assert.equal(tts.billed_duration_ms, 30_000);
    const path = join(tmpdir(), `tts-${process.pid}.wav`);
    await writeFile(path, await download(tts.files[0]!.artifact_id));
    assert.equal(await mediaDurationMs(path, 'wav'), 30_000);
  });

  it('checks input types, ownership (403 media_job_not_owned, unknown 404) and a used-up key budget (429)', async () => {
    const text = await mediaDoc(fx, 'notes.txt', 'hello');
    assert.equal((await createMedia(fx, { product: 'asr', document_id: text })).status, 415);
    const recording = await mediaDoc(fx, 'voice.m4a', Buffer.from(mp4File(4000)));
    const translation = await fx.api('/jobs', { method: 'POST', body: { document_id: recording, target_lang: 'de' } });
    assert.equal(translation.status, 415, 'translation jobs do not take recordings');
    const bad = await upload(fx, 'fake.mp3', 'not audio at all');
    assert.equal(bad.status, 400);
    const mine = obj(await createMedia(fx, { product: 'asr', document_id: await mediaDoc(fx, 't.wav', wavFile(1000)) })) as MediaJob;
    const other = await fx.newAccount(1_000_000);
    assert.equal(errorCode(await fx.api(`/media-jobs/${mine.operation_id}`, { key: other.apiKey })), 'media_job_not_owned');
    assert.equal((await fx.api('/media-jobs/mop_unknown')).status, 404);
    const spent = await fx.newKey(fx.emu.accountId, { budget_millicredits: 0 });
    const refused = await createMedia(fx, { product: 'asr', document_id: await mediaDoc(fx, 'u.wav', wavFile(1000)) }, { key: spent });
    assert.equal(refused.status, 429);
    assert.equal(errorCode(refused), 'key_budget_exhausted');
    const listed = await call(`${fx.emu.baseUrl}/media-jobs?limit=0`, { headers: { 'X-API-Key': fx.emu.apiKey } });
    assert.equal(listed.status, 422);
  });
});
