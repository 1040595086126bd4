import assert from 'node:assert/strict';
import { createLayout } from '../../../src/localize/index.ts';
import { findUrls, hugoAssetUrl, localizedAbsoluteUrl, rewriteUrl, type LinkContext } from '../../../src/localize/links.ts';

function ctx(layoutName: 'docusaurus' | 'mkdocs-suffix' | 'vitepress', source: string, sourcePath: string): LinkContext {
  const layout = createLayout(layoutName, source, ['de']);
  const pages = new Set([`${source}/c.md`, `${source}/a/b.md`, `${source}/guide.html`]);
  const files = new Set([`${source}/img/x.png`, 'static/logo.svg']);
  return {
    sourcePath,
    targetPath: layout.target(sourcePath, 'de'),
    pageTarget: (p) => (pages.has(p) ? layout.target(p, 'de') : undefined),
    exists: (p) => files.has(p) || pages.has(p),
  };
}

describe('localize: links', () => {
  it('finds destinations of links, images, definitions, HTML and JSX, never in code', () => {
    const text =
      'A [link](./c.md "Title") and ![img](<img/x.png>).\n\n`[not](a.md)`\n\n```md\n[no](b.md)\n```\n\n<img src="img/x.png">\n\n[ref]: ../c.md#part\n';
    assert.deepEqual(
      findUrls(text, false).map((s) => [s.url, text.slice(s.start, s.end)]),
      [
        ['./c.md', './c.md'],
        ['img/x.png', 'img/x.png'],
        ['img/x.png', 'img/x.png'],
        ['../c.md#part', '../c.md#part'],
      ],
    );
    const mdx = 'import X from "./x";\n\n<Figure src="./img/x.png" alt="x" />\n';
    assert.deepEqual(
      findUrls(mdx, true).map((s) => s.url),
      ['./img/x.png'],
    );
  });

  it('docusaurus: pages point at their translation, assets back at the source', () => {
    const c = ctx('docusaurus', 'docs', 'docs/a/b.md');
    assert.equal(rewriteUrl('../c.md', c), undefined, 'the translated page sits at the same relative place');
    assert.equal(rewriteUrl('../img/x.png', c), '../../../../../docs/img/x.png');
    assert.equal(rewriteUrl('../img/x.png?raw#frag', c), '../../../../../docs/img/x.png?raw#frag');
    assert.equal(rewriteUrl('../../static/logo.svg', c), '../../../../../static/logo.svg');
  });

  it('mkdocs-suffix: a page link gets the language suffix; an image in the same folder stays', () => {
    const c = ctx('mkdocs-suffix', 'docs', 'docs/c.md');
    assert.equal(rewriteUrl('a/b.md#setup', c), 'a/b.de.md#setup');
    assert.equal(rewriteUrl('img/x.png', c), undefined);
    assert.equal(rewriteUrl('guide.html', c), 'guide.de.html');
  });

  it('vitepress: assets one level up; absolute, external, anchors and missing files are kept', () => {
    const c = ctx('vitepress', 'docs', 'docs/c.md');
    assert.equal(rewriteUrl('./img/x.png', c), '../img/x.png');
    for (const url of ['https://example.com/x.png', '/img/x.png', '#anchor', 'mailto:a@b.c', './missing.png', './a/b', '{base}/x.png']) {
      assert.equal(rewriteUrl(url, c), undefined, url);
    }
  });

  it('site-absolute page links point at the translation under /<lang>/; assets and localized links are kept', () => {
    const locales = ['de', 'fr', 'zh-cn'];
    assert.equal(localizedAbsoluteUrl('/reference/icons/#all-icons', 'nl', locales), '/nl/reference/icons/#all-icons');
    assert.equal(localizedAbsoluteUrl('/manual-setup/', 'de', locales), '/de/manual-setup/');
    assert.equal(localizedAbsoluteUrl('/', 'de', locales), '/de/');
    assert.equal(localizedAbsoluteUrl('/guide/intro.html?x=1', 'de', locales), '/de/guide/intro.html?x=1');
    assert.equal(localizedAbsoluteUrl('/img/logo.png', 'de', locales), undefined, 'an asset');
    assert.equal(localizedAbsoluteUrl('/fr/guide/', 'de', locales), undefined, 'already another locale');
    assert.equal(localizedAbsoluteUrl('/de/guide/', 'de', locales), undefined, 'already this locale');
    assert.equal(localizedAbsoluteUrl('/en/guide/', 'de', locales, 'en'), '/de/guide/', 'the source served under its own prefix');
    // Through rewriteUrl: only with the framework's rule; without one, absolute links are kept.
    const c = ctx('vitepress', 'docs', 'docs/c.md');
    assert.equal(rewriteUrl('/guide/', c), undefined);
    assert.equal(rewriteUrl('/guide/', { ...c, absolute: (u) => localizedAbsoluteUrl(u, 'de', locales) }), '/de/guide/');
    assert.equal(rewriteUrl('//cdn.example.com/x', { ...c, absolute: (u) => localizedAbsoluteUrl(u, 'de', locales) }), undefined);
  });

  it('hugo: bundle resources and same-folder translations keep their URL; other files get the URL Hugo serves', () => {
    const base = { rest: '', contentDir: 'content/en' };
    // A page bundle: its resources are published with every language.
    assert.equal(
      hugoAssetUrl({
        ...base,
        source: 'content/en/blog/post/index.md',
        target: 'content/de/blog/post/index.md',
        resolved: 'content/en/blog/post/featured.png',
      }),
      undefined,
    );
    // A file of the source language's content folder, outside the page's bundle: its URL, not a disk path.
    assert.equal(
      hugoAssetUrl({ ...base, source: 'content/en/docs/a.md', target: 'content/de/docs/a.md', resolved: 'content/en/images/x.png' }),
      '/images/x.png',
    );
    assert.equal(
      hugoAssetUrl({ ...base, source: 'content/en/docs/a.md', target: 'content/de/docs/a.md', resolved: 'static/img/y.svg', rest: '#z' }),
      '/img/y.svg#z',
    );
    // Translation by file name, in the same folder: nothing to change.
    assert.equal(
      hugoAssetUrl({ source: 'content/docs/a.md', target: 'content/docs/a.de.md', resolved: 'content/images/x.png', rest: '', contentDir: 'content' }),
      undefined,
    );
  });

  it('finds the src of Hugo shortcodes in prose, never in code', () => {
    const text =
      'Intro.\n\n{{< figure src="images/arch.png" title="Architecture" >}}\n\n```\n{{< figure src="no.png" >}}\n```\n\nSee {{% img src="../x.png" %}} here.\n';
    assert.deepEqual(
      findUrls(text, false).map((s) => [s.url, text.slice(s.start, s.end)]),
      [
        ['images/arch.png', 'images/arch.png'],
        ['../x.png', '../x.png'],
      ],
    );
  });
});
