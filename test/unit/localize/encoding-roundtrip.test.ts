/**
 * Encodings end to end (issue 20 item 7): a real update against the emulator, the translations
 * read back as bytes. A UTF-16 source (LE or BE, with its byte order mark) gets a UTF-16
 * translation with the same mark, a UTF-8 source with a mark keeps it, a plain UTF-8 source gets
 * none; a Latin-1 source is refused with the file named, nothing sent and nothing written.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocTranslateClient } from '../../../src/api/index.ts';
import { EncodingError } from '../../../src/localize/encoding.ts';
import { loadConfig, planStatus, update } from '../../../src/localize/index.ts';
import { TestEmulator } from '../api/support/emulator.ts';

const SOURCE = '# Café\n\nCrème brûlée, 漢字 and 😀 in `code`.\n';
const UTF16LE_MARK = [0xff, 0xfe];
const UTF16BE_MARK = [0xfe, 0xff];
const UTF8_MARK = [0xef, 0xbb, 0xbf];

const utf16be = (text: string): Buffer => Buffer.from(text, 'utf16le').swap16();
const head = (b: Buffer, n: number): number[] => [...b.subarray(0, n)];

describe('localize: encodings round trip against the emulator', function () {
  this.timeout(60_000);
  let emu: TestEmulator;
  let client: DocTranslateClient;
  let dir: string;
  const write = (p: string, bytes: Buffer | string): void => writeFileSync(join(dir, p), bytes);
  const bytes = (p: string): Buffer => readFileSync(join(dir, p));
  const run = async (): Promise<{ written: string[]; requests: number }> => {
    await emu.control('DELETE', '/requests');
    const report = await update({ config: await loadConfig(dir), client });
    assert.deepEqual(report.conflicts, []);
    return { written: [...report.written].sort(), requests: (await emu.requests('/api/v1/ai/')).length };
  };

  before(async () => {
    emu = await TestEmulator.start();
    client = emu.client();
  });
  after(async () => {
    await emu?.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dt-encoding-rt-'));
    mkdirSync(join(dir, 'docs'));
    write('doc-translate.json', JSON.stringify({ targetLanguages: ['de'], layout: 'vitepress', labels: false }));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('UTF-16 LE and BE sources are translated and written back in UTF-16 with the same mark; UTF-8 keeps its mark or has none', async () => {
    write('docs/le.md', Buffer.from(`\uFEFF${SOURCE}`, 'utf16le'));
    write('docs/be.md', utf16be(`\uFEFF${SOURCE}`));
    write('docs/bom.md', Buffer.from(`\uFEFF${SOURCE}`, 'utf8'));
    write('docs/plain.md', SOURCE);
    const first = await run();
    assert.deepEqual(first.written, ['docs/de/be.md', 'docs/de/bom.md', 'docs/de/le.md', 'docs/de/plain.md']);
    assert.ok(first.requests >= 1);

    const le = bytes('docs/de/le.md');
    const be = bytes('docs/de/be.md');
    const bom = bytes('docs/de/bom.md');
    const plain = bytes('docs/de/plain.md');
    assert.deepEqual(head(le, 2), UTF16LE_MARK);
    assert.deepEqual(head(be, 2), UTF16BE_MARK);
    assert.deepEqual(head(bom, 3), UTF8_MARK);
    assert.notDeepEqual(head(plain, 3), UTF8_MARK);
    // The same translation in every file, only the bytes differ.
    const text = plain.toString('utf8');
    assert.match(text, /^# DE· Çáfé\n\nDE· /);
    assert.ok(text.includes('漢字') && text.includes('😀') && text.includes('`code`'), text);
    assert.ok(!text.includes('\uFFFD'));
    assert.equal(new TextDecoder('utf-16le', { fatal: true, ignoreBOM: false }).decode(le), text);
    assert.equal(new TextDecoder('utf-16be', { fatal: true, ignoreBOM: false }).decode(be), text);
    assert.equal(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bom), text);
    assert.equal(le.length, 2 + 2 * text.length);

    // Nothing changed: nothing sent, nothing written, every translation up to date.
    const second = await run();
    assert.deepEqual(second, { written: [], requests: 0 });
    const status = await planStatus({ config: await loadConfig(dir) });
    assert.deepEqual(status.counts, { 'up-to-date': 4, stale: 0, missing: 0, edited: 0, conflict: 0, terms: 0 });
  });

  it('an existing UTF-16 translation is updated in place after its source changes (no false "changed")', async () => {
    write('docs/be.md', utf16be(`\uFEFF${SOURCE}`));
    await run();
    write('docs/be.md', utf16be(`\uFEFF${SOURCE}\nA new paragraph.\n`));
    const again = await run();
    assert.deepEqual(again.written, ['docs/de/be.md']);
    assert.equal(again.requests, 1);
    const be = bytes('docs/de/be.md');
    assert.deepEqual(head(be, 2), UTF16BE_MARK);
    const text = new TextDecoder('utf-16be', { fatal: true }).decode(be);
    assert.match(text, /^# DE· Çáfé\n[\s\S]*\nDE· Á ñéw párágráph\.\n$/);
  });

  it('a UTF-16 translation edited since the update read it is not overwritten (reported as changed)', async () => {
    // The expectation is on the decoded text, so it still protects a UTF-16 file.
    write('docs/le.md', Buffer.from(`\uFEFF${SOURCE}`, 'utf16le'));
    await run();
    write('docs/le.md', Buffer.from(`\uFEFF${SOURCE}\nMore.\n`, 'utf16le'));
    const edited = Buffer.from(`\uFEFF# Mein Titel\n`, 'utf16le');
    // The edit lands while the batch request is in flight: after the plan, before the write.
    const slow: DocTranslateClient = Object.assign(Object.create(client) as DocTranslateClient, {
      translateBatch: async (...args: Parameters<DocTranslateClient['translateBatch']>) => {
        const out = await client.translateBatch(...args);
        write('docs/de/le.md', edited);
        return out;
      },
    });
    const report = await update({ config: await loadConfig(dir), client: slow });
    assert.deepEqual(report.written, []);
    assert.deepEqual(
      report.conflicts.map((c) => [c.target, c.reason]),
      [['docs/de/le.md', 'changed']],
    );
    assert.deepEqual(bytes('docs/de/le.md'), edited);
  });

  it('a Latin-1 source is refused with the file named: nothing sent, nothing written', async () => {
    write('docs/ok.md', '# Fine\n');
    write('docs/latin.md', Buffer.from('# Caf\xe9\n\nCr\xe8me.\n', 'latin1'));
    await emu.control('DELETE', '/requests');
    await assert.rejects(update({ config: await loadConfig(dir), client }), (err: unknown) => {
      assert.ok(err instanceof EncodingError, String(err));
      assert.match(err.message, /^docs[\\/]latin\.md: not valid UTF-8 \(byte 0xE9 on line 1;|latin\.md: not valid UTF-8 \(byte 0xE9 on line 1;/);
      return true;
    });
    assert.equal((await emu.requests('/api/v1/')).length, 0);
    assert.equal(existsSync(join(dir, 'docs/de')), false);
    assert.equal(existsSync(join(dir, 'doc-translate.lock')), false);
  });
});
