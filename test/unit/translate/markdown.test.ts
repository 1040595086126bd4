import assert from 'node:assert/strict';
import { checkMarkdown as check, markdownProse as prose } from './helpers.ts';

describe('segmentMarkdown: blocks', () => {
  it('keeps YAML front matter except reader-facing values, and translates the body', () => {
    check('---\ntitle: Hello world\ntags: [a, b]\n---\nBody text.\n', [
      ['K', '---\ntitle: '],
      ['T', 'Hello world'],
      ['K', '\ntags: [a, b]\n---\n'],
      ['T', 'Body text.'],
      ['K', '\n'],
    ]);
  });

  it('keeps TOML front matter except reader-facing values, and YAML closed by "..."', () => {
    check('+++\ntitle = "Hi there" # tab\nslug = "hi"\n+++\nText here', [
      ['K', '+++\ntitle = '],
      ['T', '"Hi there"'],
      ['K', ' # tab\nslug = "hi"\n+++\n'],
      ['T', 'Text here'],
    ]);
    assert.deepEqual(prose('+++\nslug = "Hi there"\n+++\nText here'), ['Text here']);
    assert.deepEqual(prose('---\ntitle: Hi there\n...\nText here'), ['Hi there', 'Text here']);
    assert.deepEqual(prose('---\nslug: Hi there\n...\nText here'), ['Text here']);
  });

  it('treats an unclosed leading --- as a thematic break, not front matter', () => {
    assert.deepEqual(prose('---\nJust prose'), ['Just prose']);
  });

  it('keeps ATX heading markers and closing sequences', () => {
    check('# Title *one* ##\n###### Deep\n# C#\n', [
      ['K', '# '],
      ['T', 'Title *one*'],
      ['K', ' ##\n###### '],
      ['T', 'Deep'],
      ['K', '\n# '],
      ['T', 'C#'],
      ['K', '\n'],
    ]);
  });

  it('keeps heading anchors like {#id}', () => {
    check('## Getting started {#start .intro}\n', [
      ['K', '## '],
      ['T', 'Getting started'],
      ['K', ' {#start .intro}\n'],
    ]);
  });

  it('ends an HTML block at a blank line so Markdown inside <details> is translated', () => {
    check('<details>\n<summary>Click</summary>\n\nHidden *text*\n\n</details>\n', [
      ['K', '<details>\n<summary>Click</summary>\n\n'],
      ['T', 'Hidden *text*'],
      ['K', '\n\n</details>\n'],
    ]);
  });

  it('keeps setext underlines and thematic breaks', () => {
    check('Title here\n==========\n\n* * *\nSub title\n---\n', [
      ['T', 'Title here'],
      ['K', '\n==========\n\n* * *\n'],
      ['T', 'Sub title'],
      ['K', '\n---\n'],
    ]);
  });

  it('keeps fenced code of any length, with info strings, ``` and ~~~', () => {
    const input = 'Intro text\n````ts title="a.ts"\nconst a = "hello";\n```\nstill code\n````\n~~~\nmore code\n~~~\nOutro text';
    check(input, [
      ['T', 'Intro text'],
      ['K', '\n````ts title="a.ts"\nconst a = "hello";\n```\nstill code\n````\n~~~\nmore code\n~~~\n'],
      ['T', 'Outro text'],
    ]);
  });

  it('keeps an unclosed fence to the end of the document', () => {
    check('Before it\n```\ncode line\n\nNot prose at all', [
      ['T', 'Before it'],
      ['K', '\n```\ncode line\n\nNot prose at all'],
    ]);
  });

  it('keeps indented code blocks but not indented paragraph continuations', () => {
    check('Para one\n\n    code block\n    more code\n\nPara two\n    lazy line', [
      ['T', 'Para one'],
      ['K', '\n\n    code block\n    more code\n\n'],
      ['T', 'Para two\n    lazy line'],
    ]);
  });

  it('keeps HTML blocks, comments and processing instructions', () => {
    const input = '<div align="center">\n  <b>Logo text</b>\n</div>\n\nProse here\n<!--\nhidden note\n-->\n<script>\nlet x = 1;\n\nx++;\n</script>\nEnd text';
    check(input, [
      ['K', '<div align="center">\n  <b>Logo text</b>\n</div>\n\n'],
      ['T', 'Prose here'],
      ['K', '\n<!--\nhidden note\n-->\n<script>\nlet x = 1;\n\nx++;\n</script>\n'],
      ['T', 'End text'],
    ]);
  });

  it('keeps $$ math blocks, multi-line and single-line', () => {
    check('Before math\n$$\n\\int_0^1 x\\,dx\n$$\n$$ a^2 + b^2 $$\nAfter math', [
      ['T', 'Before math'],
      ['K', '\n$$\n\\int_0^1 x\\,dx\n$$\n$$ a^2 + b^2 $$\n'],
      ['T', 'After math'],
    ]);
  });

  it('keeps reference definitions (with titles) whole', () => {
    check('[docs]: https://example.com/docs "The docs"\n[Other Ref]: <./a b.md>\n\nRead [the guide][docs].', [
      ['K', '[docs]: https://example.com/docs "The docs"\n[Other Ref]: <./a b.md>\n\n'],
      ['T', 'Read'],
      ['K', ' ['],
      ['T', 'the guide'],
      ['K', '][docs].'],
    ]);
  });

  it('keeps list markers, ordered markers and task boxes', () => {
    check('- [ ] open task\n- [x] done task\n1. first\n2) second\n* star item\n', [
      ['K', '- [ ] '],
      ['T', 'open task'],
      ['K', '\n- [x] '],
      ['T', 'done task'],
      ['K', '\n1. '],
      ['T', 'first'],
      ['K', '\n2) '],
      ['T', 'second'],
      ['K', '\n* '],
      ['T', 'star item'],
      ['K', '\n'],
    ]);
  });

  it('handles nested lists with continuation lines and code inside items', () => {
    const input = '- outer item\n  continued here\n  - inner item\n    1. deepest item\n\n  Second paragraph\n\n      code in item\n\nAfter list';
    check(input, [
      ['K', '- '],
      ['T', 'outer item\n  continued here'],
      ['K', '\n  - '],
      ['T', 'inner item'],
      ['K', '\n    1. '],
      ['T', 'deepest item'],
      ['K', '\n\n  '],
      ['T', 'Second paragraph'],
      ['K', '\n\n      code in item\n\n'],
      ['T', 'After list'],
    ]);
  });

  it('keeps fences inside list items', () => {
    check('- Run this:\n  ```sh\n  npm test\n  ```\n- Done now', [
      ['K', '- '],
      ['T', 'Run this:'],
      ['K', '\n  ```sh\n  npm test\n  ```\n- '],
      ['T', 'Done now'],
    ]);
  });

  it('keeps blockquote markers, nested quotes and code inside quotes', () => {
    check('> Quoted line\n> > Nested quote\n>\n> ```\n> code\n> ```\nlazy', [
      ['K', '> '],
      ['T', 'Quoted line'],
      ['K', '\n> > '],
      ['T', 'Nested quote'],
      ['K', '\n>\n> ```\n> code\n> ```\n'],
      ['T', 'lazy'],
    ]);
  });

  it('splits tables into cells, keeping pipes and the alignment row', () => {
    // GFM: a pipe inside a code span still ends the cell unless escaped.
    check('| Name | Value |\n|:---|---:|\n| First *row* | `x\\|` |\n| Second | 42 |\n\nAfter', [
      ['K', '| '],
      ['T', 'Name'],
      ['K', ' | '],
      ['T', 'Value'],
      ['K', ' |\n|:---|---:|\n| '],
      ['T', 'First *row*'],
      ['K', ' | `x\\|` |\n| '],
      ['T', 'Second'],
      ['K', ' | 42 |\n\n'],
      ['T', 'After'],
    ]);
  });

  it('splits tables without outer pipes and keeps escaped pipes in cells', () => {
    check('Left | Right\n--- | ---\na \\| b | c d', [
      ['T', 'Left'],
      ['K', ' | '],
      ['T', 'Right'],
      ['K', '\n--- | ---\n'],
      ['T', 'a \\| b'],
      ['K', ' | '],
      ['T', 'c d'],
    ]);
  });

  it('keeps footnote definition labels and references', () => {
    check('Claim here[^1].\n\n[^1]: The source text.', [
      ['T', 'Claim here'],
      ['K', '[^1].\n\n[^1]: '],
      ['T', 'The source text.'],
    ]);
  });

  it('preserves CRLF line endings exactly', () => {
    const input = '# Title\r\n\r\nLine one\r\nline two\r\n\r\n```\r\ncode\r\n```\r\n- item\r\n';
    check(input, [
      ['K', '# '],
      ['T', 'Title'],
      ['K', '\r\n\r\n'],
      ['T', 'Line one\r\nline two'],
      ['K', '\r\n\r\n```\r\ncode\r\n```\r\n- '],
      ['T', 'item'],
      ['K', '\r\n'],
    ]);
  });

  it('keeps a byte order mark and still sees the heading after it', () => {
    check('\uFEFF# Title', [
      ['K', '\uFEFF# '],
      ['T', 'Title'],
    ]);
  });

  it('never translates whitespace-only or letterless text', () => {
    check('   \n\n\t\n', [['K', '   \n\n\t\n']]);
    check('1234 --- !!!\n', [['K', '1234 --- !!!\n']]);
    check('', []);
  });
});
