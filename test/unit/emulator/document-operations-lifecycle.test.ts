import assert from 'node:assert/strict';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, setSettings } from './jobs-fixture.ts';
import { until } from '../support/until.mjs';
import { chargesOf, createOperation, downloadDocument, uploadPdf, waitOperation, type Json } from './doctools-fixture.ts';

describe('emulator: document operations, their list, cancel and hold, and document downloads (spec 4.5, 2.10)', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  const pdf = (pages: number, name = 'report.pdf', key?: string): Promise<string> => uploadPdf(fx, pages, name, key);
  const charges = (): Promise<Json[]> => chargesOf(fx);

  const download = (id: string, key?: string): ReturnType<typeof downloadDocument> => downloadDocument(fx, id, key);

  describe('get, list, cancel', () => {
    it("lists only the calling key's operations, newest first, with limit; another key's operation is 403", async () => {
      const doc = await pdf(1);
      const a = obj(await createOperation(fx, { document_id: doc, kind: 'extract' })).id as string;
      const b = obj(await createOperation(fx, { document_id: doc, kind: 'pdf_to_html' })).id as string;
      const otherKey = await fx.newKey(fx.emu.accountId, {});
      const c = obj(await createOperation(fx, { document_id: doc, kind: 'extract' }, { key: otherKey })).id as string;

      const mine = obj(await fx.api('/document-operations'));
      assert.deepEqual(
        (mine.items as Json[]).map((o) => o.id),
        [b, a],
      );
      assert.equal(mine.has_more, false);
      const one = obj(await fx.api('/document-operations?limit=1'));
      assert.deepEqual(
        (one.items as Json[]).map((o) => o.id),
        [b],
      );
      assert.equal(one.has_more, true);
      assert.deepEqual(
        (obj(await fx.api('/document-operations', { key: otherKey })).items as Json[]).map((o) => o.id),
        [c],
      );
      assert.equal((await fx.api('/document-operations?limit=0')).status, 422);
      assert.equal((await fx.api('/document-operations?limit=x')).status, 422);

      const foreign = await fx.api(`/document-operations/${c}`);
      assert.equal(foreign.status, 403);
      assert.equal(errorCode(foreign), 'operation_not_owned');
      assert.equal((await fx.api('/document-operations/dop_unknown')).status, 404);
      const otherAccount = await fx.newAccount(0);
      assert.equal((await fx.api(`/document-operations/${a}`, { key: otherAccount.apiKey })).status, 403);
    });

    it('cancel ends a running operation without charge; a second cancel, or a cancel after completion, is 409', async () => {
      await fx.control('/document-operations/settings', { method: 'POST', body: { hold_new: true } });
      const doc = await pdf(2);
      const id = obj(await createOperation(fx, { document_id: doc, kind: 'visual_extract' })).id as string;
      const cancelled = await fx.api(`/document-operations/${id}/cancel`, { method: 'POST' });
      assert.equal(cancelled.status, 200);
      assert.equal(obj(cancelled).status, 'cancelled');
      assert.equal(obj(cancelled).output_document_id, null);
      const again = await fx.api(`/document-operations/${id}/cancel`, { method: 'POST' });
      assert.equal(again.status, 409);
      assert.equal(errorCode(again), 'operation_already_ended');
      assert.deepEqual(await charges(), []);
      assert.equal((await fx.balance()).available, 1_000_000_000);

      await fx.control('/document-operations/settings', { method: 'POST', body: { hold_new: false } });
      const done = await waitOperation(fx, obj(await createOperation(fx, { document_id: doc, kind: 'extract' })).id as string);
      assert.equal((await fx.api(`/document-operations/${done.id as string}/cancel`, { method: 'POST' })).status, 409);
    });

    it('a held operation stays processing until released, then completes; a failed one is not charged', async () => {
      await fx.control('/document-operations/settings', { method: 'POST', body: { hold_new: true } });
      const doc = await pdf(2);
      const id = obj(await createOperation(fx, { document_id: doc, kind: 'visual_extract' })).id as string;
      // A held operation starts (processing, progress 10) and takes no further step.
      const held = obj(
        await until(
          async () => {
            const r = await fx.api(`/document-operations/${id}`);
            return obj(r).status === 'processing' ? r : undefined;
          },
          { what: 'the held operation to start' },
        ),
      );
      assert.equal(held.progress, 10);
      assert.equal((await fx.control(`/document-operations/${id}/hold`, { method: 'POST', body: { hold: false } })).status, 200);
      assert.equal((await waitOperation(fx, id)).status, 'completed');

      const id2 = obj(await createOperation(fx, { document_id: doc, kind: 'visual_extract' })).id as string;
      const failed = await fx.control(`/document-operations/${id2}/fail`, { method: 'POST', body: { error_msg: 'Engine crashed' } });
      assert.equal(obj(failed).status, 'failed');
      assert.equal(obj(failed).error_msg, 'Engine crashed');
      assert.deepEqual(
        (await charges()).map((c) => c.amount_millicredits),
        [2000],
        'only the completed operation was charged',
      );
    });
  });

  describe('GET /documents/{id}/download', () => {
    it('streams the document with its name, type and ETag; If-None-Match gives 304; another account gets 403', async () => {
      const doc = await pdf(1, 'paper.pdf');
      const first = await download(doc);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('content-type'), 'application/pdf');
      assert.match(first.headers.get('content-disposition') ?? '', /^attachment; filename="paper\.pdf"/);
      const etag = first.headers.get('etag')!;
      const again = await fetch(`${fx.emu.baseUrl}/documents/${doc}/download`, { headers: { 'X-API-Key': fx.emu.apiKey, 'If-None-Match': etag } });
      assert.equal(again.status, 304);
      const other = await fx.newAccount(0);
      assert.equal((await download(doc, other.apiKey)).status, 403);
      assert.equal((await download('doc_nope')).status, 404);
    });
  });
});
