// Spec part 8, rules 1 and 5, over HTTP: every product that starts paid work checks the key's
// remaining quota against its start threshold (402), and voices and file tools are charged by usage
// (a ledger line and a receipt).
import assert from 'node:assert/strict';
import { createOperation, makePdf, makePng, postBinary } from './doctools-fixture.ts';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { createMedia, createVoice, fastMedia, mediaDoc } from './media-fixture.ts';
import { wavFile } from './media-files.ts';
import { uploadDocument } from './upload-fixture.ts';

type Json = Record<string, unknown>;

describe('emulator: spec part 8 rules 1 and 5 for every paid product', () => {
  const fx = useEmulator();
  beforeEach(() => fastMedia(fx));

  const receipt = async (id: string, key?: string): Promise<Json> => {
    const r = await fx.api(`/billing/credits/operations/${id}`, key !== undefined ? { key } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return obj(r);
  };

  describe("rule 1: the key's remaining quota must be above the start threshold, else 402", () => {
    it('visual_extract of 1 page with 500 millicredits left on the key (threshold 1000) is 402: nothing created or charged', async () => {
      const key = await fx.newKey(fx.emu.accountId, { budget_millicredits: 500 });
      const doc = (await uploadDocument(fx, 'one.pdf', await makePdf(1), key)).id;
      const ledger = (await fx.ledger()).length;
      const r = await createOperation(fx, { document_id: doc, kind: 'visual_extract' }, { key });
      assert.equal(r.status, 402, JSON.stringify(r.body));
      assert.equal(errorCode(r), 'insufficient_credits');
      assert.deepEqual(obj(await fx.api('/document-operations', { key })).items, [], 'nothing created');
      assert.equal((await fx.ledger()).length, ledger, 'nothing charged');
      // Exactly the threshold left is not "above" it either; one millicredit more starts it.
      const atThreshold = await fx.newKey(fx.emu.accountId, { budget_millicredits: 1000 });
      assert.equal((await createOperation(fx, { document_id: doc, kind: 'visual_extract' }, { key: atThreshold })).status, 402);
      const enough = await fx.newKey(fx.emu.accountId, { budget_millicredits: 1001 });
      assert.equal((await createOperation(fx, { document_id: doc, kind: 'visual_extract' }, { key: enough })).status, 201);
    });

    it("a media job with less left on the key than the product's minimum is 402; a key with enough starts it", async () => {
      const key = await fx.newKey(fx.emu.accountId, { budget_millicredits: 500 });
      const doc = await mediaDoc(fx, 'talk.wav', wavFile(5_000), key);
      const r = await createMedia(fx, { product: 'asr', document_id: doc }, { key });
      assert.equal(r.status, 402, JSON.stringify(r.body));
      assert.equal(errorCode(r), 'insufficient_credits');
      assert.deepEqual(obj(await fx.api('/media-jobs', { key })).items, [], 'nothing created');
      const enough = await fx.newKey(fx.emu.accountId, { budget_millicredits: 5_000 });
      assert.equal((await createMedia(fx, { product: 'asr', document_id: doc }, { key: enough })).status, 201);
    });

    it('a voice or a file tool costing more than the key has left is 402 and charges nothing', async () => {
      const key = await fx.newKey(fx.emu.accountId, { budget_millicredits: 1_500 });
      const rec = await mediaDoc(fx, 'me.wav', wavFile(10_000), key);
      const voice = await createVoice(fx, { document_id: rec, consent: true, consent_version: 'voice-source-rights-v1' }, { key });
      assert.equal(voice.status, 402, JSON.stringify(voice.body));
      assert.deepEqual(obj(await fx.api('/media-voices', { key })).items, []);
      const small = await fx.newKey(fx.emu.accountId, { budget_millicredits: 200 });
      const png = (await uploadDocument(fx, 'p.png', makePng(), small)).id;
      const tool = await postBinary(fx, '/file-tools/image/compress', { document_id: png }, small);
      assert.equal(tool.status, 402, 'an image at 200 millicredits is not below a 200 budget');
      assert.equal(tool.json?.['error'] !== undefined, true);
      // Only this test's products: a media job of an earlier test may still be settling on the shared emulator.
      const mine = (await fx.ledger()).filter(
        (e) => (e.type === 'charge' || e.type === 'settlement') && /^\/(media-voices|file-tools)/.test(String(e.endpoint)),
      );
      assert.deepEqual(mine, []);
    });

    it("the balance after debt must be above a file tool's cost too (402)", async () => {
      const poor = await fx.newAccount(400);
      const a = (await uploadDocument(fx, 'a.pdf', await makePdf(2), poor.apiKey)).id;
      const b = (await uploadDocument(fx, 'b.pdf', await makePdf(3), poor.apiKey)).id;
      const r = await postBinary(fx, '/file-tools/pdf/merge', { document_ids: [a, b] }, poor.apiKey);
      assert.equal(r.status, 402);
      assert.equal((await fx.balance(poor.apiKey)).available, 400, 'nothing charged');
    });
  });

  describe('rule 5: voices and document tools are charged by usage', () => {
    it("a voice is charged by the recording's started minutes once made: one settlement, a receipt of kind voice, never twice", async () => {
      const doc = await mediaDoc(fx, 'me.wav', wavFile(90_000));
      const before = (await fx.balance()).available as number;
      const r = await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' }, { idem: 'voice-once' });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const voice = obj(r) as Json & { asset_id: string; settlement: { credit_operation_id: string; status: string; charged_millicredits: number } };
      assert.equal(voice.duration_ms, 90_000);
      assert.equal(voice.settlement.status, 'settled');
      assert.equal(voice.settlement.charged_millicredits, 2_000, '2 started minutes at 1000, minimum 2000');
      const lines = (await fx.ledger('settlement')).filter((e) => e.endpoint === '/media-voices');
      assert.equal(lines.length, 1);
      assert.equal(lines[0]!.amount_millicredits, 2_000);
      const rec = await receipt(voice.settlement.credit_operation_id);
      assert.deepEqual([rec.kind, rec.status, rec.charged_millicredits], ['voice', 'settled', 2_000]);
      assert.deepEqual(rec.billing_basis, { unit: 'minutes', quantity: 2, rate_millicredits: 1_000, minimum_millicredits: null });
      assert.equal((await fx.balance()).available, before - 2_000);
      // A replay, confirm and reconcile charge nothing more.
      assert.equal((await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' }, { idem: 'voice-once' })).status, 201);
      for (const what of ['confirm', 'reconcile']) assert.equal((await fx.api(`/media-voices/${voice.asset_id}/${what}`, { method: 'POST' })).status, 200);
      assert.equal((await fx.ledger('settlement')).filter((e) => e.endpoint === '/media-voices').length, 1);
    });

    it('an uncertain voice is charged only when reconcile finds it made; a failed one never', async () => {
      const doc = await mediaDoc(fx, 'me.wav', wavFile(10_000));
      await fx.control('/media/settings', { method: 'POST', body: { next_voice_outcome: 'uncertain', voice_remote_outcome: 'pending_confirmation' } });
      const made = obj(await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' })) as Json & {
        asset_id: string;
        settlement: Json;
      };
      assert.equal(made.settlement.status, 'pending');
      assert.equal((await fx.ledger('settlement')).length, 0);
      const after = obj(await fx.api(`/media-voices/${made.asset_id}/reconcile`, { method: 'POST' })) as Json & { settlement: Json };
      assert.deepEqual([after.status, after.settlement.status, after.settlement.charged_millicredits], ['pending_confirmation', 'settled', 2_000]);
      await fx.control('/media/settings', { method: 'POST', body: { next_voice_outcome: 'uncertain', voice_remote_outcome: 'failed' } });
      const lost = obj(await createVoice(fx, { document_id: doc, consent: true, consent_version: 'voice-source-rights-v1' })) as Json & { asset_id: string };
      const failed = obj(await fx.api(`/media-voices/${lost.asset_id}/reconcile`, { method: 'POST' })) as Json & { settlement: Json };
      assert.deepEqual([failed.status, failed.settlement.status, failed.settlement.charged_millicredits], ['failed', 'not_charged', 0]);
      assert.equal((await fx.ledger('settlement')).length, 1);
    });

    it('file tools charge per input page (PDF) or per image, with a ledger line, a receipt of kind file_tool and its id in the answer', async () => {
      const a = (await uploadDocument(fx, 'a.pdf', await makePdf(2))).id;
      const split = await postBinary(fx, '/file-tools/pdf/split', { document_id: a, ranges: ['1', '2'] });
      assert.equal(split.status, 200);
      assert.equal(split.headers.get('x-charged-millicredits'), '200');
      const splitReceipt = await receipt(split.headers.get('x-credit-operation-id')!);
      assert.deepEqual([splitReceipt.kind, splitReceipt.charged_millicredits, splitReceipt.endpoint], ['file_tool', 200, '/file-tools/pdf/split']);
      assert.deepEqual(splitReceipt.billing_basis, { unit: 'pages', quantity: 2, rate_millicredits: 100, minimum_millicredits: null });
      const png = (await uploadDocument(fx, 'p.png', makePng())).id;
      const converted = await postBinary(fx, '/file-tools/image/convert', { document_id: png, target_format: 'jpg' });
      assert.equal(converted.status, 200);
      const imageReceipt = await receipt(converted.headers.get('x-credit-operation-id')!);
      assert.deepEqual([imageReceipt.kind, imageReceipt.charged_millicredits], ['file_tool', 200]);
      assert.deepEqual(imageReceipt.billing_basis, { unit: 'images', quantity: 1, rate_millicredits: 200, minimum_millicredits: null });
      const charges = (await fx.ledger('charge')).map((e) => [e.endpoint, e.amount_millicredits]);
      assert.deepEqual(charges, [
        ['/file-tools/pdf/split', 200],
        ['/file-tools/image/convert', 200],
      ]);
      // A refused tool charges nothing.
      assert.equal((await postBinary(fx, '/file-tools/pdf/split', { document_id: a, ranges: ['3'] })).status, 422);
      assert.equal((await fx.ledger('charge')).length, 2);
    });

    it('the capabilities list file tools as charged, with the rate', async () => {
      const caps = obj(await fx.api('/artifacts/convert/capabilities'));
      const billing = Object.fromEntries((caps.operations as Json[]).map((o) => [o.kind, o.billing]));
      assert.deepEqual(billing['pdf_merge'], { mode: 'per_page', unit: 'page', millicredits_per_unit: 100 });
      assert.deepEqual(billing['image_convert'], { mode: 'per_file', unit: 'image', millicredits_per_unit: 200 });
    });
  });
});
