/**
 * The stat cache (.doc-translate/stat-cache): a status, check or dry run reads again only the files
 * whose stat changed since a scan recorded them, and the lock only when its own stat changed; a file
 * whose times are not older than the stamp taken before it was read ("racy") is never trusted; a
 * missing, corrupt or truncated cache is ignored; the editor's reads never go through it. Reads are
 * counted with a spy on the guarded layer (every read of the engine goes through readBytesSync).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stats } from 'node:fs';
import { dryRun, loadConfig, planStatus, update, type LocalizeConfig } from '../../../src/localize/index.ts';
import { StatCache } from '../../../src/localize/statCache.ts';
import { decodeCache, encodeCache, STAT_CACHE } from '../../../src/localize/statCacheFile.ts';
import { statKey } from '../../../src/localize/statCacheRecords.ts';
import { prestartStatPool, takeStatPool } from '../../../src/localize/statCacheStat.ts';
import { GuardedRoot } from '../../../src/shared/guardedFs.ts';
import { pagePath, writeDocs } from './support/docs.ts';
import { markingClient, pagesRead, readsDuring, settle } from './support/reads.ts';

const PAGES = 9;

const client = markingClient;

/** Same length, different content: the size stays, only the bytes change. */
function editInPlace(path: string, from: string, to: string): void {
  assert.equal(from.length, to.length);
  const text = readFileSync(path, 'utf8');
  assert.ok(text.includes(from), `${path} holds ${from}`);
  writeFileSync(path, text.replace(from, to));
}

describe('localize: stat cache', function () {
  this.timeout(120_000);
  let dir: string;
  let config: LocalizeConfig;
  let all: string[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'doc-translate-statcache-'));
    const pages = writeDocs(dir, { files: PAGES });
    config = await loadConfig(dir);
    const r = await update({ config, client });
    assert.equal(r.written.length, PAGES * 2);
    all = [...pages, ...r.written, 'doc-translate.lock'];
    await settle(dir, all);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a second status reads no page and not the lock, and says the same', async () => {
    const first = await readsDuring(dir, () => planStatus({ config }));
    assert.equal(first.result.counts['up-to-date'], PAGES * 2);
    assert.equal(pagesRead(first.reads).length, PAGES * 3, 'the first status reads every page once');
    const second = await readsDuring(dir, () => planStatus({ config }));
    assert.deepEqual(second.result, first.result);
    assert.deepEqual(pagesRead(second.reads), []);
    assert.ok(!second.reads.includes('doc-translate.lock'), 'the lock is not read while its stat holds');
    // The dry run and an update with nothing to do answer from the same cache.
    const dry = await readsDuring(dir, () => dryRun({ config }));
    assert.deepEqual(pagesRead(dry.reads), []);
    assert.equal(dry.result.counts['up-to-date'], PAGES * 2);
    const noop = await readsDuring(dir, () => update({ config, client }));
    assert.equal(noop.result.written.length, 0);
    assert.deepEqual(pagesRead(noop.reads), []);
  });

  it('an edited translation (same size) is found edited and an edited source stale; only their files are read again', async () => {
    await planStatus({ config });
    const de = join(dir, 'docs/de', pagePath(1).slice('docs/'.length));
    editInPlace(de, 'DE Paragraph 1', 'DE paragraph 1');
    editInPlace(join(dir, pagePath(2)), 'Paragraph 2 of page 2', 'Paragraph 2 of page 2'.replace('P', 'p'));
    const { result, reads } = await readsDuring(dir, () => planStatus({ config }));
    const state = (source: string, lang: string) => result.targets.find((t) => t.source === source && t.lang === lang)?.state;
    assert.equal(state(pagePath(1), 'de'), 'edited');
    assert.equal(state(pagePath(1), 'fr'), 'up-to-date');
    assert.equal(state(pagePath(2), 'de'), 'stale');
    assert.equal(state(pagePath(2), 'fr'), 'stale');
    assert.equal(result.counts['up-to-date'], PAGES * 2 - 3);
    // Pages 1 and 2 with their translations; no other page.
    const groups = new Set(pagesRead(reads).map((r) => r.replace(/^docs\/(?:de|fr)\//, 'docs/')));
    assert.deepEqual([...groups].sort(), [pagePath(1), pagePath(2)].sort());
  });

  it('once recorded, an edited translation stays edited and a stale source stale, answered from stats only where the lock allows', async () => {
    await planStatus({ config });
    const de = `docs/de/${pagePath(1).slice('docs/'.length)}`;
    editInPlace(join(dir, de), 'DE Paragraph 1', 'DE paragraph 1');
    editInPlace(join(dir, pagePath(2)), 'Paragraph 2 of page 2', 'Paragraph 2 of page 2'.replace('P', 'p'));
    await settle(dir, [de, pagePath(2)]);
    // This status reads the edited files and records their new hashes and stats.
    const first = await planStatus({ config });
    await settle(dir, [de, pagePath(2)]);
    const { result, reads } = await readsDuring(dir, () => planStatus({ config }));
    assert.deepEqual(result, first);
    const state = (source: string, lang: string) => result.targets.find((t) => t.source === source && t.lang === lang)?.state;
    // The translation's stat is the recorded one and its hash is not the lock's output: edited, from stats.
    assert.equal(state(pagePath(1), 'de'), 'edited');
    // The source's stat is the recorded one, but the lock's entries were made from its old text:
    // never up to date from stats; its files are read and planned again.
    assert.equal(state(pagePath(2), 'de'), 'stale');
    assert.equal(state(pagePath(2), 'fr'), 'stale');
    const groups = new Set(pagesRead(reads).map((r) => r.replace(/^docs\/(?:de|fr)\//, 'docs/')));
    assert.deepEqual([...groups], [pagePath(2)]);
  });

  it('run from the folder itself (the command line): files are statted by their relative paths, with the same answers', async () => {
    // The working directory is a real path: so is the root here (a temporary folder may be reached through a link).
    const real = realpathSync(dir);
    const root = GuardedRoot.openSync(real);
    const cfg = await loadConfig(real);
    const before = await planStatus({ config: cfg });
    const back = process.cwd();
    process.chdir(real);
    try {
      assert.equal(StatCache.load(root, false, true).relative, true);
      assert.equal(StatCache.load(root, false, false).relative, false, 'only when the caller keeps the working directory');
      const same = await readsDuring(real, () => planStatus({ config: cfg, fixedCwd: true }));
      assert.deepEqual(same.result, before);
      assert.deepEqual(pagesRead(same.reads), []);
      editInPlace(join(real, 'docs/de', pagePath(1).slice('docs/'.length)), 'DE Paragraph 1', 'DE paragraph 1');
      rmSync(join(real, 'docs/fr', pagePath(3).slice('docs/'.length)));
      const { result, reads } = await readsDuring(real, () => planStatus({ config: cfg, fixedCwd: true }));
      const state = (source: string, lang: string) => result.targets.find((t) => t.source === source && t.lang === lang)?.state;
      assert.equal(state(pagePath(1), 'de'), 'edited');
      assert.equal(state(pagePath(3), 'fr'), 'missing');
      assert.equal(result.counts['up-to-date'], PAGES * 2 - 2);
      assert.deepEqual([...new Set(pagesRead(reads).map((r) => r.replace(/^docs\/(?:de|fr)\//, 'docs/')))].sort(), [pagePath(1), pagePath(3)].sort());
    } finally {
      process.chdir(back);
    }
    assert.equal(StatCache.load(root, false, true).relative, false, 'another working directory');
  });

  it('racy: a file whose times are not older than the stamp is never trusted, and read by every scan', async () => {
    const fr = join(dir, 'docs/fr', pagePath(4).slice('docs/'.length));
    const future = Date.now() / 1000 + 3600;
    utimesSync(fr, future, future);
    for (let round = 0; round < 2; round++) {
      const { result, reads } = await readsDuring(dir, () => planStatus({ config }));
      assert.equal(result.counts['up-to-date'], PAGES * 2);
      assert.ok(reads.includes(`docs/fr/${pagePath(4).slice('docs/'.length)}`), `round ${round}: the racy file is read`);
    }
    // Its content changes, its size and modification time stay: still caught.
    editInPlace(fr, 'FR Paragraph 1', 'FR paragraph 1');
    utimesSync(fr, future, future);
    const { result } = await readsDuring(dir, () => planStatus({ config }));
    assert.equal(result.targets.find((t) => t.source === pagePath(4) && t.lang === 'fr')?.state, 'edited');
  });

  it('racy, at the level of the cache: the same stat with other content is caught when the times are not older than the stamp', async () => {
    const root = GuardedRoot.openSync(dir);
    const cache = StatCache.load(root);
    cache.setListing('k', { pages: ['a.md'], files: [], leftOut: [] }, 1, () => 'de/a.md');
    assert.ok(await cache.takeStamp());
    const stamp = statSync(join(dir, '.doc-translate')).mtimeMs; // the temporary file was created just now
    const st = (mtimeMs: number): Stats => ({ size: 10, mtimeMs, ctimeMs: mtimeMs, ino: 7 }) as Stats;
    // Recorded with times at (or after) the stamp: racy, never known, whatever is said later.
    cache.record(0, st(stamp + 1000), '0123456789abcdef', false);
    assert.equal(cache.known(0, st(stamp + 1000)), false);
    // Older than the stamp: known while the stat is the same, not once it differs.
    cache.record(1, st(stamp - 1000), 'fedcba9876543210', false);
    assert.equal(cache.known(1, st(stamp - 1000)), true);
    assert.equal(cache.hashAt(1), 'fedcba9876543210');
    assert.equal(cache.known(1, st(stamp - 999)), false);
    await cache.discard();
  });

  it('a missing, corrupt or truncated cache is ignored (the files are read, the answer is the same) and written anew', async () => {
    const expected = (await planStatus({ config })).counts;
    const cacheFile = join(dir, STAT_CACHE);
    const good = readFileSync(cacheFile);
    for (const damage of [
      () => rmSync(cacheFile),
      () => writeFileSync(cacheFile, 'not a cache at all'),
      () => writeFileSync(cacheFile, good.subarray(0, Math.floor(good.length / 2))),
      () => writeFileSync(cacheFile, Buffer.concat([good.subarray(0, 60), Buffer.alloc(good.length - 60, 0xff)])),
    ]) {
      damage();
      const broken = await readsDuring(dir, () => planStatus({ config }));
      assert.deepEqual(broken.result.counts, expected);
      assert.equal(pagesRead(broken.reads).length, PAGES * 3);
      await settle(dir, all);
      const next = await readsDuring(dir, () => planStatus({ config }));
      assert.deepEqual(next.result.counts, expected);
      assert.deepEqual(pagesRead(next.reads), [], 'the cache was written again');
    }
  });

  it('the lock edited by hand, a new page and a deleted page are all seen', async () => {
    await planStatus({ config });
    const lockPath = join(dir, 'doc-translate.lock');
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { files: Record<string, { output: string }> };
    const target = `docs/de/${pagePath(3).slice('docs/'.length)}`;
    lock.files[target]!.output = '0000000000000000';
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    writeFileSync(join(dir, 'docs/new-page.md'), '# New\n\nA new page.\n');
    rmSync(join(dir, pagePath(5)));
    const s = await planStatus({ config });
    const state = (source: string, lang: string) => s.targets.find((t) => t.source === source && t.lang === lang)?.state;
    assert.equal(state(pagePath(3), 'de'), 'edited');
    assert.equal(state('docs/new-page.md', 'de'), 'missing');
    assert.equal(state(pagePath(5), 'de'), undefined);
    assert.deepEqual(s.orphaned, [`docs/de/${pagePath(5).slice('docs/'.length)}`, `docs/fr/${pagePath(5).slice('docs/'.length)}`]);
  });

  it('where the framework configs are is kept while the folders searched are unchanged; one added one folder down is found', async () => {
    const website = join(dir, 'website');
    mkdirSync(website);
    writeFileSync(join(website, 'README.md'), 'The site lives here.\n');
    await settle(dir, ['website/README.md', 'website']);
    const memo = (): unknown => decodeCache(readFileSync(join(dir, STAT_CACHE)))?.header.memos?.['markers'];
    const first = await planStatus({ config });
    assert.deepEqual(memo(), {
      folders: [
        ['', statKey(statSync(dir))],
        ['docs', statKey(statSync(join(dir, 'docs')))],
        ['website', statKey(statSync(website))],
      ],
      value: [],
    });
    // Unchanged folders: the same answer, from the memo (a config file the memo does not name would be missed).
    assert.deepEqual(await planStatus({ config }), first);
    // A framework config added in a folder the search read: that folder's time changes, the search runs again and reads it.
    writeFileSync(join(website, 'mkdocs.yml'), 'site_name: [unclosed\n');
    await assert.rejects(planStatus({ config }), /website\/mkdocs\.yml: the framework's config cannot be read/);
    // A folder whose times are not older than the stamp (racy) is searched again by every scan: nothing is kept.
    rmSync(join(website, 'mkdocs.yml'));
    const future = Date.now() / 1000 + 3600;
    utimesSync(website, future, future);
    assert.deepEqual(await planStatus({ config }), first);
    assert.equal(memo(), undefined);
    // Memos of another shape are dropped, the rest of the cache kept: still answered from it, and searched again.
    utimesSync(website, Date.now() / 1000 - 60, Date.now() / 1000 - 60);
    // Setting its times gave the folder a new change time: not racy only once the clock moved on.
    await settle(dir, ['website']);
    const file = join(dir, STAT_CACHE);
    for (const memos of [{ markers: { folders: 'x', value: [] }, other: 5 }, 'memos', null]) {
      const r = decodeCache(readFileSync(file))!;
      writeFileSync(file, encodeCache({ ...r, header: { ...r.header, memos: memos as never } }));
      const again = await readsDuring(dir, () => planStatus({ config }));
      assert.deepEqual(again.result, first);
      assert.deepEqual(pagesRead(again.reads), [], `memos ${JSON.stringify(memos)}`);
      assert.deepEqual((memo() as { value: string[] }).value, [], `memos ${JSON.stringify(memos)}: searched again and kept`);
    }
  });

  it("the folders of the cache's files are kept with it (one check per folder); missing or wrong, they are found again from the paths", async () => {
    const first = await planStatus({ config });
    const file = join(dir, STAT_CACHE);
    const written = decodeCache(readFileSync(file))!;
    // Sources in docs/, docs/guide/ and docs/reference/ (as the generated pages are); each translation in its language's.
    const runs = written.header.runs!;
    assert.deepEqual([...new Set(runs.map(([slot, , folder]) => `${slot} ${folder}`))].sort(), [
      '0 docs',
      '0 docs/guide',
      '0 docs/reference',
      '1 docs/de',
      '1 docs/de/guide',
      '1 docs/de/reference',
      '2 docs/fr',
      '2 docs/fr/guide',
      '2 docs/fr/reference',
    ]);
    const per = 1 + written.header.langs;
    for (const [slot, first, folder] of runs) assert.equal(written.paths[first * per + slot]!.replace(/\/[^/]*$/, ''), folder);
    for (const bad of [undefined, [[0, 0, 'elsewhere']], [[1, 0, 'docs/de']], 'runs']) {
      writeFileSync(file, encodeCache({ ...written, header: { ...written.header, runs: bad as never } }));
      const { result, reads } = await readsDuring(dir, () => planStatus({ config }));
      assert.deepEqual(result, first);
      assert.deepEqual(pagesRead(reads), [], `runs ${JSON.stringify(bad)}: still answered from the cache`);
      assert.deepEqual(decodeCache(readFileSync(file))!.header.runs, runs, `runs ${JSON.stringify(bad)}: found again and kept`);
    }
  });

  it('with a worker started ahead (the command line), the scan takes it and answers the same', async () => {
    const first = await planStatus({ config });
    const withWorker = async () => {
      prestartStatPool(dir, 30_000, join(dir, STAT_CACHE));
      const r = await readsDuring(dir, () => planStatus({ config }));
      assert.equal(takeStatPool(dir), undefined, 'the scan took its workers');
      return r;
    };
    const same = await withWorker();
    assert.deepEqual(same.result, first);
    assert.deepEqual(pagesRead(same.reads), []);
    // An edit of the same size is seen; only that source's files are read again (a source is answered from stats with all its translations, or read with them).
    const de = join(dir, 'docs/de', pagePath(2).slice('docs/'.length));
    editInPlace(de, 'DE Paragraph 1', 'DE paragraph 1');
    const edited = await withWorker();
    assert.equal(edited.result.targets.find((t) => t.source === pagePath(2) && t.lang === 'de')?.state, 'edited');
    assert.deepEqual([...pagesRead(edited.reads)].sort(), [pagePath(2), ...['de', 'fr'].map((l) => `docs/${l}/${pagePath(2).slice('docs/'.length)}`)].sort());
  });

  it("the editor's reads (unsaved text) never answer from the cache", async () => {
    await planStatus({ config });
    const target = join(dir, 'docs/de', pagePath(6).slice('docs/'.length));
    const unsaved = `${readFileSync(target, 'utf8')}\nAn unsaved line.\n`;
    const root = GuardedRoot.openSync(dir);
    const s = await planStatus({
      config,
      fs: {
        readText: async (p) => (p === target ? unsaved : root.readText(p)),
        readBytes: async (p) => (p === target ? Buffer.from(unsaved) : root.readBytes(p)),
      },
    });
    assert.equal(s.targets.find((t) => t.source === pagePath(6) && t.lang === 'de')?.state, 'edited');
  });
});
