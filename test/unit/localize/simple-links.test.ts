import assert from 'node:assert/strict';
import { findUrls, parsedUrls } from '../../../src/localize/links.ts';
import { simpleUrls } from '../../../src/localize/simpleLinks.ts';
import { realCorpus } from '../translate/corpus.ts';

const at = (spans: { start: number; url: string }[] | undefined): [number, string][] | undefined => spans?.map((s) => [s.start, s.url]);

describe('localize: link destinations read without the parser', function () {
  this.timeout(120_000);

  it('reads simple links and images, titles and spacing as the parser does, in Markdown and MDX', () => {
    for (const text of [
      '![i](x.png) and [l](y.md#z)',
      '[a](b "t") and [c](d \'u\' )',
      '[a]( b )',
      '[a] (b) is no link; [a][b](c) ends in one',
      '[](x)',
      '[a](b"t")',
      '[a]( "t")',
      '> [a](b)\n> [c](d)',
      'x [a](b) [c',
      '[Home](https://example.com/docs) (see it)',
    ]) {
      const fast = simpleUrls(text);
      assert.notEqual(fast, undefined, text);
      assert.deepEqual(at(fast), at(parsedUrls(text, false)), text);
      assert.deepEqual(at(fast), at(parsedUrls(text, true)), text);
    }
    assert.deepEqual(at(simpleUrls('![i](x.png) and [l](y.md#z)')), [
      [5, 'x.png'],
      [20, 'y.md#z'],
    ]);
  });

  it('leaves to the parser what it cannot read for sure, including where the parser finds another answer', () => {
    const refused = [
      'see www.a.com/[x](y) now', // the autolink literal runs over the link: the parser finds none
      'see http://a.com/[x](y)',
      '[www.a.com](y)',
      'mail a@b.co[x](y)',
      '[a](b\n"t")',
      '[a\nb](c)',
      '[a](b(c))',
      '[a](<b>)',
      '[a](b\u00a0c)', // a no-break space belongs to the destination
      '- [a](b)\n    [c](d)',
      'import x from "y"\n\n[a](b)',
      '[^1](x)',
      '[a [b](c) d](e)',
      '`[a](b)`',
      '<a href="x">[a](b)</a>',
      '\\[a](b)',
      '[a](b&amp;c)',
      '{x} [a](b)',
      '| [a](b) |',
      '[a]: b',
      '~~~\n[a](b)\n~~~',
    ];
    for (const text of refused) assert.equal(simpleUrls(text), undefined, text);
    assert.deepEqual(parsedUrls('see www.a.com/[x](y) now', false), [], 'the case that needs the refusal');
    assert.deepEqual(at(findUrls('[a](b(c))', false)), [[4, 'b(c)']], 'findUrls falls back to the parser');
  });

  it('gives what the parser gives on the lines and paragraphs of the real documentation (every 20th it reads)', () => {
    const mayLink = /\]\(|\]:|\b(?:src|href)\s*=/;
    const seen = new Set<string>();
    let read = 0;
    let refused = 0;
    let compared = 0;
    for (const doc of realCorpus()) {
      for (const text of [...doc.text.split(/\n\s*\n/), ...doc.text.split('\n')]) {
        if (!mayLink.test(text) || seen.has(text)) continue;
        seen.add(text);
        const fast = simpleUrls(text);
        if (fast === undefined) {
          refused++;
          continue;
        }
        if (read++ % 20 !== 0) continue;
        compared++;
        assert.deepEqual(fast, parsedUrls(text, false), `Markdown: ${JSON.stringify(text)}`);
        assert.deepEqual(fast, parsedUrls(text, true), `MDX: ${JSON.stringify(text)}`);
      }
    }
    assert.ok(read > 5000 && compared > 250, `read ${read}, compared ${compared}`);
    assert.ok(refused > 0);
  });
});
