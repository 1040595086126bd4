/** Projects, tags, search, workspace and share links over real HTTP against the emulator. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocTranslateClient, NotFoundError, PermissionError, ValidationError } from '../../../src/api/index.ts';
import { CanaryJar, CapturingLogger } from './support/canary.ts';
import { TestEmulator } from './support/emulator.ts';
import { HeaderSpy } from './support/header-spy.ts';

describe('api/library: projects, tags, search, workspace, shares', () => {
  let emu: TestEmulator;
  let client: DocTranslateClient;
  const logger = new CapturingLogger();
  let dir: string;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 40 });
    client = emu.client({ logger });
    dir = await mkdtemp(join(tmpdir(), 'dt-library-'));
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function artifactId(): Promise<string> {
    const doc = await emu.upload(client, 'guide.md', '# Guide\n\nShare me.\n');
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'de' });
    assert.equal((await client.jobs.watch(job.id, { pollIntervalMs: 50 })).status, 'completed');
    return (await client.artifacts.list(job.id))[0]!.id;
  }

  it('projects: create, add a document (same id, no copy), list, rename, remove, delete; free', async () => {
    const before = (await emu.ledger()).length;
    const doc = await emu.upload(client, 'chapter.md', '# One\n');
    const p = await client.projects.create({ name: 'Handbook' });
    const added = await client.projects.addDocument(p.id, doc.id);
    assert.deepEqual(added.document_ids, [doc.id]);
    assert.equal((await client.documents.get(doc.id)).id, doc.id);
    assert.ok((await client.projects.list()).items.some((x) => x.id === p.id));
    assert.equal((await client.projects.update(p.id, { name: 'Guide' })).name, 'Guide');
    await client.projects.removeDocument(p.id, doc.id);
    assert.deepEqual((await client.projects.get(p.id)).document_ids, []);
    await client.projects.delete(p.id);
    await assert.rejects(client.projects.get(p.id), NotFoundError);
    await assert.rejects(client.projects.create({ name: ' ' }), ValidationError);
    assert.equal((await emu.ledger()).length, before);
  });

  it("tags: create two with one name (ids differ), attach, detach, delete; another account's are PermissionError", async () => {
    const doc = await emu.upload(client, 'a.md', '# A\n');
    const t1 = await client.tags.create({ name: 'review' });
    const t2 = await client.tags.create({ name: 'review' });
    assert.notEqual(t1.id, t2.id);
    assert.deepEqual((await client.tags.attach(doc.id, t1.id)).tag_ids, [t1.id]);
    assert.deepEqual((await client.tags.list()).items.find((t) => t.id === t1.id)?.document_ids, [doc.id]);
    await client.tags.detach(doc.id, t1.id);
    await client.tags.delete(t2.id);
    assert.ok(!(await client.tags.list()).items.some((t) => t.id === t2.id));
    const other = await emu.createAccount(0);
    const theirs = emu.client({ apiKey: other.api_key });
    const theirTag = await theirs.tags.create({ name: 'theirs' });
    const err = await client.tags.delete(theirTag.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof PermissionError);
    assert.equal(err.serviceCode, 'tag_not_owned');
  });

  it('search finds documents and jobs (free); workspace entries and apps come as returned', async () => {
    const doc = await emu.upload(client, 'searchable-notes.md', '# Notes\n');
    const job = await client.jobs.create({ document_id: doc.id, target_lang: 'fr' });
    const hits = await client.search.query('searchable', { limit: 10 });
    assert.deepEqual(hits.items.map((h) => `${h.type}:${h.id}`).sort(), [`document:${doc.id}`, `job:${job.id}`].sort());
    await assert.rejects(client.search.query('  '), ValidationError);
    const entries = await client.workspace.entries();
    assert.ok(entries.items.some((e) => e.kind === 'collection'));
    const apps = await client.workspace.apps();
    assert.ok(apps.items.every((a) => typeof a.capabilities === 'object'));
    assert.ok((await client.workspace.files({ limit: 5 })).items.length > 0);
  });

  it('a share link downloads without the key (no key header on that request), stops after delete, and its token is never logged', async () => {
    const artifact = await artifactId();
    const spy = new HeaderSpy().start();
    const jar = new CanaryJar();
    try {
      const share = await client.shares.create({ artifact_id: artifact, expires_in_days: 30 });
      assert.ok(share.expires_at);
      const got = await client.shares.download(share.token, { targetDir: dir });
      assert.equal(got.notModified, false);
      assert.match(readFileSync(got.path!, 'utf8'), /\S/);
      // The reviewer's view: a client with another (invalid) key still sends none to the share address.
      const stranger = emu.client({ apiKey: 'sk_test_' + '0'.repeat(40), logger });
      await stranger.shares.download(share.token, { targetDir: dir });
      const shareRequests = spy.seen.filter((r) => r.path.includes('/download') && r.path.includes('/shares/'));
      assert.equal(shareRequests.length, 2);
      assert.deepEqual(HeaderSpy.leaks(shareRequests, [share.token]), [], 'no key, no token in a header');
      assert.equal((await client.shares.get(share.token)).artifact_id, artifact);
      assert.ok((await client.shares.list()).items.some((s) => s.token === share.token));
      await client.shares.delete(share.token);
      const err = await client.shares.download(share.token, { targetDir: dir }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(err instanceof NotFoundError, String(err));
      jar.addError(err);
      jar.addError(await client.shares.get(share.token).catch((e: unknown) => e));
      jar.addLines(logger.lines);
      assert.ok(
        logger.lines.some((l) => l.includes('/shares/REDACTED')),
        'share requests were logged, redacted',
      );
      assert.deepEqual(
        jar.texts.filter((t) => t.includes(share.token)),
        [],
        'the token leaked',
      );
      assert.deepEqual(HeaderSpy.leaks(spy.to(emu.emu.storageUrl), [share.token, emu.emu.apiKey]), []);
    } finally {
      spy.stop();
    }
  });

  it('share expiry is checked before sending (1-365 days or none)', async () => {
    for (const days of [0, 366, 1.5]) await assert.rejects(client.shares.create({ artifact_id: 'art_x', expires_in_days: days }), ValidationError);
    await assert.rejects(client.shares.create({ artifact_id: '' }), ValidationError);
  });
});
