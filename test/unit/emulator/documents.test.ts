import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { call, errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { advanceClock, finalize, presign, put, uploadDocument } from './upload-fixture.ts';
import type { DocumentJson } from './upload-fixture.ts';

interface Page {
  items: DocumentJson[];
  has_more: boolean;
  next_offset: number;
}

describe('emulator: documents', () => {
  const fx = useEmulator();
  const list = async (query = '', key?: string): Promise<Page> => {
    const r = await fx.api(`/documents${query}`, key ? { key } : {});
    assert.equal(r.status, 200);
    return r.body as Page;
  };

  it("lists the account's documents newest first with offset paging", async () => {
    assert.deepEqual(await list(), { items: [], has_more: false, next_offset: 0 });
    const ids: string[] = [];
    for (const name of ['a.md', 'b.txt', 'c.json']) {
      ids.push((await uploadDocument(fx, name, name === 'c.json' ? '{"t":"x"}' : 'text')).id);
      await advanceClock(fx, 1);
    }
    const other = await fx.newAccount(0);
    await uploadDocument(fx, 'theirs.md', 'x', other.apiKey);
    const first = await list('?limit=2');
    assert.deepEqual(
      first.items.map((d) => d.id),
      [ids[2], ids[1]],
    );
    assert.deepEqual([first.has_more, first.next_offset], [true, 2]);
    const second = await list(`?limit=2&offset=${first.next_offset}`);
    assert.deepEqual(
      second.items.map((d) => d.id),
      [ids[0]],
    );
    assert.deepEqual([second.has_more, second.next_offset], [false, 3]);
    assert.deepEqual((await list('?offset=10')).items, []);
    assert.equal((await list('', other.apiKey)).items.length, 1);
    assert.equal((await list()).items.length, 3, 'default limit 20');
  });

  it('an upload that is not finalized is not in the library', async () => {
    const p = await presign(fx, 'pending.md', 3);
    await put(p.upload_url, 'abc', p.upload_headers);
    assert.deepEqual((await list()).items, []);
    assert.equal((await fx.api(`/documents/${p.document_id}`)).status, 404);
    await finalize(fx, p.finalize_token);
    assert.equal((await list()).items.length, 1);
  });

  it('rejects invalid paging parameters with 422', async () => {
    for (const q of ['?limit=0', '?limit=101', '?limit=x', '?limit=1.5', '?offset=-1', '?offset=abc']) {
      const r = await fx.api(`/documents${q}`);
      assert.equal(r.status, 422, q);
      assert.equal(fieldNames(r).length, 1);
    }
    assert.equal((await fx.api('/documents?limit=100')).status, 200);
  });

  it("GET /documents/{id}: the document view; 404 unknown, 403 another account's, 401 without a key", async () => {
    const doc = await uploadDocument(fx, 'guide.md', '# Guide\n');
    const r = await fx.api(`/documents/${doc.id}`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, doc);
    assert.deepEqual(Object.keys(doc).sort(), ['basename', 'char_count', 'created_at', 'file_size', 'format', 'id', 'mime_type', 'page_count', 'updated_at']);
    assert.equal((await fx.api('/documents/doc_missing')).status, 404);
    const other = await fx.newAccount(0);
    const foreign = await fx.api(`/documents/${doc.id}`, { key: other.apiKey });
    assert.equal(foreign.status, 403);
    assert.equal(errorCode(foreign), 'document_not_owned');
    assert.equal((await call(`${fx.emu.baseUrl}/documents/${doc.id}`)).status, 401);
    assert.equal((await call(`${fx.emu.baseUrl}/documents`)).status, 401);
  });

  it('PATCH renames (sanitised, same file type) and bumps updated_at', async () => {
    const doc = await uploadDocument(fx, 'guide.md', 'x');
    await advanceClock(fx, 5);
    const r = await fx.api(`/documents/${doc.id}`, { method: 'PATCH', body: { basename: 'sub/My: Guide?.MARKDOWN' } });
    assert.equal(r.status, 200);
    const renamed = obj(r) as unknown as DocumentJson;
    assert.equal(renamed.basename, 'My_ Guide_.MARKDOWN');
    assert.equal(renamed.created_at, doc.created_at);
    assert.ok(Date.parse(renamed.updated_at) >= Date.parse(doc.updated_at) + 5000);
    assert.equal(obj(await fx.api(`/documents/${doc.id}`)).basename, 'My_ Guide_.MARKDOWN');

    for (const body of [{ basename: 'guide.txt' }, { basename: 'guide' }, { basename: '' }, { basename: 3 }, {}]) {
      const bad = await fx.api(`/documents/${doc.id}`, { method: 'PATCH', body });
      assert.equal(bad.status, 422, JSON.stringify(body));
      assert.deepEqual(fieldNames(bad), ['basename']);
    }
    const other = await fx.newAccount(0);
    assert.equal((await fx.api(`/documents/${doc.id}`, { method: 'PATCH', key: other.apiKey, body: { basename: 'x.md' } })).status, 403);
  });

  it('DELETE marks the document deleted, removes its file, and it is gone everywhere', async () => {
    const p = await presign(fx, 'gone.txt', 4);
    await put(p.upload_url, 'gone', p.upload_headers);
    const doc = obj(await finalize(fx, p.finalize_token)).document as DocumentJson;
    const path = fx.emu.app.state.documents.get(doc.id)!.storagePath;
    assert.ok(existsSync(path));
    const other = await fx.newAccount(0);
    assert.equal((await fx.api(`/documents/${doc.id}`, { method: 'DELETE', key: other.apiKey })).status, 403);

    const r = await fx.api(`/documents/${doc.id}`, { method: 'DELETE' });
    assert.equal(r.status, 204);
    assert.equal(fx.emu.app.state.documents.get(doc.id)!.deleted, true);
    assert.ok(!existsSync(path), 'file removed');
    assert.equal((await fx.api(`/documents/${doc.id}`)).status, 404);
    assert.equal((await fx.api(`/documents/${doc.id}`, { method: 'DELETE' })).status, 404);
    assert.equal((await fx.api(`/documents/${doc.id}`, { method: 'PATCH', body: { basename: 'x.txt' } })).status, 404);
    assert.deepEqual((await list()).items, []);
    const again = await finalize(fx, p.finalize_token);
    assert.equal(again.status, 410);
    assert.equal(errorCode(again), 'document_deleted');
  });

  it('a reset forgets documents and uploads', async () => {
    const doc = await uploadDocument(fx, 'a.txt', 'a');
    const p = await presign(fx, 'b.txt', 1);
    await fx.reset();
    assert.equal((await fx.api(`/documents/${doc.id}`)).status, 404);
    assert.equal((await put(p.upload_url, 'b', p.upload_headers)).status, 404);
    assert.equal((await finalize(fx, p.finalize_token)).status, 401);
  });
});
