import assert from 'node:assert/strict';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { uploadDocument } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';

describe('emulator: projects, tags, search, workspace', () => {
  const fx = useEmulator();

  async function ledgerCount(): Promise<number> {
    return (await fx.ledger()).length;
  }

  it('projects: create, list, get, rename, delete; bodies validated with every field error', async () => {
    const before = await ledgerCount();
    const bad = await fx.api('/projects', { body: { name: '', description: 5 } });
    assert.equal(bad.status, 422);
    assert.deepEqual(fieldNames(bad).sort(), ['description', 'name']);
    const created = await fx.api('/projects', { body: { name: 'Handbook', description: 'All chapters' } });
    assert.equal(created.status, 201);
    const p = obj(created);
    assert.match(p.id as string, /^prj_/);
    assert.deepEqual([p.name, p.description, p.document_ids, p.document_count], ['Handbook', 'All chapters', [], 0]);
    await fx.api('/projects', { body: { name: 'Second' } });
    const list = obj(await fx.api('/projects?limit=1'));
    assert.deepEqual([(list.items as Json[]).map((x) => x.name), list.has_more, list.next_offset], [['Second'], true, 1]);
    assert.equal(obj(await fx.api(`/projects/${p.id as string}`)).name, 'Handbook');
    const renamed = await fx.api(`/projects/${p.id as string}`, { method: 'PATCH', body: { name: 'Guide' } });
    assert.equal(obj(renamed).name, 'Guide');
    assert.equal((await fx.api(`/projects/${p.id as string}`, { method: 'PATCH', body: {} })).status, 422);
    assert.equal((await fx.api(`/projects/${p.id as string}`, { method: 'PATCH', body: { name: null } })).status, 422);
    assert.equal((await fx.api(`/projects/${p.id as string}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fx.api(`/projects/${p.id as string}`)).status, 404);
    assert.equal(await ledgerCount(), before, 'projects are free');
  });

  it('adding a document to a project changes organisation only: same id, same owner, no copy', async () => {
    const docId = await uploadDocument(fx, 'guide.md', '# Guide\n');
    const p = obj(await fx.api('/projects', { body: { name: 'P' } }));
    const documentsBefore = obj(await fx.api('/documents')).items as Json[];
    const added = await fx.api(`/projects/${p.id as string}/documents`, { body: { document_id: docId } });
    assert.equal(added.status, 200);
    assert.deepEqual(obj(added).document_ids, [docId]);
    await fx.api(`/projects/${p.id as string}/documents`, { body: { document_id: docId } });
    assert.deepEqual(obj(await fx.api(`/projects/${p.id as string}`)).document_ids, [docId], 'added once');
    assert.deepEqual(obj(await fx.api('/documents')).items, documentsBefore, 'no copy, nothing changed');
    assert.equal((await fx.api(`/projects/${p.id as string}/documents`, { body: { document_id: 'doc_nope' } })).status, 404);
    assert.equal((await fx.api(`/projects/${p.id as string}/documents`, { body: {} })).status, 422);
    assert.equal((await fx.api(`/projects/${p.id as string}/documents/${docId}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fx.api(`/projects/${p.id as string}/documents/${docId}`, { method: 'DELETE' })).status, 404);
    assert.deepEqual(obj(await fx.api(`/projects/${p.id as string}`)).document_ids, []);
    assert.equal((await fx.api(`/documents/${docId}`)).status, 200, 'removing from a project keeps the document');
    await fx.api(`/projects/${p.id as string}/documents`, { body: { document_id: docId } });
    await fx.api(`/documents/${docId}`, { method: 'DELETE' });
    assert.deepEqual(obj(await fx.api(`/projects/${p.id as string}`)).document_ids, [], 'a deleted document leaves its projects');
  });

  it('tags: addressed by id (names are display text), attach and detach', async () => {
    const docId = await uploadDocument(fx, 'a.md', '# A\n');
    const t1 = obj(await fx.api('/tags', { body: { name: 'review', color: '#ff0000' } }));
    const t2 = obj(await fx.api('/tags', { body: { name: 'review' } }));
    assert.notEqual(t1.id, t2.id, 'two tags may share a name');
    assert.equal((await fx.api('/tags', { body: { name: 'x', color: 'red' } })).status, 422);
    const attached = await fx.api(`/tags/documents/${docId}`, { body: { tag_id: t1.id } });
    assert.equal(attached.status, 200);
    assert.deepEqual(obj(attached), { document_id: docId, tag_ids: [t1.id] });
    const list = obj(await fx.api('/tags')).items as Json[];
    assert.deepEqual(
      list.map((t) => [t.id, t.document_ids]),
      [
        [t1.id, [docId]],
        [t2.id, []],
      ],
    );
    assert.equal((await fx.api(`/tags/documents/${docId}`, { body: { tag_id: 'tag_nope' } })).status, 404);
    assert.equal((await fx.api(`/tags/documents/doc_nope`, { body: { tag_id: t1.id } })).status, 404);
    assert.equal((await fx.api(`/tags/documents/${docId}/${t1.id as string}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fx.api(`/tags/documents/${docId}/${t1.id as string}`, { method: 'DELETE' })).status, 404);
    assert.equal((await fx.api(`/tags/${t2.id as string}`, { method: 'DELETE' })).status, 204);
    assert.deepEqual(
      (obj(await fx.api('/tags')).items as Json[]).map((t) => t.id),
      [t1.id],
    );
  });

  it("another account's projects, tags and documents are refused with 403 <resource>_not_owned everywhere", async () => {
    const other = await fx.newAccount(0);
    const theirDoc = await uploadDocument(fx, 'theirs.md', '# T\n', other.apiKey);
    const theirProject = obj(await fx.api('/projects', { body: { name: 'Theirs' }, key: other.apiKey }));
    const theirTag = obj(await fx.api('/tags', { body: { name: 'theirs' }, key: other.apiKey }));
    const mine = obj(await fx.api('/projects', { body: { name: 'Mine' } }));
    const myTag = obj(await fx.api('/tags', { body: { name: 'mine' } }));
    const pid = theirProject.id as string;
    for (const [method, path] of [
      ['GET', `/projects/${pid}`],
      ['PATCH', `/projects/${pid}`],
      ['DELETE', `/projects/${pid}`],
      ['DELETE', `/projects/${pid}/documents/${theirDoc}`],
    ] as const) {
      const r = await fx.api(path, { method, ...(method === 'PATCH' ? { body: { name: 'x' } } : {}) });
      assert.deepEqual([r.status, errorCode(r)], [403, 'project_not_owned'], `${method} ${path}`);
    }
    const r1 = await fx.api(`/projects/${mine.id as string}/documents`, { body: { document_id: theirDoc } });
    assert.deepEqual([r1.status, errorCode(r1)], [403, 'document_not_owned']);
    const r2 = await fx.api(`/tags/${theirTag.id as string}`, { method: 'DELETE' });
    assert.deepEqual([r2.status, errorCode(r2)], [403, 'tag_not_owned']);
    const r3 = await fx.api(`/tags/documents/${theirDoc}`, { body: { tag_id: myTag.id } });
    assert.deepEqual([r3.status, errorCode(r3)], [403, 'document_not_owned']);
    assert.deepEqual(obj(await fx.api('/projects')).items, [obj(await fx.api(`/projects/${mine.id as string}`))]);
  });

  it('search: only what the account may read, documents and jobs, by name, tag and project; free', async () => {
    const other = await fx.newAccount(0);
    await uploadDocument(fx, 'release-notes.md', '# Notes\n', other.apiKey);
    const docId = await uploadDocument(fx, 'release-plan.md', '# Plan\n');
    const plain = await uploadDocument(fx, 'budget.md', '# Budget\n');
    const tag = obj(await fx.api('/tags', { body: { name: 'Finance' } }));
    await fx.api(`/tags/documents/${plain}`, { body: { tag_id: tag.id } });
    const job = obj(await fx.api('/jobs', { body: { document_id: docId, target_lang: 'de' } }));
    const before = await ledgerCount();
    const hits = obj(await fx.api('/search?q=RELEASE')).items as Json[];
    assert.deepEqual(
      hits.map((h) => [h.type, h.id]).sort(),
      [
        ['document', docId],
        ['job', job.id],
      ].sort(),
    );
    assert.deepEqual(
      (obj(await fx.api('/search?q=finance')).items as Json[]).map((h) => h.id),
      [plain],
    );
    assert.equal((obj(await fx.api('/search?q=release&limit=1')).items as Json[]).length, 1);
    assert.equal(obj(await fx.api('/search?q=release&limit=1')).has_more, true);
    for (const q of ['', '?q=', '?q=x&limit=0', '?q=x&limit=51', '?q=x&limit=a']) assert.equal((await fx.api(`/search${q}`)).status, 422, q);
    assert.equal(await ledgerCount(), before, 'search is free');
  });

  it('workspace: files, entries with counts, apps with capabilities', async () => {
    const docId = await uploadDocument(fx, 'a.md', '# A\n');
    const p = obj(await fx.api('/projects', { body: { name: 'P' } }));
    await fx.api(`/projects/${p.id as string}/documents`, { body: { document_id: docId } });
    const files = obj(await fx.api('/workspace/files'));
    assert.equal((files.items as Json[])[0]!.name, 'a.md');
    assert.equal(files.has_more, false);
    const entries = obj(await fx.api('/workspace/entries')).items as Json[];
    assert.deepEqual(
      entries.map((e) => [e.kind, e.title, e.count]),
      [
        ['collection', 'Documents', 1],
        ['project', 'P', 1],
        ['collection', 'Shares', 0],
      ],
    );
    const apps = obj(await fx.api('/workspace/apps')).items as Json[];
    assert.ok(apps.every((a) => typeof a.capabilities === 'object' && a.capabilities !== null));
    assert.equal(apps.find((a) => a.code === 'media')!.available, false);
    assert.equal((await fx.api('/workspace/apps', { key: 'sk_test_nope' })).status, 401);
  });
});
