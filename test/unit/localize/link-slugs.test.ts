/**
 * Heading anchors per framework, against outputs published by each framework's own test suite:
 * github-slugger's test/fixtures.json (Docusaurus, Starlight), @mdit-vue/shared's slugify.spec.ts
 * (VitePress), Python-Markdown's toc tests and pymdownx's slug tests (MkDocs), Hugo's
 * markup/goldmark/autoid_test.go. Then whole pages: repeats suffixed per framework, `{#id}` kept,
 * HTML and JSX ids, front matter that is not a heading.
 */
import assert from 'node:assert/strict';
import { pageAnchors } from '../../../src/localize/trust/anchors.ts';
import { githubSlug, hugoSlug, pythonSlug, Slugger, vitepressSlug } from '../../../src/localize/trust/slugs.ts';

describe('link gate: heading slugs per framework', () => {
  it('github (Docusaurus, Starlight): github-slugger fixtures, repeats in order', () => {
    const slugger = new Slugger({ kind: 'github' });
    // github-slugger test/fixtures.json: one slugger for the whole list, in this order.
    const sequence: [string, string][] = [
      ['alpha', 'alpha'],
      ['alpha', 'alpha-1'],
      ['bravoCharlieDelta', 'bravocharliedelta'],
      ['__proto__', '__proto__'],
      ['__proto__', '__proto__-1'],
      ['hasOwnProperty', 'hasownproperty'],
      ['echo', 'echo'],
      ['echo', 'echo-1'],
      ['echo 1', 'echo-1-1'],
      ['echo-1', 'echo-1-2'],
      ['echo', 'echo-2'],
      ['foxtrot-1', 'foxtrot-1'],
      ['foxtrot', 'foxtrot'],
      ['foxtrot', 'foxtrot-2'],
      ['heading with a - dash', 'heading-with-a---dash'],
      ['heading with an _ underscore', 'heading-with-an-_-underscore'],
      ['heading with a period.txt', 'heading-with-a-periodtxt'],
      ['exchange.bind_headers(exchange, routing [, bindCallback])', 'exchangebind_headersexchange-routing--bindcallback'],
      [' ', '-'],
      [' a', '-a'],
      ['a ', 'a-'],
      [' a ', '-a-'],
      ['-a-', '-a--1'],
      ['apostrophe’s should be trimmed', 'apostrophes-should-be-trimmed'],
      ['I ♥ unicode', 'i--unicode'],
      ['en–dash', 'endash'],
      ['😄 unicode emoji', '-unicode-emoji'],
      ['😄-😄 unicode emoji', '--unicode-emoji'],
      ['😄_😄 unicode emoji', '_-unicode-emoji'],
      [':smile: - a gemoji', 'smile---a-gemoji'],
      ['Привет', 'привет'],
      ['Профили пользователей', 'профили-пользователей'],
      ['Привет non-latin 你好', 'привет-non-latin-你好'],
      [':ok_hand::hatched_chick: Two in a row with no spaces', 'ok_handhatched_chick-two-in-a-row-with-no-spaces'],
      ['a) ] } ༻ ༽ ᚜ ⁆ ⁾ ₎ ⌉b', 'a---------b'],
      ['a$ ¢ £ ¤ ¥ € ₿b', 'a------b'],
      ['a» ’ ” › ⸃b', 'a----b'],
      ['a« ‘ ‛ “ ‟ ‹b', 'a-----b'],
      ['a_ ‿ ⁀ ⁔ ＿b', 'a_-‿-⁀-⁔-＿b'],
      ['aᛮ ᛯ Ⅰ Ⅱb', 'aᛮ-ᛯ-ⅰ-ⅱb'],
    ];
    for (const [input, expected] of sequence) assert.equal(slugger.heading(input), expected, JSON.stringify(input));
    assert.equal(githubSlug('Cased Æ Ð Û'), 'cased-æ-ð-û');
  });

  it('vitepress: @mdit-vue/shared slugify cases', () => {
    const cases: [string, string][] = [
      ['Привет', 'привет'],
      ['Лед üäöß', 'лед-uaoß'],
      ['hangul 가', 'hangul-가'.normalize('NFKD')], // the slug keeps NFKD's jamo
      ['ع', 'ع'],
      ['ǆℍΩ', 'dzhω'],
      ['ｶi⁹', 'カi9'],
      ['㌀', decodeURIComponent('%E3%82%A2%E3%83%8F%E3%82%9A%E3%83%BC%E3%83%88')],
      ['¼', '_1⁄4'],
      ['ǆℍΩｶi⁹¼', 'dzhωカi91⁄4'],
      ['hambúrguer', 'hamburguer'],
      ['hŒllœ', 'hœllœ'],
      ['Fußball', 'fußball'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZé', 'abcdefghijklmnopqrstuvwxyze'],
      // markdown-it-anchor's repeats and VitePress's own headings
      ['Getting Started', 'getting-started'],
      ['`useData()` & friends?', 'usedata-friends'],
    ];
    for (const [input, expected] of cases) assert.equal(vitepressSlug(input), expected, input);
  });

  it('python (MkDocs): Python-Markdown toc.slugify and slugify_unicode, unique() with _1, pymdownx.slugs', () => {
    const ascii = { unicode: false, separator: '-' };
    assert.equal(pythonSlug('Some Header', ascii), 'some-header');
    assert.equal(pythonSlug('žlutý kůň', ascii), 'zluty-kun'); // the toc.slugify comment: žlutý => zluty
    assert.equal(pythonSlug('Foo > Baz', ascii), 'foo-baz');
    assert.equal(pythonSlug('Header 1', ascii), 'header-1');
    assert.equal(pythonSlug('Привет мир', ascii), '');
    assert.equal(pythonSlug('Привет мир', { unicode: true, separator: '-' }), 'привет-мир');
    assert.equal(pythonSlug('a_b  c--d', { unicode: false, separator: '_' }), 'a_b_c--d');
    // pymdownx tests/test_extensions/test_slugs.py: slugify(case="lower")
    assert.equal(pythonSlug('Testing unicode-slugs_headers ±♠Ωℑ', { unicode: true, separator: '-', pymdownx: 'lower' }), 'testing-unicode-slugs_headers-ωℑ');
    // toc.unique: ids = {'foo'}; unique('foo') == 'foo_1'; '#Header' three times: header, header_1, header_2
    const s = new Slugger({ kind: 'python', unicode: false, separator: '-' });
    s.explicit('foo');
    assert.equal(s.heading('Foo'), 'foo_1');
    assert.deepEqual(
      ['Header', 'Header', 'Header'].map((h) => s.heading(h)),
      ['header', 'header_1', 'header_2'],
    );
    assert.equal(s.heading('!!!'), '_1', 'an empty slug is never used as it is');
  });

  it('hugo: goldmark autoid_test.go (github, github-ascii, blackfriday), repeats -1, empty → heading', () => {
    const pairs: [string, string][] = [
      ['God is good: 神真美好', 'god-is-good-神真美好'],
      ['Number 32', 'number-32'],
      ['Question?', 'question'],
      ['1+2=3', '123'],
      ['Special !"#$%&(parens)=?´* chars', 'special-parens-chars'],
      ['Resumé', 'resumé'],
      ['One-Hyphen', 'one-hyphen'],
      ['Multiple--Hyphens', 'multiple--hyphens'],
      ['Trailing hyphen-', 'trailing-hyphen-'],
      ['Many   spaces  here', 'many---spaces--here'],
      ['Forward/slash', 'forwardslash'],
      ['Backward\\slash', 'backwardslash'],
      ['Under_score', 'under_score'],
      ['Nonbreaking\u00a0Space', 'nonbreakingspace'],
      ['Tab\tSpace', 'tab-space'],
    ];
    for (const [input, expected] of pairs) assert.equal(hugoSlug(input), expected, input);
    assert.equal(hugoSlug('god is神真美好 good', 'github-ascii'), 'god-is-good');
    assert.equal(hugoSlug('Resumé', 'github-ascii'), 'resume');
    assert.equal(hugoSlug("Let's try this, shall we?", 'blackfriday'), 'let-s-try-this-shall-we');
    const s = new Slugger({ kind: 'hugo', type: 'github' });
    assert.deepEqual(
      ['Intro', 'Intro', '???', '???'].map((h) => s.heading(h)),
      ['intro', 'intro-1', 'heading', 'heading-1'],
    );
  });
});

describe('link gate: the anchors of a page', () => {
  const ids = (text: string, rule: Parameters<typeof pageAnchors>[1]['rule'], mdx = false, explicitBoth = false): string[] => [
    ...pageAnchors(text, { mdx, rule, explicitBoth }).ids,
  ];

  it('Docusaurus: {#id} replaces the slug (Markdown and MDX), repeats -1, HTML and JSX ids, front matter is no heading', () => {
    const page = [
      '---',
      'title: Setext lookalike',
      '---',
      '',
      '# Intro',
      '',
      '## Install {#setup}',
      '',
      '## Intro',
      '',
      '<a name="old-anchor"></a>',
      '',
      '## `ref.watch` and *friends*',
      '',
      '<div id="custom-box">x</div>',
      '',
    ].join('\n');
    const got = ids(page, { kind: 'github' });
    for (const id of ['intro', 'setup', 'intro-1', 'old-anchor', 'refwatch-and-friends', 'custom-box']) assert.ok(got.includes(id), id);
    assert.ok(!got.includes('install-setup') && !got.includes('setext-lookalike'));
    const mdx = 'import X from "./x";\n\n## Hello {#hi}\n\n## Tabs{#tabs-id}\n\n<Box id="jsx-id" />\n\n## Hello\n';
    const m = ids(mdx, { kind: 'github' }, true);
    for (const id of ['hi', 'tabs-id', 'jsx-id', 'hello']) assert.ok(m.includes(id), `${id} in ${m.join(',')}`);
  });

  it('Starlight: {#id} is not read, so the slug of the whole text counts too; VitePress and Hugo: {#id} only', () => {
    assert.deepEqual(ids('## Install {#setup}\n', { kind: 'github' }, false, true).sort(), ['install-setup', 'setup']);
    assert.deepEqual(ids('## Install {#setup}\n', { kind: 'vitepress' }), ['setup']);
    assert.deepEqual(ids('## Install {#setup .cls}\n', { kind: 'hugo', type: 'github' }), ['setup']);
  });

  it('MkDocs: ids written on the page are reserved first, so a heading with the same slug gets _1; attr_list ids kept', () => {
    const got = ids('## Usage\n\n## Other {: #usage }\n', { kind: 'python', unicode: false, separator: '-' });
    assert.deepEqual(got.sort(), ['usage', 'usage_1']);
  });

  it('a page that includes snippets is open (its fragments are not judged); MDX imports of Markdown are listed', () => {
    assert.equal(pageAnchors('# A\n\n--8<-- "snippets/x.md"\n', { mdx: false, rule: { kind: 'github' } }).open, true);
    assert.deepEqual(pageAnchors("import Part from './_part.mdx';\n\n# A\n\n<Part />\n", { mdx: true, rule: { kind: 'github' } }).includes, ['./_part.mdx']);
  });
});
