import assert from 'node:assert/strict';
import { fastRegions } from '../../../src/translate/fast.ts';
import { segmentMarkdown } from '../../../src/translate/index.ts';
import { readmes } from '../../bench/lib/readmes.ts';

/** Blocks the fast reader (fast.ts, fast-flow.ts) reads without the parser, each with what the parser must give for it. */
const READ_FAST = [
  '- item one\n  continued at the content column\n- item two\n  - nested `code`\n    continued\n- back',
  '*   wide marker\n    continued\n*   second',
  '1. first\n2. second with [a link](https://example.com)\n3. third',
  'See the [guide][g], [Guide][] and [guide] here.\n\n[g]: https://example.com/g\n[guide]: ./guide.md "Title"',
  '<div align="center">\n  <img src="logo.png">\n</div>',
  '<p>\n\n<!-- a comment\n\nover a blank line -->',
  '<img src="a.png" alt="A logo"/>',
  'A paragraph ending in a list:\n- one\n- two',
  'Badges [![npm](https://img.shields.io/npm/v/x.svg)](https://npmjs.com/x) and ![alt text](b.png).',
  'A code span `that runs\nover two lines` in a paragraph.',
  '- [`@scope/name`](https://example.com/x "The package") - its `code`\n- [`a]`](b) and [not a label] here',
  '- `option` (default: `false`). Explained\nlazily on the next line\n- [ ] a task\n- [x] **[done](x)**  \n\n  Second paragraph.\n  ```js\n  const a = b | c;\n\n  ```\n  <!-- prettier-ignore -->\n  After the code.\n    - nested three columns in\n\n      ~~~\n      code\n      ~~~',
  'Type: `Storage`<br>\nDefault: a < b, <https://example.com> and <span class="a" id=b>text</span>.',
  '> [!NOTE]\n> An alert with `code`.',
  '<!-- prettier-ignore -->\n```js\nx();\n```',
  '<a name="usage"></a>\n## Usage\n\n<a href="https://x.org"><img src="b.svg" alt="B"></a> and text',
  '- [`A<T>`](u) - Extract.\n  <details>\n  <summary>\n  \tExample\n  </summary>\n\n  [Playground](x)\n\n  </details>\n- b\n  <!-- a\n\n  b -->\n  text\n- c\n\n  <img src="x">\n  more',
  '- [`ace`](https://en.wikipedia.org/wiki/ACE_(format)) - `number | string`, a | b\n- see \\[more\\] and \\`not code\\` and a\\b',
  // Reference images, linked or not (badges), and a backslash hard break inside a paragraph.
  '[![Guide][g]][guide] [![x](b.svg)][g] ![alt][g], ![Guide] and ![guide][] badges.\nType: `boolean`\\\nDefault: `false`',
  // Thematic breaks: a block starts afresh on the next line.
  '---\n<a name="x"></a>\n### Title\nText\n\n***\n- - -\n___',
  // Indented code, and a paragraph and fenced code indented 1 to 3 spaces, where no paragraph or container can be open.
  'Intro\n\n    npm test\n\n\tx\n  \nText *here*\n\n   Indented *paragraph*\n   continued\n\n   ```ts\n   code\n   ```\n#### Next',
  // Lists indented one to three columns, their items left of each other's content.
  ' * 3.4.0\n * 3.3.0\n\n   1. three columns in\n   2. `code`\n  * a sibling one column left',
  // Lines that start with an emoji shortcode, emphasis before punctuation, or an image.
  ':memo: It aims to test\n\n* :gear: Built-in filtering.\n* :link: Safe.\n\n**"Expanded" braces**, _(generated)_ and ***Example***\n\n![logo](a.png)\n![ci][g]',
  // A `<` that opens no tag: a comparison, an arrow, a host name in angle brackets.
  'Copyright (c) 2009 T. R. <280north.com>, when `n`<=256 and a <--- b.',
  // Items that start with inline HTML; a paragraph after a blank line indented past the content
  // column; continuation lines indented past it (those spaces are text) and lazily less.
  // One trailing space where a paragraph goes on (text) or ends; escapes in link text; a bracket that closes nothing.
  '* Used in [Express](https://e.com), \n   [Grunt](http://g.com) and `x` \n* `args` {string\\[]} array [\\$data reference](u) ] \n\n  after ',
  // Setext headings (one or more lines), a paragraph that an ordered item numbered 1 interrupts,
  // lines that start with `#` before a letter, an escape or a strikethrough.
  'Title\n=====\n\nTwo *line*\nheading\n---\nIntro:\n1. **File** parsing\n2. Web\n\n#boolbase\n\\* not in Async\n~~We believe~~',
  // E-mail autolinks, HTML comments, a host name in angle brackets (text).
  'Copyright (c) 2012 T. L. <thlorenz@gmx.de>, OpenJS <www.openjsf.org>\n# markdown-it <!-- omit in toc -->\n\na <!--> b <!-- x -- y --> c',
  // Tables: escaped pipes (also in code), and a table whose rows have no leading pipe.
  '| Name | Type |\n| :-- | :-- |\n| `node` | Node \\| Node[] |\n| `a \\| b` | x |\n\nDatabase | Adapter | TTL\n---|---|---\nRedis | [@keyv/redis](https://g.com/r) | Yes\nMongo | x',
  // Quotes (alerts) of several paragraphs, a line of `>` and spaces between them; definitions
  // without a space after the colon, with escapes in the destination, titles in single quotes or parentheses.
  '> [!NOTE]\n>\n> For a quick look at `dist/`, see\n> <https://unpkg.com/markdown-it/>.\n> \n> <b>For</b> browsers use unpkg.\n>\n\n[npm-url]:https://npmjs.org/package/x\n[img]: https://x.io/a\\&b "t"\n[c]: /u (paren title)\n[d]: /v \'single\'\n\n[npm-url] [img] [c] [d]',
  // Inline HTML in link text (a bracket in an attribute is the tag's).
  '[<img src="https://a/b.svg" width="45%" alt="Mozilla">](https://www.mozilla.org) and [IToken<number>](#t), [a <b title="]">c</b>](d)',
  // Tab-indented HTML, paragraphs and fenced code in items (the tab to column 4).
  '- [`Partial<T>`](u) - Make all optional.\n\t<details>\n\t<summary>\n\t\t\tExample\n\t</summary>\n\n\t[Playground](x)\n\n\t```ts\n\tcode\n\t\tmore\n\t```\n\n\t</details>\n- b\n\n \tpara *x*',
  '* <a href="#push"><code>queue#<b>push()</b></code></a>\n* <a href="#kill">kill</a>\n\n- `isZip()`\n\n   Determines whether.\n- `a` (default: `1`)\n     must include `X`\n  - `b` nested\n  continued lazily\nand at column 0',
];

/** Lists with items the fast reader does not know, and those items: the parser reads only them. */
const ITEM_BY_ITEM: [string, string[]][] = [
  // (`2.` cannot interrupt a paragraph: it continues the item's, which the reader leaves to the parser.)
  ['- one\n- two\n\n      indented code\n- three\n  2. not a list\n- four', ['- two\n\n      indented code\n', '- three\n  2. not a list\n']],
  ['1. `a`\n2. b\n   > quoted\n3. c\n\nAfter the list.', ['2. b\n   > quoted\n']],
  ['* a\n* b\n\n  | x | y |\n  |---|---|\n  | 1 | 2 |\n\nText.', ['* b\n\n  | x | y |\n  |---|---|\n  | 1 | 2 |\n\n']],
];

describe('segmentMarkdown: the fast reader', () => {
  it('reads a list item by item, leaving the parser only the items it does not know', () => {
    for (const [text, expected] of ITEM_BY_ITEM) {
      const other = fastRegions(text, 0, new Set()).filter((r) => r.kind === 'other');
      assert.deepEqual(
        other.map((r) => text.slice(r.start, r.end)),
        expected,
        text,
      );
    }
  });

  it('reads lists (nested, ordered, continued), references, definitions, HTML blocks and images without the parser', () => {
    for (const text of READ_FAST) {
      const defined = new Set(['G', 'GUIDE']);
      const regions = fastRegions(text, 0, defined);
      const other = regions.filter((r) => r.kind === 'other').map((r) => text.slice(r.start, r.end));
      assert.deepEqual(other, [], text);
    }
  });

  it('gives the parser’s parts for each of them, in both modes, and where the parser must read (a lazy line, an undefined label, a hard break)', () => {
    const parserOnly = [
      '- item\nlazy continuation\n- next',
      'An [undefined] label and [another][none].',
      'A hard break  \nafter two spaces.',
      '- item\n\n  second paragraph of the item',
      '[x]: /a\n\nThe [x] label, defined again:\n\n[X]: /b',
      '- [ ] a task\n- [x] done',
      '<Component title="Note">\n\ntext',
      // An ordered list that would interrupt a paragraph starts at 1: `2.` continues the item's paragraph.
      '- a\n  2. b\n- c\n  - d\n  3. e',
      'A hard break\\\nafter a backslash, [unbalanced](a(b "t") and [x](a(b(c(d(e)))))',
      'A | B\n--|--\n\n- a | b\n  | - | - |',
      // A line of one tag does not interrupt an item's paragraph; a line outside the item closes its HTML block.
      '- a\n  <img src="x">\n- b\n\n  <div>\nlazy?\n\n- c\n\n  <!-- x\n- d -->',
      // A label over two quoted lines: its definition's label is `foo bar`, without the `>`.
      '> [foo\n> bar]: /url\n\n[foo bar] and [foo\nbar]\n\n- [foo bar] <x',
      // A tab is four columns: `bar` continues the item after the blank line.
      '- foo\n\n\tbar',
      // Only spaces and tabs make a line blank (U+00A0 and U+3000 are text).
      'para\n\u00a0\nmore',
      '- a\n- b\n\u00a0\nc',
      '> a\n\u00a0\nb',
      '| a |\n|---|\n| b |\n\u3000\nc',
      '<div>\n\u00a0\nb *c*',
      'x\n- - -\ny\n---\n\n* * *',
      // Indentation: a setext heading, a line indented four spaces (text), closing fences indented less or more.
      '  a\n  ===\n\n   b\n   - c\n\n x\n |-|\n',
      'a\n  - b\n\nc\n    # d\n\ne\n   # f\n\ng\n   ```\n',
      '  ```\n  a\n ```\nb\n\n  ~~~\n~~~~\nc',
      '- a\n\n  b\n\n   c\n\n    d',
      '1.   a\n\n    b\n',
      // Where the parser tells: an ordered item not numbered 1 after a paragraph line, a setext
      // underline indented 4, rows wider than the header, a row that starts a list, a header without
      // a pipe in its delimiter row.
      'Intro:\n2. not a list\n\na\n    ---\n\n| a |\n|---|\n| b \\\\| c |\n\nalg | Sig\n---|---\nHS256 | HMAC\n- list?\n\na | b\n---\nc',
      // A bracket that closes nothing before another bracket: which pair is a label depends on the definitions.
      '&][]A',
      'x][] and a]![b](c)',
      // An autolink in link text (links hold no links): the parser tells what the brackets are.
      'See [a <https://x.y> b](c) and [a <x@y.z> b](c) here.\n\n- [a <https://x.y> b](c)',
      // Quotes the parser reads: a list, indented code, a lazy line, a setext underline, an HTML block, a heading.
      '> a\n>\n> - b\n\n> a\n>\n>     code\n\n> a\n>\n> b\nlazy\n\n> a\n> ---\n\n> a\n> <div>\n\n> # h\n>\n> t',
      // Tabs where the parser tells: before an item's marker, in a continuation line's indentation, closing a fence.
      '- a\n\t- b\n- c\n\tcontinued\n- d\n  ```\n\t```\n  x\n\t  ```\n- e\n\t<div>\n  \t</div>\n\n\t\tcode?',
      // Two trailing spaces and a tab (a hard break, text); a backslash before a line ending in link text.
      '- a  \n  b\n- c\t\n  d\n- [e\\\n  f](g)',
      // An e-mail autolink, and tags that start an HTML block in an item.
      'Mail <1a.b@example.com> or <-x@example.com>.\n\n- <div>\n  text\n- <a href="x">\n\n- a\n\n  <div>b</div>',
      // A definition whose label runs over lines.
      '[Foo\nbar]: /url\n\n[Foo bar]',
      '[Foo\n  bar]: /url\n\n[Foo bar]',
      ...ITEM_BY_ITEM.map(([text]) => text),
      // Where an item left to the parser ends: a line that may be lazy, a thematic break, an unclosed fence or quote.
      '- a\n  > quote\nlazy or not?\n- b',
      '- a\n- - -\n- b',
      '- - -\n- a',
      '- a\n  ```\n  code\n- b\n  ```\n- c',
      '10. a\n\n   ```\n- x\n   ```\n- y',
      '1. a\n   > q\n2. b\n3) c\n   > d\n- e',
      '- a\n\n      code\n * b\n   continued\n  2. not a list\n-     code\n- c',
      '- [ ] a\n  - [x] b\n\n  [![x][y]]\n\n[y]: /u',
    ];
    for (const text of [...READ_FAST, ...parserOnly, ...READ_FAST.map((t) => t.replace(/\n/g, '\r\n'))]) {
      for (const mode of ['wholeBlocks', 'fragments'] as const) {
        assert.deepEqual(segmentMarkdown(text, { mode, mdx: false, fast: true }), segmentMarkdown(text, { mode, mdx: false, fast: false }), text);
      }
    }
  });

  it('reads most of the READMEs in node_modules without the parser', () => {
    let chars = 0;
    let parsed = 0;
    for (const { text } of readmes()) {
      const labels = new Set([...text.matchAll(/^\[([^\]\n]+)\]:/gm)].map((m) => m[1]!.toUpperCase()));
      for (const r of fastRegions(text, 0, labels)) if (r.kind === 'other') parsed += r.end - r.start;
      chars += text.length;
    }
    assert.ok(parsed / chars < 0.1, `${((parsed / chars) * 100).toFixed(1)}% left to the parser`);
  });
});
