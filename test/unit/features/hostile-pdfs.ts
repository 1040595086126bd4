// Crafted PDFs that attack a page counter, generated in memory (no binary fixtures): used by
// pdf-pages-hostile.test.ts and the bench (test/bench/pdfPages.ts).
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/** `1 0 obj << /Type /Page` without `endobj`, repeated to about `bytes`, optionally around a real page tree. */
export function unterminatedObjects(bytes = 550_000, pageTree?: number): Buffer {
  const unit = '1 0 obj << /Type /Page\n';
  const junk = unit.repeat(Math.ceil(bytes / unit.length / (pageTree === undefined ? 1 : 2)));
  const tree = pageTree === undefined ? '' : `2 0 obj\n<< /Type /Pages /Kids [] /Count ${pageTree} >>\nendobj\n`;
  return Buffer.from(`%PDF-1.7\n${junk}${tree}${pageTree === undefined ? '' : junk}`, 'latin1');
}

/**
 * A zlib stream of `megabytes` MB of zeros, about 1 KB per MB: one 1 MB deflate block (flushed,
 * not final) repeated, then an empty final block and the Adler-32 of the whole. Valid: zlib
 * inflates it completely when nothing stops it.
 */
export function deflateBomb(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((((megabytes * (1 << 20)) % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00]), adler]);
}

/** An object stream (`/Type /ObjStm`) holding `members` ([number, text]), its data as given or deflated. */
export function objectStream(num: number, members: [number, string][], opts: { data?: Buffer; length?: string } = {}): Buffer {
  let header = '';
  let body = '';
  for (const [n, text] of members) {
    header += `${n} ${body.length} `;
    body += `${text}\n`;
  }
  const data = opts.data ?? deflateSync(Buffer.from(header + body, 'latin1'));
  const first = opts.data !== undefined ? 0 : header.length;
  const length = opts.length ?? String(data.length);
  return Buffer.concat([
    Buffer.from(`${num} 0 obj\n<< /Type /ObjStm /N ${members.length} /First ${first} /Filter /FlateDecode /Length ${length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

/** A page tree root (`/Count pages`) in plain objects, and an object stream that inflates to `megabytes` MB. */
export function deflateBombPdf(megabytes = 256, pages = 3): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n', 'latin1'),
    objectStream(1, [[10, '<< >>']], { data: deflateBomb(megabytes) }),
    Buffer.from(`2 0 obj\n<< /Type /Pages /Kids [] /Count ${pages} >>\nendobj\n`, 'latin1'),
  ]);
}
