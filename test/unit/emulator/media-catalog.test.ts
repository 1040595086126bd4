import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { createMedia, fastMedia, mediaDoc } from './media-fixture.ts';
import { wavFile } from './media-files.ts';

describe('emulator: media catalog and estimates (spec 4.7, 4.9)', () => {
  const fx = useEmulator();
  const products = async (): Promise<Record<string, unknown>[]> => obj(await fx.api('/billing/media/credit-catalog')).products as Record<string, unknown>[];

  it('lists the five products with open flags; a closed product carries its reason', async () => {
    const list = await products();
    assert.deepEqual(
      list.map((p) => p.product),
      ['asr', 'tts', 'subtitle_translation', 'basic_video', 'full_video'],
    );
    assert.deepEqual(
      list.map((p) => p.open),
      [true, true, true, true, false],
    );
    assert.equal(list[0]!.reason, null);
    assert.match(String(list[4]!.reason), /not open/);
    assert.equal(list[0]!.billing_unit, 'minute');
  });

  it('the control API switches a product; only open products can run (422 product_not_open, nothing created)', async () => {
    await fastMedia(fx);
    const closed = await fx.control('/media/catalog', { method: 'POST', body: { product: 'asr', open: false, reason: 'Maintenance' } });
    assert.equal(closed.status, 200);
    const asr = (await products())[0]!;
    assert.equal(asr.open, false);
    assert.equal(asr.reason, 'Maintenance');
    const doc = await mediaDoc(fx, 'talk.wav', wavFile(3000));
    const refused = await createMedia(fx, { product: 'asr', document_id: doc });
    assert.equal(refused.status, 422);
    assert.equal(errorCode(refused), 'product_not_open');
    assert.deepEqual(fieldNames(refused), ['product']);
    assert.equal((obj(await fx.api('/media-jobs')).items as unknown[]).length, 0);
    await fx.control('/media/catalog', { method: 'POST', body: { product: 'asr', open: true } });
    assert.equal((await createMedia(fx, { product: 'asr', document_id: doc })).status, 201);
    const full = await createMedia(fx, { product: 'full_video', document_id: doc, target_language: 'de' });
    assert.equal(errorCode(full), 'product_not_open');
  });

  it('the estimate is display only: started minutes at the rate, never below the minimum; it deducts nothing', async () => {
    const before = await fx.balance();
    const ledger = (await fx.ledger()).length;
    const r = await fx.api('/billing/media/credit-estimates', { method: 'POST', body: { product: 'subtitle_translation', duration_ms: 125_000 } });
    assert.equal(r.status, 200);
    assert.deepEqual(obj(r), {
      product: 'subtitle_translation',
      duration_ms: 125_000,
      billing_unit: 'minute',
      units: 3,
      estimated_millicredits: 4500,
      open: true,
      reason: null,
      display_only: true,
      credit_precision: 1,
    });
    const small = obj(await fx.api('/billing/media/credit-estimates', { method: 'POST', body: { product: 'full_video', max_duration_ms: 1000 } }));
    assert.equal(small.estimated_millicredits, 8000);
    assert.equal(small.open, false);
    const after = await fx.balance();
    assert.equal(after.available, before.available);
    assert.equal(after.spent, before.spent);
    assert.equal((await fx.ledger()).length, ledger);
    assert.equal((obj(await fx.api('/media-jobs')).items as unknown[]).length, 0);
  });

  it('an unknown product or a bad duration is 422 with every field error', async () => {
    const r = await fx.api('/billing/media/credit-estimates', { method: 'POST', body: { product: 'karaoke', duration_ms: 0 } });
    assert.equal(r.status, 422);
    assert.deepEqual(fieldNames(r).sort(), ['duration_ms', 'product']);
  });
});
