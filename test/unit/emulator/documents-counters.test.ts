import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ContentError, JsonCounter, MarkupCounter, PlainCounter, SubtitleCounter, codePoints } from '../../emulator/documents/text-counters.ts';
import type { TextCounter } from '../../emulator/documents/text-counters.ts';
import { sanitizeBasename } from '../../emulator/documents/basename.ts';

/** Feeds `text` in pieces cut at the given positions. */
function feed(counter: TextCounter, text: string, cuts: number[]): number {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  let last = 0;
  for (const p of points) {
    counter.push(text.slice(last, p));
    last = p;
  }
  counter.push(text.slice(last));
  return counter.finish();
}

function jsonStringChars(value: unknown, isKey = false): number {
  if (typeof value === 'string') return isKey ? 0 : codePoints(value);
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + jsonStringChars(v), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + jsonStringChars(v), 0);
  return 0;
}

const cutsArb = fc.array(fc.nat(), { maxLength: 12 });
/** Characters that stress a file name: separators, controls, dots, spaces, reserved names, non-BMP. */
const nameUnit = fc.oneof(
  fc.constantFrom('/', '\\', '.', ' ', ':', '*', '?', '"', '<', '>', '|', '\u0000', '\n', '\u007f', 'CON', 'nul', 'com1', '..', 'é', '😀'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 3 }),
  fc.string({ unit: 'binary', maxLength: 1 }),
);

describe('emulator: document character counters', () => {
  it('JSON: the code points of string values, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.jsonValue(), cutsArb, fc.boolean(), (value, cuts, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        assert.equal(feed(new JsonCounter(), text, cuts), jsonStringChars(value));
      }),
      { numRuns: 300 },
    );
  });

  it('JSON: unbalanced or empty input is refused', () => {
    for (const text of ['', '  ', '{', '[1, 2', '{"a": "b}', '[}', '{]']) {
      assert.throws(() => feed(new JsonCounter(), text, []), ContentError, JSON.stringify(text));
    }
  });

  it('markup: the same count whatever the chunking', () => {
    const piece = fc.constantFrom('<p>', '</p>', '<a href="x>y">', 'Hallo ', 'wörld', '\n  ', '<!-- c > d -->', '<![CDATA[a<b]]>', '&amp;', '😀', '<br/>');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), cutsArb, cutsArb, (pieces, a, b) => {
        const text = pieces.join('');
        assert.equal(feed(new MarkupCounter(false), text, a), feed(new MarkupCounter(false), text, b));
      }),
      { numRuns: 300 },
    );
  });

  it('markup: whitespace-only text nodes, tags and comments do not count; entities count as written', () => {
    assert.equal(feed(new MarkupCounter(false), '<p>\n  <b> Hi </b>\n</p><!-- long comment -->x&amp;', []), 4 + 6);
    assert.throws(() => feed(new MarkupCounter(true), 'no tag', []), ContentError);
    assert.throws(() => feed(new MarkupCounter(true), '<a><!-- open', []), ContentError);
    assert.equal(feed(new MarkupCounter(true), '  <a>xy</a>', [3, 4]), 2);
  });

  it('subtitles: cue text only, whatever the chunking', () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\nlines\r\n';
    const vtt = 'WEBVTT\n\nSTYLE\n::cue { color: red }\n\ncue-1\n00:00.000 --> 00:01.000\n<v Bob>Hi\n\n00:01.000 --> 00:02.000\nBye\n';
    fc.assert(
      fc.property(cutsArb, (cuts) => {
        assert.equal(feed(new SubtitleCounter(false), srt, cuts), 5 + 3 + 5);
        assert.equal(feed(new SubtitleCounter(true), vtt, cuts), '<v Bob>Hi'.length + 3);
      }),
    );
    assert.throws(() => feed(new SubtitleCounter(true), 'WEBVTTX\n', []), ContentError);
    assert.throws(() => feed(new SubtitleCounter(false), '1\nno timing\n', []), ContentError);
  });

  it('plain: every code point counts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), cutsArb, (text, cuts) => {
        // Cutting inside a surrogate pair is impossible for decoded text, so cut on code points.
        const chars = [...text];
        const counter = new PlainCounter();
        let last = 0;
        for (const c of [...new Set(cuts.map((n) => n % (chars.length + 1)))].sort((a, b) => a - b)) {
          counter.push(chars.slice(last, c).join(''));
          last = c;
        }
        counter.push(chars.slice(last).join(''));
        assert.equal(counter.finish(), chars.length);
      }),
    );
  });

  it('basenames are always safe: no separators, no control characters, bounded, never empty', () => {
    fc.assert(
      fc.property(
        fc.array(nameUnit, { maxLength: 300 }).map((units) => units.join('')),
        (name) => {
          const safe = sanitizeBasename(name, 'md');
          assert.ok(safe.length > 0);
          assert.ok(!/[\u0000-\u001f\u007f<>:"/\\|?*]/.test(safe), safe);
          assert.ok([...safe].length <= 120, safe);
          assert.ok(!safe.startsWith('.') && !/[. ]$/.test(safe), safe);
          assert.ok(!/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(safe), safe);
        },
      ),
      { numRuns: 400 },
    );
  });
});
