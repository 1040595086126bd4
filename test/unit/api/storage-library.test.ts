/** The unified file library over real HTTP: the paging iterator, downloads without the key, permissions and links. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbortError, DocTranslateClient, PermissionError, UnexpectedResponseError, type StorageFile } from '../../../src/api/index.ts';
import { CapturingLogger } from './support/canary.ts';
import { TestEmulator } from './support/emulator.ts';
import { HeaderSpy } from './support/header-spy.ts';
import { startRawServer } from './support/raw-server.ts';

describe('api/storage: the unified file library', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;
  const logger = new CapturingLogger();

  before(async () => {
    emu = await TestEmulator.start();
    client = emu.client({ logger });
    dir = await mkdtemp(join(tmpdir(), 'dt-storage-'));
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => emu.reset());

  const seed = async (body: Record<string, unknown>): Promise<{ id: string }[]> =>
    (await emu.control<{ items: { id: string }[] }>('POST', '/storage/files', body)).items;

  it('the iterator visits each item exactly once over 3+ pages, following next_offset until has_more is false', async () => {
    const seeded = await seed({ count: 11, name: 'item-{n}.txt' });
    await emu.control('DELETE', '/requests');
    const seen: StorageFile[] = [];
    for await (const item of client.storage.iterate({ pageSize: 4 })) seen.push(item);
    assert.deepEqual(
      seen.map((f) => f.id),
      seeded.map((f) => f.id),
    );
    assert.equal(new Set(seen.map((f) => f.id)).size, 11);
    const pages = await emu.requests('/api/v1/storage/files');
    assert.equal(pages.length, 3, '4 + 4 + 3 items');
    assert.ok(seen.every((f) => typeof f.capabilities.can_download === 'boolean' && f.origin.product_code === 'drive'));
  });

  it('stops when aborted, between pages and before the first', async () => {
    await seed({ count: 9 });
    const controller = new AbortController();
    const seen: string[] = [];
    await assert.rejects(async () => {
      for await (const item of client.storage.iterate({ pageSize: 3, signal: controller.signal })) {
        seen.push(item.id);
        if (seen.length === 4) controller.abort();
      }
    }, AbortError);
    assert.equal(seen.length, 4);
    await emu.control('DELETE', '/requests');
    await assert.rejects(async () => {
      for await (const _ of client.storage.iterate({ signal: AbortSignal.abort() })) assert.fail('nothing expected');
    }, AbortError);
    assert.equal((await emu.requests('/api/v1/storage/files')).length, 0);
  });

  it('a server that says has_more without moving forward is an error, not an endless loop', async () => {
    const raw = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ items: [], has_more: true, next_offset: 0 }));
    });
    try {
      const c = new DocTranslateClient({ baseUrl: raw.baseUrl, apiKey: emu.emu.apiKey, maxRetries: 0 });
      await assert.rejects(async () => {
        for await (const _ of c.storage.iterate()) assert.fail('no items');
      }, UnexpectedResponseError);
      await c.close();
    } finally {
      await raw.close();
    }
  });

  it('downloads through content (302) and a ticket without the key: no request to the storage origin carries the key or a token', async () => {
    const [f] = await seed({ name: 'notes.txt', content: 'library bytes' });
    const spy = new HeaderSpy().start();
    try {
      const viaContent = await client.storage.download(f!.id, { via: 'content', targetDir: dir });
      assert.equal(readFileSync(viaContent.path!, 'utf8'), 'library bytes');
      const viaTicket = await client.storage.download(f!.id, { targetDir: dir });
      assert.equal(readFileSync(viaTicket.path!, 'utf8'), 'library bytes');
      const link = await client.storage.createLink(f!.id, { expires_in_days: 7 });
      const res = await fetch(link.url!);
      assert.equal(await res.text(), 'library bytes');
      const storage = spy.to(emu.emu.storageUrl);
      assert.ok(storage.length >= 3);
      assert.deepEqual(HeaderSpy.leaks(storage, [emu.emu.apiKey, link.token!]), []);
    } finally {
      spy.stop();
    }
  });

  it('an expired ticket address is asked for again once', async () => {
    const [f] = await seed({ content: 'again' });
    await emu.control('DELETE', '/requests');
    // The first address is expired by the time it is used: a storage fault answers it with 410.
    await emu.control('POST', '/faults', { kind: 'status', origin: 'storage', status: 410, code: 'url_expired', path_prefix: '/downloads/', count: 1 });
    const got = await client.storage.download(f!.id, { targetDir: dir });
    assert.equal(readFileSync(got.path!, 'utf8'), 'again');
    assert.equal((await emu.requests('/api/v1/storage/files')).filter((r) => r.path.endsWith('/download-ticket')).length, 2);
  });

  it('capabilities: no download is a PermissionError; permissions and links are created, listed and deleted', async () => {
    const [locked] = await seed({ capabilities: { can_download: false, can_share: false } });
    await assert.rejects(client.storage.download(locked!.id, { targetDir: dir }), PermissionError);
    await assert.rejects(client.storage.createLink(locked!.id, {}), PermissionError);
    const [f] = await seed({});
    const other = await emu.createAccount(0);
    const g = await client.storage.grant(f!.id, { grantee: other.account_id, role: 'viewer' });
    const theirs = emu.client({ apiKey: other.api_key });
    assert.equal((await theirs.storage.get(f!.id)).capabilities.can_share, false);
    assert.deepEqual(
      (await client.storage.listPermissions(f!.id)).items.map((x) => x.id),
      [g.id],
    );
    await client.storage.revokePermission(f!.id, g.id);
    await assert.rejects(theirs.storage.get(f!.id), PermissionError);
    const l = await client.storage.createLink(f!.id, { audience: 'anyone', allow_download: true, max_downloads: 5 });
    assert.deepEqual(
      (await client.storage.listLinks(f!.id)).items.map((x) => x.id),
      [l.id],
    );
    await client.storage.deleteLink(f!.id, l.id);
    assert.equal((await fetch(l.url!)).status, 404);
  });

  it('share and link tokens never reach a log line, even on retries', async () => {
    await emu.addFault({ kind: 'status', status: 503, path_prefix: '/api/v1/shares/', count: 1 });
    const token = `shr_${'ab'.repeat(16)}`;
    logger.lines.length = 0;
    await assert.rejects(client.shares.get(token));
    assert.ok(
      logger.lines.some((l) => l.startsWith('warn retrying GET /shares/REDACTED')),
      logger.lines.join('\n'),
    );
    assert.deepEqual(
      logger.lines.filter((l) => l.includes(token)),
      [],
    );
  });
});
