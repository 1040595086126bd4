import { inflateRawSync } from 'node:zlib';
import { ContentError, codePoints } from './text-counters.ts';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** One entry of a ZIP archive held in memory (stored or deflated; no ZIP64, enough for DOCX). */
function zipEntry(zip: Buffer, name: string): Buffer | undefined {
  const searchFrom = Math.max(0, zip.length - 65_557);
  let eocd = -1;
  for (let i = zip.length - 22; i >= searchFrom; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ContentError('The DOCX (ZIP) archive has no central directory');
  const entries = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < entries; n++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== CENTRAL) throw new ContentError('The DOCX (ZIP) central directory is damaged');
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const entryName = zip.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (entryName !== name) continue;
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw new ContentError('The DOCX (ZIP) entry is damaged');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) return data;
    if (method === 8) return inflateRawSync(data);
    throw new ContentError(`Unsupported ZIP compression method ${method}`);
  }
  return undefined;
}

const TEXT_RUN = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

/** Characters of the text runs (`<w:t>`) of word/document.xml; entities count as written. */
export function docxCharCount(zip: Buffer): number {
  let xml: Buffer | undefined;
  try {
    xml = zipEntry(zip, 'word/document.xml');
  } catch (err) {
    if (err instanceof ContentError) throw err;
    throw new ContentError('The DOCX (ZIP) archive is damaged');
  }
  if (!xml) throw new ContentError('The DOCX archive has no word/document.xml');
  let count = 0;
  for (const m of xml.toString('utf8').matchAll(TEXT_RUN)) count += codePoints(m[1]!);
  return count;
}
