import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ConfigError, listSources, loadConfig, localFs, parseShard, resolveConfig, shardOf, type LayoutSpec } from '../../../src/localize/index.ts';
import { compileGlob } from '../../../src/localize/glob.ts';

function folder(files: Record<string, string>, config: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'dt-localize-src-'));
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify(config));
  return dir;
}

describe('localize: config and sources', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('validates doc-translate.json and names the offending field', () => {
    assert.throws(
      () => resolveConfig('/x', { targetLanguages: [], layout: 'vitepress' }),
      (e: Error) => e instanceof ConfigError && /targetLanguages/.test(e.message),
    );
    assert.throws(() => resolveConfig('/x', { targetLanguages: ['de'], layout: 'jekyll' }), /layout/);
    assert.throws(() => resolveConfig('/x', { targetLanguages: ['de'], layout: 'vitepress', source: '../outside' }), /source/);
    assert.throws(() => resolveConfig('/x', { targetLanguages: ['de'], layout: 'vitepress', scripts: 'rm -rf /' }), /unknown setting "scripts"/);
    assert.throws(() => resolveConfig('/x', { targetLanguages: ['de'], layout: { pattern: '${dir}/${name}' } }), /layout/);
    assert.throws(() => resolveConfig('/x', { targetLanguages: ['de'], layout: { pattern: '../${lang}/${name}' } }), /layout/);
    const c = resolveConfig('/x', { targetLanguages: ['de', 'fr', 'de'], layout: 'docusaurus' });
    assert.deepEqual([c.source, c.targetLanguages, c.engine, c.sourceLanguage], ['docs', ['de', 'fr'], 'xr-397b', 'auto']);
  });

  it('a relative folder is read from the current directory: its sources are found, and stay found after a change of directory', async () => {
    const dir = folder({ 'docs/a.md': '# A\n', 'docs/guide/b.md': '# B\n' }, { targetLanguages: ['de'], layout: 'vitepress' });
    dirs.push(dir);
    const cwd = process.cwd();
    let config;
    try {
      process.chdir(dirname(dir));
      config = await loadConfig(basename(dir));
    } finally {
      process.chdir(cwd);
    }
    assert.equal(config.folder, dir);
    assert.deepEqual((await listSources(config, localFs(config.folder))).sort(), ['docs/a.md', 'docs/guide/b.md']);
  });

  it('reports a missing or broken doc-translate.json clearly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dt-localize-cfg-'));
    dirs.push(dir);
    await assert.rejects(loadConfig(dir), /no doc-translate\.json/);
    writeFileSync(join(dir, 'doc-translate.json'), '{ nope');
    await assert.rejects(loadConfig(dir), /not valid JSON/);
  });

  const existing: { layout: LayoutSpec; files: string[]; sources: string[] }[] = [
    {
      layout: 'vitepress',
      files: ['docs/a.md', 'docs/g/b.mdx', 'docs/de/a.md', 'docs/fr/g/b.mdx', 'docs/de/orphan.md', 'docs/develop.md'],
      sources: ['docs/a.md', 'docs/develop.md', 'docs/g/b.mdx'],
    },
    {
      layout: 'mkdocs-suffix',
      files: ['docs/a.md', 'docs/a.de.md', 'docs/a.fr.md', 'docs/gone.fr.md', 'docs/index.md'],
      sources: ['docs/a.md', 'docs/index.md'],
    },
    { layout: 'hugo', files: ['content/a.md', 'content/a.de.md', 'content/posts/p.fr.md'], sources: ['content/a.md'] },
    { layout: 'starlight', files: ['src/content/docs/a.md', 'src/content/docs/de/a.md', 'src/content/docs/fr/x/y.md'], sources: ['src/content/docs/a.md'] },
    { layout: { pattern: '${dir}/${lang}/${name}' }, files: ['docs/a.md', 'docs/de/a.md', 'docs/x/fr/old.md'], sources: ['docs/a.md'] },
  ];
  for (const c of existing) {
    it(`translations are never taken as sources (${typeof c.layout === 'string' ? c.layout : 'pattern'}), even orphaned ones`, async () => {
      const dir = folder(Object.fromEntries(c.files.map((f) => [f, '# Title\n\nText.\n'])), {
        targetLanguages: ['de', 'fr'],
        layout: c.layout,
        ...(typeof c.layout === 'string' ? {} : { source: 'docs' }),
      });
      dirs.push(dir);
      assert.deepEqual(await listSources(await loadConfig(dir), localFs(dir)), c.sources);
    });
  }

  it('include and exclude globs pick the sources', async () => {
    const dir = folder(
      { 'docs/a.md': 'A', 'docs/b.txt': 'B', 'docs/drafts/c.md': 'C', 'docs/node_modules/x/readme.md': 'X' },
      { targetLanguages: ['de'], layout: 'vitepress', include: ['**/*.md'], exclude: ['drafts/**', 'docs/drafts/**'] },
    );
    dirs.push(dir);
    assert.deepEqual(await listSources(await loadConfig(dir), localFs(dir)), ['docs/a.md']);
    assert.equal(compileGlob('*.md').test('a/b/c.md'), true);
    assert.equal(compileGlob('docs/*.{md,mdx}').test('docs/x.mdx'), true);
    assert.equal(compileGlob('docs/*.md').test('docs/a/x.md'), false);
  });

  it('shards split by source path, deterministically and completely', () => {
    const paths = Array.from({ length: 300 }, (_, i) => `docs/p${i}.md`);
    const counts = [0, 0, 0];
    for (const p of paths) counts[shardOf(p, 3) - 1]!++;
    assert.ok(
      counts.every((c) => c > 60),
      `uneven shards ${counts.join(',')}`,
    );
    assert.equal(shardOf('docs/p1.md', 3), shardOf('docs/p1.md', 3));
    assert.deepEqual(parseShard('2/3'), { index: 2, count: 3 });
    assert.throws(() => parseShard('4/3'), /--shard/);
    assert.throws(() => parseShard('x'), /--shard/);
  });
});
