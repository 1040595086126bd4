/**
 * The paths of the stat cache's batch lstat (StatCache.statSources): plain relative paths are
 * statted as the root's path and theirs, their folders checked once each; a cache holding any
 * other path (a name with `..` in it) resolves each path on its own; either way a translation
 * folder that is a symbolic link out of the root is never answered from the cache. Reads are
 * counted with a spy on the guarded layer, as in stat-cache.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, planStatus, update, type LocalizeConfig } from '../../../src/localize/index.ts';
import { writeDocs } from './support/docs.ts';
import { markingClient, pagesRead, readsDuring, settle } from './support/reads.ts';

const PAGES = 9;

const client = markingClient;

/** Pages (relative to `dir`) read through the guarded layer while `fn` runs. */
async function pagesReadDuring<T>(dir: string, fn: () => Promise<T>): Promise<{ result: T; pages: string[] }> {
  const { result, reads } = await readsDuring(dir, fn);
  return { result, pages: pagesRead(reads) };
}

describe('localize: stat cache paths', function () {
  this.timeout(120_000);
  let dir: string;
  let outside: string;
  let config: LocalizeConfig;

  /** Writes the pages (with `rename` applied to their names), translates them and settles. */
  async function site(rename: (page: string) => string = (p) => p): Promise<string[]> {
    const pages = writeDocs(dir, { files: PAGES }).map((p) => {
      const to = rename(p);
      if (to !== p) renameSync(join(dir, p), join(dir, to));
      return to;
    });
    config = await loadConfig(dir);
    const r = await update({ config, client });
    assert.equal(r.written.length, PAGES * 2);
    await settle(dir, [...pages, ...r.written, 'doc-translate.lock']);
    return r.written;
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'doc-translate-statpaths-'));
    outside = mkdtempSync(join(tmpdir(), 'doc-translate-statpaths-outside-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('pages whose names hold `..` are answered from the cache like the others', async () => {
    await site((p) => p.replace(/page-00([12])/, 'page..00$1'));
    const first = await pagesReadDuring(dir, () => planStatus({ config }));
    assert.equal(first.result.counts['up-to-date'], PAGES * 2);
    assert.ok(first.result.targets.some((t) => t.source.includes('page..001')));
    const second = await pagesReadDuring(dir, () => planStatus({ config }));
    assert.deepEqual(second.result, first.result);
    assert.deepEqual(second.pages, []);
  });

  for (const odd of [false, true]) {
    it(`a translation folder moved out of the root and linked back is never answered from the cache (${odd ? 'a name with `..`' : 'plain paths'})`, async function () {
      if (process.platform === 'win32') this.skip();
      const written = await site(odd ? (p) => p.replace('page-001', 'page..001') : undefined);
      const first = await pagesReadDuring(dir, () => planStatus({ config }));
      assert.equal(first.result.counts['up-to-date'], PAGES * 2);
      // The same files (same inode, size and times) now reached through a link out of the root.
      const folder = written.find((w) => w.startsWith('docs/de/guide/'))!.replace(/\/[^/]+$/, '');
      renameSync(join(dir, folder), join(outside, 'guide'));
      symlinkSync(join(outside, 'guide'), join(dir, folder), 'dir');
      const moved = written.filter((w) => w.startsWith(`${folder}/`));
      assert.ok(moved.length > 0);
      assert.ok(readFileSync(join(dir, moved[0]!), 'utf8').length > 0, 'the link leads to the same files');
      const second = await planStatus({ config }).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      if (second instanceof Error) {
        // Refused by the guarded layer: nothing was answered from the cache.
        assert.match(second.message, /outside|symbolic link|root/i);
        return;
      }
      const states = new Map(second.targets.map((t) => [t.target, t.state]));
      for (const m of moved) assert.notEqual(states.get(m), 'up-to-date', `${m} is not answered from the cache`);
    });
  }
});
