import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { errorCode, obj, useEmulator } from './helpers.ts';
import { FAST, fetchPlain, setJobSettings, setSettings, startJob, uploadDocument, waitEnded, waitForJob } from './jobs-fixture.ts';
import type { Json } from './jobs-fixture.ts';

const GUIDE = '# Guide\n\nRead this first.\n\n```sh\nnpm install\n```\n';

describe('emulator: artifacts and downloads', () => {
  const fx = useEmulator();
  beforeEach(() => setSettings(fx, { job_speed: FAST }));

  async function finishedArtifact(filename: string, content: string | Buffer, body: Json = {}): Promise<Json> {
    const doc = await uploadDocument(fx, filename, content);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de', output_mode: 'single', ...body });
    assert.equal((await waitEnded(fx, id)).status, 'completed');
    const items = obj(await fx.api(`/artifacts?job_id=${id}`)).items as Json[];
    assert.equal(items.length, 1);
    return items[0]!;
  }

  it('lists nothing while the job runs and one artifact once it completed', async () => {
    await setSettings(fx, { job_speed: 1.5 });
    const doc = await uploadDocument(fx, 'guide.md', GUIDE);
    const id = await startJob(fx, { document_id: doc, target_lang: 'de' });
    const empty = await fx.api(`/artifacts?job_id=${id}`);
    assert.equal(empty.status, 200);
    assert.deepEqual(obj(empty).items, []);
    // Produced during writing_artifacts, but listed only once the job completed.
    const late = await waitForJob(fx, id, (j) => j.stage === 'finalizing' || j.status === 'completed', 'finalizing');
    const hold = late.stage === 'finalizing' ? await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'finalizing', hold: true } }) : undefined;
    if (hold?.status === 200) {
      assert.deepEqual(obj(await fx.api(`/artifacts?job_id=${id}`)).items, []);
      await fx.control(`/jobs/${id}/stage`, { method: 'POST', body: { stage: 'finalizing', hold: false } });
    }
    await waitEnded(fx, id);
    const items = obj(await fx.api(`/artifacts?job_id=${id}`)).items as Json[];
    assert.equal(items.length, 1);
    const a = items[0]!;
    assert.match(a.id as string, /^art_/);
    assert.deepEqual(
      { job_id: a.job_id, format: a.format, filename: a.filename, mime_type: a.mime_type },
      { job_id: id, format: 'md', filename: 'guide.de.md', mime_type: 'text/markdown; charset=utf-8' },
    );
    assert.equal(typeof a.size, 'number');
    assert.deepEqual(obj(await fx.api(`/artifacts/${a.id as string}`)), a);
  });

  it('downloads the translated file: code kept, ETag, 304 on If-None-Match, RFC 5987 filename*', async () => {
    const a = await finishedArtifact('guide.md', GUIDE);
    const r = await fetch(`${fx.emu.baseUrl}/artifacts/${a.id as string}/download`, { headers: { 'X-API-Key': fx.emu.apiKey } });
    assert.equal(r.status, 200);
    const text = await r.text();
    assert.equal(text, '# DE· Güídé\n\nDE· Réád thís fírst.\n\n```sh\nnpm install\n```\n');
    assert.equal(Buffer.byteLength(text), a.size);
    const etag = r.headers.get('etag')!;
    assert.match(etag, /^"[0-9a-f]+"$/);
    assert.equal(r.headers.get('content-disposition'), `attachment; filename="guide.de.md"; filename*=UTF-8''guide.de.md`);
    const again = await fetch(`${fx.emu.baseUrl}/artifacts/${a.id as string}/download`, { headers: { 'X-API-Key': fx.emu.apiKey, 'If-None-Match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    const stale = await fetch(`${fx.emu.baseUrl}/artifacts/${a.id as string}/download`, {
      headers: { 'X-API-Key': fx.emu.apiKey, 'If-None-Match': '"other"' },
    });
    assert.equal(stale.status, 200);
    await stale.arrayBuffer();
  });

  it('encodes non-ASCII names with filename* and an ASCII fallback', async () => {
    const a = await finishedArtifact('Übersicht café.txt', 'Hello there.\n');
    assert.equal(a.filename, 'Übersicht café.de.txt');
    const r = await fetch(`${fx.emu.baseUrl}/artifacts/${a.id as string}/download`, { headers: { 'X-API-Key': fx.emu.apiKey } });
    await r.arrayBuffer();
    const cd = r.headers.get('content-disposition')!;
    assert.ok(cd.includes(`filename*=UTF-8''%C3%9Cbersicht%20caf%C3%A9.de.txt`), cd);
    assert.ok(cd.includes('filename="Ubersicht cafe.de.txt"'), cd);
  });

  it('delivers HTML as an attachment with its format from the artifact (.htm source gives html)', async () => {
    const a = await finishedArtifact('page.htm', '<html><body><p>Hello</p><script>alert(1)</script></body></html>');
    assert.equal(a.format, 'html');
    assert.equal(a.filename, 'page.de.html');
    const r = await fetch(`${fx.emu.baseUrl}/artifacts/${a.id as string}/download`, { headers: { 'X-API-Key': fx.emu.apiKey } });
    assert.match(r.headers.get('content-disposition')!, /^attachment;/);
    assert.match(r.headers.get('content-type')!, /^text\/html/);
    assert.equal(await r.text(), '<html><body><p>DE· Héllö</p><script>alert(1)</script></body></html>');
  });

  it('download-link gives a short-lived storage address that works without credentials; url null on request', async () => {
    const a = await finishedArtifact('guide.md', GUIDE);
    const link = obj(await fx.api(`/artifacts/${a.id as string}/download-link`));
    assert.equal(link.mode, 'direct');
    assert.equal(link.filename, 'guide.de.md');
    assert.equal(link.expires_in, 300);
    assert.ok((link.url as string).startsWith(`${fx.emu.storageUrl}/`));
    const r = await fetchPlain(link.url as string);
    assert.equal(r.status, 200);
    assert.ok((await r.text()).startsWith('# DE· Güídé'));
    await fx.control('/clock', { method: 'POST', body: { advance_seconds: 301 } });
    const expired = await fetchPlain(link.url as string);
    assert.equal(expired.status, 410);
    await expired.arrayBuffer();
    await setJobSettings(fx, { download_link_url: false });
    assert.deepEqual(obj(await fx.api(`/artifacts/${a.id as string}/download-link`)), { mode: 'direct', url: null, filename: 'guide.de.md', expires_in: null });
    const creds = obj(await fx.control('/storage/credential-log')).requests as unknown[];
    assert.deepEqual(creds, []);
  });

  it('redirects the download to the storage origin with each configured 3xx code', async () => {
    const a = await finishedArtifact('guide.md', GUIDE);
    for (const status of [301, 302, 303, 307, 308]) {
      await setJobSettings(fx, { download_redirect_status: status });
      const r = await fetch(`${fx.emu.baseUrl}/artifacts/${a.id as string}/download`, { headers: { 'X-API-Key': fx.emu.apiKey }, redirect: 'manual' });
      assert.equal(r.status, status);
      const location = r.headers.get('location')!;
      assert.ok(location.startsWith(`${fx.emu.storageUrl}/downloads/`), location);
      const followed = await fetchPlain(location);
      assert.equal(followed.status, 200);
      assert.match(followed.headers.get('content-disposition')!, /filename\*=UTF-8''guide\.de\.md/);
      await followed.arrayBuffer();
    }
    assert.deepEqual(obj(await fx.control('/storage/credential-log')).requests, []);
    assert.equal((await fx.control('/jobs-settings', { method: 'POST', body: { download_redirect_status: 304 } })).status, 422);
  });

  it('preview-url: an inline address for text and PDF, an attachment for HTML', async () => {
    const md = await finishedArtifact('guide.md', GUIDE);
    const preview = obj(await fx.api(`/artifacts/${md.id as string}/preview-url`));
    assert.equal(preview.inline, true);
    assert.equal(preview.mime_type, 'text/markdown; charset=utf-8');
    assert.equal(preview.expires_in, 300);
    const r = await fetchPlain(preview.url as string);
    assert.match(r.headers.get('content-disposition')!, /^inline;/);
    await r.arrayBuffer();
    const html = await finishedArtifact('p.html', '<p>Hi</p>');
    const htmlPreview = obj(await fx.api(`/artifacts/${html.id as string}/preview-url`));
    assert.equal(htmlPreview.inline, false);
    const h = await fetchPlain(htmlPreview.url as string);
    assert.match(h.headers.get('content-disposition')!, /^attachment;/);
    await h.arrayBuffer();
  });

  it('PDF sources give a PDF artifact with a page per source page; images are copied in their format', async () => {
    const src = await PDFDocument.create();
    src.addPage();
    src.addPage();
    const pdf = await finishedArtifact('report.pdf', Buffer.from(await src.save()));
    assert.equal(pdf.format, 'pdf');
    assert.equal(pdf.filename, 'report.de.pdf');
    const bytes = await (await fetch(`${fx.emu.baseUrl}/artifacts/${pdf.id as string}/download`, { headers: { 'X-API-Key': fx.emu.apiKey } })).arrayBuffer();
    assert.equal((await PDFDocument.load(bytes)).getPageCount(), 2);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const img = await finishedArtifact('shot.png', png, { include_images: true });
    assert.deepEqual([img.format, img.mime_type, img.filename, img.size], ['png', 'image/png', 'shot.de.png', png.length]);
  });

  it("another account's artifacts are 403 not_owned on every route (the one ownership rule); job_id is required", async () => {
    const a = await finishedArtifact('guide.md', GUIDE);
    const other = await fx.newAccount(1000);
    for (const path of ['', '/download', '/download-link', '/preview-url']) {
      const r = await fx.api(`/artifacts/${a.id as string}${path}`, { key: other.apiKey });
      assert.equal(r.status, 403, path);
      assert.equal(errorCode(r), 'artifact_not_owned', path);
      assert.equal((await fx.api(`/artifacts/art_missing${path}`)).status, 404, path);
    }
    const list = await fx.api(`/artifacts?job_id=${a.job_id as string}`, { key: other.apiKey });
    assert.equal(list.status, 403);
    assert.equal(errorCode(list), 'job_not_owned');
    const missing = await fx.api('/artifacts');
    assert.equal(missing.status, 422);
    assert.equal(errorCode(missing), 'invalid_request');
  });
});
