import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asciiFallback, contentDisposition, etagMatches, fileEtag, issueDownloadUrl, mustBeAttachment, sendFileDownload } from '../../emulator/storage.ts';
import { obj, useEmulator } from './helpers.ts';
import { advanceClock } from './upload-fixture.ts';

describe('emulator: storage downloads', () => {
  const fx = useEmulator();
  const file = (name: string, content: string | Buffer): string => {
    const dir = join(fx.emu.app.state.dataDir, 'storage-test');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('streams the file with length, type, a content ETag and both filename parameters', async () => {
    const path = file('a', 'Grüße\n');
    const { url, expiresAt } = issueDownloadUrl(fx.emu.app, { path, filename: 'Grüße "final".txt', contentType: 'text/plain; charset=utf-8' });
    assert.ok(url.startsWith(`${fx.emu.storageUrl}/downloads/`));
    const ttl = expiresAt - fx.emu.app.clock.now();
    assert.ok(ttl > 299_000 && ttl <= 300_000, `default lifetime 300 s (${ttl} ms left)`);
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'Grüße\n');
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength('Grüße\n')));
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(res.headers.get('etag'), await fileEtag(path));
    assert.match(res.headers.get('etag')!, /^"[0-9a-f]{32}"$/);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="Gru_e _final_.txt"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22final%22.txt`);
  });

  it('If-None-Match with the ETag (also weak, also in a list) gives 304 without a body', async () => {
    const path = file('b', 'content');
    const { url } = issueDownloadUrl(fx.emu.app, { path, filename: 'b.txt', contentType: 'text/plain' });
    const etag = (await fetch(url)).headers.get('etag')!;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const r = await fetch(url, { headers: { 'If-None-Match': inm } });
      assert.equal(r.status, 304, inm);
      assert.equal(await r.text(), '');
      assert.equal(r.headers.get('etag'), etag);
    }
    assert.equal((await fetch(url, { headers: { 'If-None-Match': '"other"' } })).status, 200);
    writeFileSync(path, 'changed content');
    const changed = await fetch(url, { headers: { 'If-None-Match': etag } });
    assert.equal(changed.status, 200, 'a new content has a new ETag');
    assert.notEqual(changed.headers.get('etag'), etag);
  });

  it('inline only when asked and never for HTML, SVG or XML', async () => {
    const cases: [string, string, string][] = [
      ['page.txt', 'text/plain', 'inline'],
      ['page.html', 'text/html; charset=utf-8', 'attachment'],
      ['logo.svg', 'image/svg+xml', 'attachment'],
      ['data.xml', 'application/xml', 'attachment'],
      ['feed.bin', 'application/atom+xml', 'attachment'],
      ['disguised.png', 'text/html', 'attachment'],
    ];
    for (const [name, type, expected] of cases) {
      const { url } = issueDownloadUrl(fx.emu.app, { path: file(name, 'x'), filename: name, contentType: type, attachment: false });
      const cd = (await fetch(url)).headers.get('content-disposition')!;
      assert.ok(cd.startsWith(`${expected};`), `${name}: ${cd}`);
    }
  });

  it('addresses expire (410) after their lifetime on the virtual clock; unknown ones are 404', async () => {
    const path = file('c', 'c');
    const short = issueDownloadUrl(fx.emu.app, { path, filename: 'c.txt', contentType: 'text/plain', ttlSeconds: 10 });
    const normal = issueDownloadUrl(fx.emu.app, { path, filename: 'c.txt', contentType: 'text/plain' });
    await advanceClock(fx, 10);
    assert.equal((await fetch(short.url)).status, 410);
    assert.equal((await fetch(normal.url)).status, 200);
    await advanceClock(fx, 290);
    const expired = await fetch(normal.url);
    assert.equal(expired.status, 410);
    assert.equal(((await expired.json()) as { error: { code: string } }).error.code, 'url_expired');
    assert.equal((await fetch(`${fx.emu.storageUrl}/downloads/ffff`)).status, 404);
  });

  it('HEAD answers the headers only; a missing file is 404', async () => {
    const path = file('d', 'four');
    const { url } = issueDownloadUrl(fx.emu.app, { path, filename: 'd.txt', contentType: 'text/plain' });
    const head = await fetch(url, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), '4');
    assert.equal(await head.text(), '');
    const gone = issueDownloadUrl(fx.emu.app, { path: join(fx.emu.app.state.dataDir, 'nope'), filename: 'n.txt', contentType: 'text/plain' });
    assert.equal((await fetch(gone.url)).status, 404);
  });

  it('sendFileDownload works on the API origin as well', async () => {
    const path = file('e', '<svg/>');
    fx.emu.app.api.get(
      '/test-only/download',
      (ctx) => sendFileDownload(ctx, { path, filename: 'e.svg', contentType: 'image/svg+xml', etag: 'abc', attachment: false }),
      { auth: false },
    );
    const r = await fetch(`${fx.emu.baseUrl}/test-only/download`);
    assert.equal(r.status, 200);
    assert.equal(await r.text(), '<svg/>');
    assert.equal(r.headers.get('etag'), '"abc"');
    assert.ok(r.headers.get('content-disposition')!.startsWith('attachment;'));
    assert.equal((await fetch(`${fx.emu.baseUrl}/test-only/download`, { headers: { 'If-None-Match': '"abc"' } })).status, 304);
  });

  it('a download that carried credentials is recorded in the credential log', async () => {
    const { url } = issueDownloadUrl(fx.emu.app, { path: file('f', 'f'), filename: 'f.txt', contentType: 'text/plain' });
    await fetch(url, { headers: { 'X-API-Key': fx.emu.apiKey, Authorization: 'Bearer x' } });
    const entries = obj(await fx.control('/storage/credential-log')).requests as { method: string; path: string; headers: string[] }[];
    assert.deepEqual(
      entries.map((e) => [e.method, e.path, e.headers]),
      [['GET', new URL(url).pathname, ['x-api-key', 'authorization']]],
    );
  });
});

describe('emulator: storage header helpers', () => {
  it('contentDisposition: ASCII fallback without quotes, separators or control characters, RFC 5987 value', () => {
    assert.equal(contentDisposition('plain.txt', true), `attachment; filename="plain.txt"; filename*=UTF-8''plain.txt`);
    assert.equal(contentDisposition('dir/sub\\x (1).md', false), `inline; filename="x (1).md"; filename*=UTF-8''x%20%281%29.md`);
    assert.equal(contentDisposition('日本語.md', true), `attachment; filename="___.md"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.md`);
    assert.equal(asciiFallback('a\u0000b\nc"d\\e'), 'a_b_c_d_e');
    assert.equal(asciiFallback('   '), 'download');
    assert.equal(asciiFallback('Crème brûlée'), 'Creme brulee');
  });

  it('etagMatches uses the weak comparison and lists', () => {
    assert.ok(etagMatches('"a"', '"a"'));
    assert.ok(etagMatches('W/"a"', '"a"'));
    assert.ok(etagMatches('"x" , "a"', '"a"'));
    assert.ok(etagMatches('*', '"a"'));
    assert.ok(!etagMatches(undefined, '"a"'));
    assert.ok(!etagMatches('"ab"', '"a"'));
  });

  it('mustBeAttachment by type or extension', () => {
    assert.ok(mustBeAttachment('text/html', 'a.txt'));
    assert.ok(mustBeAttachment('TEXT/XML; charset=utf-8', 'a'));
    assert.ok(mustBeAttachment('application/octet-stream', 'A.SVG'));
    assert.ok(mustBeAttachment('application/rss+xml', 'feed'));
    assert.ok(!mustBeAttachment('text/plain', 'a.txt'));
    assert.ok(!mustBeAttachment('application/pdf', 'a.pdf'));
  });
});
