import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { call, errorCode, fieldNames, obj, useEmulator } from './helpers.ts';
import { advanceClock, finalize, presign, put, uploadDocument } from './upload-fixture.ts';

describe('emulator: upload presign and the storage PUT', () => {
  const fx = useEmulator();
  const presignCall = (body: unknown, key?: string) => fx.api('/upload/presign', { method: 'POST', body, ...(key ? { key } : {}) });

  it('presign answers the fields of spec 2.1 with a one-time address on the storage origin', async () => {
    const r = await presignCall({ filename: 'docs/guide.md', file_size: 12, mime_type: 'application/pdf' });
    assert.equal(r.status, 200);
    const p = obj(r);
    assert.deepEqual(Object.keys(p).sort(), ['document_id', 'expires_in', 'finalize_token', 'upload_headers', 'upload_url']);
    assert.match(p.document_id as string, /^doc_/);
    assert.equal(p.expires_in, 3600);
    assert.ok((p.upload_url as string).startsWith(`${fx.emu.storageUrl}/`), 'the address is on the storage origin');
    assert.notEqual(new URL(p.upload_url as string).origin, new URL(fx.emu.baseUrl).origin);
    // mime_type is ignored: the extension decides.
    assert.deepEqual(p.upload_headers, { 'Content-Type': 'text/markdown', 'If-None-Match': '*' });
    assert.equal(typeof p.finalize_token, 'string');
  });

  it('derives the type from the extension, case-insensitively', async () => {
    const types: Record<string, string> = {
      'a.MD': 'text/markdown',
      'a.markdown': 'text/markdown',
      'a.txt': 'text/plain',
      'a.htm': 'text/html',
      'a.html': 'text/html',
      'a.xml': 'application/xml',
      'a.json': 'application/json',
      'a.srt': 'application/x-subrip',
      'a.vtt': 'text/vtt',
      'a.pdf': 'application/pdf',
      'a.png': 'image/png',
      'a.JPEG': 'image/jpeg',
      'a.jpg': 'image/jpeg',
      'a.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    for (const [filename, type] of Object.entries(types)) {
      const p = await presign(fx, filename, 5);
      assert.equal(p.upload_headers['Content-Type'], type, filename);
    }
  });

  it('file_size must be an exact integer above 0 (400), filename is required (422)', async () => {
    for (const file_size of [0, -1, 1.5, '10', null, undefined]) {
      const r = await presignCall({ filename: 'a.md', file_size });
      assert.equal(r.status, 400, `file_size ${String(file_size)}`);
      assert.equal(errorCode(r), 'invalid_file_size');
      assert.deepEqual(fieldNames(r), ['file_size']);
    }
    for (const filename of [undefined, '', 42]) {
      const r = await presignCall({ filename, file_size: 3 });
      assert.equal(r.status, 422);
      assert.deepEqual(fieldNames(r), ['filename']);
    }
    const noKey = await call(`${fx.emu.baseUrl}/upload/presign`, { method: 'POST', body: { filename: 'a.md', file_size: 3 } });
    assert.equal(noKey.status, 401);
  });

  it('415 for unsupported formats, 413 over the single-file limit of 2 GiB', async () => {
    for (const filename of ['setup.exe', 'README', 'archive.tar.gz', 'notes.md.bak']) {
      const r = await presignCall({ filename, file_size: 10 });
      assert.equal(r.status, 415, filename);
      assert.equal(errorCode(r), 'unsupported_format');
    }
    const limit = 2 * 1024 * 1024 * 1024;
    assert.equal((await presignCall({ filename: 'big.pdf', file_size: limit })).status, 200);
    const over = await presignCall({ filename: 'big.pdf', file_size: limit + 1 });
    assert.equal(over.status, 413);
    assert.equal(errorCode(over), 'file_too_large');
  });

  it('429 with Retry-After past 300 presigns per minute per account; other accounts are unaffected', async () => {
    for (let i = 0; i < 300; i++) assert.equal((await presignCall({ filename: `f${i}.txt`, file_size: 1 })).status, 200);
    const limited = await presignCall({ filename: 'one-more.txt', file_size: 1 });
    assert.equal(limited.status, 429);
    assert.equal(errorCode(limited), 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    const other = await fx.newAccount(0);
    assert.equal((await presignCall({ filename: 'x.txt', file_size: 1 }, other.apiKey)).status, 200);
    await advanceClock(fx, 61);
    assert.equal((await presignCall({ filename: 'later.txt', file_size: 1 })).status, 200);
  });

  it('the control API can lower the limits', async () => {
    const set = await fx.control('/upload-limits', { method: 'POST', body: { max_file_size_bytes: 100, presigns_per_minute: 2 } });
    assert.deepEqual(set.body, { max_file_size_bytes: 100, presigns_per_minute: 2 });
    assert.equal((await presignCall({ filename: 'a.txt', file_size: 101 })).status, 413);
    assert.equal((await presignCall({ filename: 'a.txt', file_size: 100 })).status, 200);
    assert.equal((await presignCall({ filename: 'b.txt', file_size: 100 })).status, 200);
    assert.equal((await presignCall({ filename: 'c.txt', file_size: 100 })).status, 429);
    await fx.reset();
    assert.deepEqual((await fx.control('/upload-limits')).body, { max_file_size_bytes: 2 * 1024 ** 3, presigns_per_minute: 300 });
  });

  it('PUT with the exact headers and no credentials stores the bytes; the address is writable once (412)', async () => {
    const p = await presign(fx, 'hello.txt', 5);
    const first = await put(p.upload_url, 'hello', p.upload_headers);
    assert.equal(first.status, 200);
    // The storage origin's one ETag rule (the content's sha256, first 32 hex digits), so the file
    // keeps its ETag when downloaded.
    const etag = first.headers.get('etag');
    assert.equal(etag, `"${createHash('sha256').update('hello').digest('hex').slice(0, 32)}"`);
    const second = await put(p.upload_url, 'HELLO', p.upload_headers);
    assert.equal(second.status, 412);
    assert.equal((JSON.parse(second.text) as { error: { code: string } }).error.code, 'precondition_failed');
    const fin = await finalize(fx, p.finalize_token);
    assert.equal(fin.status, 200);
    const doc = fx.emu.app.state.documents.get(p.document_id)!;
    assert.equal(readFileSync(doc.storagePath, 'utf8'), 'hello', 'the first write is kept');
    const download = await fetch(`${fx.emu.baseUrl}/documents/${p.document_id}/download`, { headers: { 'X-API-Key': fx.emu.apiKey } });
    assert.equal(download.status, 200);
    assert.equal(await download.text(), 'hello');
    assert.equal(download.headers.get('etag'), etag, 'the download has the ETag the PUT answered');
    assert.equal((await put(p.upload_url, 'hello', p.upload_headers)).status, 412, 'still refused after finalize');
  });

  it('wrong or missing upload_headers give 400 and leave the address writable', async () => {
    const p = await presign(fx, 'page.html', 4);
    const cases: Record<string, string>[] = [
      { 'If-None-Match': '*' },
      { 'Content-Type': 'text/plain', 'If-None-Match': '*' },
      { 'Content-Type': 'text/html; charset=utf-8', 'If-None-Match': '*' },
      { 'Content-Type': 'text/html' },
      { 'Content-Type': 'text/html', 'If-None-Match': '"abc"' },
    ];
    for (const headers of cases) {
      const r = await put(p.upload_url, '<p/>', headers);
      assert.equal(r.status, 400, JSON.stringify(headers));
      assert.equal((JSON.parse(r.text) as { error: { code: string } }).error.code, 'upload_header_mismatch');
    }
    assert.equal((await put(p.upload_url, '<p/>', p.upload_headers)).status, 200);
  });

  it('an expired address answers 410 and finalize then reports 410', async () => {
    const p = await presign(fx, 'late.md', 3);
    await advanceClock(fx, 3599);
    const early = await presign(fx, 'early.md', 3);
    await advanceClock(fx, 1);
    const r = await put(p.upload_url, 'abc', p.upload_headers);
    assert.equal(r.status, 410);
    assert.equal((JSON.parse(r.text) as { error: { code: string } }).error.code, 'url_expired');
    const fin = await finalize(fx, p.finalize_token);
    assert.equal(fin.status, 410);
    assert.equal(errorCode(fin), 'upload_not_found');
    assert.equal((await put(early.upload_url, 'abc', early.upload_headers)).status, 200, 'a younger address still works');
  });

  it('unknown addresses are 404; other methods 405', async () => {
    const r = await put(`${fx.emu.storageUrl}/uploads/0123456789abcdef`, 'x', { 'Content-Type': 'text/plain', 'If-None-Match': '*' });
    assert.equal(r.status, 404);
    const p = await presign(fx, 'a.txt', 1);
    assert.equal((await fetch(p.upload_url, { method: 'POST', body: 'x' })).status, 405);
  });

  it('the storage origin records requests carrying X-API-Key or Authorization (names only); DELETE clears', async () => {
    const p = await presign(fx, 'leak.txt', 4);
    const leaked = await put(p.upload_url, 'leak', { ...p.upload_headers, 'X-API-Key': fx.emu.apiKey });
    assert.equal(leaked.status, 200, 'the PUT itself succeeds; the leak is only recorded');
    await fetch(`${fx.emu.storageUrl}/downloads/nothing`, { headers: { Authorization: `Bearer ${fx.emu.apiKey}` } });
    await uploadDocument(fx, 'clean.txt', 'clean');
    const log = await fx.control('/storage/credential-log');
    const requests = obj(log).requests as { method: string; path: string; headers: string[] }[];
    assert.deepEqual(
      requests.map((e) => [e.method, e.path, e.headers]),
      [
        ['PUT', new URL(p.upload_url).pathname, ['x-api-key']],
        ['GET', '/downloads/nothing', ['authorization']],
      ],
    );
    assert.ok(!JSON.stringify(log.body).includes(fx.emu.apiKey), 'no key values');
    assert.equal((await fx.control('/storage/credential-log', { method: 'DELETE' })).status, 204);
    assert.deepEqual(obj(await fx.control('/storage/credential-log')).requests, []);
  });
});
