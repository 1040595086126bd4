import assert from 'node:assert/strict';
import { checkMarkdown as check, markdownProse as prose } from './helpers.ts';

describe('segmentMarkdown: inline', () => {
  it('keeps one sentence with emphasis as one segment', () => {
    check('A sentence with **bold**, _italic_ and ~~strike~~ text.', [['T', 'A sentence with **bold**, _italic_ and ~~strike~~ text.']]);
  });

  it('keeps code spans of any backtick run length', () => {
    check('Use ``a ` b`` or `c` now, but `unclosed stays prose', [
      ['T', 'Use'],
      ['K', ' ``a ` b`` '],
      ['T', 'or'],
      ['K', ' `c` '],
      ['T', 'now, but `unclosed stays prose'],
    ]);
  });

  it('keeps link destinations and titles, translates link text', () => {
    check('See [the *docs*](https://x.io/a_(b) "Docs title") and [here](<./a b.md>).', [
      ['T', 'See'],
      ['K', ' ['],
      ['T', 'the *docs*'],
      ['K', '](https://x.io/a_(b) "Docs title") '],
      ['T', 'and'],
      ['K', ' ['],
      ['T', 'here'],
      ['K', '](<./a b.md>).'],
    ]);
  });

  it('keeps image sources and translates alt text, also inside links', () => {
    check("[![Build status](https://ci/badge.svg)](https://ci) Image: ![A cat](cat.png 'Cat')", [
      ['K', '[!['],
      ['T', 'Build status'],
      ['K', '](https://ci/badge.svg)](https://ci) '],
      ['T', 'Image:'],
      ['K', ' !['],
      ['T', 'A cat'],
      ['K', "](cat.png 'Cat')"],
    ]);
  });

  it('keeps reference labels; collapsed and shortcut forms are translated and written back as full references', () => {
    const doc = '[api]: https://a\n\nFull [the api][api], collapsed [api][], shortcut [api], [not a ref].';
    check(doc, [
      ['K', '[api]: https://a\n\n'],
      ['T', 'Full'],
      ['K', ' ['],
      ['T', 'the api'],
      ['K', '][api]'],
      ['T', ', collapsed'],
      ['K', ' '],
      ['T', '[api][]'],
      ['T', ', shortcut'],
      ['K', ' '],
      ['T', '[api]'],
      ['T', ', [not a ref].'],
    ]);
  });

  it('keeps autolinks, e-mail autolinks and bare URLs (without trailing punctuation)', () => {
    check('Visit <https://a.b/c?d=1>, mail <me@x.org> or www.example.com/path.', [
      ['T', 'Visit'],
      ['K', ' <https://a.b/c?d=1>'],
      ['T', ', mail'],
      ['K', ' <me@x.org> '],
      ['T', 'or'],
      ['K', ' www.example.com/path.'],
    ]);
    assert.deepEqual(prose('(see https://en.wikipedia.org/wiki/Foo_(bar)) ok'), ['(see', ') ok']);
  });

  it('keeps inline HTML tags and comments, translating the text between them', () => {
    check('Press <kbd>Ctrl</kbd> <!-- note --> then <img src="a.png" alt="x"/> go', [
      ['T', 'Press'],
      ['K', ' <kbd>'],
      ['T', 'Ctrl'],
      ['K', '</kbd> <!-- note --> '],
      ['T', 'then'],
      ['K', ' <img src="a.png" alt="x"/> '],
      ['T', 'go'],
    ]);
  });

  it('keeps inline math but not currency amounts', () => {
    check('Area $\\pi r^2$ and $$E=mc^2$$ cost $5 or $10 total.', [
      ['T', 'Area'],
      ['K', ' $\\pi r^2$ '],
      ['T', 'and'],
      ['K', ' $$E=mc^2$$ '],
      ['T', 'cost $5 or $10 total.'],
    ]);
  });

  it('keeps backslash escapes inside the prose', () => {
    check('Not \\`code\\` and not \\[link](x)', [['T', 'Not \\`code\\` and not \\[link](x)']]);
  });

  it('keeps code spans that cross a soft line break', () => {
    check('Run `npm\ntest` now please', [
      ['T', 'Run'],
      ['K', ' `npm\ntest` '],
      ['T', 'now please'],
    ]);
  });

  it('splits a long paragraph on sentence boundaries under 4000 characters', () => {
    const sentence = 'This sentence is about forty characters. ';
    const input = '# Long\n\n' + sentence.repeat(250).trimEnd();
    const parts = prose(input);
    assert.ok(parts.length === 4, `got ${parts.length}`);
    for (const p of parts.slice(1)) assert.ok(p.endsWith('characters.') && p.length <= 4000);
  });
});
