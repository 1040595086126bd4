/** Focused config forms: TS syntax, computed values, Hugo config/_default, MkDocs tags, locale folders. */
import assert from 'node:assert/strict';
import { Computed, detectSites, readJsModule, sourcePages, undeclaredLocaleFolders, type SiteIo, type SiteModel } from '../../../../src/localize/site/index.ts';

function memoryIo(tree: Record<string, string>): SiteIo {
  return {
    readText: async (p) => tree[p],
    listFiles: async (dir) =>
      Object.keys(tree)
        .filter((f) => dir === '' || f.startsWith(`${dir}/`))
        .map((f) => (dir === '' ? f : f.slice(dir.length + 1)))
        .sort(),
  };
}

async function one(tree: Record<string, string>): Promise<SiteModel> {
  const sites = await detectSites('', memoryIo(tree));
  assert.equal(sites.length, 1);
  return sites[0]!;
}

describe('localize/site: config forms', () => {
  it('readJsModule: satisfies, type annotations, as const, spreads, module.exports', () => {
    const ts = readJsModule(`
      import type { Config } from '@docusaurus/types';
      const shared = { defaultLocale: 'en' } as const;
      const extra: string[] = ['ja'];
      const config: Config = { i18n: { ...shared, locales: ['en', <string>'fr', ...extra] as const } } satisfies Config;
      export default config;`);
    assert.deepEqual(ts.default, { i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'ja'] } });
    assert.deepEqual(readJsModule(`module.exports = { a: -1, b: \`x\`, c: null, d: [true] };`).default, { a: -1, b: 'x', c: null, d: [true] });
    const computed = readJsModule(`import x from 'y'; export default defineConfig({ a: x, b: f(), c: \`\${x}\`, d: p ? 1 : 2 })`).default as Record<
      string,
      unknown
    >;
    for (const k of ['a', 'b', 'c', 'd']) assert.ok(computed[k] instanceof Computed, k);
  });

  it('Docusaurus TS config: versions, blog, docs path; computed locales reported with the setting to add', async () => {
    const m = await one({
      'site/docusaurus.config.ts': `
        import type { Config } from '@docusaurus/types';
        import type * as Preset from '@docusaurus/preset-classic';
        const config: Config = {
          i18n: { defaultLocale: 'en', locales: ['en', 'fr', 'de'] },
          presets: [['classic', { docs: { path: 'guides', routeBasePath: '/' }, blog: { path: 'news' } } satisfies Preset.Options]],
        };
        export default config;`,
      'site/versions.json': '["1.0"]',
      'site/guides/a.md': '# A',
      'site/guides/b/c.mdx': '# C',
      'site/versioned_docs/version-1.0/a.md': '# A1',
      'site/news/2024-01-01-hello.md': '# Hello',
      'site/i18n/fr/docusaurus-plugin-content-docs/current/a.md': '# A fr',
      'site/i18n/fr/code.json': '{}',
      'site/build/index.md': 'output',
      'site/CHANGELOG.md': '# Changes',
    });
    assert.equal(m.siteRoot, 'site');
    assert.deepEqual(
      m.locales.map((l) => l.code),
      ['fr', 'de'],
    );
    assert.deepEqual(
      m.sourceSets.map((s) => [s.dir, s.role]),
      [
        ['guides', 'docs'],
        ['versioned_docs/version-1.0', 'versioned-docs'],
        ['news', 'blog'],
      ],
    );
    assert.deepEqual(m.sourceSets[1]!.layout, { pattern: 'i18n/${lang}/docusaurus-plugin-content-docs/version-1.0/${rel}' });
    assert.equal(m.proposal?.layout, 'docusaurus');
    assert.equal(m.proposal?.source, 'guides');
    assert.deepEqual(m.proposal?.targetLanguages, ['fr', 'de']);
    const files = [
      'guides/a.md',
      'guides/b/c.mdx',
      'versioned_docs/version-1.0/a.md',
      'news/2024-01-01-hello.md',
      'i18n/fr/docusaurus-plugin-content-docs/current/a.md',
      'build/index.md',
      'CHANGELOG.md',
    ];
    assert.deepEqual(sourcePages(m, files), ['guides/a.md', 'guides/b/c.mdx', 'news/2024-01-01-hello.md', 'versioned_docs/version-1.0/a.md']);

    const c = await one({
      'docusaurus.config.js': `const locales = require('./locales.json');\nmodule.exports = { i18n: { defaultLocale: 'en', locales } };`,
      'docs/a.md': '# A',
      'i18n/ja/code.json': '{}',
    });
    assert.equal(c.unreadable.length, 1);
    assert.equal(c.unreadable[0]!.key, 'i18n.locales');
    assert.match(c.unreadable[0]!.message, /docusaurus\.config\.js: i18n\.locales is a call to require\(\) \(line 1\).*"targetLanguages"/);
    assert.deepEqual(
      c.locales.map((l) => l.code),
      ['ja'],
      'falls back to the i18n/ folders',
    );
  });

  it('Starlight: defaultLocale in a folder (no root) proposes a pattern; computed locales are reported', async () => {
    const m = await one({
      'astro.config.ts': `
        import { defineConfig } from 'astro/config';
        import sl from '@astrojs/starlight';
        export default defineConfig({ integrations: [sl({ title: 'x', defaultLocale: 'en', locales: { en: { label: 'English' }, 'zh-cn': { label: '中文', lang: 'zh-CN' } } })] });`,
      'src/content/docs/en/a.md': '# A',
      'src/content/docs/zh-cn/a.md': '# A',
    });
    assert.equal(m.sourceLanguage, 'en');
    assert.deepEqual(
      m.sourceSets.map((s) => s.dir),
      ['src/content/docs/en'],
    );
    assert.deepEqual(m.proposal?.layout, { pattern: 'src/content/docs/${lang}/${rel}' });
    assert.deepEqual(sourcePages(m, ['src/content/docs/en/a.md', 'src/content/docs/zh-cn/a.md']), ['src/content/docs/en/a.md']);

    const c = await one({
      'astro.config.mjs': `import starlight from '@astrojs/starlight';\nimport { locales } from './locales.mjs';\nexport default { integrations: [starlight({ locales })] };`,
      'src/content/docs/index.md': '# A',
    });
    assert.equal(c.unreadable[0]?.key, 'integrations[starlight].locales');
    assert.match(c.unreadable[0]!.message, /imported from \.\/locales\.mjs.*"targetLanguages"/);
  });

  it('VitePress: srcDir, srcExclude, locale links, no rewrites', async () => {
    const m = await one({
      '.vitepress/config.mts': `export default { srcDir: 'src', srcExclude: ['**/README.md'], locales: { root: { lang: 'en' }, fr: { lang: 'fr-FR', link: '/fr/' } } }`,
      'src/index.md': '#',
      'src/README.md': '#',
      'src/fr/index.md': '#',
      'src/public/robots.md': '#',
    });
    assert.equal(m.proposal?.layout, 'vitepress');
    assert.equal(m.proposal?.source, 'src');
    assert.deepEqual(sourcePages(m, ['src/index.md', 'src/README.md', 'src/fr/index.md', 'src/public/robots.md']), ['src/index.md']);
  });

  it('Hugo: config/_default/hugo.toml + languages.toml, translations by filename suffix', async () => {
    const m = await one({
      'config/_default/hugo.toml': `DefaultContentLanguage = "en"\ncontentDir = "content"`,
      'config/_default/languages.toml': `[en]\nlanguageName = "English"\n[fr]\nlanguageName = "Français"\n[ja]\nlanguageCode = "ja-JP"`,
      'content/_index.md': '#',
      'content/_index.fr.md': '#',
      'content/docs/a.md': '#',
      'content/docs/a.ja.md': '#',
      'content/docs/b.en.md': '#',
      'layouts/index.html': '<html>',
      'i18n/fr.toml': 'x = "y"',
    });
    assert.equal(m.framework, 'hugo');
    assert.equal(m.configFile, 'config/_default/hugo.toml');
    assert.equal(m.sourceLanguage, 'en');
    assert.deepEqual(
      m.locales.map((l) => [l.code, l.lang]),
      [
        ['fr', undefined],
        ['ja', 'ja-JP'],
      ],
    );
    assert.equal(m.proposal?.layout, 'hugo');
    assert.deepEqual(
      sourcePages(m, ['content/_index.md', 'content/_index.fr.md', 'content/docs/a.md', 'content/docs/a.ja.md', 'content/docs/b.en.md', 'layouts/index.html']),
      ['content/_index.md', 'content/docs/a.md', 'content/docs/b.en.md'],
    );
    assert.ok(m.translationGlobs.includes('i18n/fr.{toml,yaml,yml,json}'));
  });

  it('MkDocs: !!python/name and !ENV tags, folder structure, exclude_docs, custom_dir', async () => {
    const m = await one({
      'mkdocs.yml': [
        'site_name: x',
        'docs_dir: documentation',
        'exclude_docs: |',
        '  drafts/',
        '  *.tmp.md',
        'theme:',
        '  name: material',
        '  custom_dir: overrides',
        'markdown_extensions:',
        '  - pymdownx.emoji:',
        '      emoji_index: !!python/name:material.extensions.emoji.twemoji',
        'extra:',
        '  key: !ENV [API_KEY, none]',
        'plugins:',
        '  - search',
        '  - i18n:',
        '      docs_structure: folder',
        '      languages:',
        '        - locale: de',
        '          default: true',
        '          name: Deutsch',
        '        - locale: en',
        '          name: English',
        '        - locale: es',
        '          build: false',
      ].join('\n'),
      'documentation/de/index.md': '#',
      'documentation/de/drafts/x.md': '#',
      'documentation/de/a.tmp.md': '#',
      'documentation/en/index.md': '#',
      'overrides/main.html': '<html>',
    });
    assert.equal(m.sourceLanguage, 'de');
    assert.deepEqual(
      m.locales.map((l) => [l.code, l.built ?? true]),
      [
        ['en', true],
        ['es', false],
      ],
    );
    assert.equal(m.proposal?.layout, 'mkdocs-folder');
    assert.equal(m.proposal?.source, 'documentation/de');
    assert.deepEqual(m.proposal?.targetLanguages, ['en']);
    assert.ok(m.exclusions.some((e) => e.glob === 'overrides/**'));
    assert.deepEqual(sourcePages(m, ['documentation/de/index.md', 'documentation/de/drafts/x.md', 'documentation/de/a.tmp.md', 'documentation/en/index.md']), [
      'documentation/de/index.md',
    ]);
  });

  it('undeclaredLocaleFolders: a folder named by a language that mirrors the sources, not in the config', async () => {
    const m = await one({
      '.vitepress/config.js': `export default { locales: { root: { lang: 'en' }, fr: { lang: 'fr' } } }`,
      'index.md': '#',
      'guide/a.md': '#',
      'guide/b.md': '#',
      'fr/index.md': '#',
      'de/index.md': '#',
      'de/guide/a.md': '#',
      'api/index.md': '#',
      'es/unrelated.md': '#',
    });
    const files = ['index.md', 'guide/a.md', 'guide/b.md', 'fr/index.md', 'de/index.md', 'de/guide/a.md', 'api/index.md', 'es/unrelated.md'];
    const w = undeclaredLocaleFolders(m, files);
    assert.deepEqual(
      w.map((x) => [x.folder, x.mirrored, x.pages]),
      [['de', 2, 2]],
    );
    assert.match(w[0]!.message, /does not declare de/);
  });
});
