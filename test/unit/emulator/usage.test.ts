import assert from 'node:assert/strict';
import { completeJob, endJob, fakeJob } from './billing-jobs.ts';
import { obj, useEmulator } from './helpers.ts';

type Rec = Record<string, unknown>;

describe('emulator: usage records and summary (spec 2.7, 4.7)', () => {
  const fx = useEmulator();
  const app = () => fx.emu.app;

  it('records completed jobs and instant translations account-wide, whichever key asks', async () => {
    const second = await fx.newKey(fx.emu.accountId, {});
    await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'hello world', target_lang: 'de' }, key: second });
    const job = fakeJob(app(), fx.emu.accountId, { chars: 1000, basename: 'big.md' });
    completeJob(app(), job);
    endJob(app(), fakeJob(app(), fx.emu.accountId), 'failed');
    fakeJob(app(), fx.emu.accountId, { status: 'pending' });

    const r = await fx.api('/usage');
    assert.equal(r.status, 200);
    const items = obj(r).items as Rec[];
    assert.equal(items.length, 2);
    assert.deepEqual(items[0], {
      id: items[0]!.id,
      kind: 'translation_job',
      recorded_at: items[0]!.recorded_at,
      file_count: 1,
      character_count: 1000,
      token_count: 250,
      processing_duration_ms: 1500,
      job_id: job.id,
      file_name: 'big.md',
    });
    assert.equal(items[1]!.kind, 'instant_translation');
    assert.equal(items[1]!.file_count, 0);
    assert.equal(items[1]!.character_count, 11);
    assert.equal(items[1]!.token_count, 3);
    assert.equal(items[1]!.endpoint, '/ai/translate-snippet');
    assert.deepEqual(obj(await fx.api('/usage', { key: second })).items, items);
  });

  it('sums the records in /usage/summary and keeps accounts apart', async () => {
    for (const chars of [10, 20]) completeJob(app(), fakeJob(app(), fx.emu.accountId, { chars }));
    await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: 'abcdefgh', target_lang: 'de' } });
    const s = obj(await fx.api('/usage/summary'));
    assert.equal(s.file_count, 2);
    assert.equal(s.character_count, 38);
    assert.equal(s.token_count, 3 + 5 + 2);
    assert.equal(s.processing_duration_ms, 3000);
    assert.equal(s.record_count, 3);
    assert.equal(typeof s.first_recorded_at, 'string');

    const other = await fx.newAccount(0);
    const empty = obj(await fx.api('/usage/summary', { key: other.apiKey }));
    assert.deepEqual(empty, {
      file_count: 0,
      character_count: 0,
      token_count: 0,
      processing_duration_ms: 0,
      record_count: 0,
      first_recorded_at: null,
      last_recorded_at: null,
    });
    assert.deepEqual(obj(await fx.api('/usage', { key: other.apiKey })).items, []);
  });

  it('pages with limit', async () => {
    for (const t of ['a', 'b', 'c']) await fx.api('/ai/translate-snippet', { method: 'POST', body: { text: t, target_lang: 'de' } });
    const page = obj(await fx.api('/usage?limit=2'));
    assert.equal((page.items as Rec[]).length, 2);
    assert.equal(page.has_more, true);
    assert.equal(page.next_offset, 2);
    assert.equal((await fx.api('/usage?limit=0')).status, 422);
  });
});
