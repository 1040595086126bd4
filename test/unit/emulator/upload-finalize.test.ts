import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { advanceClock, finalize, presign, put, upload, uploadDocument } from './upload-fixture.ts';
import type { DocumentJson } from './upload-fixture.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(24)]);

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]).drawText(`Page ${i + 1}`);
  return Buffer.from(await doc.save());
}

/** A minimal DOCX: a ZIP with word/document.xml (deflated) and one stored entry. */
function docx(runs: string[]): Buffer {
  const xml = `<?xml version="1.0"?><w:document><w:body><w:p>${runs.map((t) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`).join('')}</w:p></w:body></w:document>`;
  const entries = [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), method: 0 },
    { name: 'word/document.xml', data: deflateRawSync(Buffer.from(xml)), method: 8 },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

describe('emulator: upload finalize', () => {
  const fx = useEmulator();

  it('answers { document } with the spec 2.2 fields and records the document', async () => {
    const before = Date.now();
    const r = await upload(fx, 'Guide.md', '# Hi 👋\n');
    assert.equal(r.status, 200);
    const doc = obj(r).document as DocumentJson;
    assert.match(doc.id, /^doc_/);
    assert.equal(doc.basename, 'Guide.md');
    assert.equal(doc.file_size, Buffer.byteLength('# Hi 👋\n'));
    assert.equal(doc.mime_type, 'text/markdown');
    assert.match(doc.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Date.parse(doc.created_at) >= before - 1000);
    assert.equal(doc.char_count, 7, 'code points: the emoji is one');
    const rec = fx.emu.app.state.documents.get(doc.id)!;
    assert.equal(rec.accountId, fx.emu.accountId);
    assert.equal(rec.format, 'md');
    assert.equal(rec.charCount, 7);
    assert.ok(existsSync(rec.storagePath));
  });

  it('finalize with the same token again answers the same document (a retry is safe)', async () => {
    const p = await presign(fx, 'a.txt', 3);
    await put(p.upload_url, 'abc', p.upload_headers);
    const [a, b] = await Promise.all([finalize(fx, p.finalize_token), finalize(fx, p.finalize_token)]);
    const c = await finalize(fx, p.finalize_token);
    assert.deepEqual([a.status, b.status, c.status], [200, 200, 200]);
    assert.deepEqual(a.body, c.body);
    assert.deepEqual(b.body, c.body);
    assert.equal(fx.emu.app.state.documents.size, 1);
  });

  it("401 for an unknown or expired token, 403 for another account's, 422 without one", async () => {
    const unknown = await finalize(fx, 'ft_nope');
    assert.equal(unknown.status, 401);
    assert.equal(errorCode(unknown), 'invalid_finalize_token');

    const other = await fx.newAccount(0);
    const p = await presign(fx, 'mine.txt', 4);
    await put(p.upload_url, 'mine', p.upload_headers);
    const stolen = await finalize(fx, p.finalize_token, other.apiKey);
    assert.equal(stolen.status, 403);
    assert.equal(errorCode(stolen), 'finalize_token_not_owned');

    const missing = await fx.api('/upload/finalize', { method: 'POST', body: {} });
    assert.equal(missing.status, 422);
    assert.deepEqual(fieldNames(missing), ['finalize_token']);

    await advanceClock(fx, 7200);
    const expired = await finalize(fx, p.finalize_token);
    assert.equal(expired.status, 401);
    assert.equal(errorCode(expired), 'finalize_token_expired');
  });

  it('a file uploaded in time can be finalized after the address expired; a key of the same account may finalize', async () => {
    const p = await presign(fx, 'slow.txt', 4);
    await put(p.upload_url, 'slow', p.upload_headers);
    await advanceClock(fx, 3700);
    const key = await fx.newKey(fx.emu.accountId, {});
    assert.equal((await finalize(fx, p.finalize_token, key)).status, 200);
  });

  it('410 while nothing was uploaded', async () => {
    const p = await presign(fx, 'never.txt', 4);
    const r = await finalize(fx, p.finalize_token);
    assert.equal(r.status, 410);
    assert.equal(errorCode(r), 'upload_not_found');
    await put(p.upload_url, 'late', p.upload_headers);
    assert.equal((await finalize(fx, p.finalize_token)).status, 200, 'the address was still valid');
  });

  it('400 file_size_mismatch when the bytes differ from the declared size, on every later finalize too', async () => {
    for (const body of ['abc', 'abcde']) {
      const p = await presign(fx, 'n.txt', 4);
      assert.equal((await put(p.upload_url, body, p.upload_headers)).status, 200);
      const r = await finalize(fx, p.finalize_token);
      assert.equal(r.status, 400, body);
      assert.equal(errorCode(r), 'file_size_mismatch');
      assert.equal(errorCode(await finalize(fx, p.finalize_token)), 'file_size_mismatch');
      assert.equal(fx.emu.app.state.documents.size, 0);
    }
  });

  it('400 content_mismatch when the content does not match the extension', async () => {
    const cases: [string, Buffer | string][] = [
      ['a.pdf', 'Hello, not a PDF'],
      ['a.pdf', Buffer.concat([Buffer.from(' '), Buffer.from('%PDF-1.7')])],
      ['a.png', JPG],
      ['a.jpg', PNG],
      ['a.jpeg', 'plain text'],
      ['a.docx', 'not a zip'],
      ['a.docx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)])],
      ['a.txt', Buffer.from([0x68, 0x69, 0xff, 0xfe])],
      ['a.md', Buffer.from([0x68, 0xc3])],
      ['a.txt', 'nul\0inside'],
      ['a.json', '{"a": 1'],
      ['a.json', '{"a": 1}}'],
      ['a.json', '{"a": tru}'],
      ['a.json', '   '],
      ['a.xml', 'text before <root/>'],
      ['a.xml', '<root><unclosed'],
      ['a.vtt', '00:00:01.000 --> 00:00:02.000\nHello\n'],
      ['a.srt', 'Just some text\nwithout timings\n'],
      ['a.html', PNG],
    ];
    for (const [name, content] of cases) {
      const r = await upload(fx, name, content);
      assert.equal(r.status, 400, `${name}: ${JSON.stringify(content.toString())}`);
      assert.equal(errorCode(r), 'content_mismatch', name);
    }
    assert.equal(fx.emu.app.state.documents.size, 0);
  });

  it('measures characters per format and PDF pages with pdf-lib', async () => {
    const expect: [string, Buffer | string, number, number | null][] = [
      ['a.txt', '\uFEFFhé\r\n😀', 5, null],
      [
        'a.html',
        '<!doctype html><html><head><title>Tí</title></head><body>\n  <p class="x>y">Hello <b>wörld</b></p><!-- no > count --></body></html>',
        13,
        null,
      ],
      ['a.xml', '<?xml version="1.0"?>\n<root a="1">\n  <t>ab</t><![CDATA[<c>]]>\n</root>\n', 5, null],
      ['a.json', '{"title": "Hé", "n": 1, "list": ["ab", {"k": "c\\n"}], "esc": "\\u00e9"}', 7, null],
      ['a.srt', '1\n00:00:01,000 --> 00:00:02,000\nHello\nWorld\n\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye\r\n', 13, null],
      [
        'a.vtt',
        'WEBVTT - title\n\nNOTE a comment\nstill comment\n\nintro\n00:01.000 --> 00:02.000\nHi there\n\n00:00:03.000 --> 00:00:04.000 align:start\nOK\n',
        10,
        null,
      ],
      ['a.png', PNG, 0, null],
      ['a.jpg', JPG, 0, null],
      ['a.docx', docx(['Hello ', 'wörld']), 11, null],
    ];
    for (const [name, content, chars, pages] of expect) {
      const doc = await uploadDocument(fx, name, content);
      assert.equal(doc.char_count, chars, name);
      assert.equal(doc.page_count, pages, name);
    }
    const three = await uploadDocument(fx, 'three.pdf', await pdf(3));
    assert.deepEqual([three.char_count, three.page_count, three.mime_type], [0, 3, 'application/pdf']);
    // Not parseable by pdf-lib: page objects are counted ("/Pages" is not a page).
    const rough = '%PDF-1.4\n1 0 obj << /Type /Pages /Count 2 >>\n2 0 obj << /Type /Page >>\n3 0 obj <</Type/Page/Parent 1 0 R>>\n';
    assert.equal((await uploadDocument(fx, 'rough.pdf', rough)).page_count, 2);
  });

  it('sanitises the basename: path parts dropped, illegal characters replaced, long names shortened', async () => {
    const names: [string, string][] = [
      ['../../etc/pass<word>.md', 'pass_word_.md'],
      ['C:\\Users\\me\\notes:v2?.txt', 'notes_v2_.txt'],
      ['tab\there.txt', 'tab_here.txt'],
      ['CON.txt', '_CON.txt'],
      [' .md', 'document.md'],
      ['..hidden.txt', 'hidden.txt'],
      ['dots....txt', 'dots....txt'],
      ['résumé.md', 'résumé.md'],
    ];
    for (const [filename, expected] of names) {
      const doc = await uploadDocument(fx, filename, 'x');
      assert.equal(doc.basename, expected, filename);
    }
    const long = await uploadDocument(fx, `${'ü'.repeat(300)}.markdown`, 'x');
    assert.equal([...long.basename].length, 120);
    assert.ok(long.basename.endsWith('.markdown'));
  });
});
