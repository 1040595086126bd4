/**
 * The engine's decoding: UTF-8 (with or without a byte order mark) and UTF-16 LE/BE with a mark
 * are read; anything else is refused naming the file, and an update writes nothing for it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { BatchRequest, BatchResponse } from '../../../src/api/index.ts';
import { decodeText, encodingOf, EncodingError, invalidUtf8At } from '../../../src/localize/encoding.ts';
import { loadConfig, update, type BatchTranslator } from '../../../src/localize/index.ts';

const echo: BatchTranslator & { sent: string[] } = {
  sent: [],
  translateBatch(req: BatchRequest): Promise<BatchResponse> {
    echo.sent.push(...req.segments.map((s) => s.text));
    return Promise.resolve({ segments: req.segments.map((s) => ({ id: s.id, translated_text: `DE ${s.text}` })) } as BatchResponse);
  },
};

describe('localize: source encodings', () => {
  it('UTF-8, UTF-8 with a byte order mark (kept as U+FEFF), UTF-16 LE and BE with a mark', () => {
    const text = '# Café ☕ 漢字 😀\n';
    assert.equal(decodeText(Buffer.from(text, 'utf8'), 'a.md'), text);
    assert.equal(decodeText(Buffer.from(`\uFEFF${text}`, 'utf8'), 'a.md'), `\uFEFF${text}`);
    const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
    assert.equal(encodingOf(le), 'utf16le');
    assert.equal(decodeText(le, 'a.md'), `\uFEFF${text}`);
    const be = Buffer.from(le).swap16();
    assert.equal(encodingOf(be), 'utf16be');
    assert.equal(decodeText(be, 'a.md'), `\uFEFF${text}`);
  });

  it('Latin-1 is refused with the file, the byte and the line named; so is broken UTF-16', () => {
    const latin1 = Buffer.from('# Title\n\nCaf\xe9 cr\xe8me\n', 'latin1');
    assert.throws(
      () => decodeText(latin1, 'docs/guide.md'),
      (err: unknown) => {
        assert.ok(err instanceof EncodingError);
        assert.equal(err.file, 'docs/guide.md');
        assert.match(err.message, /^docs\/guide\.md: not valid UTF-8 \(byte 0xE9 on line 3;/);
        assert.match(err.message, /Nothing was translated or written for it/);
        return true;
      },
    );
    assert.throws(() => decodeText(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00]), 'x.md'), /x\.md: not valid UTF-16 LE/);
  });

  it('the UTF-8 check agrees with a fatal TextDecoder on any bytes', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const bytes = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0x41)), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        fc.oneof(
          bytes.map((b) => Uint8Array.from(b)),
          fc.string({ unit: 'binary' }).map((s) => new Uint8Array(Buffer.from(s, 'utf8'))),
        ),
        (b) => {
          let valid = true;
          try {
            fatal.decode(b);
          } catch {
            valid = false;
          }
          assert.equal(invalidUtf8At(b) < 0, valid, Buffer.from(b).toString('hex'));
        },
      ),
      { numRuns: 20000 },
    );
  });

  describe('an update', () => {
    let dir: string;
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dt-encoding-'));
      mkdirSync(join(dir, 'docs'));
      writeFileSync(join(dir, 'doc-translate.json'), JSON.stringify({ targetLanguages: ['de'], layout: 'vitepress' }));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses a Latin-1 source naming it, sends nothing and writes nothing', async () => {
      writeFileSync(join(dir, 'docs/ok.md'), '# Fine\n');
      writeFileSync(join(dir, 'docs/latin.md'), Buffer.from('# Caf\xe9\n', 'latin1'));
      echo.sent = [];
      await assert.rejects(update({ config: await loadConfig(dir), client: echo }), (err: unknown) => {
        assert.ok(err instanceof EncodingError, String(err));
        assert.match(err.message, /docs[\\/]latin\.md: not valid UTF-8/);
        return true;
      });
      assert.deepEqual(echo.sent, []);
      assert.equal(existsSync(join(dir, 'docs/de/latin.md')), false);
      assert.equal(existsSync(join(dir, 'docs/de/ok.md')), false);
      assert.equal(existsSync(join(dir, 'doc-translate.lock')), false);
    });

    it('translates a UTF-16 LE source with a byte order mark (no U+FFFD anywhere)', async () => {
      writeFileSync(join(dir, 'docs/wide.md'), Buffer.from('\uFEFF# Café\n\nCrème brûlée.\n', 'utf16le'));
      echo.sent = [];
      await update({ config: await loadConfig(dir), client: echo });
      assert.deepEqual(echo.sent, ['Café', 'Crème brûlée.']);
    });
  });
});
