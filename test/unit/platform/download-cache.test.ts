// Downloads are reused across sessions (revalidated with the ETag once per session) and pruned by
// age and size.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DownloadCache, type Fetcher } from '../../../src/platform/downloadCache.ts';

function fakeService(calls: (string | undefined)[], body = 'translated', etag = '"v1"'): Fetcher {
  return async (dir, ifNoneMatch) => {
    calls.push(ifNoneMatch);
    if (ifNoneMatch === etag) return { notModified: true };
    const file = join(dir, 'guide.de.md');
    writeFileSync(file, body);
    return { notModified: false, path: file, etag };
  };
}

describe('download cache', () => {
  const limits = { maxBytes: 1_000_000, maxAgeMs: 30 * 86_400_000 };

  it('downloads once per session and revalidates with the ETag in the next one (304: no transfer)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dt-cache-'));
    const calls: (string | undefined)[] = [];
    const first = new DownloadCache(root, () => limits);
    const path = await first.get('artifact:a1', fakeService(calls));
    assert.equal(await first.get('artifact:a1', fakeService(calls)), path);
    assert.deepEqual(calls, [undefined], 'one download in the session');
    const next = new DownloadCache(root, () => limits);
    assert.equal(await next.get('artifact:a1', fakeService(calls)), path);
    assert.deepEqual(calls, [undefined, '"v1"'], 'the next session asks with If-None-Match and reuses the file');
  });

  it('downloads again when the file is gone or the ETag changed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dt-cache-'));
    const calls: (string | undefined)[] = [];
    await new DownloadCache(root, () => limits).get('artifact:a1', fakeService(calls));
    const changed = await new DownloadCache(root, () => limits).get('artifact:a1', fakeService(calls, 'new text', '"v2"'));
    assert.deepEqual(calls, [undefined, '"v1"']);
    assert.ok(existsSync(changed));
  });

  it('prunes entries past the age limit, then the least recently used past the size limit, and stray folders', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dt-cache-'));
    let now = 1_000_000_000_000;
    const cache = new DownloadCache(
      root,
      () => ({ maxBytes: 25, maxAgeMs: 10_000 }),
      () => now,
    );
    const calls: (string | undefined)[] = [];
    await cache.get('old', fakeService(calls, 'x'.repeat(10)));
    now += 20_000;
    await cache.get('a', fakeService(calls, 'a'.repeat(10)));
    now += 1;
    await cache.get('b', fakeService(calls, 'b'.repeat(10)));
    now += 1;
    await cache.get('c', fakeService(calls, 'c'.repeat(10)));
    writeFileSync(join(root, 'stray.tmp'), '');
    const before = readdirSync(root).length;
    const pruned = await cache.prune();
    assert.deepEqual(pruned, { removed: 2, bytes: 20 }, 'the old one by age, then "a" by size');
    const again: (string | undefined)[] = [];
    await new DownloadCache(root, () => limits).get('c', fakeService(again, 'c'.repeat(10)));
    assert.deepEqual(again, ['"v1"'], '"c" is still cached');
    assert.ok(readdirSync(root).length < before);
  });

  it('never removes a download in progress, even under limits that drop everything: a prune meanwhile leaves its folder alone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dt-cache-'));
    const cache = new DownloadCache(root, () => ({ maxBytes: 0, maxAgeMs: 0 }));
    await cache.get('old', fakeService([], 'x'.repeat(10)));
    let started!: () => void;
    const written = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A file tool's answer streaming into the cache: its folder is not in the index until it ends.
    const got = cache.get('file-tool:mergePdfs:1', async (dir) => {
      const file = join(dir, 'part-a-merged.pdf');
      writeFileSync(file, '%PDF merged');
      started();
      await gate;
      return { notModified: false, path: file };
    });
    await written;
    // The prune after activation runs whole while the download waits.
    assert.deepEqual(await cache.prune(), { removed: 1, bytes: 10 }, 'the finished entry goes, the one in progress stays');
    release();
    const path = await got;
    assert.equal(readFileSync(path, 'utf8'), '%PDF merged');
  });
});
