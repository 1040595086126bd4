import assert from 'node:assert/strict';
import { createLayout, detectFramework, type LayoutSpec } from '../../../src/localize/index.ts';

const langs = ['de', 'fr'];

describe('localize: layouts', () => {
  const cases: { layout: LayoutSpec; source: string; from: string; to: string; notOutput: string }[] = [
    { layout: 'docusaurus', source: 'docs', from: 'docs/a/b.md', to: 'i18n/de/docusaurus-plugin-content-docs/current/a/b.md', notOutput: 'docs/de/b.md' },
    {
      layout: 'starlight',
      source: 'src/content/docs',
      from: 'src/content/docs/a.md',
      to: 'src/content/docs/de/a.md',
      notOutput: 'src/content/docs/guide/a.md',
    },
    { layout: 'vitepress', source: 'docs', from: 'docs/a.md', to: 'docs/de/a.md', notOutput: 'docs/dev/a.md' },
    { layout: 'mkdocs-suffix', source: 'docs', from: 'docs/a.md', to: 'docs/a.de.md', notOutput: 'docs/a.md' },
    { layout: 'mkdocs-folder', source: 'docs/en', from: 'docs/en/a.md', to: 'docs/de/a.md', notOutput: 'docs/en/a.md' },
    { layout: 'hugo', source: 'content', from: 'content/a.md', to: 'content/a.de.md', notOutput: 'content/a.md' },
    { layout: { pattern: '${dir}/${lang}/${name}' }, source: 'docs', from: 'docs/a.md', to: 'docs/de/a.md', notOutput: 'docs/a.md' },
  ];
  for (const c of cases) {
    const name = typeof c.layout === 'string' ? c.layout : `pattern ${c.layout.pattern}`;
    it(`${name}: ${c.from} -> ${c.to}, recognised as a translation`, () => {
      const layout = createLayout(c.layout, c.source, langs);
      assert.equal(layout.target(c.from, 'de'), c.to);
      assert.equal(layout.target(c.from, 'fr'), c.to.replace(/\bde\b/, 'fr'));
      assert.equal(layout.isOutput(c.to), true);
      assert.equal(layout.isOutput(c.from), false);
      assert.equal(layout.isOutput(c.notOutput), false);
    });
  }

  it('nested folders keep their structure in every layout', () => {
    assert.equal(createLayout('vitepress', 'docs', langs).target('docs/guide/x/y.mdx', 'fr'), 'docs/fr/guide/x/y.mdx');
    assert.equal(createLayout('hugo', 'content', langs).target('content/posts/p.md', 'fr'), 'content/posts/p.fr.md');
    assert.equal(createLayout('mkdocs-folder', 'docs/en', langs).target('docs/en/a/b.md', 'fr'), 'docs/fr/a/b.md');
  });

  it('patterns take ${dir}, ${lang}, ${name}, ${stem}, ${ext} and ${rel}, at the top level too', () => {
    const p = createLayout({ pattern: '${dir}/${lang}/${name}' }, '.', langs);
    assert.equal(p.target('README.md', 'de'), 'de/README.md');
    assert.equal(p.isOutput('de/README.md'), true);
    assert.equal(p.isOutput('pkg/fr/README.md'), true);
    const q = createLayout({ pattern: 'translations/${lang}/${rel}' }, 'docs', langs);
    assert.equal(q.target('docs/a/b.md', 'fr'), 'translations/fr/a/b.md');
    const r = createLayout({ pattern: '${dir}/${stem}_${lang}${ext}' }, 'docs', langs);
    assert.equal(r.target('docs/a/b.md', 'de'), 'docs/a/b_de.md');
    assert.equal(r.isOutput('docs/a/b_de.md'), true);
  });

  it('detects the framework from its files', () => {
    assert.deepEqual(detectFramework(['docusaurus.config.ts', 'docs/intro.md']), { layout: 'docusaurus', source: 'docs', evidence: 'docusaurus.config.ts' });
    assert.equal(detectFramework(['astro.config.mjs'], () => "import starlight from '@astrojs/starlight';")?.layout, 'starlight');
    assert.equal(
      detectFramework(['astro.config.mjs'], () => 'export default {}'),
      undefined,
    );
    assert.deepEqual(detectFramework(['docs/.vitepress/config.mts', 'docs/index.md']), { layout: 'vitepress', source: 'docs', evidence: 'docs/.vitepress/' });
    assert.equal(detectFramework(['mkdocs.yml'], () => 'plugins:\n  - i18n:\n      docs_structure: suffix\n')?.layout, 'mkdocs-suffix');
    assert.equal(detectFramework(['mkdocs.yml'], () => 'plugins:\n  - i18n:\n      docs_structure: folder\n')?.layout, 'mkdocs-folder');
    assert.equal(detectFramework(['hugo.toml', 'content/_index.md'])?.layout, 'hugo');
    assert.equal(detectFramework(['config.toml'])?.layout, 'hugo');
    assert.equal(detectFramework(['README.md', 'src/index.ts']), undefined);
  });
});
