/**
 * Content-Disposition file names: RFC 5987 `filename*` first, `filename` second, and a property
 * test that any header value, however hostile, yields a safe basename that stays in its folder.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import fc from 'fast-check';
import { decodeExtValue, filenameFromContentDisposition, MAX_FILENAME_BYTES, parseContentDisposition, sanitizeFilename } from '../../../src/api/index.ts';

const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$|clock\$)$/i;

function assertSafe(name: string, context: string): void {
  const why = `${JSON.stringify(name)} from ${JSON.stringify(context).slice(0, 300)}`;
  assert.ok(name.length > 0, `empty name: ${why}`);
  assert.ok(Buffer.byteLength(name, 'utf8') <= MAX_FILENAME_BYTES, `too long: ${why}`);
  assert.ok(!/[\\/]/.test(name), `separator: ${why}`);
  assert.ok(!/[\u0000-\u001f\u007f-\u009f]/.test(name), `control character: ${why}`);
  assert.ok(!/[<>:"|?*]/.test(name), `Windows-forbidden character: ${why}`);
  assert.ok(!name.includes('..'), `"..": ${why}`);
  assert.ok(!name.startsWith('.'), `leading dot: ${why}`);
  assert.ok(!/[. ]$/.test(name), `trailing dot or space: ${why}`);
  assert.ok(!RESERVED.test(name.split('.')[0]!.trim()), `reserved device name: ${why}`);
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(name), `lone surrogate: ${why}`);
  for (const p of [path.posix, path.win32]) {
    const dir = p === path.posix ? '/srv/downloads' : 'C:\\downloads';
    const joined = p.join(dir, name);
    assert.equal(p.dirname(joined), dir, `escapes the folder (${p === path.posix ? 'posix' : 'win32'}): ${why}`);
    assert.equal(p.basename(joined), name);
  }
}

describe('api/content-disposition', () => {
  it('prefers filename* over filename', () => {
    const header = `attachment; filename="fallback.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.md`;
    assert.equal(filenameFromContentDisposition(header), '日本語.md');
    assert.deepEqual(parseContentDisposition(header), { type: 'attachment', filename: 'fallback.txt', filenameStar: '日本語.md' });
  });

  it('falls back to filename when filename* is missing or undecodable', () => {
    assert.equal(filenameFromContentDisposition('attachment; filename="report.pdf"'), 'report.pdf');
    assert.equal(filenameFromContentDisposition(`attachment; filename*=UTF-8''%FF%FE.txt; filename="ok.txt"`), 'ok.txt');
    assert.equal(filenameFromContentDisposition(`attachment; filename*=KOI8-R''abc.txt; filename=plain.txt`), 'plain.txt');
    assert.equal(filenameFromContentDisposition(`attachment; filename*=UTF-8''%2.txt; filename=plain.txt`), 'plain.txt');
  });

  it('reads ISO-8859-1 ext-values, quoted-pair escapes, token values and case-insensitive names', () => {
    assert.equal(decodeExtValue(`iso-8859-1'en'%E9t%E9.txt`), 'été.txt');
    assert.equal(filenameFromContentDisposition('attachment; FILENAME="a\\"b.txt"'), 'a_b.txt');
    assert.equal(filenameFromContentDisposition('inline; filename=simple.md'), 'simple.md');
    assert.equal(filenameFromContentDisposition('attachment; filename="semi;colon.txt"'), 'semi;colon.txt');
  });

  it('reads raw UTF-8 bytes in filename (sent as Latin-1 header text) as UTF-8', () => {
    const latin1 = Buffer.from('Übersicht.md', 'utf8').toString('latin1');
    assert.equal(filenameFromContentDisposition(`attachment; filename="${latin1}"`), 'Übersicht.md');
  });

  it('reduces hostile names to a safe basename', () => {
    const cases: [string, string][] = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\system32\\evil.dll', 'evil.dll'],
      ['/etc/passwd', 'passwd'],
      ['..', 'download'],
      ['.', 'download'],
      ['', 'download'],
      ['CON', '_CON'],
      ['con.txt', '_con.txt'],
      ['LPT9.tar.gz', '_LPT9.tar.gz'],
      ['nul ', '_nul'],
      ['report. . .', 'report'],
      ['.bashrc', 'bashrc'],
      ['a\u0000b\u001fc.txt', 'a_b_c.txt'],
      ['name\u202Etxt.exe', 'name_txt.exe'],
      ['what?.md', 'what_.md'],
      ['C:evil.txt', 'C_evil.txt'],
      ['a..b.txt', 'a.b.txt'],
    ];
    for (const [input, expected] of cases) assert.equal(sanitizeFilename(input), expected, input);
  });

  it('decodes percent-encoded separators first and then strips them', () => {
    assert.equal(filenameFromContentDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`), 'passwd');
    assert.equal(filenameFromContentDisposition(`attachment; filename*=UTF-8''..%5C..%5Cboot.ini`), 'boot.ini');
    assert.equal(filenameFromContentDisposition(`attachment; filename*=UTF-8''%2E%2E`, 'artifact-1.md'), 'artifact-1.md');
  });

  it('caps the length at 200 UTF-8 bytes, keeping the extension and whole code points', () => {
    const long = `${'ü'.repeat(300)}.docx`;
    const name = sanitizeFilename(long);
    assert.ok(Buffer.byteLength(name) <= MAX_FILENAME_BYTES);
    assert.ok(name.endsWith('.docx'));
    assert.ok(/^ü+\.docx$/.test(name));
    const emoji = sanitizeFilename(`${'😀'.repeat(100)}.md`);
    assert.ok(emoji.endsWith('.md') && Buffer.byteLength(emoji) <= MAX_FILENAME_BYTES);
  });

  it('uses the fallback (sanitised) when nothing usable is left', () => {
    assert.equal(filenameFromContentDisposition(undefined, 'artifact-7.md'), 'artifact-7.md');
    assert.equal(filenameFromContentDisposition('attachment', '../x/../y.txt'), 'y.txt');
    assert.equal(filenameFromContentDisposition('attachment; filename="///"', '..'), 'download');
  });

  describe('properties', () => {
    const hostilePiece = fc.constantFrom(
      '../',
      '..\\',
      '/etc/passwd',
      '\\\\server\\share\\',
      'C:',
      '\u0000',
      '\u0007',
      '\n',
      '\r',
      '\u007f',
      '\u0085',
      'CON',
      'prn',
      'Aux',
      'NUL',
      'COM1',
      'lpt9',
      'CONIN$',
      '.',
      '..',
      ' ',
      '. ',
      '%2F',
      '%5C',
      '%2e%2e',
      '%00',
      '%C0%AF',
      '%E0%80%AF',
      '%FF',
      '%',
      '"',
      "'",
      ';',
      '=',
      '\u202e',
      '\ud800',
      '\udc00',
      '😀',
      'ü',
      '.txt',
      '*',
      '?',
      '<',
      '>',
      '|',
    );
    const hostileName = fc
      .array(fc.oneof(hostilePiece, fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 30 })
      .map((parts) => parts.join(''));
    const longName = fc
      .tuple(fc.string({ unit: 'grapheme', minLength: 150, maxLength: 400 }), fc.constantFrom('', '.md', '.tar.gz', '.verylongextension-with-more'))
      .map(([stem, ext]) => stem + ext);
    const anyName = fc.oneof(hostileName, longName);
    const quoted = (s: string): string => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    const pct = (s: string): string => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

    it('any header value yields a safe basename', () => {
      fc.assert(
        fc.property(
          fc.string({ maxLength: 120 }),
          fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
          (a, b) => {
            for (const header of [a, b, `attachment; filename=${a}`, `attachment; filename*=${b}`]) {
              assertSafe(filenameFromContentDisposition(header), header);
            }
          },
        ),
        { numRuns: 400 },
      );
    });

    it('structured filename / filename* with hostile content yields a safe basename', () => {
      fc.assert(
        fc.property(anyName, anyName, fc.constantFrom('UTF-8', 'utf-8', 'ISO-8859-1', 'bogus'), fc.boolean(), (n1, n2, charset, raw) => {
          const star = `${charset}''${raw ? n2 : pct(n2)}`;
          const headers = [
            `attachment; filename=${quoted(n1)}`,
            `attachment; filename*=${star}`,
            `attachment; filename=${quoted(n1)}; filename*=${star}`,
            `inline; filename*=${star}; filename=${n1}`,
          ];
          for (const header of headers) assertSafe(filenameFromContentDisposition(header, n2), header);
          assertSafe(sanitizeFilename(n1, n2), n1);
        }),
        { numRuns: 1000 },
      );
    });

    it('sanitising is idempotent and keeps names that are already safe', () => {
      fc.assert(
        fc.property(anyName, (n) => {
          const once = sanitizeFilename(n);
          assert.equal(sanitizeFilename(once), once);
        }),
        { numRuns: 1000 },
      );
      for (const safe of ['guide.de.md', 'Übersicht.md', 'report (1).pdf', '日本語.txt']) assert.equal(sanitizeFilename(safe), safe);
    });
  });
});
