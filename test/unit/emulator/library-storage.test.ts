import assert from 'node:assert/strict';
import { call, errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, setSettings, startJob, uploadDocument, waitEnded } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';
import { advanceClock } from './upload-fixture.ts';

const CAPABILITIES = ['can_view', 'can_download', 'can_update', 'can_delete', 'can_share'];

describe('emulator: unified storage library', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  const seed = async (body: Json): Promise<Json[]> => {
    const r = await fx.control('/storage/files', { method: 'POST', body });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return obj(r).items as Json[];
  };

  it('lists inputs, results and own files with every field of part 2.8, paged by offset/limit', async () => {
    const docId = await uploadDocument(fx, 'guide.md', '# Guide\n');
    const jobId = await startJob(fx, { document_id: docId, target_lang: 'de' });
    await waitEnded(fx, jobId);
    await seed({ count: 3 });
    const first = obj(await fx.api('/storage/files?limit=2'));
    assert.deepEqual([first.has_more, first.next_offset], [true, 2]);
    const item = (first.items as Json[])[0]!;
    for (const field of ['id', 'name', 'content_type', 'size_bytes', 'status', 'publication_status', 'origin', 'capabilities', 'created_at', 'updated_at'])
      assert.ok(field in item, field);
    assert.match(item.id as string, /^file_/);
    assert.notEqual(item.id, docId, 'file_id is not the document_id');
    assert.deepEqual([item.name, item.status, item.publication_status, (item.origin as Json).product_code], ['guide.md', 'ready', 'draft', 'translate']);
    assert.deepEqual(Object.keys(item.capabilities as Json).sort(), [...CAPABILITIES].sort());
    const result = (first.items as Json[])[1]!;
    assert.deepEqual(
      [(result.capabilities as Json).can_update, (result.capabilities as Json).can_delete, (result.capabilities as Json).can_download],
      [false, false, true],
    );
    const ids: string[] = [];
    for (let offset: number | undefined = 0; offset !== undefined;) {
      const p = obj(await fx.api(`/storage/files?limit=2&offset=${offset}`));
      ids.push(...(p.items as Json[]).map((x) => x.id as string));
      offset = p.has_more === true ? (p.next_offset as number) : undefined;
    }
    assert.equal(ids.length, 5);
    assert.equal(new Set(ids).size, 5);
    for (const q of ['?limit=0', '?limit=101', '?offset=-1']) assert.equal((await fx.api(`/storage/files${q}`)).status, 422, q);
  });

  it('file_id and document_id are not interchangeable', async () => {
    const docId = await uploadDocument(fx, 'guide.md', '# Guide\n');
    const fileId = (obj(await fx.api('/storage/files')).items as Json[])[0]!.id as string;
    assert.equal((await fx.api(`/storage/files/${docId}`)).status, 404);
    assert.equal((await fx.api(`/documents/${fileId}`)).status, 404);
    const job = await fx.api('/jobs', { body: { document_id: fileId, target_lang: 'de' } });
    assert.deepEqual([job.status, errorCode(job)], [404, 'document_not_found']);
    assert.equal(obj(await fx.api(`/storage/files/${fileId}`)).name, 'guide.md');
    await fx.api(`/documents/${docId}`, { method: 'PATCH', body: { basename: 'renamed.md' } });
    assert.equal(obj(await fx.api(`/storage/files/${fileId}`)).name, 'renamed.md', 'the item follows its document');
    await fx.api(`/documents/${docId}`, { method: 'DELETE' });
    assert.equal((await fx.api(`/storage/files/${fileId}`)).status, 404);
  });

  it('content answers 302 to a short-lived storage address; download-ticket gives one; both expire; neither needs the key', async () => {
    const [f] = await seed({ content: 'hello {n}', name: 'hello.txt' });
    const r = await fetch(`${fx.emu.baseUrl}/storage/files/${f!.id as string}/content`, { headers: { 'X-API-Key': fx.emu.apiKey }, redirect: 'manual' });
    assert.equal(r.status, 302);
    const location = r.headers.get('location')!;
    assert.ok(location.startsWith(fx.emu.storageUrl), location);
    assert.equal(await (await fetch(location)).text(), 'hello 1');
    const t = obj(await fx.api(`/storage/files/${f!.id as string}/download-ticket`, { method: 'POST' }));
    assert.equal(t.expires_in, 60);
    assert.equal(await (await fetch(t.url as string)).text(), 'hello 1');
    await advanceClock(fx, 61);
    const expired = await call(t.url as string);
    assert.deepEqual([expired.status, errorCode(expired)], [410, 'url_expired']);
    assert.equal((await call(location)).status, 410);
    assert.deepEqual(obj(await fx.control('/storage/credential-log')).requests, [], 'no key reached the storage origin');
  });

  it('capabilities decide: no download, no share', async () => {
    const [f] = await seed({ capabilities: { can_download: false, can_share: false } });
    const id = f!.id as string;
    for (const [method, path] of [
      ['GET', 'content'],
      ['POST', 'download-ticket'],
    ] as const) {
      const r = await fx.api(`/storage/files/${id}/${path}`, { method });
      assert.deepEqual([r.status, errorCode(r)], [403, 'download_not_allowed'], path);
    }
    const grant = await fx.api(`/storage/files/${id}/permissions`, { body: { grantee: 'a@example.com' } });
    assert.deepEqual([grant.status, errorCode(grant)], [403, 'share_not_allowed']);
    const link = await fx.api(`/storage/files/${id}/links`, { body: {} });
    assert.deepEqual([link.status, errorCode(link)], [403, 'share_not_allowed']);
    const [g] = await seed({ capabilities: { can_download: false } });
    const viewOnly = await fx.api(`/storage/files/${g!.id as string}/links`, { body: { allow_download: true } });
    assert.deepEqual([viewOnly.status, errorCode(viewOnly)], [403, 'download_not_allowed']);
    assert.equal((await fx.api(`/storage/files/${g!.id as string}/links`, { body: { allow_download: false } })).status, 201);
  });

  it("permissions: grant to another account (it then sees the item with its role's capabilities), list, delete", async () => {
    const other = await fx.newAccount(0);
    const [f] = await seed({ name: 'shared.txt' });
    const id = f!.id as string;
    const denied = await fx.api(`/storage/files/${id}`, { key: other.apiKey });
    assert.deepEqual([denied.status, errorCode(denied)], [403, 'file_not_owned']);
    assert.equal((await fx.api(`/storage/files/${id}/permissions`, { body: { grantee: other.accountId, role: 'owner' } })).status, 422);
    const g = obj(await fx.api(`/storage/files/${id}/permissions`, { body: { grantee: other.accountId, role: 'viewer' } }));
    assert.match(g.id as string, /^grt_/);
    const seen = obj(await fx.api(`/storage/files/${id}`, { key: other.apiKey }));
    assert.deepEqual(seen.capabilities, { can_view: true, can_download: true, can_update: false, can_delete: false, can_share: false });
    assert.deepEqual(
      (obj(await fx.api('/storage/files', { key: other.apiKey })).items as Json[]).map((x) => x.id),
      [id],
    );
    const reshare = await fx.api(`/storage/files/${id}/links`, { body: {}, key: other.apiKey });
    assert.deepEqual([reshare.status, errorCode(reshare)], [403, 'share_not_allowed']);
    assert.deepEqual(
      (obj(await fx.api(`/storage/files/${id}/permissions`)).items as Json[]).map((x) => x.id),
      [g.id],
    );
    assert.equal((await fx.api(`/storage/files/${id}/permissions/${g.id as string}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fx.api(`/storage/files/${id}/permissions/${g.id as string}`, { method: 'DELETE' })).status, 404);
    assert.equal((await fx.api(`/storage/files/${id}`, { key: other.apiKey })).status, 403);
  });

  it('links: the token downloads without a key until deleted, expired or used up', async () => {
    const [f] = await seed({ content: 'linked' });
    const id = f!.id as string;
    const bad = await fx.api(`/storage/files/${id}/links`, { body: { audience: 'world', expires_in_days: 0, max_downloads: 0 } });
    assert.equal(bad.status, 422);
    assert.equal((bad.body as { error: { field_errors: unknown[] } }).error.field_errors.length, 3);
    const l = obj(await fx.api(`/storage/files/${id}/links`, { body: { expires_in_days: 1, max_downloads: 2 } }));
    assert.match(l.token as string, /^lt_[0-9a-f]{32}$/);
    assert.ok((l.url as string).startsWith(fx.emu.storageUrl));
    assert.equal(await (await fetch(l.url as string)).text(), 'linked');
    assert.equal(await (await fetch(l.url as string)).text(), 'linked');
    const used = await call(l.url as string);
    assert.deepEqual([used.status, errorCode(used)], [410, 'link_exhausted']);
    const l2 = obj(await fx.api(`/storage/files/${id}/links`, { body: { expires_in_days: 1 } }));
    await advanceClock(fx, 86_401);
    assert.deepEqual(errorCode(await call(l2.url as string)), 'link_expired');
    const l3 = obj(await fx.api(`/storage/files/${id}/links`, { body: {} }));
    assert.equal((await fetch(l3.url as string)).status, 200);
    assert.equal((obj(await fx.api(`/storage/files/${id}/links`)).items as Json[]).length, 3);
    assert.equal((await fx.api(`/storage/files/${id}/links/${l3.id as string}`, { method: 'DELETE' })).status, 204);
    assert.equal((await fetch(l3.url as string)).status, 404);
    const restricted = obj(await fx.api(`/storage/files/${id}/links`, { body: { audience: 'restricted' } }));
    assert.equal(errorCode(await call(restricted.url as string)), 'audience_restricted');
    const other = await fx.newAccount(0);
    assert.equal(errorCode(await fx.api(`/storage/files/${id}/links`, { key: other.apiKey })), 'file_not_owned');
  });
});
