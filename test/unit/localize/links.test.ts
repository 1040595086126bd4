import assert from 'node:assert/strict';
import { createLayout } from '../../../src/localize/index.ts';
import { findUrls, rewriteUrl, type LinkContext } from '../../../src/localize/links.ts';

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
    const text = 'A [link](./c.md "Title") and ![img](<img/x.png>).\n\n`[not](a.md)`\n\n```md\n[no](b.md)\n```\n\n<img src="img/x.png">\n\n[ref]: ../c.md#part\n';
    assert.deepEqual(findUrls(text, false).map((s) => [s.url, text.slice(s.start, s.end)]), [
      ['./c.md', './c.md'], ['img/x.png', 'img/x.png'], ['img/x.png', 'img/x.png'], ['../c.md#part', '../c.md#part'],
    ]);
    const mdx = 'import X from "./x";\n\n<Figure src="./img/x.png" alt="x" />\n';
    assert.deepEqual(findUrls(mdx, true).map((s) => s.url), ['./img/x.png']);
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
});
