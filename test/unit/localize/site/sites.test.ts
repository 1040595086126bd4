/**
 * Site detection on real documentation sites committed under test/sites/ (see each SOURCE.md):
 * framework, source language, the exact locales of the site's own configuration, the source folder,
 * and the source pages compared with a count taken independently from the folder structure.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { detectSites, nodeSiteIo, sourcePages, undeclaredLocaleFolders, type SiteModel } from '../../../../src/localize/site/index.ts';

const SITES = join(process.cwd(), 'test/sites'); // mocha runs from the repository root

/** Files below `dir` (relative to it), by walking the disk: independent of the module's io. */
function walk(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel === '' ? e.name : `${rel}/${e.name}`;
    return e.isDirectory() ? walk(dir, r) : [r];
  });
}

async function site(name: string): Promise<{ model: SiteModel; files: string[]; pages: string[] }> {
  const sites = await detectSites('', nodeSiteIo(join(SITES, name)));
  assert.equal(sites.length, 1, `one site in ${name}: ${sites.map((s) => `${s.framework}@${s.siteRoot}`).join(', ')}`);
  const model = sites[0]!;
  const files = walk(join(SITES, name, model.siteRoot));
  return { model, files, pages: sourcePages(model, files) };
}

const codes = (m: SiteModel): string[] => m.locales.map((l) => l.code);
const localeFolder = /^[a-z]{2}(?:-[a-z]{2})?$/;

describe('localize/site: real documentation sites', () => {
  it('Starlight (withastro/starlight docs/): locales from a const bound in the same file, root locale en', async () => {
    const { model, files, pages } = await site('starlight-docs');
    assert.equal(model.framework, 'starlight');
    assert.equal(model.siteRoot, 'docs');
    assert.equal(model.configFile, 'astro.config.mjs');
    assert.equal(model.sourceLanguage, 'en');
    assert.deepEqual(codes(model), ['de', 'es', 'ja', 'fr', 'it', 'id', 'zh-cn', 'pt-br', 'pt-pt', 'ko', 'tr', 'ru', 'hi', 'da', 'uk', 'fa']);
    assert.equal(model.locales.find((l) => l.code === 'zh-cn')?.lang, 'zh-CN');
    assert.deepEqual(
      model.sourceSets.map((s) => s.dir),
      ['src/content/docs'],
    );
    assert.equal(model.proposal?.layout, 'starlight');
    assert.deepEqual(model.unreadable, []);
    // Independent: pages directly in src/content/docs or in a subfolder not named like a locale.
    const expected = files.filter((f) => /^src\/content\/docs\/.+\.mdx?$/.test(f) && !localeFolder.test(f.split('/')[3]!));
    assert.equal(pages.length, 21);
    assert.deepEqual(pages, expected.sort());
    assert.ok(pages.every((p) => !codes(model).includes(p.split('/')[3]!)));
    assert.ok(model.translationGlobs.includes('src/content/i18n/zh-CN.json'));
    assert.deepEqual(undeclaredLocaleFolders(model, files), []);
  });

  it('VitePress (vuejs/vitepress docs/): rewrites en/:rest* → :rest* put the source in en/', async () => {
    const { model, files, pages } = await site('vitepress-docs');
    assert.equal(model.framework, 'vitepress');
    assert.equal(model.siteRoot, 'docs');
    assert.equal(model.configFile, '.vitepress/config.ts');
    assert.equal(model.sourceLanguage, 'en-US');
    assert.deepEqual(codes(model), ['zh', 'pt', 'ru', 'es', 'ko', 'fa', 'ja']);
    assert.deepEqual(
      model.sourceSets.map((s) => s.dir),
      ['en'],
    );
    assert.deepEqual(model.proposal?.layout, { pattern: '${lang}/${rel}' });
    assert.equal(model.proposal?.source, 'en');
    assert.ok(model.exclusions.some((e) => e.glob === 'public/**'));
    assert.deepEqual(model.unreadable, [], 'the computed markdown/vite settings are not needed and not reported');
    const expected = files.filter((f) => /^en\/.+\.md$/.test(f));
    assert.equal(pages.length, 19);
    assert.deepEqual(pages, expected.sort());
    assert.ok(pages.every((p) => p.startsWith('en/')));
  });

  it('Docusaurus (rrousselGit/riverpod website/): a site in a subfolder, computed settings elsewhere do not matter', async () => {
    const { model, files, pages } = await site('docusaurus-riverpod');
    assert.equal(model.framework, 'docusaurus');
    assert.equal(model.siteRoot, 'website');
    assert.equal(model.configFile, 'docusaurus.config.js');
    assert.equal(model.sourceLanguage, 'en');
    assert.deepEqual(codes(model), ['fr', 'ko', 'ja', 'es', 'bn', 'de', 'it', 'ru', 'tr', 'ar', 'zh-Hans']);
    assert.deepEqual(
      model.sourceSets.map((s) => [s.dir, s.role]),
      [['docs', 'docs']],
    );
    assert.equal(model.proposal?.layout, 'docusaurus');
    assert.deepEqual(model.translationGlobs, ['i18n/**']);
    assert.deepEqual(model.unreadable, []);
    const expected = files.filter((f) => /^docs\/.+\.mdx?$/.test(f));
    assert.equal(pages.length, 13);
    assert.deepEqual(pages, expected.sort());
    assert.ok(pages.every((p) => !p.startsWith('i18n/')));
    assert.ok(files.some((f) => f.startsWith('i18n/fr/docusaurus-plugin-content-docs/current/')));
  });

  it('MkDocs + mkdocs-static-i18n (ultrabug/mkdocs-static-i18n): suffix structure, !!python/name tags, custom_dir, changelog', async () => {
    const { model, files, pages } = await site('mkdocs-static-i18n');
    assert.equal(model.framework, 'mkdocs');
    assert.equal(model.siteRoot, '');
    assert.equal(model.sourceLanguage, 'en');
    assert.deepEqual(codes(model), ['fr']);
    assert.deepEqual(
      model.sourceSets.map((s) => s.dir),
      ['docs'],
    );
    assert.equal(model.proposal?.layout, 'mkdocs-suffix');
    assert.ok(model.exclusions.some((e) => e.glob === 'docs/overrides/**' && /custom_dir/.test(e.reason)));
    const expected = files.filter((f) => /^docs\/.+\.md$/.test(f) && !/\.[a-z]{2}\.md$/.test(f) && !/(^|\/)changelog\.md$/i.test(f));
    assert.equal(pages.length, 16);
    assert.deepEqual(pages, expected.sort());
    assert.ok(!pages.includes('docs/index.fr.md') && files.includes('docs/index.fr.md'));
    assert.ok(!pages.includes('docs/changelog.md') && files.includes('docs/changelog.md'));
  });

  it('Hugo (cncf/glossary): one contentDir per language, 15 translations, ~1,000 files', async () => {
    const { model, files, pages } = await site('hugo-cncf-glossary');
    assert.equal(model.framework, 'hugo');
    assert.equal(model.configFile, 'config.toml');
    assert.equal(model.sourceLanguage, 'en');
    assert.deepEqual(codes(model), ['bn', 'fr', 'de', 'hi', 'it', 'ja', 'ko', 'pt-br', 'ru', 'zh-cn', 'es', 'zh-tw', 'tr', 'ur', 'vi']);
    assert.deepEqual(
      model.sourceSets.map((s) => s.dir),
      ['content/en'],
    );
    assert.deepEqual(model.proposal?.layout, { pattern: 'content/${lang}/${rel}' });
    assert.ok(model.exclusions.some((e) => e.glob === 'public/**'));
    const expected = files.filter((f) => /^content\/en\/.+\.md$/.test(f));
    assert.equal(pages.length, expected.length);
    assert.deepEqual(pages, expected.sort());
    assert.ok(files.length > 1000);
    // Every page of another language folder is covered by the translation globs.
    const langFolders = new Set(files.filter((f) => f.startsWith('content/')).map((f) => f.split('/')[1]!));
    assert.deepEqual([...langFolders].filter((d) => d !== 'en').sort(), codes(model).slice().sort());
  });

  it('Hugo (google/docsy-example): hugo.yaml wins over config.yaml, contentDir per language', async () => {
    const { model, files, pages } = await site('hugo-docsy-example');
    assert.equal(model.framework, 'hugo');
    assert.equal(model.configFile, 'hugo.yaml');
    assert.equal(model.sourceLanguage, 'en');
    assert.deepEqual(codes(model), ['no', 'fa']);
    assert.deepEqual(
      model.sourceSets.map((s) => s.dir),
      ['content/en'],
    );
    const expected = files.filter((f) => /^content\/en\/.+\.md$/.test(f));
    assert.equal(pages.length, 30);
    assert.deepEqual(pages, expected.sort());
  });

  it('all sites of a workspace at once, each at its own root', async () => {
    const sites = await detectSites('', nodeSiteIo(SITES));
    assert.deepEqual(
      sites.map((s) => `${s.framework}@${s.siteRoot}`),
      [
        'docusaurus@docusaurus-riverpod/website',
        'hugo@hugo-cncf-glossary',
        'hugo@hugo-docsy-example',
        'mkdocs@mkdocs-static-i18n',
        'starlight@starlight-docs/docs',
        'vitepress@vitepress-docs/docs',
      ],
    );
  });
});
