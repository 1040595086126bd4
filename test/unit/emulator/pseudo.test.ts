import assert from 'node:assert/strict';
import { charCount, isWhitespaceOnly, pseudoTranslate } from '../../emulator/pseudo.ts';

describe('emulator: pseudo-translation', () => {
  it('prefixes the target marker and accents letters', () => {
    assert.equal(pseudoTranslate('Once upon a time', 'de'), 'DE· Öñçé üpöñ á tímé');
    assert.equal(pseudoTranslate('NICE', 'zh-Hans'), 'ZH-HANS· ÑÍÇÉ');
  });

  it('is deterministic', () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    assert.equal(pseudoTranslate(text, 'fr'), pseudoTranslate(text, 'fr'));
  });

  it('keeps whitespace, punctuation and digits, putting the marker after leading whitespace', () => {
    assert.equal(pseudoTranslate('  a, b; 42!\n\tend ', 'de'), '  DE· á, b; 42!\n\téñd ');
  });

  it('keeps placeholders, inline code, tags, URLs and entities byte for byte', () => {
    const text = 'Hi {name}, {{count}} items %s %d %1$s $1 <b>bold</b> `run code` https://example.com/a?b=c &amp; done';
    assert.equal(pseudoTranslate(text, 'de'), 'DE· Hí {name}, {{count}} ítéms %s %d %1$s $1 <b>böld</b> `run code` https://example.com/a?b=c &amp; döñé');
  });

  it('returns whitespace-only and empty text unchanged', () => {
    for (const text of ['', ' ', '\n\n', '\t \u00a0']) {
      assert.equal(pseudoTranslate(text, 'de'), text);
      assert.ok(isWhitespaceOnly(text));
    }
    assert.ok(!isWhitespaceOnly(' x '));
  });

  it('counts code points', () => {
    assert.equal(charCount('aé😀'), 3);
  });
});
