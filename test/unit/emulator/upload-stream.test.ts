import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import { uploads } from '../../emulator/documents/uploads.ts';
import { obj, useEmulator } from './helpers.ts';
import { finalize, presign } from './upload-fixture.ts';
import { until } from '../support/until.mjs';
import type { DocumentJson } from './upload-fixture.ts';

const SIZE = 200 * 1024 * 1024;
const LINE = 'The quick brown fox jumps over the lazy dog. Ünïcödé 🦊\n';

/** `size` bytes of UTF-8 text produced on the fly (never whole in memory), with its sha256 and code points. */
function textSource(size: number): { stream: Readable; digest: () => string; codePoints: () => number } {
  const hash = createHash('sha256');
  const block = Buffer.from(LINE.repeat(Math.ceil(65536 / Buffer.byteLength(LINE))));
  const blockPoints = [...block.toString('utf8')].length;
  let sent = 0;
  let points = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      // Cut only at line ends so every chunk is whole UTF-8; the last one is padded with ASCII.
      let chunk = block.subarray(0, Math.min(block.length, size - sent));
      if (sent + chunk.length === size && chunk.length < block.length) chunk = Buffer.alloc(chunk.length, 0x61);
      sent += chunk.length;
      hash.update(chunk);
      points += chunk.length === block.length ? blockPoints : chunk.length;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex'), codePoints: () => points };
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

describe('emulator: streamed uploads', function () {
  this.timeout(120_000);
  const fx = useEmulator();

  it('a 200 MB PUT is written to disk byte for byte and finalized with its size and characters', async () => {
    const p = await presign(fx, 'big.txt', SIZE);
    const source = textSource(SIZE);
    const res = await request(p.upload_url, {
      method: 'PUT',
      headers: { ...p.upload_headers, 'Content-Length': String(SIZE) },
      body: source.stream,
    });
    await res.body.text();
    assert.equal(res.statusCode, 200);

    const rec = uploads(fx.emu.app).byDocument.get(p.document_id)!;
    assert.equal(rec.state, 'uploaded');
    assert.equal(rec.receivedBytes, SIZE);
    assert.equal(statSync(rec.filePath).size, SIZE);
    assert.equal(await sha256(rec.filePath), source.digest());

    const fin = await finalize(fx, p.finalize_token);
    assert.equal(fin.status, 200);
    const doc = obj(fin).document as DocumentJson;
    assert.equal(doc.file_size, SIZE);
    assert.equal(doc.char_count, source.codePoints());
  });

  it('a chunked body that runs past the single-file limit is cut off with 413 and leaves nothing behind', async () => {
    const p = await presign(fx, 'over.txt', 64 * 1024);
    assert.equal((await fx.control('/upload-limits', { method: 'POST', body: { max_file_size_bytes: 256 * 1024 } })).status, 200);
    // No Content-Length: the limit is found while the bytes arrive, in the middle of a 64 KiB chunk.
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= 1024 * 1024) return void this.push(null);
        sent += 48 * 1024;
        this.push(Buffer.alloc(48 * 1024, 0x61));
      },
    });
    const res = await request(p.upload_url, { method: 'PUT', headers: p.upload_headers, body }).catch((err: unknown) =>
      err instanceof Error ? err : new Error(String(err)),
    );
    if (res instanceof Error) {
      // The server may close the connection before the client has read its answer.
      assert.match(String((res as { code?: string }).code ?? res.message), /UND_ERR_SOCKET|ECONNRESET|EPIPE|other side closed/);
    } else {
      assert.equal(res.statusCode, 413);
      assert.equal((JSON.parse(await res.body.text()) as { error: { code: string } }).error.code, 'file_too_large');
    }
    const dir = join(fx.emu.app.state.dataDir, 'uploads');
    const state = async (): Promise<string> => ((await fx.control('/uploads')).body as { uploads: { state: string }[] }).uploads[0]!.state;
    await until(async () => (await state()) === 'pending', { what: 'the server to give the address back' });
    assert.deepEqual(existsSync(dir) ? readdirSync(dir) : [], [], 'the partial file is removed');
  });

  it('a transfer that breaks off leaves nothing behind and the address writable', async () => {
    const p = await presign(fx, 'cut.txt', 1024 * 1024);
    const req = httpRequest(p.upload_url, { method: 'PUT', headers: { ...p.upload_headers, 'Content-Length': String(1024 * 1024) } });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(64 * 1024, 0x61), () => req.destroy());
    // The server has seen the PUT once its uploads folder exists; then wait for it to give up.
    const dir = join(fx.emu.app.state.dataDir, 'uploads');
    const state = async (): Promise<string> => ((await fx.control('/uploads')).body as { uploads: { state: string }[] }).uploads[0]!.state;
    await until(async () => existsSync(dir) && (await state()) === 'pending', { what: 'the server to see the PUT and give up on it' });
    assert.equal(await state(), 'pending');
    assert.deepEqual(readdirSync(join(fx.emu.app.state.dataDir, 'uploads')), [], 'the partial file is removed');
    assert.equal((await finalize(fx, p.finalize_token)).status, 410);
    const again = await request(p.upload_url, { method: 'PUT', headers: p.upload_headers, body: Buffer.alloc(1024 * 1024, 0x62) });
    await again.body.text();
    assert.equal(again.statusCode, 200);
    assert.equal((await finalize(fx, p.finalize_token)).status, 200);
  });
});
