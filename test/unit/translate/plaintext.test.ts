import assert from 'node:assert/strict';
import { segmentPlainText } from '../../../src/translate/index.ts';
import { assertWellFormed, proseOf, shape } from './helpers.ts';

describe('segmentPlainText', () => {
  it('makes one segment per blank-line separated paragraph, keeping separators', () => {
    const input = '  First paragraph\nstill first.\n\n \t\nSecond one.\r\n\r\nThird';
    const doc = segmentPlainText(input);
    assertWellFormed(input, doc);
    assert.deepEqual(shape(doc), [
      ['K', '  '],
      ['T', 'First paragraph\nstill first.'],
      ['K', '\n\n \t\n'],
      ['T', 'Second one.'],
      ['K', '\r\n\r\n'],
      ['T', 'Third'],
    ]);
    assert.deepEqual(
      doc.parts.filter((p) => p.kind === 'translate').map((p) => p.id),
      ['s0', 's1', 's2'],
    );
  });

  it('does not treat Markdown syntax specially', () => {
    assert.deepEqual(proseOf(segmentPlainText('# Not a heading `x`')), ['# Not a heading `x`']);
  });

  it('returns only keep parts for whitespace or letterless input', () => {
    assert.deepEqual(shape(segmentPlainText('\n\n   \n')), [['K', '\n\n   \n']]);
    assert.deepEqual(shape(segmentPlainText('12 + 30 = 42')), [['K', '12 + 30 = 42']]);
    assert.deepEqual(shape(segmentPlainText('')), []);
  });

  it('splits a paragraph over 4000 characters on sentence boundaries, packing sentences', () => {
    const sentences = Array.from({ length: 120 }, (_, i) => `Sentence number ${i} is here and says something. `);
    const input = sentences.join('').trimEnd();
    const doc = segmentPlainText(input);
    assertWellFormed(input, doc);
    const parts = proseOf(doc);
    assert.ok(parts.length >= 2);
    for (const part of parts) {
      assert.ok(part.length <= 4000);
      assert.ok(part.startsWith('Sentence number') && part.endsWith('something.'), 'cut between sentences');
    }
    // Greedy packing: every piece but the last is nearly full.
    for (const part of parts.slice(0, -1)) assert.ok(part.length > 4000 - sentences[0]!.length);
  });

  it('splits a sentence over 4000 characters on whitespace', () => {
    const input = Array.from({ length: 1500 }, (_, i) => `w${i}`).join(' ');
    const doc = segmentPlainText(input);
    assertWellFormed(input, doc);
    for (const part of proseOf(doc)) assert.match(part, /^w\d+( w\d+)*$/);
  });

  it('cuts a single 9000-character word hard, never inside a surrogate pair', () => {
    const input = 'a'.repeat(3999) + '\u{1F600}' + 'b'.repeat(5000);
    const doc = segmentPlainText(input);
    assertWellFormed(input, doc);
    const parts = proseOf(doc);
    assert.deepEqual(
      parts.map((p) => p.length),
      [3999, 4000, 1002],
    );
    assert.ok(parts[1]!.startsWith('\u{1F600}'));
  });
});
