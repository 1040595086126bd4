import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { FormatInfo } from '../formats.ts';
import { docxCharCount } from './docx.ts';
import { mediaDurationMs } from './media-duration.ts';
import { ContentError, counterFor } from './text-counters.ts';

export { ContentError } from './text-counters.ts';

/** Files up to this size are parsed whole (JSON.parse, pdf-lib, docx); bigger ones only streamed. */
export const WHOLE_PARSE_LIMIT = 32 * 1024 * 1024;

export interface Analysis {
  charCount: number;
  pageCount: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function head(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

async function requireSignature(path: string, signature: Buffer, what: string): Promise<void> {
  const start = await head(path, signature.length);
  if (!start.equals(signature)) throw new ContentError(`The content is not ${what}`);
}

/**
 * Checks that the content matches the format (ContentError otherwise) and measures it:
 * characters of translatable text and, for PDF, pages. Reads the file as a stream.
 */
export async function analyzeFile(path: string, info: FormatInfo, size: number): Promise<Analysis> {
  switch (info.kind) {
    case 'image':
      await requireSignature(path, info.format === 'png' ? PNG_SIGNATURE : JPEG_SIGNATURE, `a ${info.format.toUpperCase()} image`);
      return { charCount: 0, pageCount: null };
    case 'pdf':
      await requireSignature(path, PDF_SIGNATURE, 'a PDF document (it must start with %PDF-)');
      return { charCount: 0, pageCount: await pdfPages(path, size) };
    case 'docx':
      await requireSignature(path, ZIP_SIGNATURE, 'a DOCX (ZIP) document');
      return { charCount: size <= WHOLE_PARSE_LIMIT ? docxCharCount(await readFile(path)) : 0, pageCount: null };
    case 'media':
      // A file music-metadata cannot read, or that has no duration, is not audio/video.
      if ((await mediaDurationMs(path, info.format).catch(() => null)) === null)
        throw new ContentError(`The content is not ${info.format.toUpperCase()} audio or video with a duration`);
      return { charCount: 0, pageCount: null };
    default:
      return { charCount: await textChars(path, info, size), pageCount: null };
  }
}

/** Length of the prefix of `buf` that ends on a whole UTF-8 sequence (a split one waits for the next chunk). */
function wholeSequences(buf: Buffer): number {
  let i = buf.length - 1;
  while (i >= 0 && buf.length - i < 4 && (buf[i]! & 0xc0) === 0x80) i--;
  if (i < 0) return buf.length;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return buf.length - i >= need ? buf.length : i;
}

/** Bytes of the form 10xxxxxx, counted four at a time (a plain byte loop is several times slower). */
function continuationBytes(buf: Buffer): number {
  let count = 0;
  let i = 0;
  const head = Math.min(buf.length, (4 - (buf.byteOffset & 3)) & 3);
  for (; i < head; i++) if ((buf[i]! & 0xc0) === 0x80) count++;
  const words = (buf.length - i) >>> 2;
  const u32 = new Uint32Array(buf.buffer, buf.byteOffset + i, words);
  for (let w = 0; w < words; w++) {
    const v = u32[w]!;
    // Bit 7 set and bit 6 clear, per byte, moved to bit 0; the multiply sums the four bytes.
    const marks = ((v & ~(v << 1)) >>> 7) & 0x01010101;
    if (marks !== 0) count += Math.imul(marks, 0x01010101) >>> 24;
  }
  for (i += words * 4; i < buf.length; i++) if ((buf[i]! & 0xc0) === 0x80) count++;
  return count;
}

/**
 * Plain text, the common big-file case, measured on bytes (1 GiB uploads are benchmarked): native
 * UTF-8 and ASCII checks, code points = bytes that are not continuation bytes, minus a BOM.
 */
async function plainChars(path: string): Promise<number> {
  let count = 0;
  let carry: Buffer = Buffer.alloc(0);
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const buf = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    const cut = wholeSequences(buf);
    const part = buf.subarray(0, cut);
    carry = Buffer.from(buf.subarray(cut));
    if (!isUtf8(part)) throw new ContentError('Text content must be valid UTF-8');
    if (part.indexOf(0) >= 0) throw new ContentError('Text content must not contain NUL characters');
    if (first && part.length >= 3 && part[0] === 0xef && part[1] === 0xbb && part[2] === 0xbf) count -= 1;
    first = false;
    count += isAscii(part) ? part.length : part.length - continuationBytes(part);
  }
  if (carry.length > 0) throw new ContentError('Text content must be valid UTF-8');
  return count;
}

async function textChars(path: string, info: FormatInfo, size: number): Promise<number> {
  if (info.kind === 'plain') return plainChars(path);
  const kind = info.kind as 'plain' | 'markup' | 'json' | 'subtitle';
  const counter = counterFor(kind, info.format);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const keepWhole = kind === 'json' && size <= WHOLE_PARSE_LIMIT;
  const parts: string[] = [];
  const feed = (text: string): void => {
    if (text.includes('\0')) throw new ContentError('Text content must not contain NUL characters');
    counter.push(text);
    if (keepWhole) parts.push(text);
  };
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      feed(decoder.decode(chunk as Buffer, { stream: true }));
    }
    feed(decoder.decode());
  } catch (err) {
    if (err instanceof TypeError) throw new ContentError('Text content must be valid UTF-8');
    throw err;
  }
  const count = counter.finish();
  if (keepWhole) {
    try {
      JSON.parse(parts.join(''));
    } catch {
      throw new ContentError('The content is not valid JSON');
    }
  }
  return count;
}

/** pdf-lib for files of reasonable size; otherwise (or when it cannot parse) count page objects. */
async function pdfPages(path: string, size: number): Promise<number> {
  if (size <= WHOLE_PARSE_LIMIT) {
    try {
      const pdf = await PDFDocument.load(await readFile(path), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
      const pages = pdf.getPageCount();
      if (pages > 0) return pages;
    } catch {
      // Damaged or unusual files: the object count below is the fallback.
    }
  }
  return Math.max(1, await countPageObjects(path));
}

const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z0-9])/g;

async function countPageObjects(path: string): Promise<number> {
  let count = 0;
  let carry = '';
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    const text = carry + (chunk as Buffer).toString('latin1');
    let lastEnd = 0;
    let held = -1;
    for (const m of text.matchAll(PAGE_OBJECT)) {
      const end = m.index + m[0].length;
      // At the very end the next byte is unknown ("/Pages"?): decide with the next chunk.
      if (end >= text.length) {
        held = m.index;
        break;
      }
      count += 1;
      lastEnd = end;
    }
    // Keep a tail so a marker split across chunks is still found, but never count one twice.
    carry = text.slice(held >= 0 ? held : Math.max(lastEnd, text.length - 32));
  }
  count += [...carry.matchAll(PAGE_OBJECT)].length;
  return count;
}
