/** Non-Markdown files as translation jobs with file-level hashes, over HTTP against the emulator. */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocTranslateClient } from '../../../src/api/index.ts';
import { dryRun, loadConfig, planStatus, resolveConflict, update, type LocalizeConfig } from '../../../src/localize/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';

const HTML = '<!doctype html>\n<html><body><h1>Welcome</h1><p>Read the guide first.</p></body></html>\n';

describe('localize: file jobs against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;
  let config: LocalizeConfig;
  const read = (p: string): string => readFileSync(join(dir, p), 'utf8');
  const state = async (target: string): Promise<string | undefined> => (await planStatus({ config })).targets.find((t) => t.target === target)?.state;

  before(async () => {
    emu = await TestEmulator.start({ jobSpeed: 50 });
    client = emu.client();
    dir = mkdtempSync(join(tmpdir(), 'dt-localize-jobs-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/index.md'), '# Home\n\nSee the [page](page.html).\n');
    writeFileSync(join(dir, 'docs/page.html'), HTML);
    writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de', 'fr'], layout: 'vitepress' }));
    config = await loadConfig(dir);
  });
  after(async () => {
    await emu?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the dry run counts the file jobs; the first run translates the HTML page as one job per language', async () => {
    const d = await dryRun({ config });
    assert.deepEqual(
      d.languages.map((l) => [l.lang, l.files, l.fileJobs]),
      [
        ['de', 2, 1],
        ['fr', 2, 1],
      ],
    );
    const r = await update({ config, client });
    assert.equal(r.fileJobs, 2);
    assert.deepEqual(r.written.filter((w) => w.endsWith('.html')).sort(), ['docs/de/page.html', 'docs/fr/page.html']);
    assert.match(read('docs/de/page.html'), /DE·/);
    assert.ok(!existsSync(join(dir, 'docs/de/page.html.tmp')));
    const lock = JSON.parse(read('doc-translate.lock')) as { files: Record<string, { blocks: string[]; source: string }> };
    assert.deepEqual(lock.files['docs/de/page.html'], { ...lock.files['docs/de/page.html']!, source: 'docs/page.html', blocks: [] });
    // The Markdown page's link to the HTML page points at its translation.
    assert.ok(read('docs/de/index.md').includes('(page.html)'));
  });

  it('unchanged: nothing sent; the translated HTML is never a source', async () => {
    await emu.control('DELETE', '/requests');
    const r = await update({ config, client });
    assert.deepEqual([r.fileJobs, r.requests, r.written.length], [0, 0, 0]);
    assert.equal((await emu.requests('/api/v1/')).length, 0);
    assert.equal(await state('docs/de/page.html'), 'up-to-date');
    assert.equal((await planStatus({ config })).files, 2);
  });

  it('a changed source is stale and translated again; an edited result with a changed source is a conflict, kept', async () => {
    writeFileSync(join(dir, 'docs/page.html'), HTML.replace('first', 'before anything else'));
    assert.equal(await state('docs/fr/page.html'), 'stale');
    const r = await update({ config, client });
    assert.equal(r.fileJobs, 2);
    assert.match(read('docs/fr/page.html'), /áñýthíñg/);
    writeFileSync(join(dir, 'docs/de/page.html'), '<p>Von Hand.</p>\n');
    assert.equal(await state('docs/de/page.html'), 'edited');
    writeFileSync(join(dir, 'docs/page.html'), HTML.replace('Welcome', 'Hello'));
    const r2 = await update({ config, client });
    assert.equal(r2.fileJobs, 1);
    assert.deepEqual(
      r2.conflicts.map((c) => [c.target, c.reason]),
      [['docs/de/page.html', 'edited']],
    );
    assert.equal(read('docs/de/page.html'), '<p>Von Hand.</p>\n');
    await resolveConflict(config, r2.conflicts[0]!, 'keep');
    assert.equal(await state('docs/de/page.html'), 'up-to-date');
  });
});
