/**
 * The upload starts over once when finalize refuses its token as expired (401, FinalizeTokenError),
 * against the emulator over real HTTP: the token really expires there
 * (`POST /_emulator/uploads/expire-finalize-tokens`), so a finalize repeated with it would fail too.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbortError, AuthenticationError, FinalizeTokenError, PermissionError } from '../../../src/api/index.ts';
import { TestEmulator } from './support/emulator.ts';

interface UploadView {
  document_id: string;
  filename: string;
  state: string;
  declared_size: number;
  received_bytes: number;
}

describe('api/upload restarts once after an expired finalize token', () => {
  let emu: TestEmulator;
  before(async () => {
    emu = await TestEmulator.start();
  });
  beforeEach(async () => {
    await emu.reset();
    await emu.control('DELETE', '/requests');
  });
  after(async () => {
    await emu.assertNoStorageCredentials();
    await emu.close();
  });

  const expireNextTokens = (count: number): Promise<unknown> => emu.control('POST', '/uploads/expire-finalize-tokens', { count });
  const uploadsOf = async (filename: string): Promise<UploadView[]> =>
    (await emu.control<{ uploads: UploadView[] }>('GET', '/uploads')).uploads.filter((u) => u.filename === filename);
  const statuses = async (path: string): Promise<number[]> => (await emu.requests(`/api/v1${path}`)).map((r) => r.status);

  it('uploads again to a new address and finalizes with the new token; progress counts both transfers and never goes back', async () => {
    await expireNextTokens(1);
    const content = `# Slow link\n\n${'A large file on a slow link. '.repeat(40_000)}\n`;
    const size = Buffer.byteLength(content);
    const path = emu.file('slow.md', content);
    const progress: [number, number][] = [];
    const client = emu.client();

    const doc = await client.uploadFile(path, { onProgress: (sent, total) => progress.push([sent, total]) });

    assert.equal(doc.basename, 'slow.md');
    assert.equal(doc.file_size, size);
    assert.deepEqual(await statuses('/upload/presign'), [200, 200], 'two presigns');
    assert.deepEqual(await statuses('/upload/finalize'), [401, 200], 'the first token refused, the second accepted');
    const seen = await uploadsOf('slow.md');
    assert.equal(seen.length, 2, 'two addresses');
    assert.deepEqual(
      seen.map((u) => u.received_bytes),
      [size, size],
      'two complete PUTs',
    );
    assert.deepEqual(seen.map((u) => u.state).sort(), ['finalized', 'uploaded']);
    assert.equal(seen.find((u) => u.state === 'finalized')?.document_id, doc.id);

    const dir = mkdtempSync(join(tmpdir(), 'dt-restart-'));
    // The uploaded document is an item of the file library, downloaded with a ticket (spec 4.13).
    let fileId: string | undefined;
    for await (const file of client.storage.iterate()) if ((file.source as { id?: unknown } | undefined)?.id === doc.id) fileId = file.id;
    assert.ok(fileId, 'the upload is in the library');
    const saved = await client.storage.download(fileId, { targetDir: dir });
    assert.equal(saved.notModified, false);
    assert.equal(readFileSync(saved.notModified ? '' : saved.path, 'utf8'), content, 'the document holds the file');
    rmSync(dir, { recursive: true, force: true });

    assert.deepEqual(progress.at(-1), [2 * size, 2 * size]);
    assert.ok(
      progress.some(([sent, total]) => sent === size && total === size),
      'the first transfer reached the size',
    );
    assert.deepEqual([...new Set(progress.map(([, total]) => total))], [size, 2 * size], 'the total grows once, at the restart');
    for (let i = 1; i < progress.length; i++) {
      assert.ok(progress[i]![0] >= progress[i - 1]![0], `sent bytes went back at report ${i}: ${progress[i - 1]![0]} -> ${progress[i]![0]}`);
    }
  });

  it('reports FinalizeTokenError when the new token is refused too, after exactly one restart', async () => {
    await expireNextTokens(2);
    const client = emu.client();
    await assert.rejects(client.uploadFile(emu.file('twice.txt', 'refused twice')), (err: unknown) => {
      assert.ok(err instanceof FinalizeTokenError, String(err));
      assert.equal(err.code, 'finalize_token_invalid');
      assert.equal(err.status, 401);
      return true;
    });
    assert.deepEqual(await statuses('/upload/presign'), [200, 200], 'one restart, not more');
    assert.deepEqual(await statuses('/upload/finalize'), [401, 401]);
    const seen = await uploadsOf('twice.txt');
    assert.deepEqual(
      seen.map((u) => [u.state, u.received_bytes]),
      [
        ['uploaded', 13],
        ['uploaded', 13],
      ],
      'two complete PUTs, neither finalized',
    );
  });

  it('stops at an abort during the restart: AbortError, no further finalize', async () => {
    await expireNextTokens(1);
    const size = 8 * 1024 * 1024;
    const path = emu.file('abort.txt', 'x'.repeat(size));
    const ac = new AbortController();
    let abortedAt: [number, number] | undefined;
    const client = emu.client();
    const running = client.uploadFile(path, {
      signal: ac.signal,
      onProgress: (sent, total) => {
        if (abortedAt === undefined && total > size && sent > size + 1024 * 1024) {
          abortedAt = [sent, total];
          ac.abort();
        }
      },
    });
    await assert.rejects(running, AbortError);
    assert.ok(abortedAt !== undefined, 'the second transfer was under way');
    assert.deepEqual(await statuses('/upload/presign'), [200, 200]);
    assert.deepEqual(await statuses('/upload/finalize'), [401], 'nothing finalized after the abort');
    const seen = await uploadsOf('abort.txt');
    assert.equal(seen.filter((u) => u.state === 'finalized').length, 0);
    assert.equal(seen.filter((u) => u.received_bytes === size).length, 1, 'only the first transfer completed');
  });

  it('other refusals at finalize are reported as before, without a new upload', async () => {
    const client = emu.client();
    await emu.control('POST', '/faults', { kind: 'status', status: 401, code: 'invalid_api_key', path_prefix: '/api/v1/upload/finalize', count: 1 });
    await assert.rejects(client.uploadFile(emu.file('key.txt', 'key refused')), AuthenticationError);
    await emu.control('POST', '/faults', { kind: 'status', status: 403, code: 'finalize_token_not_owned', path_prefix: '/api/v1/upload/finalize', count: 1 });
    await assert.rejects(client.uploadFile(emu.file('owner.txt', 'not owned')), PermissionError);
    assert.deepEqual(await statuses('/upload/presign'), [200, 200], 'one presign per upload');
  });
});
